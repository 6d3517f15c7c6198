/* wall-race.c - threads that wake while the wall clock's sampler walks
 * their stacks (issue 36): each of T threads (argv[1], default 3) loops
 * for S seconds (argv[2], default 2): nap() blocks about 20 us in
 * doze()'s nanosleep (no timer slack), then scribble() runs about as long
 * with a 4 KiB local array of small integers over the very words that held
 * nap's and doze's return addresses.  A walk of a thread asleep in doze
 * that reads on after the thread woke finds those integers where it
 * expected return addresses: frames in no module (paths-check).  Prints
 * the time the threads spent in each, summed, and the run's, by the
 * program's own CLOCK_MONOTONIC, and how many naps a signal cut short
 * (EINTR): "nap 4.5 scribble 1.5 elapsed 2.0 interrupted 0" (seconds). */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

static double duration;
static double nap_s, scribble_s;
static unsigned long interrupted;   /* naps that returned EINTR */
static pthread_mutex_t totals = PTHREAD_MUTEX_INITIALIZER;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

__attribute__((noinline)) void doze(void)
{
	struct timespec span = {0, 20000};

	if (nanosleep(&span, NULL) != 0 && errno == EINTR)
		__atomic_add_fetch(&interrupted, 1, __ATOMIC_RELAXED);
}

__attribute__((noinline)) void nap(void)
{
	doze();
	__asm__ volatile("" ::: "memory");  /* not a tail call */
}

/* about 20 us on the CPU, its array over the words nap's frames held */
__attribute__((noinline)) void scribble(void)
{
	volatile uintptr_t junk[512];
	double end = now() + 20e-6;

	do
		for (unsigned i = 0; i < 512; i++)
			junk[i] = i * 8 + 1;
	while (now() < end);
}

static void *loop(void *unused)
{
	double nap_t = 0, scribble_t = 0, end = now() + duration;

	(void)unused;
	prctl(PR_SET_TIMERSLACK, 1UL);      /* a 20 us nap, not 70 */
	while (now() < end) {
		double t0 = now(), t1, t2;

		nap();
		t1 = now();
		scribble();
		t2 = now();
		nap_t += t1 - t0;
		scribble_t += t2 - t1;
	}
	pthread_mutex_lock(&totals);
	nap_s += nap_t;
	scribble_s += scribble_t;
	pthread_mutex_unlock(&totals);
	return NULL;
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 3;
	double start = now();
	pthread_t t[16];

	duration = argc > 2 ? atof(argv[2]) : 2;
	if (threads < 1 || threads > 16)
		return 2;
	for (int i = 0; i < threads; i++)
		if (pthread_create(&t[i], NULL, loop, NULL) != 0)
			return 1;
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	printf("nap %.4f scribble %.4f elapsed %.4f interrupted %lu\n", nap_s, scribble_s,
	       now() - start, interrupted);
	return 0;
}
