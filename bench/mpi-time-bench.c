/* mpi-time-bench.c - what the MPI time features cost, in one program:
 *   calls N:  N calls of MPI_Comm_rank (the cheapest MPI call: what the
 *             PMPI wrapper adds per call), prints ns per call;
 *   compute S: S seconds of CPU in a loop (wall-clock sampling's overhead
 *             on a compute-bound program), prints the loop's turns per s;
 *   wait S:   S seconds asleep in 1 ms naps (its overhead on a waiting
 *             program: how much longer the naps take), prints the wall s. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

volatile double sink;

int main(int argc, char **argv)
{
	int rank;
	const char *what = argc > 1 ? argv[1] : "calls";
	double amount = argc > 2 ? atof(argv[2]) : 1e6;

	MPI_Init(&argc, &argv);
	if (strcmp(what, "calls") == 0) {
		double t0 = now(CLOCK_MONOTONIC);
		long n = (long)amount;

		for (long i = 0; i < n; i++)
			MPI_Comm_rank(MPI_COMM_WORLD, &rank);
		printf("%.2f\n", (now(CLOCK_MONOTONIC) - t0) * 1e9 / (double)n);
	} else if (strcmp(what, "compute") == 0) {
		double end = now(CLOCK_THREAD_CPUTIME_ID) + amount, s = 0;
		long turns = 0;

		while (now(CLOCK_THREAD_CPUTIME_ID) < end) {
			for (int i = 0; i < 10000; i++)
				s += i * 0.5;
			turns++;
		}
		sink = s;
		printf("%.0f\n", (double)turns / amount);
	} else {
		double t0 = now(CLOCK_MONOTONIC);
		long naps = (long)(amount * 1000);

		for (long i = 0; i < naps; i++)
			nanosleep(&(struct timespec){0, 1000000L}, NULL);
		printf("%.4f\n", now(CLOCK_MONOTONIC) - t0);
	}
	MPI_Finalize();
	return 0;
}
