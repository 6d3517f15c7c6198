/*
 * An OpenMP loop that GNU gprof charges to an unrelated function, for
 * regions-views.sh: GCC emits stencil's region, stencil._omp_fn.0, first
 * in this file's .text, so linked after a file whose last function is
 * neighbour() (never called unless a second argument is given) it lies
 * right after neighbour.  Usage: views-omp N: N hundred million
 * iterations of the parallel loop.
 */
#include <stdlib.h>
volatile double sink;
void neighbour(void);
__attribute__((noinline)) void stencil(long n)
{
	double acc = 0;
#pragma omp parallel for reduction(+:acc) schedule(static)
	for (long i = 0; i < n; i++)
		acc += (double)(i % 7) * 1e-9 + (double)i * 1e-12;
	sink = acc;
}
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	if (argc > 2) neighbour();
	stencil(n * 100000000L);
	return 0;
}
