/* threads.c - THREADS threads each call counted() CALLS times, at once:
 *   threads THREADS CALLS
 * Every call must be reported: THREADS * CALLS exactly. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;
static long calls_per_thread;
static pthread_barrier_t start_together;

__attribute__((noinline)) void counted(void) { sink++; }

static void *run(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&start_together);
	for (long i = 0; i < calls_per_thread; i++)
		counted();
	return NULL;
}

int main(int argc, char **argv)
{
	int nthreads = argc > 1 ? atoi(argv[1]) : 2;
	pthread_t tids[64];

	calls_per_thread = argc > 2 ? atol(argv[2]) : 1000000;
	if (nthreads < 1 || nthreads > 64)
		return 2;
	pthread_barrier_init(&start_together, NULL, (unsigned)nthreads);
	for (int i = 0; i < nthreads; i++)
		pthread_create(&tids[i], NULL, run, NULL);
	for (int i = 0; i < nthreads; i++)
		pthread_join(tids[i], NULL);
	return 0;
}
