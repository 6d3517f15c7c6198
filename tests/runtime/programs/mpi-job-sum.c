/* mpi-job-sum.c - a small MPI program for the in-job sum (e2e-job-sum.sh):
 * each rank burns 20 ms of CPU in rank_work (samples) and calls
 * round_work ROUNDS times (argv[1]) and rank_extra rank + 1 times (arcs
 * whose counts tell the ranks apart); with argv[2] = R, rank R ends by
 * _exit(3) after the work, never reaching MPI_Finalize, while the others
 * go on into it; with argv[3] = R, rank R calls mondisable() first (it
 * writes no profile); with argv[4] = 1, every rank raises SIGWINCH after
 * MPI_Init (a flush signal that returns, with BG_GMON_FLUSH_SIGNALS=28:
 * WINCH is not a name it takes).
 * With MPI_JOB_SUM_TIME set, rank 0 prints how long its
 * MPI_Finalize took ("finalize SECONDS", bench/job-sum-bench). */
#include <gmon-mpi.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "burn-for.h"

volatile unsigned long sink;

__attribute__((noinline)) void round_work(void) { sink++; }
__attribute__((noinline)) void rank_extra(void) { sink += 2; }
__attribute__((noinline)) void rank_work(void) { burn_for(0.02); }

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1, dying = argc > 2 ? atoi(argv[2]) : -1, rank;
	int disabled = argc > 3 ? atoi(argv[3]) : -1, snapshot = argc > 4 && atoi(argv[4]) == 1;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank == disabled)
		mondisable();
	if (snapshot)
		raise(SIGWINCH);
	rank_work();
	for (int i = 0; i < rounds; i++) {
		round_work();
		MPI_Barrier(MPI_COMM_WORLD);
	}
	for (int i = 0; i <= rank; i++)
		rank_extra();
	if (rank == dying)
		_exit(3);
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	MPI_Finalize();
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (rank == 0 && getenv("MPI_JOB_SUM_TIME"))
		printf("finalize %.6f\n", (double)(t1.tv_sec - t0.tv_sec) +
		       (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
	return 0;
}
