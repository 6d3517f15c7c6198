/*
 * mpi-hello-prof.c - the demo's example: a small MPI program with a call
 * graph worth profiling (a hot kernel, a helper, recursion, and a reduction).
 * Build:  mpicc -pg -O1 mpi-hello-prof.c -o mpi-hello-prof -lgmon-mpi
 * Run:    mpirun -np 4 ./mpi-hello-prof   (writes gmon.out.0 .. gmon.out.3)
 */
#include <mpi.h>
#include <stdio.h>

__attribute__((noinline)) static double kernel(int n, int seed)
{
	double x = seed;

	for (int i = 0; i < n; i++)
		x = x * 1.0000001 + 1e-9 * i;
	return x;
}

__attribute__((noinline)) static double smooth(int n, int seed)
{
	return kernel(n / 4, seed) + kernel(n / 4, seed + 1);
}

__attribute__((noinline)) static long fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv)
{
	int rank, size;
	double local = 0, total = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	for (int step = 0; step < 40; step++) {
		local += kernel(200000 * (rank + 1), step);
		local += smooth(200000, step);
	}
	local += (double)fib(24 + rank % 2);
	MPI_Reduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("%d ranks: checksum %.6g\n", size, total);
	MPI_Finalize();
	return 0;
}
