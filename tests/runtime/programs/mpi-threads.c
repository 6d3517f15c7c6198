/* mpi-threads.c - an MPI program with one application thread burning CPU
 * in app_burn() while the MPI stack runs its own threads. */
#include <mpi.h>
#include <pthread.h>

volatile double sink;

__attribute__((noinline)) void app_burn(void)
{
	double x = 1;

	for (long i = 0; i < 250000000L; i++)
		x = x * 1.0000001 + 1e-9;
	sink = x;
}

static void *worker(void *arg)
{
	(void)arg;
	app_burn();
	return NULL;
}

int main(int argc, char **argv)
{
	int provided, rank;
	double mine, total;
	pthread_t thread;

	MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	pthread_create(&thread, NULL, worker, NULL);
	pthread_join(thread, NULL);
	mine = rank;
	MPI_Allreduce(&mine, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	MPI_Finalize();
	return 0;
}
