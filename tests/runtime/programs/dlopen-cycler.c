/* dlopen-cycler.c - threads that open, call and close -pg libraries in a
 * loop while the process is sent a flush signal (issue 31, item 11).
 *
 *   dlopen-cycler DIR NLIBS THREADS KILL_AFTER_US
 *
 * Each of THREADS threads opens DIR/libcycleK.so (K = 0 .. NLIBS-1, each
 * thread going through them from another start), calls its lib_outer(200)
 * and closes it, endlessly.  The main thread waits KILL_AFTER_US
 * microseconds (of the clock), then sends the process SIGTERM: with
 * BG_GMON_FLUSH_SIGNALS=TERM the profile is written on it, while the
 * other threads go on unmapping libraries, and the process then dies of
 * SIGTERM (status 143).  A flush that reads a library unmapped meanwhile
 * dies of SIGSEGV (139). */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static const char *dir;
static int nlibs;

static void *cycle(void *arg)
{
	char path[4096];

	for (long k = (long)arg;; k++) {
		void *h;
		void (*f)(long);

		snprintf(path, sizeof path, "%s/libcycle%ld.so", dir, k % nlibs);
		h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
		if (!h) {
			fprintf(stderr, "dlopen-cycler: %s\n", dlerror());
			exit(2);
		}
		f = (void (*)(long))dlsym(h, "lib_outer");
		if (f)
			f(200);
		dlclose(h);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct timespec wait;
	long threads, after;

	if (argc != 5) {
		fprintf(stderr, "usage: dlopen-cycler DIR NLIBS THREADS KILL_AFTER_US\n");
		return 2;
	}
	dir = argv[1];
	nlibs = atoi(argv[2]);
	threads = atol(argv[3]);
	after = atol(argv[4]);
	for (long t = 0; t < threads; t++) {
		pthread_t id;

		if (pthread_create(&id, NULL, cycle, (void *)(t * nlibs / threads)) != 0)
			return 2;
	}
	wait.tv_sec = after / 1000000;
	wait.tv_nsec = after % 1000000 * 1000;
	nanosleep(&wait, NULL);
	kill(getpid(), SIGTERM);
	pause();
	return 0;
}
