/* burn-caller.c - spends about a quarter of its CPU time in its own
 * function and the rest in libburn.so's burn(), and prints both as
 * measured (CPU seconds of the process): "own S burn S". */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double burn(long n);
volatile double own_sink;

__attribute__((noinline)) void own_work(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.25;
	own_sink = s;
}

static double cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 300000000;
	double t0 = cpu_seconds(), t1, t2;

	own_work(n / 3);
	t1 = cpu_seconds();
	burn(n);
	t2 = cpu_seconds();
	printf("own %.3f burn %.3f\n", t1 - t0, t2 - t1);
	return 0;
}
