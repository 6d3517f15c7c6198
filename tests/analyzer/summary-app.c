/*
 * summary-app.c - the job summary's test program (summary.sh): rank r
 * computes (r + 1) x 60 ms of its own CPU time per round in work_phase()
 * and 40, 20, 10 ms (ranks 0, 1, 2) in libc's memcpy() from
 * library_phase() (the other way round: the slowest rank spends the least
 * time in a library, but is still the slowest by 50 ms a round; a
 * memcpy() of 1 MiB at a time, so that the call's own code is next to
 * nothing: a call of libm's j0() put a fifth of the phase's samples on
 * the calling instruction), then every rank meets the others in
 * MPI_Barrier, called from sync_point().  Each rank prints its own clocks: the CPU time of work_phase and of
 * library_phase (CLOCK_THREAD_CPUTIME_ID), the wall time in MPI_Barrier
 * (MPI_Wtime around it), the wall time in MPI (MPI_Init, the barriers and
 * MPI_Finalize, CLOCK_MONOTONIC around them) and its wall time from before
 * MPI_Init to after MPI_Finalize:
 *
 *   rank R compute SECONDS library SECONDS barrier SECONDS mpi SECONDS
 *     elapsed SECONDS
 *
 * Arguments: [ROUNDS] (default 8).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "thread-clock.h"

static double wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

volatile double sink;

/* Spins until the thread has used seconds of CPU time (the clock read
 * every 20000 steps: with 2000, an eighth of the samples were its system
 * call's). */
__attribute__((noinline)) void work_phase(double seconds)
{
	double start = now(), x = 1.0;

	while (now() - start < seconds)
		for (int i = 0; i < 20000; i++)
			x = x * 1.0000001 + 1e-9;
	sink = x;
}

#define COPY_BYTES (1 << 20)
volatile size_t copy_bytes = COPY_BYTES;   /* (not a constant: a call) */

/* Copies in libc until the thread has used seconds of CPU time (the clock
 * read every 16 MiB: its system call took a seventh of the samples once
 * when read every MiB). */
__attribute__((noinline)) void library_phase(double seconds)
{
	static char from[COPY_BYTES], to[COPY_BYTES];
	double start = now();

	while (now() - start < seconds)
		for (int i = 0; i < 16; i++)
			memcpy(to, from, copy_bytes);
	sink = to[copy_bytes / 2];
}

__attribute__((noinline)) double sync_point(void)
{
	double start = MPI_Wtime();

	MPI_Barrier(MPI_COMM_WORLD);
	return MPI_Wtime() - start;
}

int main(int argc, char **argv)
{
	int rank, rounds = argc > 1 ? atoi(argv[1]) : 8;
	double compute = 0, library = 0, barrier = 0, begin = wall(), init, finalize, end;

	MPI_Init(&argc, &argv);
	init = wall() - begin;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	barrier += sync_point();
	for (int r = 0; r < rounds; r++) {
		double start = now();

		work_phase(0.060 * (rank + 1));
		compute += now() - start;
		start = now();
		library_phase(0.010 * (4 >> rank));
		library += now() - start;
		barrier += sync_point();
	}
	finalize = wall();
	MPI_Finalize();
	end = wall();
	finalize = end - finalize;
	printf("rank %d compute %.6f library %.6f barrier %.6f mpi %.6f elapsed %.6f\n", rank, compute,
	       library, barrier, init + barrier + finalize, end - begin);
	fflush(stdout);
	return 0;
}
