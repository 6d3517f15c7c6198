/* spin-at-exit.c - a thread that burns CPU until the process is gone, so
 * that it is still running while the profile is written at exit. */
#include <pthread.h>
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

	if (pthread_create(&t, NULL, spinner, NULL) != 0)
		return 1;
	usleep(200000);
	return 0;
}
