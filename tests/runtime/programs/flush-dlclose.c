/* flush-dlclose.c - a library closed for the first time while a flush
 * signal's writer is writing its profile (issue 31, item 11; the race
 * e2e-dlclose-race.sh met once in 400 runs here): thread "user" opens
 * LIBRARY (argv[1], a -pg library with lib_outer) and calls it for 0.3 s
 * of its CPU time, then waits; the main thread raises SIGTERM on itself
 * (BG_GMON_FLUSH_SIGNALS=TERM: the runtime's handler writes the profile).
 * This program's own write(), which the runtime's writer calls, holds the
 * write of the library's profile's section name (its base name alone, as
 * the companion's writer writes it) until "user" has closed it: the runtime keeps a
 * record of the closed module, which the writer's pass over the closed
 * modules then meets after it wrote the loaded one.  The process ends by
 * the SIGTERM (status 143) after the write. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static const char *library;
static const char *base;          /* library's base name */
static void *handle;
static sem_t spun, close_now, closed;
static volatile sig_atomic_t armed;

ssize_t write(int fd, const void *buf, size_t n)
{
	if (armed && n == strlen(base) && memcmp(buf, base, n) == 0) {
		armed = 0;
		sem_post(&close_now);
		while (sem_wait(&closed) != 0)
			;
	}
	return syscall(SYS_write, fd, buf, n);
}

static double cpu_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *user(void *unused)
{
	void (*outer)(long);
	double t0 = cpu_now();

	(void)unused;
	handle = dlopen(library, RTLD_NOW);
	if (!handle || !(outer = (void (*)(long))dlsym(handle, "lib_outer"))) {
		fprintf(stderr, "flush-dlclose: %s\n", dlerror());
		_exit(1);
	}
	while (cpu_now() - t0 < 0.3)
		outer(1000);
	sem_post(&spun);
	while (sem_wait(&close_now) != 0)
		;
	if (dlclose(handle) != 0)
		fprintf(stderr, "flush-dlclose: dlclose: %s\n", dlerror());
	sem_post(&closed);
	pause();
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;

	if (argc != 2)
		return fprintf(stderr, "usage: flush-dlclose LIBRARY\n"), 2;
	library = argv[1];
	base = strrchr(library, '/') ? strrchr(library, '/') + 1 : library;
	sem_init(&spun, 0, 0);
	sem_init(&close_now, 0, 0);
	sem_init(&closed, 0, 0);
	pthread_create(&t, NULL, user, NULL);
	while (sem_wait(&spun) != 0)
		;
	armed = 1;
	pthread_kill(pthread_self(), SIGTERM);
	fprintf(stderr, "flush-dlclose: still running after SIGTERM\n");
	return 1;
}
