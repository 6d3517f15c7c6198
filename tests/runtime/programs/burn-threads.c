/* burn-threads.c - two threads burning CPU, for the thread-timer tests:
 *   burn-threads ratio   thread A runs burn_three (3 units), B burn_one (1)
 *   burn-threads stop    A calls gmon_thread_timer(0), then burn_stopped;
 *                        B runs burn_running
 *   burn-threads api     like ratio, after gmon_start_all_thread_timers()
 *   burn-threads three   like ratio, the main thread running burn_running
 *                        meanwhile: three threads burn
 * A unit is about 0.1 s of CPU.  Each thread prints the CPU time its
 * function used ("burn_three 0.312345"): on a loaded machine a unit of work
 * does not always take the same CPU time, so samples are compared with it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gmon-mpi.h>

#define UNIT 250000000L

volatile double sink;

static double spin(long n)
{
	double x = 1;

	for (long i = 0; i < n; i++)
		x = x * 1.0000001 + 1e-9;
	return x;
}

__attribute__((noinline)) void burn_three(void) { sink = spin(3 * UNIT); }
__attribute__((noinline)) void burn_one(void) { sink = spin(UNIT); }
__attribute__((noinline)) void burn_stopped(void) { sink = spin(UNIT); }
__attribute__((noinline)) void burn_running(void) { sink = spin(UNIT); }

static double thread_cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs fn and prints the CPU time it took in this thread. */
static void timed(const char *name, void (*fn)(void))
{
	double start = thread_cpu_seconds();

	fn();
	printf("%s %.6f\n", name, thread_cpu_seconds() - start);
	fflush(stdout);
}

static void *thread_three(void *arg) { (void)arg; timed("burn_three", burn_three); return NULL; }
static void *thread_one(void *arg) { (void)arg; timed("burn_one", burn_one); return NULL; }
static void *thread_running(void *arg) { (void)arg; timed("burn_running", burn_running); return NULL; }

static void *thread_stopped(void *arg)
{
	(void)arg;
	gmon_thread_timer(0);
	timed("burn_stopped", burn_stopped);
	return NULL;
}

/* a and b in two threads; meanwhile the main thread runs main_too (NULL:
 * it waits) */
static void run_pair(void *(*a)(void *), void *(*b)(void *), void (*main_too)(void))
{
	pthread_t ta, tb;

	pthread_create(&ta, NULL, a, NULL);
	pthread_create(&tb, NULL, b, NULL);
	if (main_too)
		timed("burn_running", main_too);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "ratio";

	if (strcmp(mode, "stop") == 0) {
		run_pair(thread_stopped, thread_running, NULL);
	} else if (strcmp(mode, "api") == 0) {
		gmon_start_all_thread_timers();
		run_pair(thread_three, thread_one, NULL);
	} else if (strcmp(mode, "three") == 0) {
		run_pair(thread_three, thread_one, burn_running);
	} else {
		run_pair(thread_three, thread_one, NULL);
	}
	return 0;
}
