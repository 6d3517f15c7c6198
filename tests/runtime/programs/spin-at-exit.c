/* spin-at-exit.c - a thread that burns CPU until the process is gone, so
 * that it is still running while the profile is written at exit.  main
 * returns once the thread has used 0.3 s of CPU (its own clock: on a loaded
 * machine wall time says little), so that it has samples to lose. */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

volatile double sink;

__attribute__((noinline)) void spin_forever(void)
{
	double x = 1;

	for (;;)
		x = x * 1.0000001 + 1e-9, sink = x;
}

static void *spinner(void *arg)
{
	(void)arg;
	spin_forever();
	return NULL;
}

static double thread_cpu_seconds(pthread_t t)
{
	clockid_t clock;
	struct timespec ts;

	if (pthread_getcpuclockid(t, &clock) != 0 || clock_gettime(clock, &ts) != 0)
		return 1e9;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, spinner, NULL) != 0)
		return 1;
	while (thread_cpu_seconds(t) < 0.3)
		usleep(10000);
	return 0;
}
