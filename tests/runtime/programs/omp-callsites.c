/* omp-callsites.c - one OpenMP region opened from one call site in two
 * calling contexts whose stacks are laid out alike: main -> via_a ->
 * opener and main -> via_b -> opener (the same frame sizes, so the same
 * stack pointer at the region's opening; only via_a's or via_b's return
 * address differs), chosen at random each turn; via_b's regions do three
 * times via_a's work.  Each thread adds the CPU time (its own clock) it
 * spends in burn() under each, printed at the end as
 *   "a SECONDS" and "b SECONDS" on stderr.
 * Usage: omp-callsites TURNS WORK */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "omp-turns.h"

static double spent[2];

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

__attribute__((noinline)) void burn(long n)
{
	sink = turns(n);
}

__attribute__((noinline)) void opener(int which, long n)
{
#pragma omp parallel
	{
		double t0 = thread_cpu(), t;

		burn(n / omp_get_num_threads());
		t = thread_cpu() - t0;
#pragma omp atomic
		spent[which] += t;
	}
}

__attribute__((noinline)) void via_a(long n)
{
	opener(0, n);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void via_b(long n)
{
	opener(1, 3 * n);
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	long turns_n = argc > 1 ? atol(argv[1]) : 4000, work = argc > 2 ? atol(argv[2]) : 20000;
	unsigned seed = 12345;

	for (long i = 0; i < turns_n; i++) {
		seed = seed * 1103515245u + 12345u;
		if (seed >> 16 & 1)
			via_b(work);
		else
			via_a(work);
	}
	fprintf(stderr, "a %.6f\nb %.6f\n", spent[0], spent[1]);
	return 0;
}
