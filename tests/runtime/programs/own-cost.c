/* own-cost.c - the profiler's own time that no sample sees, by
 * constructions whose cost the program measures by its own clock
 * (CLOCK_THREAD_CPUTIME_ID):
 *   own-cost signals N DEPTH: DEPTH frames deep, sends itself SIGUSR2 N
 *     times (the program's own empty handler: the kernel's delivery and
 *     return) and SIGPROF N times, in turns of 250 of each (the runtime's
 *     handler besides: under
 *     per-thread timers each is one sample, its path walked); prints
 *     "signals SECONDS", the SIGPROFs' time less the SIGUSR2s': the
 *     runtime's handlers' time;
 *   own-cost writes K: calls gmon_flush() K times; prints "writes SECONDS",
 *     the time in those calls. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gmon-mpi.h"

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_usr2(int sig)
{
	(void)sig;
}

static double raise_n(int sig, long n)
{
	double t0 = thread_cpu();

	for (long i = 0; i < n; i++)
		raise(sig);
	return thread_cpu() - t0;
}

#define ROUND 250

__attribute__((noinline)) static double deep(int depth, long n)
{
	double own, usr2;

	if (depth > 0) {
		double r = deep(depth - 1, n);

		__asm__ volatile("" ::: "memory");   /* not a tail call */
		return r;
	}
	/* in turns of ROUND of each, so that a load that comes and goes
	 * weighs on both alike (all of one then all of the other: under two
	 * busy loops the difference came out 13% below the handlers' time) */
	usr2 = own = 0;
	for (long done = 0; done < n; done += ROUND) {
		long k = n - done < ROUND ? n - done : ROUND;

		usr2 += raise_n(SIGUSR2, k);
		own += raise_n(SIGPROF, k);
	}
	return own - usr2;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[1], "signals") == 0) {
		signal(SIGUSR2, on_usr2);
		printf("signals %.6f\n", deep(atoi(argv[3]), atol(argv[2])));
	} else if (argc >= 3 && strcmp(argv[1], "writes") == 0) {
		double spent = 0;

		for (long k = atol(argv[2]); k > 0; k--) {
			double t0 = thread_cpu();

			if (gmon_flush() != 0)
				return 1;
			spent += thread_cpu() - t0;
		}
		printf("writes %.6f\n", spent);
	} else {
		fprintf(stderr, "usage: own-cost signals N DEPTH | own-cost writes K\n");
		return 2;
	}
	return 0;
}
