/* callpaths.c - programs whose call paths are known, for e2e-callpaths.sh:
 *   callpaths easy-hard     the issue's: work() from easy() (little) and
 *                           from hard() (nearly all the time)
 *   callpaths qsort N       main -> sorter -> libc's qsort -> compare,
 *                           which burns CPU: compare's callers are only
 *                           on the stack inside qsort's frames (no frame
 *                           pointers in libc)
 *   callpaths threads       4 threads, each thread_main -> thread_spin
 *   callpaths recursion D   recurse() D deep, burning CPU at the bottom
 *   callpaths leaf N        caller() calls the tiny leaf() N times: many
 *                           samples fall on leaf's push %rbp and ret,
 *                           where %rbp is still caller's caller's frame
 * Every function is noinline and does something after its calls, so that
 * no call becomes a jump (a sibling call leaves no frame).  */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sort-ints.h"

#define NOINLINE __attribute__((noinline))

volatile long sink;

NOINLINE void work(int n)
{
	volatile int i = 0;

	while (i++ < n)
		;
}

NOINLINE void easy(void)
{
	work(1000);
	sink++;
}

NOINLINE void hard(void)
{
	work(300 * 1000 * 1000);
	sink++;
}

/* ---- qsort: a comparator burning CPU ---- */
static int compare_cost = 20000;

NOINLINE int compare(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	work(compare_cost);
	return (x > y) - (x < y);
}

NOINLINE void sorter(int n)
{
	sink += sort_ints(n, compare);
}

/* ---- threads ---- */
NOINLINE void thread_spin(void)
{
	work(200 * 1000 * 1000);
	sink++;
}

NOINLINE void *thread_main(void *arg)
{
	thread_spin();
	sink++;
	return arg;
}

static int run_threads(void)
{
	pthread_t t[4];

	for (int i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, thread_main, NULL) != 0) {
			fprintf(stderr, "callpaths: cannot create a thread\n");
			return 1;
		}
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return 0;
}

/* ---- recursion ---- */
NOINLINE int recurse(int depth)
{
	int r;

	if (depth <= 1) {
		work(300 * 1000 * 1000);
		return 1;
	}
	r = recurse(depth - 1);
	sink += r;
	return r + 1;
}

/* ---- a tiny leaf ---- */
NOINLINE int leaf(int x)
{
	return x * 3 + 1;
}

NOINLINE void caller(long n)
{
	int x = 0;

	for (long i = 0; i < n; i++)
		x = leaf(x);
	sink += x;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "easy-hard";

	if (strcmp(mode, "easy-hard") == 0) {
		easy();
		hard();
	} else if (strcmp(mode, "qsort") == 0)
		sorter(argc > 2 ? atoi(argv[2]) : 20000);
	else if (strcmp(mode, "threads") == 0)
		return run_threads();
	else if (strcmp(mode, "leaf") == 0)
		caller(argc > 2 ? atol(argv[2]) : 20000000);
	else if (strcmp(mode, "recursion") == 0)
		recurse(argc > 2 ? atoi(argv[2]) : 50);
	else {
		fprintf(stderr, "callpaths: unknown mode %s\n", mode);
		return 2;
	}
	sink++;
	return 0;
}
