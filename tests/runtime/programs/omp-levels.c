/* omp-levels.c - nested OpenMP regions deeper than the levels whose
 * records the runtime shares with the workers (omp-regions.c: 4), and
 * two openers alternating at the same levels, for e2e-omp-levels.sh:
 * main calls opener_a, whose region nests 6 deep (nest: thread 1 of each
 * level opens the next) with leaf_a at the bottom, then opener_b, whose
 * region nests 2 deep with leaf_b, ROUNDS times; each leaf burns SECONDS
 * of its thread's CPU a round.  Needs OMP_MAX_ACTIVE_LEVELS=8.
 *   omp-levels ROUNDS SECONDS */
#include <omp.h>
#include <stdlib.h>

#include "burn-for.h"

static double seconds = 0.002;

__attribute__((noinline)) void leaf_a(void)
{
	burn_for(seconds);
}

__attribute__((noinline)) void leaf_b(void)
{
	burn_for(seconds);
}

__attribute__((noinline)) void nest(int n, void (*leaf)(void))
{
	if (n == 0) {
		leaf();
		return;
	}
#pragma omp parallel num_threads(2)
	{
		if (omp_get_thread_num() == 1)
			nest(n - 1, leaf);
	}
}

__attribute__((noinline)) void opener_a(void)
{
	nest(6, leaf_a);
}

__attribute__((noinline)) void opener_b(void)
{
	nest(2, leaf_b);
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 100;

	if (argc > 2)
		seconds = atof(argv[2]);
	for (int i = 0; i < rounds; i++) {
		opener_a();
		opener_b();
	}
	return 0;
}
