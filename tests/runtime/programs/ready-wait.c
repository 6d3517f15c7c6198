/* ready-wait.c - a thread that waits for a CPU after its wait ended, for
 * the wall clock (wall-sampler.h): "sleeper" (SCHED_FIFO 1) naps 50 ms in
 * nap()'s nanosleep on the process's first CPU while "hog" (SCHED_FIFO 2,
 * started once the sleeper is in its nap) spins there for 400 ms, so that
 * the sleeper, woken, waits for the CPU for the rest of that: nap()
 * returns when it first runs.  (Real-time, both: Linux 6.12's fair server
 * runs an ordinary thread at once beside a real-time one.)  Its own
 * CLOCK_MONOTONIC around nap() is the truth (the wait for a CPU is part
 * of the call's time).  Then it lists its threads' custom slices
 * (sched_getattr's runtime, EEVDF, Linux 6.12; 0 where the kernel keeps
 * none).  Prints "nap SECONDS hog SECONDS slices NS,NS,...", or "refused
 * WHY" where SCHED_FIFO or the one CPU is refused (or an error on stderr,
 * status 1). */
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static cpu_set_t one_cpu;
static double hog_s;
static sem_t napping;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

__attribute__((noinline)) void nap(void)
{
	struct timespec span = {0, 50000000};

	nanosleep(&span, NULL);
}

static void *sleeper(void *out)
{
	struct sched_param fifo = { .sched_priority = 1 };
	double t0;

	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &fifo) != 0) {
		sem_post(&napping);
		return "SCHED_FIFO";
	}
	t0 = now();
	sem_post(&napping);
	nap();
	*(double *)out = now() - t0;
	return NULL;
}

__attribute__((noinline)) void hog(double seconds)
{
	volatile unsigned long sink = 0;
	double t0 = now();

	while (now() - t0 < seconds)
		for (int i = 0; i < 1000; i++)
			sink += (unsigned long)i;
}

static void *hogger(void *unused)
{
	struct sched_param fifo = { .sched_priority = 2 };
	double t0 = now();

	(void)unused;
	if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &fifo) != 0)
		return "SCHED_FIFO";
	hog(0.4);
	hog_s = now() - t0;
	return NULL;
}

/* The custom slices of this process's threads, ns, comma-separated. */
static void print_slices(void)
{
	struct {
		uint32_t size, policy;
		uint64_t flags;
		int32_t nice;
		uint32_t priority;
		uint64_t runtime, deadline, period;
	} attr;
	DIR *dir = opendir("/proc/self/task");
	struct dirent *e;
	const char *sep = "";

	while (dir && (e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		memset(&attr, 0, sizeof attr);
		if (syscall(SYS_sched_getattr, atoi(e->d_name), &attr, sizeof attr, 0) == 0) {
			printf("%s%llu", sep, (unsigned long long)attr.runtime);
			sep = ",";
		}
	}
	if (dir)
		closedir(dir);
}

int main(void)
{
	pthread_attr_t attr;
	pthread_t s, h;
	cpu_set_t all;
	double napped = 0;
	void *why = NULL;

	if (sched_getaffinity(0, sizeof all, &all) != 0)
		return perror("sched_getaffinity"), 1;
	CPU_ZERO(&one_cpu);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &all)) {
			CPU_SET(c, &one_cpu);
			break;
		}
	pthread_attr_init(&attr);
	pthread_attr_setaffinity_np(&attr, sizeof one_cpu, &one_cpu);
	sem_init(&napping, 0, 0);
	if (pthread_create(&s, &attr, sleeper, &napped) != 0)
		return fprintf(stderr, "ready-wait: pthread_create failed\n"), 1;
	sem_wait(&napping);
	if (pthread_create(&h, &attr, hogger, NULL) != 0)
		return fprintf(stderr, "ready-wait: pthread_create failed\n"), 1;
	pthread_join(s, &why);
	if (!why)
		pthread_join(h, &why);
	if (why)
		return printf("refused %s\n", (char *)why), 0;
	if (CPU_COUNT(&all) < 2)
		return printf("refused one CPU\n"), 0;
	printf("nap %.4f hog %.4f slices ", napped, hog_s);
	print_slices();
	printf("\n");
	return 0;
}
