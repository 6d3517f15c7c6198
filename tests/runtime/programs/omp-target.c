/* omp-target.c - target regions run on the host (GCC 12's libgomp with
 * no offload device: GOMP_target_ext's host fallback), each opened at
 * main -> top -> one function, every one burning CPU:
 *   on_target          #pragma omp target: burns in target_work
 *   on_target_teams    #pragma omp target teams num_teams(2) (the
 *                      target's function calls GOMP_teams4): each team
 *                      burns in teams_work
 *   on_target_parallel #pragma omp target parallel num_threads(2): both
 *                      threads burn in parallel_work
 *   on_old_target      GOMP_target (the GCC 4.9/5 entry point) called
 *                      directly with the function old_body: burns in
 *                      old_work
 *   on_target_nowait   #pragma omp target nowait (left to libgomp), then
 *                      taskwait: burns in nowait_work
 * Each work function's samples belong under main;top;its opener, the
 * outlined function (or old_body) next to the opener (issue 25).  Prints
 * the number of offload devices and exits 1 if a region did not run.
 *   omp-target N    each burns N turns */
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "omp-turns.h"

#define NOINLINE __attribute__((noinline))

void GOMP_target(int device, void (*fn)(void *), const void *unused, size_t mapnum,
		 void **hostaddrs, size_t *sizes, unsigned char *kinds);

static int ran[5];

NOINLINE void target_work(long n) { sink += turns(n); ran[0]++; }
NOINLINE void teams_work(long n) { sink += turns(n); }
NOINLINE void parallel_work(long n) { sink += turns(n); }
NOINLINE void old_work(long n) { sink += turns(n); ran[3]++; }
NOINLINE void nowait_work(long n) { sink += turns(n); ran[4]++; }

NOINLINE void on_target(long n)
{
#pragma omp target map(tofrom: ran)
	target_work(n);
}

NOINLINE void on_target_teams(long n)
{
#pragma omp target teams num_teams(2) map(tofrom: ran)
	{
		teams_work(n / 2);
		if (omp_get_team_num() == 0)
			ran[1]++;
	}
}

NOINLINE void on_target_parallel(long n)
{
#pragma omp target parallel num_threads(2) map(tofrom: ran)
	{
		parallel_work(n / 2);
#pragma omp atomic
		ran[2]++;
	}
}

static long old_turns;

NOINLINE void old_body(void *hostaddrs)
{
	(void)hostaddrs;
	old_work(old_turns);
}

NOINLINE void on_old_target(long n)
{
	old_turns = n;
	GOMP_target(-1, old_body, NULL, 0, NULL, NULL, NULL);
}

NOINLINE void on_target_nowait(long n)
{
#pragma omp target nowait map(tofrom: ran)
	nowait_work(n);
#pragma omp taskwait
}

NOINLINE void top(long n)
{
	on_target(n);
	on_target_teams(n);
	on_target_parallel(n);
	on_old_target(n);
	on_target_nowait(n);
}

int main(int argc, char **argv)
{
	printf("%d\n", omp_get_num_devices());
	top(argc > 1 ? atol(argv[1]) : 100000000L);
	if (ran[0] != 1 || ran[1] < 1 || ran[2] < 1 || ran[3] != 1 || ran[4] != 1) {
		fprintf(stderr, "omp-target: regions ran %d %d %d %d %d times\n", ran[0], ran[1],
			ran[2], ran[3], ran[4]);
		return 1;
	}
	return 0;
}
