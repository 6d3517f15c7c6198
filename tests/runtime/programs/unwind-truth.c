/* unwind-truth.c - programs whose call paths and callers' shares are
 * known, for e2e-unwind.sh (issue 25); each prints its truth, the CPU
 * time of each caller measured with CLOCK_THREAD_CPUTIME_ID:
 *   unwind-truth mutual N     outer_light() and outer_heavy() each start a
 *                             mutual recursion ping/pong 180 frames deep
 *                             that burns N (light) or 3N (heavy) turns at
 *                             its bottom; prints "LIGHT_NS HEAVY_NS"
 *   unwind-truth sorters N    sorter_small() and sorter_big() sort N and
 *                             3N ints with libc's qsort and compare(),
 *                             which burns CPU; prints "SMALL_NS BIG_NS"
 *   unwind-truth signal N     spinner() spins while an interval timer's
 *                             SIGALRM handler, on_alarm(), burns N turns
 *                             20 times: the handler's samples have the
 *                             signal frame (libc's __restore_rt) and the
 *                             interrupted spinner() under it; prints
 *                             "HANDLER_NS"
 * Every function is noinline and does something after its calls, so that
 * no call becomes a jump. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <string.h>
#include <time.h>

#include "sort-ints.h"

#define NOINLINE __attribute__((noinline))
#define DEPTH 180

volatile long sink;

static long long thread_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (long long)t.tv_sec * 1000000000 + t.tv_nsec;
}

NOINLINE void burn(long n)
{
	volatile long i = 0;

	while (i++ < n)
		;
}

/* ---- mutual recursion ---- */
NOINLINE int pong(int depth, long n);

NOINLINE int ping(int depth, long n)
{
	int r;

	if (depth <= 1) {
		burn(n);
		return 1;
	}
	r = pong(depth - 1, n);
	sink += r;
	return r + 1;
}

NOINLINE int pong(int depth, long n)
{
	int r;

	if (depth <= 1) {
		burn(n);
		return 1;
	}
	r = ping(depth - 1, n);
	sink += r;
	return r + 1;
}

NOINLINE void outer_light(long n)
{
	sink += ping(DEPTH, n);
}

NOINLINE void outer_heavy(long n)
{
	sink += ping(DEPTH, 3 * n);
}

/* ---- a comparator under two sorters ---- */
NOINLINE int compare(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	burn(2000);
	return (x > y) - (x < y);
}

NOINLINE void sorter_small(int n)
{
	sink += sort_ints(n, compare);
}

NOINLINE void sorter_big(int n)
{
	sink += sort_ints(3 * n, compare);
}

/* ---- a signal handler ---- */
#define ALARMS 20

static long alarm_work;
static volatile int alarms;
static long long handler_ns;

/* (the last one stops the timer: a handler longer than the timer's
 * period would otherwise run again at once, forever) */
NOINLINE void on_alarm(int sig)
{
	static const struct itimerval off = { { 0, 0 }, { 0, 0 } };
	long long t = thread_ns();

	(void)sig;
	burn(alarm_work);
	handler_ns += thread_ns() - t;
	if (++alarms == ALARMS)
		setitimer(ITIMER_REAL, &off, NULL);
}

NOINLINE void spinner(int n)
{
	volatile long spins = 0;

	while (alarms < n)
		spins++;
	sink += spins > 0;
}

static int run_signals(long n)
{
	struct sigaction sa;
	struct itimerval every = { { 0, 20000 }, { 0, 20000 } };

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigemptyset(&sa.sa_mask);
	alarm_work = n;
	if (sigaction(SIGALRM, &sa, NULL) != 0 || setitimer(ITIMER_REAL, &every, NULL) != 0)
		return 1;
	spinner(ALARMS);
	printf("%lld\n", handler_ns);
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "mutual";
	long n = argc > 2 ? atol(argv[2]) : 1000000;
	long long a = 0, b = 0, t;

	if (strcmp(mode, "signal") == 0)
		return run_signals(n);
	for (int round = 0; round < 4; round++) {
		if (strcmp(mode, "mutual") == 0) {
			t = thread_ns();
			outer_light(n);
			a += thread_ns() - t;
			t = thread_ns();
			outer_heavy(n);
			b += thread_ns() - t;
		} else if (strcmp(mode, "sorters") == 0) {
			t = thread_ns();
			sorter_small((int)n);
			a += thread_ns() - t;
			t = thread_ns();
			sorter_big((int)n);
			b += thread_ns() - t;
		} else {
			fprintf(stderr, "unwind-truth: unknown mode %s\n", mode);
			return 2;
		}
	}
	printf("%lld %lld\n", a, b);
	return 0;
}
