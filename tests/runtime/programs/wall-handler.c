/* wall-handler.c - one thread that spins in spin() for S seconds
 * (argv[1], default 1) of its own CLOCK_MONOTONIC, for the wall clock's
 * look at a thread that is in the runtime's SIGPROF handler (slow-handler.c
 * makes each handler sleep).  Prints "spin SECONDS elapsed SECONDS", both
 * by CLOCK_MONOTONIC: spin's includes the handlers that interrupted it. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static volatile unsigned long sink;

__attribute__((noinline)) double spin(double seconds)
{
	double t0 = now(), t;

	do {
		for (unsigned i = 0; i < 20000; i++)
			sink += i;
		t = now();
	} while (t - t0 < seconds);
	return t - t0;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1, t0 = now(), spun;

	spun = spin(seconds);
	printf("spin %.4f elapsed %.4f\n", spun, now() - t0);
	return 0;
}
