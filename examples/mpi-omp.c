/*
 * mpi-omp.c - the README's walk: an MPI + OpenMP program worth profiling.
 * Every rank runs an OpenMP loop (solve), calls one helper (work) from two
 * callers that cost very differently (hard: few long calls, easy: many short
 * ones), and the higher ranks get more work, so the ranks are imbalanced.
 * Build:  mpicc -pg -g -O2 -fopenmp mpi-omp.c -o mpi-omp -lgmon-mpi
 * Run:    mpirun -np 4 ./mpi-omp   (writes gmon.out.0 .. gmon.out.3)
 */
#include <mpi.h>
#include <stdio.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

__attribute__((noipa)) static double work(long n)
{
	double x = 0;

	for (long i = 1; i <= n; i++)
		x += 1.0 / ((double)i * i);
	return x;
}

__attribute__((noipa)) static double hard(void)
{
	return work(100000000) + 1;
}

__attribute__((noipa)) static double easy(void)
{
	double x = 0;

	for (int i = 0; i < 1000; i++)
		x += work(100 + i % 7);
	return x;
}

__attribute__((noipa)) static double solve(int rank)
{
	double sum = 0;

#pragma omp parallel for reduction(+ : sum) schedule(static)
	for (int i = 0; i < 4000 * (rank + 1); i++)
		for (int j = 0; j < 20000; j++)
			sum += (double)(i ^ j) * 1e-9;
	return sum;
}

int main(int argc, char **argv)
{
	int rank, size;
	double local, total = 0, start = now(), mark, times[2], sums[2];

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	times[0] = now() - start; /* in MPI: MPI_Init */
	local = solve(rank) + hard() + easy();
	mark = now();
	MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	times[0] += now() - mark;
	times[1] = now() - start;
	MPI_Reduce(times, sums, 2, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
	if (rank == 0)
		printf("%d ranks: checksum %.6g; MPI %.1f%% of the ranks' time (their own clocks)\n",
		       size, total, 100 * sums[0] / sums[1]);
	MPI_Finalize();
	return 0;
}
