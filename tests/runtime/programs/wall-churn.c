/* wall-churn.c [SECONDS] - threads that start and end all the time under
 * the wall clock (issue 36): for SECONDS (default 1.5) the main thread
 * starts 4 threads that each nap about 50 us and end, joins them, and
 * starts 4 more.  A thread starting opens its wall probe (its perf ring)
 * while the wall sampler may be looking at every slot: before, the
 * sampler closed the probe of a slot not yet armed, under the starting
 * thread, which then read the unmapped ring (SIGSEGV, once in about 20
 * runs of wall-race beside load).  Prints the threads started. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

__attribute__((noinline)) static void *nap(void *unused)
{
	struct timespec span = { 0, 50000 };

	(void)unused;
	nanosleep(&span, NULL);
	return NULL;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1.5, end = now() + seconds;
	long started = 0;

	while (now() < end) {
		pthread_t t[4];
		int n = 0;

		for (int i = 0; i < 4; i++)
			if (pthread_create(&t[n], NULL, nap, NULL) == 0)
				n++;
		for (int i = 0; i < n; i++)
			pthread_join(t[i], NULL);
		started += n;
	}
	printf("started %ld\n", started);
	return started > 0 ? 0 : 1;
}
