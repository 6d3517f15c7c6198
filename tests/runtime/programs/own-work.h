/* own-work.h - the program's own work and CPU clock of the test programs
 * that compare the time in a library with their own (burn-caller.c,
 * burn-until-killed.c, dlclose-caller.c, modules-report.sh's program):
 * included once, by the program's one source file. */
#ifndef OWN_WORK_H
#define OWN_WORK_H

#include <time.h>

volatile double own_sink;

/* n turns of a floating-point loop: the executable's own samples */
__attribute__((noinline)) void own_work(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.25;
	own_sink = s;
}

/* The process's CPU seconds so far */
static inline double cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

#endif
