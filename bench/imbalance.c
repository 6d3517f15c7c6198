/* imbalance.c - bench/imbalance-bench's program: every rank spends SECONDS
 * of its own CPU time (CLOCK_THREAD_CPUTIME_ID: the truth is the program's
 * clock, not a count of work) in two functions, work_a and work_b, in
 * turns of ITERATIONS steps, half each, with an MPI_Allreduce after every
 * step, so a rank with more to do makes the others wait in MPI.  The HEAVY
 * highest ranks spend twice as much (1:2); HEAVY 0 is the balanced run.
 * Rank 0 prints one line per rank: "rank R work_a S work_b S" (its CPU
 * seconds in each, by its clock).
 * Usage: imbalance [SECONDS [HEAVY [ITERATIONS]]] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static volatile unsigned long sink_a;
static volatile double sink_b;

/* work_a: integer hashing for SECONDS of this thread's CPU time; returns
 * the time it took by that clock */
__attribute__((noinline)) static double work_a(double seconds)
{
	double start = thread_cpu(), now;
	unsigned long x = sink_a;

	do {
		for (int i = 0; i < 20000; i++)
			x = (x ^ (x >> 13)) * 0x9e3779b97f4a7c15UL + (unsigned long)i;
		sink_a = x;
		now = thread_cpu();
	} while (now - start < seconds);
	return now - start;
}

/* work_b: floating point, as work_a */
__attribute__((noinline)) static double work_b(double seconds)
{
	double start = thread_cpu(), now;
	double y = sink_b;

	do {
		for (int i = 0; i < 20000; i++)
			y = y * 0.9999999 + 1e-7 * (double)i;
		sink_b = y;
		now = thread_cpu();
	} while (now - start < seconds);
	return now - start;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1.2;
	int heavy = argc > 2 ? atoi(argv[2]) : 0;
	int iterations = argc > 3 ? atoi(argv[3]) : 40;
	int rank, size;
	double mine[2] = {0, 0}, *all = NULL, step, token = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (seconds <= 0 || iterations < 1 || heavy < 0 || heavy > size) {
		if (rank == 0)
			fprintf(stderr, "usage: imbalance [SECONDS [HEAVY [ITERATIONS]]]\n");
		MPI_Finalize();
		return 2;
	}
	step = seconds / iterations * (rank >= size - heavy ? 2.0 : 1.0);
	MPI_Barrier(MPI_COMM_WORLD);
	for (int i = 0; i < iterations; i++) {
		double sum, t;

		mine[0] += work_a(step / 2);
		mine[1] += t = work_b(step / 2);
		MPI_Allreduce(&t, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		token += sum;
	}
	if (rank == 0 && !(all = malloc(2 * sizeof(*all) * (size_t)size)))
		MPI_Abort(MPI_COMM_WORLD, 1);
	MPI_Gather(mine, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		for (int r = 0; r < size; r++)
			printf("rank %d work_a %.4f work_b %.4f\n", r, all[2 * r], all[2 * r + 1]);
		free(all);
	}
	MPI_Finalize();
	return token < 0;
}
