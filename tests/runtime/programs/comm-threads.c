/* comm-threads.c - threads started by shared objects of the MPI stack.
 * Usage: comm-threads library|callback LIBRARY...
 * Starts one thread of its own, then loads each LIBRARY (built from
 * comm-library.c) and has it start a thread running the library's own
 * routine ("library") or the application's callback() ("callback"); joins
 * them all.  Exits 2 if a library cannot be loaded or a thread started. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef int (*start_thread_fn)(pthread_t *, void *(*)(void *));

volatile unsigned long sink;

__attribute__((noinline)) void *callback(void *arg)
{
	sink++;
	return arg;
}

static int start_from_library(const char *path, void *(*routine)(void *), pthread_t *thread)
{
	void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	start_thread_fn start;
	int err;

	if (!library) {
		fprintf(stderr, "comm-threads: cannot load %s: %s\n", path, dlerror());
		return -1;
	}
	start = (start_thread_fn)dlsym(library, "comm_library_start_thread");
	if (!start) {
		fprintf(stderr, "comm-threads: %s has no comm_library_start_thread\n", path);
		return -1;
	}
	err = start(thread, routine);
	if (err != 0) {
		fprintf(stderr, "comm-threads: %s could not start a thread: %s\n", path, strerror(err));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	void *(*routine)(void *) = NULL;
	pthread_t own, thread;

	if (argc < 2 || (strcmp(argv[1], "library") != 0 && strcmp(argv[1], "callback") != 0)) {
		fprintf(stderr, "usage: comm-threads library|callback LIBRARY...\n");
		return 2;
	}
	if (strcmp(argv[1], "callback") == 0)
		routine = callback;
	if (pthread_create(&own, NULL, callback, NULL) != 0)
		return 2;
	pthread_join(own, NULL);
	for (int i = 2; i < argc; i++) {
		if (start_from_library(argv[i], routine, &thread) != 0)
			return 2;
		pthread_join(thread, NULL);
	}
	return 0;
}
