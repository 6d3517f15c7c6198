/* pause-resume.c - work profiled, paused (moncontrol(0)), and profiled
 * again (moncontrol(1)), each phase in its own function, for
 * e2e-moncontrol.sh: before_pause burns BEFORE seconds of this thread's
 * CPU clock, while_paused PAUSED seconds with profiling off, after_resume
 * AFTER seconds; prints each phase's own CPU seconds as measured:
 *   pause-resume BEFORE PAUSED AFTER */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gmon-mpi.h"

volatile double sink;

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Burns until this thread's CPU clock has advanced by seconds (inlined:
 * the samples are the phase's own); returns the seconds it measured. */
static inline __attribute__((always_inline)) double burn_for(double seconds)
{
	double start = thread_cpu(), now, x = sink;

	do {
		for (int i = 0; i < 20000; i++)
			x = x * 1.0000001 + 1e-9;
		now = thread_cpu();
	} while (now - start < seconds);
	sink = x;
	return now - start;
}

__attribute__((noinline)) double before_pause(double s) { return burn_for(s); }
__attribute__((noinline)) double while_paused(double s) { return burn_for(s); }
__attribute__((noinline)) double after_resume(double s) { return burn_for(s); }

int main(int argc, char **argv)
{
	double before, paused, after;

	if (argc != 4)
		return 2;
	before = before_pause(atof(argv[1]));
	moncontrol(0);
	paused = while_paused(atof(argv[2]));
	moncontrol(1);
	after = after_resume(atof(argv[3]));
	printf("before_pause %.6f\nwhile_paused %.6f\nafter_resume %.6f\n", before, paused, after);
	return 0;
}
