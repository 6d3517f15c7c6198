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
#include <time.h>

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

volatile double sink;

__attribute__((noinline)) void work(double seconds)
{
	double end = thread_cpu() + seconds, x = 0;

	while (thread_cpu() < end)
		for (int i = 0; i < 1000; i++)
			x += i;
	sink = x;
}

int main(void)
{
	double worked = 0, in_regions = 0;

	for (int r = 0; r < 10; r++) {
		double start = thread_cpu();

#pragma omp parallel num_threads(2)
		{
			double w = thread_cpu();

			work(0.020 * (omp_get_thread_num() + 1));
			if (omp_get_thread_num() == 0)
				worked += thread_cpu() - w;
		}
		in_regions += thread_cpu() - start;
	}
	printf("work %.6f runtime %.6f\n", worked, in_regions - worked);
	return 0;
}
