/* plt-reload.c - opens, calls and closes libraries in turn, for the
 * rtld-audit library's corners (e2e-plt-corners.sh).
 *
 *   plt-reload [fork] LIBRARY N [LIBRARY N]...
 *
 * For each LIBRARY: dlopen (lazy: the audited PLT), target_run(N) (libtarget.c: N calls through
 * its PLT), dlclose, so that the next library of the same size is mapped
 * where this one was.  fork: after the first library's calls (before its
 * dlclose), forks a child that makes 777 more calls, outlives the parent
 * by 0.5 s and exits normally; the parent prints the child's pid. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int do_fork = argc > 1 && strcmp(argv[1], "fork") == 0;

	for (int i = 1 + do_fork; i + 1 < argc; i += 2) {
		void *h = dlopen(argv[i], RTLD_LAZY | RTLD_LOCAL);
		void (*run)(long);

		if (!h) {
			fprintf(stderr, "plt-reload: %s\n", dlerror());
			return 2;
		}
		run = (void (*)(long))dlsym(h, "target_run");
		if (!run)
			return 2;
		run(atol(argv[i + 1]));
		if (do_fork && i == 2) {
			pid_t child = fork();

			if (child == 0) {
				run(777);
				usleep(500000);
				exit(0);
			}
			printf("%ld\n", (long)child);
			fflush(stdout);
		}
		dlclose(h);
	}
	return 0;
}
