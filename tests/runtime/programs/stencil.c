/* stencil.c - the MPI stencil (issue 25): each step, relax()'s
 * sweep() relaxes the rank's part of a 1-D grid and calls nothing (but
 * mcount, under -pg), residual() adds up the change with MPI_Allreduce,
 * and halo() swaps the boundary values with the neighbours
 * (MPI_Sendrecv).  A walker that scans the stack past libmpi's frames
 * (no frame pointers) found sweep+11, left there by sweep's call to
 * mcount, in residual()'s frame (in the part of its array it never
 * writes), and put MPI's time under sweep().  No sample may have a frame
 * under sweep; the main thread's paths end at main.
 *   stencil STEPS */
#include <mpi.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))
#define CELLS 20000

static double grid[2][CELLS + 2];
static int now;
volatile long sink;

NOINLINE void sweep(void)
{
	const double *u = grid[now];
	double *v = grid[1 - now];

	for (int i = 1; i <= CELLS; i++)
		v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
	now = 1 - now;
}

NOINLINE void halo(int rank, int size)
{
	double *u = grid[now];
	int left = (rank + size - 1) % size, right = (rank + 1) % size;

	MPI_Sendrecv(&u[CELLS], 1, MPI_DOUBLE, right, 0, &u[0], 1, MPI_DOUBLE, left, 0,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[CELLS + 1], 1, MPI_DOUBLE, right, 1,
		     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

NOINLINE void relax(void)
{
	sweep();
	sink++;
}

/* The change of each of 8 blocks, added up over the ranks (room for 64
 * blocks: the upper part of the array, at the top of the frame, is never
 * written, and keeps what earlier calls left there). */
NOINLINE double residual(void)
{
	double part[64], total[8], sum = 0;

	for (int b = 0; b < 8; b++) {
		part[b] = 0;
		for (int i = 1 + b * (CELLS / 8); i <= (b + 1) * (CELLS / 8); i++)
			part[b] += grid[now][i] - grid[1 - now][i];
	}
	MPI_Allreduce(part, total, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	for (int b = 0; b < 8; b++)
		sum += total[b];
	return sum;
}

int main(int argc, char **argv)
{
	int rank, size, steps = argc > 1 ? atoi(argv[1]) : 2000;
	double r = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	for (int i = 0; i <= CELLS + 1; i++)
		grid[0][i] = (double)((i * 7919 + rank) % 101);
	for (int s = 0; s < steps; s++) {
		relax();
		r += residual();
		halo(rank, size);
	}
	MPI_Finalize();
	return r == 12345.0;
}
