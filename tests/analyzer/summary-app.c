/*
 * summary-app.c - the job summary's test program (summary.sh): rank r
 * computes (r + 1) x 60 ms of its own CPU time per round in work_phase(),
 * then every rank meets the others in MPI_Barrier, called from
 * sync_point().  Each rank prints its own clocks: the CPU time of
 * work_phase (CLOCK_THREAD_CPUTIME_ID), the wall time in MPI_Barrier
 * (MPI_Wtime around it), the wall time in MPI (MPI_Init, the barriers and
 * MPI_Finalize, CLOCK_MONOTONIC around them) and its wall time from before
 * MPI_Init to after MPI_Finalize:
 *
 *   rank R compute SECONDS barrier SECONDS mpi SECONDS elapsed SECONDS
 *
 * Arguments: [ROUNDS] (default 8).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "thread-clock.h"

static double wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

volatile double sink;

/* Spins until the thread has used seconds of CPU time. */
__attribute__((noinline)) void work_phase(double seconds)
{
	double start = now(), x = 1.0;

	while (now() - start < seconds)
		for (int i = 0; i < 2000; i++)
			x = x * 1.0000001 + 1e-9;
	sink = x;
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
	double compute = 0, barrier = 0, begin = wall(), init, finalize, end;

	MPI_Init(&argc, &argv);
	init = wall() - begin;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	barrier += sync_point();
	for (int r = 0; r < rounds; r++) {
		double start = now();

		work_phase(0.060 * (rank + 1));
		compute += now() - start;
		barrier += sync_point();
	}
	finalize = wall();
	MPI_Finalize();
	end = wall();
	finalize = end - finalize;
	printf("rank %d compute %.6f barrier %.6f mpi %.6f elapsed %.6f\n", rank, compute, barrier,
	       init + barrier + finalize, end - begin);
	fflush(stdout);
	return 0;
}
