/*
 * dlclose-bench.c - the program bench/dlclose-bench builds with -pg, once
 * with glibc's gmon and once with libgmon-mpi:
 *
 *   dlclose-bench-prog LIBRARY N [MODULE...]
 *
 * opens every MODULE (kept loaded: the modules an MPI run has, which
 * libgmon-mpi's dlclose lists before and after each close), then opens
 * LIBRARY, calls nothing and closes it, N times.  Prints the wall
 * microseconds of one dlopen+dlclose (the loop's monotonic time / N) and
 * how many modules are loaded.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int count_module(struct dl_phdr_info *info, size_t size, void *ctx)
{
	(void)info;
	(void)size;
	++*(int *)ctx;
	return 0;
}

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	long n;
	int modules = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: dlclose-bench-prog LIBRARY N [MODULE...]\n");
		return 2;
	}
	n = atol(argv[2]);
	for (int i = 3; i < argc; i++)
		if (!dlopen(argv[i], RTLD_NOW | RTLD_GLOBAL))
			fprintf(stderr, "dlclose-bench-prog: %s (left out)\n", dlerror());
	dl_iterate_phdr(count_module, &modules);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long i = 0; i < n; i++) {
		void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);

		if (!h || dlclose(h) != 0) {
			fprintf(stderr, "dlclose-bench-prog: %s\n", dlerror());
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%.2f %d\n", ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) /
	       (double)n / 1e3, modules);
	return 0;
}
