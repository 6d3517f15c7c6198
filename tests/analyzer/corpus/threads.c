/* A pthread's start routine is called from libc, which is not profiled:
 * GNU gprof shows it as called by <spontaneous>.  The thread's time is not
 * sampled by glibc's ITIMER_PROF histogram in a separate way, but its calls
 * are counted. */
#include <pthread.h>
#include <stdio.h>

static volatile unsigned long sink;

void crunch(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i % 13;
}

void *worker(void *arg)
{
	for (int i = 0; i < 800; i++)
		crunch(100000);
	return arg;
}

void main_work(void)
{
	for (int i = 0; i < 600; i++)
		crunch(100000);
}

int main(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, worker, NULL) != 0)
		return 1;
	main_work();
	pthread_join(t, NULL);
	printf("%lu\n", sink & 1);
	return 0;
}
