/* omp-wall.c - OpenMP workers that block, for the wall clock (issue 36):
 * main -> opener opens ROUNDS regions of 3 threads (argv[1], default 4),
 * OMP_WAIT_POLICY=passive making every wait a blocking one.  In each,
 * thread 0 sleeps 0.4 s in long_part, the two workers 0.1 s in
 * short_part, then wait (blocked on a futex) at the region's closing
 * barrier until thread 0 comes.  Prints, summed over the rounds, by the
 * program's own CLOCK_MONOTONIC (libgomp's and libomp's omp_get_wtime):
 * the workers' seconds asleep in short_part, and from its end to the end
 * of the region (as the opening thread saw it: their barrier waits);
 * thread 0's asleep in long_part, and its other seconds from the call of
 * the region to its end (the OpenMP runtime's, starting and ending the
 * region):
 *   "short S barrier B long L rest R" */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))
#define THREADS 3

/* one nanosleep of ms, resumed if a signal cuts it short: its seconds */
static double sleep_ms(long ms)
{
	struct timespec span = { ms / 1000, ms % 1000 * 1000000L };
	double start = omp_get_wtime();

	while (nanosleep(&span, &span) != 0)
		;
	return omp_get_wtime() - start;
}

NOINLINE double long_part(void)
{
	return sleep_ms(400);
}

NOINLINE double short_part(void)
{
	return sleep_ms(100);
}

static double short_s, barrier_s, long_s, rest_s;

NOINLINE void opener(void)
{
	double slept[THREADS], done[THREADS], start = omp_get_wtime(), end;
	int team = 0;

#pragma omp parallel num_threads(THREADS)
	{
		int me = omp_get_thread_num();

		if (me == 0) {
			team = omp_get_num_threads();
			slept[me] = long_part();
		} else
			slept[me] = short_part();
		done[me] = omp_get_wtime();
	}
	end = omp_get_wtime();
	if (team != THREADS) {
		fprintf(stderr, "omp-wall: a team of %d threads, not %d\n", team, THREADS);
		exit(1);
	}
	long_s += slept[0];
	rest_s += end - start - slept[0];
	for (int i = 1; i < THREADS; i++) {
		short_s += slept[i];
		barrier_s += end - done[i];
	}
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 4;

	for (int r = 0; r < rounds; r++)
		opener();
	printf("short %.4f barrier %.4f long %.4f rest %.4f\n", short_s, barrier_s, long_s, rest_s);
	return 0;
}
