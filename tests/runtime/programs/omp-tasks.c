/* omp-tasks.c - explicit tasks created at main -> top -> mid -> (parallel
 * region, one thread) -> spawn, which burn CPU in work(): every task's
 * samples, whichever thread runs it, belong under main;top;mid;spawn
 * (issue 25).  The tasks are of each kind GOMP_task handles: data copied
 * by memcpy or by a copy function (a firstprivate VLA), deferred or
 * undeferred (if(0)), and a task creating a child task (which burns in
 * work_child, under its parent task and spawn); then one task opens a
 * parallel region of 2 threads burning in work_nested (under the region's
 * function, the task's and spawn; run with OMP_MAX_ACTIVE_LEVELS=2).  Each task writes what it was given to seen[]:
 * a task that ran on the wrong data makes the program fail.
 *   omp-tasks N TASKS    TASKS tasks (5 kinds in turn), each burning N turns */
#include <stdio.h>
#include <stdlib.h>

#include "omp-turns.h"

#define NOINLINE __attribute__((noinline))

NOINLINE void work(long n, int *out, int value)
{
	sink += turns(n);
	*out = value;
}

NOINLINE void work_child(long n, int *out, int value)
{
	sink += turns(n);
	*out = value;
}

NOINLINE void work_nested(long n)
{
	sink += turns(n);
}

NOINLINE void spawn(long n, int tasks, int *seen)
{
	int vla[tasks];

	for (int i = 0; i < tasks; i++)
		vla[i] = 1000 + i;
	for (int i = 0; i < tasks; i++) {
		switch (i % 5) {
		case 0:
#pragma omp task firstprivate(i)
			work(n, &seen[i], i);
			break;
		case 1:
#pragma omp task firstprivate(i, vla)
			work(n, &seen[i], vla[i] - 1000);
			break;
		case 2:
#pragma omp task firstprivate(i) if(0)
			work(n, &seen[i], i);
			break;
		case 3:
#pragma omp task firstprivate(i, vla) if(0)
			work(n, &seen[i], vla[i] - 1000);
			break;
		default:
#pragma omp task firstprivate(i)
			{
#pragma omp task firstprivate(i)
				work_child(n, &seen[i], i);
#pragma omp taskwait
			}
		}
	}
#pragma omp task firstprivate(n)
#pragma omp parallel num_threads(2)
	work_nested(4 * n); /* (4 x: enough samples under load for the share) */
#pragma omp taskwait
}

NOINLINE void mid(long n, int tasks, int *seen)
{
#pragma omp parallel
#pragma omp single
	spawn(n, tasks, seen);
	sink++;
}

NOINLINE void top(long n, int tasks, int *seen)
{
	mid(n, tasks, seen);
	sink++;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10000000L;
	int tasks = argc > 2 ? atoi(argv[2]) : 40;
	int *seen = calloc((size_t)tasks, sizeof *seen);

	for (int i = 0; i < tasks; i++)
		seen[i] = -1;
	top(n, tasks, seen);
	for (int i = 0; i < tasks; i++)
		if (seen[i] != i) {
			fprintf(stderr, "omp-tasks: task %d saw %d\n", i, seen[i]);
			return 1;
		}
	return 0;
}
