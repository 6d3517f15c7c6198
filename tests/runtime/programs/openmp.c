/* openmp.c - an OpenMP parallel region whose work is done by the worker
 * threads only (thread 0 skips it), so that the outlined region function
 * gets samples only when every thread is sampled. */
#include <omp.h>
#include <stdio.h>

volatile double sink;

int main(void)
{
#pragma omp parallel num_threads(3)
	{
		if (omp_get_thread_num() != 0) {
			double x = 1;

			for (long i = 0; i < 250000000L; i++)
				x = x * 1.0000001 + 1e-9;
			sink = x;
		}
	}
	return 0;
}
