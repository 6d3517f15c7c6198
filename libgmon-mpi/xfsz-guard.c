/* xfsz-guard.c - see xfsz-guard.h. */
#define _GNU_SOURCE
#include "xfsz-guard.h"

#include <time.h>

static int xfsz_pending(void)
{
	sigset_t pending;

	sigemptyset(&pending);
	return sigpending(&pending) == 0 && sigismember(&pending, SIGXFSZ) == 1;
}

void xfsz_guard_begin(struct xfsz_guard *g)
{
	sigset_t xfsz;

	sigemptyset(&xfsz);
	sigaddset(&xfsz, SIGXFSZ);
	g->was_pending = xfsz_pending();
	pthread_sigmask(SIG_BLOCK, &xfsz, &g->saved_mask);
}

void xfsz_guard_end(const struct xfsz_guard *g)
{
	static const struct timespec no_wait;
	sigset_t xfsz;

	sigemptyset(&xfsz);
	sigaddset(&xfsz, SIGXFSZ);
	if (!g->was_pending && xfsz_pending())
		sigtimedwait(&xfsz, NULL, &no_wait);
	pthread_sigmask(SIG_SETMASK, &g->saved_mask, NULL);
}
