/*
 * inlined.c - three functions that GCC inlines into main at -O2, each
 * timing itself with the thread's CPU clock, to check that gprof-par names
 * the time spent in each ("main;stencil [inlined]"), not all of it "main".
 *
 *     mpicc -pg -O2 -g inlined.c -o inlined -lgmon-mpi
 *     BG_GMON_HZ=1000 ./inlined
 *     gprof-par --summary ./inlined gmon.out
 *     gprof-par --format=folded ./inlined gmon.out
 *
 * It prints each function's own CPU time ("stencil 0.412") and the whole
 * program's ("total 1.105"): their shares are what the summary and the
 * folded paths should give "stencil [inlined]", "smooth [inlined]" and
 * "checksum [inlined]" (the rest is main's own loop, and the runtime's).
 * A different weight per function (1, 2, 3: about 1/6, 2/6, 3/6 of the
 * time) tells them apart.  No MPI call is needed: any -pg program linked
 * with -lgmon-mpi is profiled; an argument scales the run (default 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define N 4096

static double grid[N], next[N];

static double thread_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* a three-point stencil, rounds times over the grid */
static inline __attribute__((always_inline)) void stencil(int rounds)
{
	for (int r = 0; r < rounds; r++) {
		for (int i = 1; i < N - 1; i++)
			next[i] = 0.25 * grid[i - 1] + 0.5 * grid[i] + 0.25 * grid[i + 1];
		for (int i = 1; i < N - 1; i++)
			grid[i] = next[i];
	}
}

/* a damped smoothing, each point after its neighbour (a dependent chain) */
static inline __attribute__((always_inline)) void smooth(int rounds)
{
	for (int r = 0; r < rounds; r++)
		for (int i = 1; i < N; i++)
			grid[i] = 0.999 * grid[i] + 0.001 * grid[i - 1];
}

/* a sum of the grid's squares, with a division each point */
static inline __attribute__((always_inline)) double checksum(int rounds)
{
	double sum = 0.0;

	for (int r = 0; r < rounds; r++)
		for (int i = 0; i < N; i++)
			sum += grid[i] * grid[i] / (1.0 + (double)(i + r));
	return sum;
}

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 1;
	double spent[3] = { 0, 0, 0 }, start = thread_seconds(), sum = 0.0;

	if (scale < 1)
		scale = 1;
	for (int i = 0; i < N; i++)
		grid[i] = (double)(i % 17);
	for (int step = 0; step < 20 * scale; step++) {
		double t0 = thread_seconds(), t1, t2, t3;

		stencil(3600);
		t1 = thread_seconds();
		smooth(2000);
		t2 = thread_seconds();
		sum += checksum(5000);
		t3 = thread_seconds();
		spent[0] += t1 - t0;
		spent[1] += t2 - t1;
		spent[2] += t3 - t2;
	}
	printf("stencil %.6f\nsmooth %.6f\nchecksum %.6f\ntotal %.6f\n", spent[0], spent[1],
	       spent[2], thread_seconds() - start);
	printf("result %g\n", sum);
	return 0;
}
