/* libcorners.c - a shared library for the call-path walker's corners
 * (e2e-walker-corners.sh), built without -pg and without frame pointers:
 *
 *   run_thread(n)           starts a thread whose start routine is here,
 *                           which burns n turns here, and joins it: a
 *                           thread that never runs the executable's code;
 *   lib_call(cb, stale)     keeps stale (a return address into the
 *                           executable, of a function not on the stack)
 *                           in a local of its frame, below its own return
 *                           address, then calls cb(): a walker scanning
 *                           this frame for the caller must take the
 *                           return address nearest the next frame. */
#include <pthread.h>
#include <stdint.h>

volatile double corners_sink;

__attribute__((noinline)) double spin(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.5;
	return s;
}

static void *burner(void *arg)
{
	corners_sink = spin(*(const long *)arg);
	return NULL;
}

void run_thread(long n)
{
	pthread_t t;

	if (pthread_create(&t, NULL, burner, &n) == 0)
		pthread_join(t, NULL);
}

__attribute__((noinline)) void lib_call(void (*cb)(void), uintptr_t stale)
{
	volatile uintptr_t keep[4];

	keep[0] = stale;
	keep[1] = stale;
	cb();
	keep[2] = keep[0] + keep[1];
}
