/* unseen-thread.c SECONDS - a thread the runtime never sees: made by libc's
 * own pthread_create (looked up in libc itself, past the runtime's hook),
 * as libc's helper threads and a library calling it directly are.  It runs
 * in_unseen() while the main thread runs in_main(), SECONDS of CPU time
 * each, by their own clocks; prints them: "in_main 1.5003 in_unseen
 * 1.5001". */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef int create_fn(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double seconds, unseen_spent;

#define BURN(name)                                                     \
	__attribute__((noinline)) double name(double span)             \
	{                                                              \
		double start = thread_cpu();                           \
		volatile double x = 0;                                 \
		while (thread_cpu() - start < span)                    \
			for (int i = 0; i < 2000; i++)                 \
				x += i;                                \
		return thread_cpu() - start;                           \
	}
BURN(in_main)
BURN(in_unseen)

static void *unseen(void *arg)
{
	(void)arg;
	unseen_spent = in_unseen(seconds);
	return NULL;
}

int main(int argc, char **argv)
{
	void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
	create_fn *create = libc ? (create_fn *)dlsym(libc, "pthread_create") : NULL;
	pthread_t thread;
	double main_spent;

	seconds = argc > 1 ? atof(argv[1]) : 1.5;
	if (!create || create(&thread, NULL, unseen, NULL) != 0)
		return 1;
	main_spent = in_main(seconds);
	pthread_join(thread, NULL);
	printf("in_main %.4f in_unseen %.4f\n", main_spent, unseen_spent);
	return 0;
}
