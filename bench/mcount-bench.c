/*
 * mcount-bench.c - the program bench/mcount-bench builds three ways (no -pg,
 * gcc -pg with glibc's runtime, gcc -pg with libgmon-mpi) to time the call
 * path: THREADS threads each call a tiny noinline function CALLS times,
 * released together by a barrier.  Only the loops are timed
 * (CLOCK_MONOTONIC, from the first thread's start to the last thread's end),
 * not startup or the profile written at exit.
 *
 * Usage: mcount-bench-prog THREADS CALLS
 * Prints one line:
 *   threads=T calls_per_thread=N expected_calls=T*N wall_ns=W cpu_ns=C
 *   ns_per_call=W/N callee=bench_callee
 * wall_ns spans all loops; cpu_ns is the largest per-thread CPU time of a
 * loop (CLOCK_THREAD_CPUTIME_ID): wall_ns well above it means the threads
 * were preempted (a busy machine).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_THREADS 64

/*
 * The instrumented callee: with -pg its prologue calls mcount.  noipa keeps
 * gcc from inlining, cloning or dropping the calls; the empty asm keeps the
 * body from being folded into the caller's loop.
 */
__attribute__((noipa)) uint64_t bench_callee(uint64_t x)
{
	__asm__ volatile("" : "+r"(x));
	return x + 1;
}

struct worker {
	pthread_t id;
	uint64_t calls;
	uint64_t result;
	struct timespec start, end;   /* CLOCK_MONOTONIC */
	struct timespec cpu0, cpu1;   /* CLOCK_THREAD_CPUTIME_ID */
} __attribute__((aligned(64)));      /* no two workers on one cache line */

static pthread_barrier_t barrier;

static int64_t ns_of(const struct timespec *t)
{
	return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec;
}

static void *run(void *arg)
{
	struct worker *w = arg;
	uint64_t acc = 0;

	pthread_barrier_wait(&barrier);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &w->cpu0);
	clock_gettime(CLOCK_MONOTONIC, &w->start);
	for (uint64_t i = 0; i < w->calls; i++)
		acc = bench_callee(acc);
	clock_gettime(CLOCK_MONOTONIC, &w->end);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &w->cpu1);
	w->result = acc;
	return NULL;
}

static int parse_count(const char *text, const char *what, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || v == 0 || v > max) {
		fprintf(stderr, "mcount-bench-prog: %s must be 1..%" PRIu64 ", not '%s'\n", what,
			max, text);
		return -1;
	}
	*out = v;
	return 0;
}

int main(int argc, char **argv)
{
	static struct worker workers[MAX_THREADS];
	uint64_t nthreads, calls;
	int64_t first_start = INT64_MAX, last_end = INT64_MIN, max_cpu = 0;
	int err;

	if (argc != 3) {
		fprintf(stderr, "usage: %s THREADS CALLS_PER_THREAD\n", argv[0]);
		return 2;
	}
	if (parse_count(argv[1], "THREADS", MAX_THREADS, &nthreads) != 0 ||
	    parse_count(argv[2], "CALLS_PER_THREAD", UINT64_MAX / MAX_THREADS, &calls) != 0)
		return 2;

	err = pthread_barrier_init(&barrier, NULL, (unsigned)nthreads);
	if (err != 0) {
		fprintf(stderr, "mcount-bench-prog: pthread_barrier_init: %s\n", strerror(err));
		return 1;
	}
	for (uint64_t i = 0; i < nthreads; i++) {
		workers[i].calls = calls;
		err = pthread_create(&workers[i].id, NULL, run, &workers[i]);
		if (err != 0) {
			fprintf(stderr, "mcount-bench-prog: pthread_create: %s\n", strerror(err));
			return 1;
		}
	}
	for (uint64_t i = 0; i < nthreads; i++) {
		struct worker *w = &workers[i];
		int64_t cpu;

		pthread_join(w->id, NULL);
		if (w->result != calls) {
			fprintf(stderr, "mcount-bench-prog: thread %" PRIu64 " computed %" PRIu64
				" instead of %" PRIu64 "\n", i, w->result, calls);
			return 1;
		}
		if (ns_of(&w->start) < first_start)
			first_start = ns_of(&w->start);
		if (ns_of(&w->end) > last_end)
			last_end = ns_of(&w->end);
		cpu = ns_of(&w->cpu1) - ns_of(&w->cpu0);
		if (cpu > max_cpu)
			max_cpu = cpu;
	}
	printf("threads=%" PRIu64 " calls_per_thread=%" PRIu64 " expected_calls=%" PRIu64
	       " wall_ns=%" PRId64 " cpu_ns=%" PRId64 " ns_per_call=%.4f callee=bench_callee\n",
	       nthreads, calls, nthreads * calls, last_end - first_start, max_cpu,
	       (double)(last_end - first_start) / (double)calls);
	return 0;
}
