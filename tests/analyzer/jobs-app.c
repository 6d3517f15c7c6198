/*
 * jobs-app.c - the MPI program the job-script tests profile.  Its call
 * counts are known exactly: rank r calls rank_work() 1000 * (r + 1) times
 * and once_per_rank() once; a second thread burns a little CPU in
 * thread_spin() (sampled with BG_GMON_START_THREAD_TIMERS).
 *
 *   jobs-app [--fail-rank R]   rank R exits with status 3 (after its work)
 *   jobs-app --hang            after their work, the ranks wait to be killed
 *                              (a program still running at a time limit)
 *
 * When one process exits with a nonzero status, mpirun kills the others,
 * possibly before their exit handlers have written their profiles.  So the
 * failing rank first waits (at most 30 s) for the other ranks' files,
 * GMON_OUT_PREFIX.<rank>, to appear: the runtime renames each into place
 * only when it is complete.  The test then knows exactly which ranks wrote.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

/* wait_for_other_profiles: until PREFIX.<r> exists for every rank r other
 * than SELF below SIZE, or 30 seconds have passed */
static void wait_for_other_profiles(int self, int size)
{
	const char *prefix = getenv("GMON_OUT_PREFIX");
	char path[4096];

	if (!prefix)
		prefix = "gmon.out";
	for (int r = 0; r < size; r++) {
		if (r == self)
			continue;
		snprintf(path, sizeof path, "%s.%d", prefix, r);
		for (int waited_ms = 0; access(path, F_OK) != 0 && waited_ms < 30000; waited_ms += 10)
			nanosleep(&(struct timespec){ .tv_nsec = 10 * 1000 * 1000 }, NULL);
	}
}

int main(int argc, char **argv)
{
	int rank, size, fail_rank = -1, hang = 0;
	pthread_t thread;

	MPI_Init(&argc, &argv);
	if (argc == 3 && strcmp(argv[1], "--fail-rank") == 0)
		fail_rank = atoi(argv[2]);
	hang = argc == 2 && strcmp(argv[1], "--hang") == 0;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	pthread_create(&thread, NULL, thread_spin, NULL);
	for (int i = 0; i < 1000 * (rank + 1); i++)
		rank_work(i);
	once_per_rank();
	pthread_join(thread, NULL);
	MPI_Barrier(MPI_COMM_WORLD);
	while (hang)
		pause();
	MPI_Finalize();
	if (rank == fail_rank) {
		wait_for_other_profiles(rank, size);
		return 3;
	}
	return 0;
}
