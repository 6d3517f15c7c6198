/* dlopen-cycler.c - threads that open, call and close -pg libraries in a
 * loop while the process is sent a flush signal (issue 31, item 11).
 *
 *   dlopen-cycler DIR NLIBS THREADS KILL_AFTER_US [storm]
 *
 * Each of THREADS threads opens DIR/libcycleK.so (K = 0 .. NLIBS-1, each
 * thread going through them from another start), calls its lib_outer(200)
 * and closes it, endlessly.  The main thread waits KILL_AFTER_US
 * microseconds (of the clock), then sends the process SIGTERM: with
 * BG_GMON_FLUSH_SIGNALS=TERM the profile is written on it, while the
 * other threads go on unmapping libraries, and the process then dies of
 * SIGTERM (status 143).  A flush that reads a library unmapped meanwhile
 * dies of SIGSEGV (139).
 *
 * storm: the main thread sends the process SIGUSR1 every 2 to 20 ms
 * (blocked in the main thread: the cycling threads take it)
 * (with BG_GMON_FLUSH_SIGNALS=USR1, inherited as ignored: each writes the
 * profile) for KILL_AFTER_US, then prints "cycles A B C D (min M)": how
 * many libraries each thread opened and closed meanwhile, the fewest
 * last, and exits. */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static const char *dir;
static int nlibs;
static long cycles[64];

static void *cycle(void *arg)
{
	char path[4096];
	long me = (long)arg;

	for (long k = me * nlibs / 64;; k++) {
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
		__atomic_fetch_add(&cycles[me], 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int storm(long threads, long us)
{
	double until = now() + (double)us / 1e6;
	long before[64], min = -1;
	sigset_t usr1;

	for (long t = 0; t < threads; t++)
		before[t] = __atomic_load_n(&cycles[t], __ATOMIC_RELAXED);
	/* to the cycling threads, as a signal from outside may go */
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	srand((unsigned)getpid());
	while (now() < until) {
		struct timespec gap = {0, (2 + rand() % 19) * 1000000L};

		kill(getpid(), SIGUSR1);
		nanosleep(&gap, NULL);
	}
	printf("cycles");
	for (long t = 0; t < threads; t++) {
		long n = __atomic_load_n(&cycles[t], __ATOMIC_RELAXED) - before[t];

		printf(" %ld", n);
		if (min < 0 || n < min)
			min = n;
	}
	printf(" (min %ld)\n", min);
	fflush(stdout);
	_exit(0);
}

int main(int argc, char **argv)
{
	struct timespec wait;
	long threads, after;

	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: dlopen-cycler DIR NLIBS THREADS KILL_AFTER_US [storm]\n");
		return 2;
	}
	dir = argv[1];
	nlibs = atoi(argv[2]);
	threads = atol(argv[3]);
	after = atol(argv[4]);
	if (threads > 64)
		threads = 64;
	for (long t = 0; t < threads; t++) {
		pthread_t id;

		if (pthread_create(&id, NULL, cycle, (void *)t) != 0)
			return 2;
	}
	if (argc == 6)
		return storm(threads, after);
	wait.tv_sec = after / 1000000;
	wait.tv_nsec = after % 1000000 * 1000;
	nanosleep(&wait, NULL);
	kill(getpid(), SIGTERM);
	pause();
	return 0;
}
