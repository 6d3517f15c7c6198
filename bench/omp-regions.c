/* omp-regions.c - bench/omp-regions-bench's program: opens REGIONS small
 * OpenMP regions (WORK turns of a loop, shared by the team: a few us
 * each), or, with "calls" as its first argument, makes CALLS calls of tiny
 * functions (fib and its leaf: what mcount costs most on).  Prints the
 * process's CPU time and the wall time of the work, in seconds.
 * Usage: omp-regions [REGIONS [WORK]] | omp-regions calls [CALLS] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_s(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile double sink;

static void step(long i, long work)
{
	#pragma omp parallel
	{
		double x = (double)i;
		int n = omp_get_num_threads();
		for (long k = omp_get_thread_num(); k < work; k += n)
			x = x * 0.999999 + 1e-9 * (double)k;
		sink = x;
	}
}

__attribute__((noinline)) static long leaf(long x)
{
	return x * 3 + 1;
}

__attribute__((noinline)) static long fib(int n)
{
	return n < 2 ? leaf(n) : fib(n - 1) + fib(n - 2);
}

static int calls(long n)
{
	double c0 = cpu_s(CLOCK_PROCESS_CPUTIME_ID), w0 = cpu_s(CLOCK_MONOTONIC);
	long x = 0;

	/* fib(20): 21,891 calls of fib and 10,946 of leaf, as written (the
	 * compiler may fold some) */
	for (long i = 0; i < n / 32837; i++)
		x += fib(20);
	sink = (double)x;
	printf("%.4f %.4f\n", cpu_s(CLOCK_PROCESS_CPUTIME_ID) - c0, cpu_s(CLOCK_MONOTONIC) - w0);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && argv[1][0] == 'c')
		return calls(argc > 2 ? atol(argv[2]) : 300000000);
	long regions = argc > 1 ? atol(argv[1]) : 200000;
	long work = argc > 2 ? atol(argv[2]) : 2000;
	double c0 = cpu_s(CLOCK_PROCESS_CPUTIME_ID), w0 = cpu_s(CLOCK_MONOTONIC);

	for (long i = 0; i < regions; i++)
		step(i, work);
	printf("%.4f %.4f\n", cpu_s(CLOCK_PROCESS_CPUTIME_ID) - c0, cpu_s(CLOCK_MONOTONIC) - w0);
	return 0;
}
