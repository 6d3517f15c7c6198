/* mpi-rounds.c - an MPI program whose files differ with its argument:
 * each rank calls round_work and MPI_Barrier ROUNDS times (argv[1],
 * default 1), so that two runs with other ROUNDS write other profiles
 * (round_work's calls) and other MPI profiles (the barriers). */
#include <mpi.h>
#include <stdlib.h>

volatile unsigned long sink;

__attribute__((noinline)) void round_work(void) { sink++; }

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1;

	MPI_Init(&argc, &argv);
	for (int i = 0; i < rounds; i++) {
		round_work();
		MPI_Barrier(MPI_COMM_WORLD);
	}
	MPI_Finalize();
	return 0;
}
