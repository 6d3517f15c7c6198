/* omp-barrier.c - a worker's waits in libgomp, run with
 * OMP_WAIT_POLICY=active (they spin: CPU time, sampled):
 *   omp-barrier regions N    main -> top -> imbalanced opens 10 regions of
 *                            2 threads back to back, thread 0 burning N/10
 *                            turns in each, the worker N/40: the worker
 *                            waits at each region's closing barrier
 *   omp-barrier opener N     the same, the worker burning N/10 turns and
 *                            thread 0 N/40: the opening thread waits at
 *                            each region's end, in GOMP_parallel
 *   omp-barrier idle N       main -> top -> balanced opens one short region
 *                            (both threads burn N/1000), then serial burns N
 *                            turns while the worker waits for a next region;
 *                            prints the region's wall-clock time (ms), which
 *                            bounds its own waits, and on stderr the worker's
 *                            CPU time outside the region ("worker-idle S"):
 *                            the process's CPU time less the main thread's
 *                            and the worker's in the region, by their clocks
 *                            (how much the worker spins while serial burns
 *                            depends on the CPU it gets, not on the profiler)
 * (issue 25). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "omp-turns.h"

#define NOINLINE __attribute__((noinline))

NOINLINE void burn(long n)
{
	sink += turns(n);
}

NOINLINE void imbalanced(long n, int opener_waits)
{
#pragma omp parallel num_threads(2)
	burn((omp_get_thread_num() == 0) != opener_waits ? n : n / 4);
}

static double cpu_seconds(clockid_t clock)
{
	struct timespec t;

	clock_gettime(clock, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double worker_in_region;   /* the worker's CPU time in balanced's region */

NOINLINE void balanced(long n)
{
#pragma omp parallel num_threads(2)
	{
		double start = cpu_seconds(CLOCK_THREAD_CPUTIME_ID);

		burn(n);
		if (omp_get_thread_num() == 1)
			worker_in_region = cpu_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
	}
}

NOINLINE void serial(long n)
{
	burn(n);
}

NOINLINE void top(const char *mode, long n)
{
	if (strcmp(mode, "regions") == 0 || strcmp(mode, "opener") == 0)
		for (int r = 0; r < 10; r++)
			imbalanced(n / 10, strcmp(mode, "opener") == 0);
	else {
		double start = omp_get_wtime();

		balanced(n / 1000);
		printf("%.3f\n", (omp_get_wtime() - start) * 1e3);
		serial(n);
		fprintf(stderr, "worker-idle %.6f\n",
			cpu_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_seconds(CLOCK_THREAD_CPUTIME_ID) -
				worker_in_region);
	}
}

int main(int argc, char **argv)
{
	if (argc != 3)
		return 2;
	top(argv[1], atol(argv[2]));
	return 0;
}
