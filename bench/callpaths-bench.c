/*
 * callpaths-bench.c - the program bench/callpaths-bench builds with -pg
 * against libgmon-mpi and runs with BG_GMON_CALLSTACKS=0 and on:
 *
 *   callpaths-bench-prog raise DEPTH N   recurses DEPTH frames deep, then
 *       sends itself SIGPROF N times (tgkill): each signal is one sample
 *       of weight 1 under BG_GMON_START_THREAD_TIMERS=main, taken by the
 *       runtime's handler at that depth.  Prints ns per signal (CPU time
 *       of the loop / N): the difference between paths on and off is the
 *       cost of recording one path.
 *   callpaths-bench-prog burn DEPTH N    recurses DEPTH deep, then spins N
 *       iterations there (no calls); prints the loop's CPU seconds: the
 *       timer's samples at that depth, end to end.
 *   callpaths-bench-prog calls N         calls a tiny function N times;
 *       prints CPU seconds: mcount's cost, which paths must not change.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static volatile long sink;

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

NOINLINE void send_signals(long n)
{
	pid_t pid = getpid(), tid = (pid_t)syscall(SYS_gettid);
	double start = cpu_seconds();

	for (long i = 0; i < n; i++)
		syscall(SYS_tgkill, pid, tid, SIGPROF);
	printf("%.1f\n", (cpu_seconds() - start) * 1e9 / (double)n);
}

NOINLINE void spin(long n)
{
	double start = cpu_seconds();
	volatile long i = 0;

	while (i < n)
		i = i + 1;
	printf("%.4f\n", cpu_seconds() - start);
}

NOINLINE void deep(int depth, int raise_signals, long n)
{
	if (depth > 1)
		deep(depth - 1, raise_signals, n);
	else if (raise_signals)
		send_signals(n);
	else
		spin(n);
	sink++;            /* no sibling call: every level keeps its frame */
}

NOINLINE int tiny(int x)
{
	return x + 1;
}

static void calls(long n)
{
	double start = cpu_seconds();
	int x = 0;

	for (long i = 0; i < n; i++)
		x = tiny(x);
	sink = x;
	printf("%.4f\n", cpu_seconds() - start);
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "raise") == 0)
		deep(atoi(argv[2]), 1, atol(argv[3]));
	else if (argc == 4 && strcmp(argv[1], "burn") == 0)
		deep(atoi(argv[2]), 0, atol(argv[3]));
	else if (argc == 3 && strcmp(argv[1], "calls") == 0)
		calls(atol(argv[2]));
	else {
		fprintf(stderr, "usage: %s raise DEPTH N | burn DEPTH N | calls N\n", argv[0]);
		return 2;
	}
	return 0;
}
