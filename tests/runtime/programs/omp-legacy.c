/* omp-legacy.c - a parallel region opened by the pair GCC emitted before
 * 4.9, called directly: main -> top -> mid -> GOMP_parallel_start(burn),
 * burn in the opening thread, GOMP_parallel_end.  Every thread burns
 * CPU in burn: its samples, the opening thread's and the workers', belong
 * under main;top;mid (issue 25).
 *   omp-legacy N THREADS    each thread burns N turns */
#include <stdlib.h>

#include "omp-turns.h"

#define NOINLINE __attribute__((noinline))

void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned threads);
void GOMP_parallel_end(void);

NOINLINE void burn(void *arg)
{
	sink += turns(*(const long *)arg);
}

NOINLINE void mid(long n, unsigned threads)
{
	GOMP_parallel_start(burn, &n, threads);
	burn(&n);
	GOMP_parallel_end();
	sink++;
}

NOINLINE void top(long n, unsigned threads)
{
	mid(n, threads);
	sink++;
}

int main(int argc, char **argv)
{
	top(argc > 1 ? atol(argv[1]) : 150000000L, argc > 2 ? (unsigned)atoi(argv[2]) : 2);
	return 0;
}
