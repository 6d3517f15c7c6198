/* wall-clock.c - time that a CPU clock cannot see: sleep_io() sleeps
 * 0.4 s (one nanosleep, not resumed after a signal: a profiler's signal
 * would cut it short), compute() burns 0.2 s of CPU.  Prints the wall time each took, by the program's own
 * CLOCK_MONOTONIC: "sleep_io 0.4003 compute 0.2001". */
#include <stdio.h>
#include <time.h>

static double seconds(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

volatile double sink;

__attribute__((noinline)) void sleep_io(void)
{
	struct timespec span = {0, 400000000L};

	nanosleep(&span, NULL);
}

__attribute__((noinline)) void compute(void)
{
	double s = 0, end = seconds(CLOCK_THREAD_CPUTIME_ID) + 0.2;

	while (seconds(CLOCK_THREAD_CPUTIME_ID) < end)
		for (int i = 0; i < 20000; i++)
			s += i * 0.5;
	sink = s;
}

int main(void)
{
	double t0 = seconds(CLOCK_MONOTONIC), t1, t2;

	sleep_io();
	t1 = seconds(CLOCK_MONOTONIC);
	compute();
	t2 = seconds(CLOCK_MONOTONIC);
	printf("sleep_io %.4f compute %.4f\n", t1 - t0, t2 - t1);
	return 0;
}
