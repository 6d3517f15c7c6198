/* mpi-time.c - MPI time with a known answer: 5 rounds in which rank r
 * computes (r+1) x 60 ms of CPU in work_phase(), then meets the others in
 * MPI_Barrier from sync_point(); rank 0 sends 10 x 1000 doubles to rank 1
 * from send_block() (rank 1 receives them in recv_block()); rank 0 sleeps
 * 0.4 s in sleep_io().  Each rank prints the wall time it measured in each
 * (MPI_Wtime around the calls):
 *   rank 0 barrier 0.61234 send 0.00123 sleep 0.40012
 * With --hang FILE, the ranks then create FILE (rank 0) and wait for a
 * signal instead of ending (a job killed at its time limit). */
#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

volatile double sink;

__attribute__((noinline)) void work_phase(double seconds)
{
	double s = 0, end = thread_cpu() + seconds;

	while (thread_cpu() < end)
		for (int i = 0; i < 20000; i++)
			s += i * 0.5;
	sink = s;
}

__attribute__((noinline)) double sync_point(void)
{
	double t0 = MPI_Wtime();

	MPI_Barrier(MPI_COMM_WORLD);
	return MPI_Wtime() - t0;
}

static double block[1000];

__attribute__((noinline)) double send_block(void)
{
	double t0 = MPI_Wtime();

	for (int i = 0; i < 10; i++)
		MPI_Send(block, 1000, MPI_DOUBLE, 1, i, MPI_COMM_WORLD);
	return MPI_Wtime() - t0;
}

__attribute__((noinline)) double recv_block(void)
{
	double t0 = MPI_Wtime();

	for (int i = 0; i < 10; i++)
		MPI_Recv(block, 1000, MPI_DOUBLE, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	return MPI_Wtime() - t0;
}

__attribute__((noinline)) double sleep_io(void)
{
	struct timespec left = {0, 400000000L};
	double t0 = MPI_Wtime();

	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		;
	return MPI_Wtime() - t0;
}

int main(int argc, char **argv)
{
	int rank, size;
	double barrier = 0, send = 0, slept = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	for (int round = 0; round < 5; round++) {
		work_phase(0.06 * (rank + 1));
		barrier += sync_point();
	}
	if (rank == 0 && size > 1)
		send = send_block();
	else if (rank == 1)
		send = recv_block();
	if (rank == 0)
		slept = sleep_io();
	printf("rank %d barrier %.5f send %.5f sleep %.5f\n", rank, barrier, send, slept);
	fflush(stdout);
	if (argc == 3 && strcmp(argv[1], "--hang") == 0) {
		MPI_Barrier(MPI_COMM_WORLD);
		if (rank == 0)
			fclose(fopen(argv[2], "w"));
		for (;;)
			pause();
	}
	MPI_Finalize();
	return 0;
}
