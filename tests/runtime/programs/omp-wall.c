/* omp-wall.c - OpenMP workers that block, for the wall clock (issue 36):
 * main -> opener opens ROUNDS regions of 3 threads (argv[1], default 4),
 * OMP_WAIT_POLICY=passive making every wait a blocking one.  In each,
 * thread 0 sleeps 0.4 s in long_part, the two workers 0.1 s in
 * short_part, then wait (blocked on a futex) at the region's closing
 * barrier until thread 0 comes.  Prints, by the program's own
 * CLOCK_MONOTONIC (libgomp's omp_get_wtime), the workers' seconds in
 * short_part and at the barrier (from the end of short_part to the end
 * of the region, as the opening thread saw it), summed over workers and
 * rounds, and thread 0's in long_part:
 *   "short S barrier B long L" */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))
#define THREADS 3

/* one nanosleep of ms, resumed if a signal cuts it short */
static void sleep_ms(long ms)
{
	struct timespec span = { ms / 1000, ms % 1000 * 1000000L };

	while (nanosleep(&span, &span) != 0)
		;
}

NOINLINE void long_part(void)
{
	sleep_ms(400);
}

NOINLINE void short_part(void)
{
	sleep_ms(100);
}

static double short_s, barrier_s, long_s;

NOINLINE void opener(void)
{
	double done[THREADS], start = omp_get_wtime(), end;
	int team = 0;

#pragma omp parallel num_threads(THREADS)
	{
		int me = omp_get_thread_num();

		if (me == 0) {
			team = omp_get_num_threads();
			long_part();
		}
		else
			short_part();
		done[me] = omp_get_wtime();
	}
	end = omp_get_wtime();
	if (team != THREADS) {
		fprintf(stderr, "omp-wall: a team of %d threads, not %d\n", team, THREADS);
		exit(1);
	}
	long_s += done[0] - start;
	for (int i = 1; i < THREADS; i++) {
		short_s += done[i] - start;
		barrier_s += end - done[i];
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 4;

	for (int r = 0; r < rounds; r++)
		opener();
	printf("short %.4f barrier %.4f long %.4f\n", short_s, barrier_s, long_s);
	return 0;
}
