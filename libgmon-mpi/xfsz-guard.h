/*
 * xfsz-guard.h - write without being killed by a file-size limit.
 *
 * Past RLIMIT_FSIZE (ulimit -f) write(2) fails with EFBIG and the kernel
 * sends SIGXFSZ to the writing thread, whose default action kills the
 * process: a profile (or a message to a stderr redirected to a file) would
 * end the program it describes.  Between begin and end, SIGXFSZ is blocked
 * in the calling thread; end takes back one the writes raised (one that
 * was pending before is left alone) and restores the mask.  Async-signal-
 * safe.
 */
#ifndef GMON_MPI_XFSZ_GUARD_H
#define GMON_MPI_XFSZ_GUARD_H

#include <signal.h>

struct xfsz_guard {
	sigset_t saved_mask;
	int was_pending;
};

void xfsz_guard_begin(struct xfsz_guard *g);
void xfsz_guard_end(const struct xfsz_guard *g);

#endif /* GMON_MPI_XFSZ_GUARD_H */
