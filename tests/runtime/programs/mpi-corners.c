/* mpi-corners.c - the PMPI wrappers' corner cases, one per mode, each with
 * exact counts or the program's own clocks to check the MPI profile by:
 *
 *   nested   1,000 MPI_Allreduce from reduce_loop() with a user MPI_Op
 *            (sum_op) that calls MPI_Comm_rank, an MPI call inside an MPI
 *            call; then 1,000 MPI_Barrier from barrier_loop().  Prints
 *            "rank R op_calls N" (the times sum_op ran in this rank).
 *   short    messages shorter than the buffers posted for them: rank 0
 *            sends 10 x 1,000 doubles to rank 1, which receives 5 into
 *            buffers of 10,000 with MPI_STATUS_IGNORE (recv_ignore()) and
 *            5 with a status (recv_status()); then both exchange 5 x 1,000
 *            doubles with MPI_Sendrecv into buffers of 10,000,
 *            MPI_STATUS_IGNORE (exchange()): 8,000 bytes a message.
 *   after S [exit]  3 MPI_Barrier from before_end(), then MPI_Finalize,
 *            then S seconds of sleep; prints "rank R finalize B E": the
 *            seconds from the program's start (its first constructor) to
 *            MPI_Finalize's call (B) and to its return (E), by
 *            CLOCK_MONOTONIC.  With exit, the
 *            program then ends by _exit(0): no exit handler runs.
 *   sites    more call sites than the wrappers' table holds (8,192):
 *            many_sites() calls MPI_Comm_size from 10,000 places, and runs
 *            3 times: 30,000 calls, 3 from each site.
 *   threads  MPI_THREAD_MULTIPLE, 4 threads a rank in MPI at once: in each
 *            of 5 rounds, thread i of rank 1 sleeps (i + 1) x 20 ms, then
 *            sends to thread i of rank 0, waiting in MPI_Recv from
 *            thread_recv(); then thread 0 sleeps 30 ms outside MPI.  After
 *            the threads, prints "rank R provided P union U sum S": the
 *            seconds during which some thread of it was in an MPI call
 *            (U), and its threads' seconds in MPI calls, added (S), by
 *            CLOCK_MONOTONIC around every MPI call (MPI_Init_thread's
 *            included), then calls MPI_Finalize.
 */
#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

static double posted[10000], block[1000];

__attribute__((noinline)) void recv_ignore(void)
{
	for (int i = 0; i < 5; i++)
		MPI_Recv(posted, 10000, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

__attribute__((noinline)) void recv_status(void)
{
	MPI_Status status;

	for (int i = 0; i < 5; i++)
		MPI_Recv(posted, 10000, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, &status);
}

__attribute__((noinline)) void exchange(int peer)
{
	for (int i = 0; i < 5; i++)
		MPI_Sendrecv(block, 1000, MPI_DOUBLE, peer, 3, posted, 10000, MPI_DOUBLE, peer, 3,
			     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

__attribute__((noinline)) static void short_messages(int rank)
{
	if (rank == 0)
		for (int i = 0; i < 10; i++)
			MPI_Send(block, 1000, MPI_DOUBLE, 1, i < 5 ? 1 : 2, MPI_COMM_WORLD);
	if (rank == 1) {
		recv_ignore();
		recv_status();
	}
	if (rank < 2)
		exchange(1 - rank);
}

static double monotonic(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double started;

__attribute__((constructor)) static void start_clock(void)
{
	started = monotonic();
}

__attribute__((noinline)) void before_end(void)
{
	MPI_Barrier(MPI_COMM_WORLD);
}

/* MPI_Finalize, then seconds of sleep, then the end (by _exit with how
 * "exit"). */
static int finalize_then_sleep(int rank, double seconds, const char *how)
{
	struct timespec left = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
	double called;

	for (int i = 0; i < 3; i++)
		before_end();
	called = monotonic() - started;
	MPI_Finalize();
	printf("rank %d finalize %.6f %.6f\n", rank, called, monotonic() - started);
	fflush(stdout);
	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		;
	if (how && strcmp(how, "exit") == 0)
		_exit(0);
	return 0;
}

/* The intervals of this rank's MPI calls (threads mode). */
#define THREADS 4
#define ROUNDS 5
static struct interval {
	double start, end;
} spans[THREADS * ROUNDS * 2 + 8];
static int nspans;
static pthread_mutex_t spans_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t round_end;
static int thread_rank;

static void span(double start)
{
	double end = monotonic();

	pthread_mutex_lock(&spans_lock);
	spans[nspans++] = (struct interval){start, end};
	pthread_mutex_unlock(&spans_lock);
}

static void nap(double seconds)
{
	struct timespec left = {0, (long)(seconds * 1e9)};

	while (nanosleep(&left, &left) != 0 && errno == EINTR)
		;
}

__attribute__((noinline)) void thread_recv(int tag)
{
	double start = monotonic();
	int got;

	MPI_Recv(&got, 1, MPI_INT, 1, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	span(start);
}

__attribute__((noinline)) void thread_send(int tag)
{
	double start;

	nap(0.02 * (tag + 1));
	start = monotonic();
	MPI_Send(&tag, 1, MPI_INT, 0, tag, MPI_COMM_WORLD);
	span(start);
}

static void *thread_rounds(void *arg)
{
	int i = (int)(long)arg;

	for (int round = 0; round < ROUNDS; round++) {
		if (thread_rank == 0)
			thread_recv(i);
		else if (thread_rank == 1)
			thread_send(i);
		pthread_barrier_wait(&round_end);
		if (i == 0)
			nap(0.03);
		pthread_barrier_wait(&round_end);
	}
	return NULL;
}

static int by_start(const void *a, const void *b)
{
	const struct interval *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* 4 threads in MPI at once; prints the truth before MPI_Finalize. */
static int threads_at_once(int *argc, char ***argv)
{
	pthread_t threads[THREADS];
	double start = monotonic(), covered = 0, sum = 0, until = 0;
	int provided;

	MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided);
	span(start);
	start = monotonic();
	MPI_Comm_rank(MPI_COMM_WORLD, &thread_rank);
	span(start);
	pthread_barrier_init(&round_end, NULL, THREADS);
	for (long i = 0; i < THREADS; i++)
		pthread_create(&threads[i], NULL, thread_rounds, (void *)i);
	for (int i = 0; i < THREADS; i++)
		pthread_join(threads[i], NULL);
	qsort(spans, (size_t)nspans, sizeof spans[0], by_start);
	for (int i = 0; i < nspans; i++) {
		sum += spans[i].end - spans[i].start;
		if (spans[i].end > until) {
			covered += spans[i].end - (spans[i].start > until ? spans[i].start : until);
			until = spans[i].end;
		}
	}
	printf("rank %d provided %d union %.6f sum %.6f\n", thread_rank,
	       provided == MPI_THREAD_MULTIPLE, covered, sum);
	fflush(stdout);
	MPI_Finalize();
	return 0;
}

#define TEN(x) x x x x x x x x x x

/* 10,000 calls of MPI_Comm_size, each from a place of its own */
__attribute__((noinline)) void many_sites(void)
{
	int size;

	TEN(TEN(TEN(TEN(MPI_Comm_size(MPI_COMM_WORLD, &size);))))
}

int main(int argc, char **argv)
{
	int rank;

	if (argc > 1 && strcmp(argv[1], "threads") == 0)
		return threads_at_once(&argc, &argv);
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (argc > 2 && strcmp(argv[1], "after") == 0)
		return finalize_then_sleep(rank, atof(argv[2]), argv[3]);
	if (argc > 1 && strcmp(argv[1], "nested") == 0) {
		reduce_loop();
		barrier_loop();
		printf("rank %d op_calls %d\n", rank, op_calls);
	} else if (argc > 1 && strcmp(argv[1], "sites") == 0) {
		for (int i = 0; i < 3; i++)
			many_sites();
	} else if (argc > 1 && strcmp(argv[1], "short") == 0) {
		short_messages(rank);
	}
	fflush(stdout);
	MPI_Finalize();
	return 0;
}
