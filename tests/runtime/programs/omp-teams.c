/* omp-teams.c - host teams (#pragma omp teams, GOMP_teams_reg) opened at
 * main -> top -> mid: each team burns CPU in team_own, then opens a
 * parallel region of 2 threads burning in team_work.  team_own's samples
 * belong under main;top;mid and the teams' function; team_work's, in
 * either thread, under those and the parallel region's function (issue
 * 25).
 *   omp-teams N    each burns N turns */
#include <stdlib.h>

#include "omp-turns.h"

#define NOINLINE __attribute__((noinline))

NOINLINE void team_own(long n)
{
	sink += turns(n);
}

NOINLINE void team_work(long n)
{
	sink += turns(n);
}

NOINLINE void mid(long n)
{
#pragma omp teams num_teams(2)
	{
		team_own(n);
#pragma omp parallel num_threads(2)
		team_work(n);
	}
	sink++;
}

NOINLINE void top(long n)
{
	mid(n);
	sink++;
}

int main(int argc, char **argv)
{
	top(argc > 1 ? atol(argv[1]) : 50000000L);
	return 0;
}
