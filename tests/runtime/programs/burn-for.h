/* burn-for.h - CPU work measured by the thread's own clock, for the test
 * programs that compare samples with it (pause-resume.c, no-fde-work.c,
 * omp-nested.c, omp-spin-loop.c): included once, by the program's source
 * file. */
#ifndef BURN_FOR_H
#define BURN_FOR_H

#include <time.h>

volatile double burn_sink;

/* This thread's CPU seconds so far */
static inline double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Burns until this thread's CPU clock has advanced by seconds (inlined:
 * the samples are its caller's); returns the seconds it measured. */
static inline __attribute__((always_inline)) double burn_for(double seconds)
{
	double start = thread_cpu(), now, x = burn_sink;

	do {
		for (int i = 0; i < 20000; i++)
			x = x * 1.0000001 + 1e-9;
		now = thread_cpu();
	} while (now - start < seconds);
	burn_sink = x;
	return now - start;
}

#endif
