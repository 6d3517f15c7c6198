/* rate-choice.c - see rate-choice.h. */
#define _GNU_SOURCE
#include "rate-choice.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "perf-clock.h"

#define SIGNALS 9                        /* odd: one median */
#define PERIOD_NS 200000u                /* of the thread's CPU time */
#define GIVE_UP_NS 50000000u             /* of elapsed time */

static volatile sig_atomic_t signals_seen;

static void count_signal(int sig)
{
	(void)sig;
	signals_seen = signals_seen + 1;
}

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Spins reading the clock until SIGNALS signals came (or GIVE_UP_NS
 * passed): each signal's gap between two reads, in gaps; how many.  A
 * signal seen by the count read after a clock read is in that read's gap,
 * or in the next one's where it came inside the clock's call after the
 * time was taken: its gap is the larger of the two. */
static unsigned spin_for_gaps(uint64_t gaps[SIGNALS])
{
	uint64_t start = monotonic_ns(), prev = start, now, gap;
	unsigned got = 0;
	int second_look = 0;
	sig_atomic_t seen = signals_seen, count;

	while (got < SIGNALS || second_look) {
		now = monotonic_ns();
		count = signals_seen;
		gap = now - prev;
		prev = now;
		if (second_look) {
			if (gap > gaps[got - 1])
				gaps[got - 1] = gap;
			second_look = 0;
		}
		if (count != seen) {
			seen = count;
			if (got < SIGNALS) {
				gaps[got++] = gap;
				second_look = 1;
			}
		}
		if (now - start > GIVE_UP_NS)
			break;
	}
	return got;
}

uint64_t rate_choice_measure_cost_ns(void)
{
	struct sigaction counting, before;
	sigset_t prof, mask_before;
	struct timespec no_wait = {0, 0};
	uint64_t gaps[SIGNALS];
	unsigned got = 0;
	int fd;

	memset(&counting, 0, sizeof counting);
	counting.sa_handler = count_signal;
	sigemptyset(&counting.sa_mask);
	counting.sa_flags = SA_RESTART;
	sigemptyset(&prof);
	sigaddset(&prof, SIGPROF);
	if (sigaction(SIGPROF, &counting, &before) != 0)
		return 0;
	pthread_sigmask(SIG_UNBLOCK, &prof, &mask_before);
	fd = perf_clock_open(gettid(), PERIOD_NS, 0);
	if (fd >= 0) {
		if (perf_clock_arm(fd) == 0)
			got = spin_for_gaps(gaps);
		perf_clock_disarm(fd);
		perf_clock_close(fd);
	}
	/* a signal of the closed clock still pending goes nowhere */
	pthread_sigmask(SIG_BLOCK, &prof, NULL);
	while (sigtimedwait(&prof, NULL, &no_wait) == SIGPROF)
		;
	pthread_sigmask(SIG_SETMASK, &mask_before, NULL);
	sigaction(SIGPROF, &before, NULL);
	if (got < SIGNALS)
		return 0;
	qsort(gaps, got, sizeof gaps[0], by_value);
	return gaps[got / 2] ? gaps[got / 2] : 1;
}

unsigned rate_choice_for_cost(uint64_t cost_ns)
{
	/* each divides the histogram's 1000 Hz: a signal is a whole number
	 * of its samples (sampling.h) */
	static const unsigned rates[] = {RATE_CHOICE_HIGH, 500, 250, 200};

	if (cost_ns == 0 || cost_ns > RATE_CHOICE_BUDGET_NS)
		return RATE_CHOICE_LOW;
	for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++)
		if ((cost_ns + RATE_CHOICE_HANDLER_NS) * rates[i] <= RATE_CHOICE_BUDGET_NS)
			return rates[i];
	return RATE_CHOICE_LOW;
}
