/* dlclose-caller.c - a -pg program that opens a library with dlopen, calls
 * it and closes it with dlclose, as Open MPI does with its components
 * (closed in MPI_Finalize, before the profile is written at exit).
 *
 *   dlclose-caller LIBRARY FUNCTION N ROUNDS [keep|flush|shift|shift,flush|keep,flush]
 *
 * Each of ROUNDS rounds opens LIBRARY, calls FUNCTION(N) (a function of a
 * long) and closes it; the program's own work is a third of one round's.
 * keep: one more round whose library stays loaded at exit.  flush: after
 * the rounds, raises SIGUSR1 (with BG_GMON_FLUSH_SIGNALS=USR1, the
 * profile is written on the signal, which then ends the process: the
 * profile is the flush's, not the exit's).  shift: after each close, maps
 * (and keeps) a page, as a program allocating between two openings does:
 * it takes the top of the library's hole, so that the next opening loads
 * a small library elsewhere (600 openings of libburn.so: about 590
 * addresses; shift,flush and keep,flush: both).
 * Prints the CPU seconds of the program and of the library's calls:
 * "own S lib S". */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "own-work.h"

/* One round: open, call, close unless keep.  Returns its CPU seconds. */
__attribute__((noinline)) double call_library(const char *library, const char *function, long n,
					      int keep)
{
	void *h = dlopen(library, RTLD_NOW | RTLD_LOCAL);
	void (*f)(long);
	double t0;

	if (!h) {
		fprintf(stderr, "dlclose-caller: %s\n", dlerror());
		exit(2);
	}
	f = (void (*)(long))dlsym(h, function);
	if (!f) {
		fprintf(stderr, "dlclose-caller: %s: no %s\n", library, function);
		exit(2);
	}
	t0 = cpu_seconds();
	f(n);
	t0 = cpu_seconds() - t0;
	if (!keep && dlclose(h) != 0) {
		fprintf(stderr, "dlclose-caller: dlclose: %s\n", dlerror());
		exit(2);
	}
	return t0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 5 ? argv[5] : "";
	long n, rounds;
	double own, lib = 0;

	if (argc < 5) {
		fprintf(stderr, "usage: dlclose-caller LIBRARY FUNCTION N ROUNDS [keep|flush]\n");
		return 2;
	}
	n = atol(argv[3]);
	rounds = atol(argv[4]);
	own = cpu_seconds();
	own_work(n / 3);
	own = cpu_seconds() - own;
	for (long r = 0; r < rounds; r++) {
		lib += call_library(argv[1], argv[2], n, 0);
		if (strstr(mode, "shift") &&
		    mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) ==
			    MAP_FAILED) {
			perror("dlclose-caller: mmap");
			return 2;
		}
	}
	if (strstr(mode, "keep"))
		lib += call_library(argv[1], argv[2], n, 1);
	printf("own %.3f lib %.3f\n", own, lib);
	if (strstr(mode, "flush")) {
		fflush(stdout);
		raise(SIGUSR1);
		return 3;       /* not reached: SIGUSR1 ends the process */
	}
	return 0;
}
