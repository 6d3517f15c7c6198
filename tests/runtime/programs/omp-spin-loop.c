/* omp-spin-loop.c [STEPS] - an OpenMP loop between spins (issue 36, the
 * shape of bench/omp-spins.c without MPI): each of STEPS steps (default
 * 400), a team of OMP_NUM_THREADS threads shares a loop (about 0.6 ms of
 * CPU a thread) in a parallel region, then the main thread runs serial()
 * for 1 ms of its CPU while the others wait in the OpenMP runtime,
 * spinning.  Each thread times its part of the loop by its own clock
 * (CLOCK_THREAD_CPUTIME_ID), and the main thread serial(); prints the
 * sums, in seconds: "loop 0.48 serial 0.40". */
#include <stdio.h>
#include <stdlib.h>

#include "burn-for.h"
#include "omp-relax.h"

__attribute__((noinline)) void serial(double seconds)
{
	burn_for(seconds);
}

int main(int argc, char **argv)
{
	int steps = argc > 1 ? atoi(argv[1]) : 400, n = 14000;
	double *u = calloc((size_t)n, sizeof *u), loop = 0, serial_s = 0;

	if (!u || steps < 1)
		return 2;
	for (int step = 0; step < steps; step++) {
		double start;

#pragma omp parallel reduction(+ : loop)
		{
			double mine = thread_cpu(), sum = 0;

			OMP_RELAX_SHARE(u, n, sum)
			loop += thread_cpu() - mine;
			burn_sink = sum;
		}
		start = thread_cpu();
		serial(0.001);
		serial_s += thread_cpu() - start;
	}
	printf("loop %.4f serial %.4f\n", loop, serial_s);
	free(u);
	return 0;
}
