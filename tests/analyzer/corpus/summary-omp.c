/*
 * summary-omp.c - the job summary's OpenMP categories (summary-omp.sh): 10
 * parallel regions of 2 threads in which thread t works (t + 1) x 20 ms of
 * its CPU time in work(), so that thread 0 waits about 20 ms at each
 * region's end.  The master thread prints its own clocks: the CPU time of
 * its work, and its CPU time in the regions beside its work (in the
 * runtime: the barrier, with OMP_WAIT_POLICY=active spinning):
 *
 *   work SECONDS runtime SECONDS
 */
#include <omp.h>
#include <stdio.h>

#include "thread-clock.h"

volatile double sink;

__attribute__((noinline)) void work(double seconds)
{
	double end = now() + seconds, x = 0;

	while (now() < end)
		for (int i = 0; i < 1000; i++)
			x += i;
	sink = x;
}

int main(void)
{
	double worked = 0, in_regions = 0;

	for (int r = 0; r < 10; r++) {
		double start = now();

#pragma omp parallel num_threads(2)
		{
			double w = now();

			work(0.020 * (omp_get_thread_num() + 1));
			if (omp_get_thread_num() == 0)
				worked += now() - w;
		}
		in_regions += now() - start;
	}
	printf("work %.6f runtime %.6f\n", worked, in_regions - worked);
	return 0;
}
