/* rhythm.c ROUNDS - a program with a rhythm a fixed sampling period beats
 * with: rounds of exactly 60 ms (absolute deadlines on CLOCK_MONOTONIC, as
 * a time-stepped code keeps its pace), phase_short the first 6 ms (10%),
 * phase_long the other 54 ms, both asleep (resumed after a signal), so that
 * many copies run at once on a few cores.  A 10 ms sampling period without
 * jitter takes its samples at the same offsets of every round: 1 of 6 or
 * none in phase_short (16.7% or 0%).  Prints the seconds each phase took by
 * the same clock: "phase_short 0.7803 phase_long 7.0200". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define ROUND_NS 60000000L
#define SHORT_NS 6000000L

static double seconds(const struct timespec *t)
{
	return (double)t->tv_sec + (double)t->tv_nsec / 1e9;
}

static void later(struct timespec *t, long ns)
{
	t->tv_nsec += ns;
	while (t->tv_nsec >= 1000000000L) {
		t->tv_nsec -= 1000000000L;
		t->tv_sec++;
	}
}

static void sleep_until(const struct timespec *deadline)
{
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, deadline, NULL) == EINTR)
		;
}

__attribute__((noinline)) void phase_short(const struct timespec *end) { sleep_until(end); }
__attribute__((noinline)) void phase_long(const struct timespec *end) { sleep_until(end); }

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 50;
	double in_short = 0, in_long = 0;
	struct timespec start, mid, end, t;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (int r = 0; r < rounds; r++) {
		mid = start;
		later(&mid, SHORT_NS);
		end = start;
		later(&end, ROUND_NS);
		phase_short(&mid);
		clock_gettime(CLOCK_MONOTONIC, &t);
		in_short += seconds(&t) - seconds(&start);
		phase_long(&end);
		clock_gettime(CLOCK_MONOTONIC, &start);
		in_long += seconds(&start) - seconds(&t);
	}
	printf("phase_short %.4f phase_long %.4f\n", in_short, in_long);
	return 0;
}
