/* spin-at-exit.c - a thread that burns CPU until the process is gone, so
 * that it is still running while the profile is written at exit.  main
 * returns once the thread has used 0.2 s of CPU (not of wall time: a loaded
 * machine gives it less), at most after 30 s. */
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

int main(void)
{
	pthread_t t;

	clockid_t cpu;

	if (pthread_create(&t, NULL, spinner, NULL) != 0)
		return 1;
	if (pthread_getcpuclockid(t, &cpu) != 0) {
		usleep(200000);
		return 0;
	}
	for (int waited = 0; waited < 3000; waited++) {
		struct timespec used;

		if (clock_gettime(cpu, &used) != 0 || used.tv_sec > 0 || used.tv_nsec >= 200000000)
			break;
		usleep(10000);
	}
	return 0;
}
