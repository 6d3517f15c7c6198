/* omp-nested.c - nested OpenMP regions, for e2e-omp-nested.sh: main ->
 * outer_opener opens a region of 2 threads, each of which calls
 * inner_opener, which opens a nested region of 2: its thread 1 burns
 * SECONDS of its CPU clock, its thread 0 (the outer region's thread, a
 * worker of the outer region in one of the two) waits at the nested
 * region's closing barrier.  Needs OMP_MAX_ACTIVE_LEVELS=2.
 *   omp-nested SECONDS */
#include <omp.h>
#include <stdlib.h>

#include "burn-for.h"

__attribute__((noinline)) void inner_opener(double seconds)
{
#pragma omp parallel num_threads(2)
	{
		if (omp_get_thread_num() == 1)
			burn_for(seconds);
	}
}

__attribute__((noinline)) void outer_opener(double seconds)
{
#pragma omp parallel num_threads(2)
	inner_opener(seconds);
}

int main(int argc, char **argv)
{
	outer_opener(argc > 1 ? atof(argv[1]) : 0.3);
	return 0;
}
