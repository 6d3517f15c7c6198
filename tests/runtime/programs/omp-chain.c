/* omp-chain.c - an OpenMP region at the end of a 3-deep call chain,
 * main -> top -> mid -> inner -> #pragma omp parallel (inner._omp_fn.0),
 * where every thread burns CPU: the region's samples, in the opening
 * thread and in the workers, belong under main;top;mid;inner (issue 25).
 *   omp-chain N    each thread burns N turns */
#include <omp.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

volatile double sink;

NOINLINE void inner(long n)
{
#pragma omp parallel
	{
		double x = 1;

		for (long i = 0; i < n; i++)
			x = x * 1.0000001 + 1e-9;
		sink += x;
	}
	sink++;
}

NOINLINE void mid(long n)
{
	inner(n);
	sink++;
}

NOINLINE void top(long n)
{
	mid(n);
	sink++;
}

int main(int argc, char **argv)
{
	top(argc > 1 ? atol(argv[1]) : 300000000L);
	return 0;
}
