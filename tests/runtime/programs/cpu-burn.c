/* cpu-burn.c - N threads each burning about UNITS tenths of a CPU-second
 * in burn(), for the sampling-rate tests, which compare the samples taken
 * with the CPU time the process used:
 *   cpu-burn N UNITS */
#include <pthread.h>
#include <stdlib.h>

#define UNIT 250000000L

volatile double sink;
static long units = 1;

__attribute__((noinline)) void burn(long n)
{
	double x = 1;

	for (long i = 0; i < n; i++)
		x = x * 1.0000001 + 1e-9;
	sink = x;
}

static void *worker(void *arg)
{
	(void)arg;
	burn(units * UNIT);
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4;
	pthread_t threads[64];

	units = argc > 2 ? atol(argv[2]) : 1;
	if (n < 1 || n > 64)
		return 2;
	for (int i = 0; i < n; i++)
		if (pthread_create(&threads[i], NULL, worker, NULL) != 0)
			return 1;
	for (int i = 0; i < n; i++)
		pthread_join(threads[i], NULL);
	return 0;
}
