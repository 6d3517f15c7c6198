/* yield-work.c THREADS ROUNDS - threads that switch often: each alternates
 * work() (a CPU loop) and yield_spin() (sched_yield in a loop, as MPI's
 * progress loop on a crowded node), 10 ms of its own CPU time each, ROUNDS
 * times; pinned to one CPU, they switch at every yield.  Prints the CPU
 * time of each over the threads, by their own clocks: "work 2.0003 yield
 * 2.0011". */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int rounds;
static double spent[2][16];

static double thread_cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

__attribute__((noinline)) double work(double span)
{
	double start = thread_cpu();
	volatile double x = 0;

	while (thread_cpu() - start < span)
		for (int i = 0; i < 1000; i++)
			x += i;
	return thread_cpu() - start;
}

__attribute__((noinline)) double yield_spin(double span)
{
	double start = thread_cpu();

	while (thread_cpu() - start < span)
		sched_yield();
	return thread_cpu() - start;
}

static void *take_turns(void *arg)
{
	int me = (int)(long)arg;

	for (int r = 0; r < rounds; r++) {
		spent[0][me] += work(0.01);
		spent[1][me] += yield_spin(0.01);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	pthread_t threads[16];
	double total[2] = { 0, 0 };

	rounds = argc > 2 ? atoi(argv[2]) : 50;
	if (n < 1 || n > 16)
		return 2;
	for (int i = 1; i < n; i++)
		if (pthread_create(&threads[i], NULL, take_turns, (void *)(long)i) != 0)
			return 1;
	take_turns(0);
	for (int i = 1; i < n; i++)
		pthread_join(threads[i], NULL);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 2; k++)
			total[k] += spent[k][i];
	printf("work %.4f yield %.4f\n", total[0], total[1]);
	return 0;
}
