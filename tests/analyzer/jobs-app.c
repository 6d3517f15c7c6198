/*
 * jobs-app.c - the MPI program the job-script tests profile.  Its call
 * counts are known exactly: rank r calls rank_work() 1000 * (r + 1) times
 * and once_per_rank() once; a second thread burns a little CPU in
 * thread_spin() (sampled with BG_GMON_START_THREAD_TIMERS).
 *
 *   jobs-app [--fail-rank R]   rank R exits with status 3 (after its work)
 */
#include <mpi.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static volatile double sink;

__attribute__((noinline)) void rank_work(int i)
{
	sink += i * 0.5;
}

__attribute__((noinline)) void once_per_rank(void)
{
	sink += 1;
}

__attribute__((noinline)) static void *thread_spin(void *arg)
{
	double x = 0;

	(void)arg;
	for (long i = 0; i < 20000000; i++)
		x += i * 1e-9;
	sink += x;
	return NULL;
}

int main(int argc, char **argv)
{
	int rank, fail_rank = -1;
	pthread_t thread;

	MPI_Init(&argc, &argv);
	if (argc == 3 && strcmp(argv[1], "--fail-rank") == 0)
		fail_rank = atoi(argv[2]);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	pthread_create(&thread, NULL, thread_spin, NULL);
	for (int i = 0; i < 1000 * (rank + 1); i++)
		rank_work(i);
	once_per_rank();
	pthread_join(thread, NULL);
	MPI_Barrier(MPI_COMM_WORLD);
	MPI_Finalize();
	return rank == fail_rank ? 3 : 0;
}
