/*
 * plt-calls-bench.c - the cost of a call through the PLT: N calls of a
 * tiny function in a shared library (bench/plt-calls-bench builds
 * libtiny.so and libother.so from this file with -DTINY_LIBRARY=tiny or
 * other), timed with CLOCK_MONOTONIC; prints the nanoseconds per call.
 *   plt-calls-bench tiny|other N
 */
#ifdef TINY_LIBRARY
__attribute__((noinline)) long TINY_LIBRARY(long k)
{
	return k + 1;
}
#else
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

long tiny(long k);
long other(long k);

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
	long (*unused)(long) = NULL;
	long n, s = 0;
	int use_other;
	double t0;

	if (argc != 3 || (strcmp(argv[1], "tiny") != 0 && strcmp(argv[1], "other") != 0)) {
		fprintf(stderr, "usage: plt-calls-bench tiny|other N\n");
		return 2;
	}
	use_other = strcmp(argv[1], "other") == 0;
	n = atol(argv[2]);
	(void)unused;
	/* one call first: the lazy binding itself is not what is measured */
	s += use_other ? other(0) : tiny(0);
	t0 = now();
	if (use_other)
		for (long i = 0; i < n; i++)
			s += other(i);
	else
		for (long i = 0; i < n; i++)
			s += tiny(i);
	printf("%.2f\n", (now() - t0) / (double)n);
	return s == 42;         /* (keeps the loop) */
}
#endif
