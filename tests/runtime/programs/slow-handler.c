/* slow-handler.c - preloaded (LD_PRELOAD): clock_gettime, called where
 * SIGPROF is blocked and SIGSEGV is not (the runtime's SIGPROF handler,
 * which blocks every signal but the faults, times itself by it; its wall
 * sampler thread blocks every signal), first sleeps 1 ms, so that a
 * thread spends most of its time blocked inside that handler, where the
 * wall sampler looks at it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <time.h>

static int (*real_clock_gettime)(clockid_t, struct timespec *);

/* (the runtime's constructor may call it before this library's would run;
 * found at once, before any handler can run) */
static void find_real(void)
{
	if (!real_clock_gettime)
		real_clock_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT,
										  "clock_gettime");
}

int clock_gettime(clockid_t clock, struct timespec *ts)
{
	sigset_t now;

	find_real();
	if (pthread_sigmask(SIG_BLOCK, NULL, &now) == 0 && sigismember(&now, SIGPROF) &&
	    !sigismember(&now, SIGSEGV)) {
		struct timespec ms = {0, 1000000};

		nanosleep(&ms, NULL);
	}
	return real_clock_gettime(clock, ts);
}
