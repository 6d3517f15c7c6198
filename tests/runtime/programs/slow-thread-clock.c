/* slow-thread-clock.c - LD_PRELOADed by a test: reading a thread's CPU
 * clock takes 10 ms more in any thread but the main one.  The runtime's
 * SIGPROF handler reads it (process-wide timer: the samples a signal
 * stands for) after checking that sampling still runs, so a handler of the
 * spinning thread is nearly always half way through when the main thread
 * stops sampling and writes the profile at exit. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>
#include <unistd.h>

int clock_gettime(clockid_t clock, struct timespec *ts)
{
	static int (*real_clock_gettime)(clockid_t, struct timespec *);
	int rc;

	if (!real_clock_gettime)
		real_clock_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT,
										  "clock_gettime");
	rc = real_clock_gettime(clock, ts);
	/* After the reading: the handler has its samples, not yet added. */
	if (clock == CLOCK_THREAD_CPUTIME_ID && gettid() != getpid()) {
		struct timespec pause = { 0, 10000000 };

		nanosleep(&pause, NULL);
	}
	return rc;
}
