/* work-spin.c SECONDS - bench/truth-bench's second program: two threads
 * hand one piece of work back and forth.  The thread whose turn it is
 * computes in work() for a random 2 to 12 ms of its own CPU time while the
 * other busy-waits in spin() for its turn; then they swap, until each has
 * worked about SECONDS (default 1.5) of CPU time.  Each thread times its
 * work() and spin() with its own clock (CLOCK_THREAD_CPUTIME_ID): the
 * truth.  Prints the CPU time in each over both threads:
 * "work 3.0012 spin 2.9380". */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile double sink;
static atomic_int turn; /* the thread that works now: 0 or 1 */
static atomic_int done;

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* work: a floating-point loop for SECONDS of this thread's CPU time,
 * reading the clock every 20,000 turns (about 50 us: the clock is a system
 * call, whose time no sample in work() sees); returns the time it took by
 * that clock */
__attribute__((noinline)) static double work(double seconds)
{
	double start = thread_cpu(), x = sink;

	while (thread_cpu() - start < seconds)
		for (int i = 0; i < 20000; i++)
			x = x * 1.0000001 + 1e-9;
	sink = x;
	return thread_cpu() - start;
}

/* spin: busy-waits until it is thread ME's turn or the other has finished;
 * returns the CPU time it took */
__attribute__((noinline)) static double spin(int me)
{
	double start = thread_cpu();

	while (atomic_load_explicit(&turn, memory_order_acquire) != me &&
	       !atomic_load_explicit(&done, memory_order_acquire))
		;
	return thread_cpu() - start;
}

struct player {
	int me;
	double total, worked, spun;
	unsigned seed;
};

static void *play(void *arg)
{
	struct player *p = arg;

	for (;;) {
		p->spun += spin(p->me);
		if (atomic_load_explicit(&done, memory_order_acquire))
			break;
		p->seed = p->seed * 1103515245u + 12345u;
		p->worked += work(0.002 + 0.010 * (double)((p->seed >> 16) & 0x7fff) / 32768.0);
		if (p->worked >= p->total)
			atomic_store_explicit(&done, 1, memory_order_release);
		atomic_store_explicit(&turn, 1 - p->me, memory_order_release);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	double total = argc > 1 ? atof(argv[1]) : 1.5;
	struct player p[2] = { { 0, total, 0, 0, 2026u }, { 1, total, 0, 0, 9945u } };
	pthread_t other;

	if (pthread_create(&other, NULL, play, &p[1]) != 0)
		return 1;
	play(&p[0]);
	pthread_join(other, NULL);
	printf("work %.4f spin %.4f\n", p[0].worked + p[1].worked, p[0].spun + p[1].spun);
	return 0;
}
