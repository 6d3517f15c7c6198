/* no-fde-work.c - code without unwind tables (built with
 * -fno-asynchronous-unwind-tables -fno-unwind-tables, and -pg: frame
 * pointers), for e2e-no-unwind-entry.sh: no_fde_work burns SECONDS of this
 * thread's CPU clock and returns the seconds it measured. */
#include <time.h>

double no_fde_work(double seconds);

volatile double no_fde_sink;

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

double no_fde_work(double seconds)
{
	double start = thread_cpu(), now, x = no_fde_sink;

	do {
		for (int i = 0; i < 20000; i++)
			x = x * 1.0000001 + 1e-9;
		now = thread_cpu();
	} while (now - start < seconds);
	no_fde_sink = x;
	return now - start;
}
