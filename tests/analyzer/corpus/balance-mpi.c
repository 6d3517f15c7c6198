/*
 * An MPI program whose ranks differ, for the load balance (balance-gprof.sh).
 * Every rank calls compute() ITER times, rank 4 three times as often (so
 * three times the work); exchange() ITER times on every rank but rank 1,
 * which never calls it; setup() once everywhere.  Usage: balance-mpi
 * [ITER [WORK [balanced]]]: WORK, in millions of loop iterations per call;
 * "balanced": every rank does the same (rank 4 and rank 1 too).
 */
#include <mpi.h>
#include <stdlib.h>

static volatile double sink;

__attribute__((noinline)) static void spin(long n)
{
	double x = 0;

	for (long i = 0; i < n; i++)
		x += (double)i * 1e-9;
	sink = x;
}

__attribute__((noinline)) void compute(long n)
{
	spin(n);
}

__attribute__((noinline)) void exchange(long n)
{
	double x = 0;

	for (long i = 0; i < n; i++)
		x += (double)(i % 3) * 1e-9;
	sink = x;
}

__attribute__((noinline)) void setup(void)
{
	sink = 1;
}

int main(int argc, char **argv)
{
	int rank;
	long iter = argc > 1 ? atol(argv[1]) : 10;
	long work = (argc > 2 ? atol(argv[2]) : 5) * 1000000L;
	int balanced = argc > 3;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	setup();
	for (long i = 0; i < iter * (rank == 4 && !balanced ? 3 : 1); i++)
		compute(work);
	if (rank != 1 || balanced)
		for (long i = 0; i < iter; i++)
			exchange(work / 2);
	MPI_Finalize();
	return 0;
}
