/* mpi-corners.c - the PMPI wrappers' corner cases, one per mode, each with
 * exact counts or the program's own clocks to check the MPI profile by:
 *
 *   nested   1,000 MPI_Allreduce from reduce_loop() with a user MPI_Op
 *            (sum_op) that calls MPI_Comm_rank, an MPI call inside an MPI
 *            call; then 1,000 MPI_Barrier from barrier_loop().  Prints
 *            "rank R op_calls N" (the times sum_op ran in this rank).
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int op_calls;

/* A sum that asks MPI for the rank: an MPI call inside MPI_Allreduce. */
__attribute__((noinline)) void sum_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
	int rank;

	(void)type;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (int i = 0; i < *len; i++)
		((long *)inout)[i] += ((long *)in)[i];
	op_calls++;
}

__attribute__((noinline)) void reduce_loop(void)
{
	MPI_Op op;
	long mine = 1, total;

	MPI_Op_create(sum_op, 1, &op);
	for (int i = 0; i < 1000; i++)
		MPI_Allreduce(&mine, &total, 1, MPI_LONG, op, MPI_COMM_WORLD);
	MPI_Op_free(&op);
}

__attribute__((noinline)) void barrier_loop(void)
{
	for (int i = 0; i < 1000; i++)
		MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc > 1 && strcmp(argv[1], "nested") == 0) {
		reduce_loop();
		barrier_loop();
		printf("rank %d op_calls %d\n", rank, op_calls);
	}
	fflush(stdout);
	MPI_Finalize();
	return 0;
}
