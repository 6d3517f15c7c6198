/*
 * thread-clock.h - the calling thread's CPU time in seconds
 * (CLOCK_THREAD_CPUTIME_ID, the time the runtime's sampling timers count),
 * for the test programs that print their own clock to check samples
 * against (hot-lines.sh, measured-callers.sh).
 */
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
