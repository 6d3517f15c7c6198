/*
 * output-file.c - see output-file.h.
 *
 * Async-signal-safe (a flush signal's handler writes the profile through
 * it): no stdio, no malloc, no locks.  The temporary file gets a name no
 * other user can predict (a random suffix from getrandom) and is created
 * with O_EXCL|O_NOFOLLOW: a symlink or file planted at such a name in a
 * shared directory is never followed or reused.  The rename that puts the
 * file in place replaces whatever entry has the final name (a planted
 * symlink itself, never its target).  A file-size limit (ulimit -f) fails
 * the write with EFBIG, reported like a full disk, instead of killing the
 * program (xfsz-guard.h).
 */
#define _GNU_SOURCE
#include "output-file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "xfsz-guard.h"

#define TMP_NAME_TRIES 16

/* A suffix no other user can predict: 16 hex digits from getrandom, or
 * from the clock, a counter and the pid where getrandom fails. */
static void random_suffix(char out[17])
{
	static const char hex[] = "0123456789abcdef";
	static unsigned counter;
	uint64_t r = 0;

	if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		r = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^ (uint64_t)ts.tv_sec ^
		    ((uint64_t)__atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED) << 40) ^
		    (uint64_t)getpid() << 20;
	}
	for (int i = 0; i < 16; i++, r >>= 4)
		out[i] = hex[r & 15];
	out[16] = '\0';
}

/* tmp = path ".tmp" suffix, without snprintf (not async-signal-safe). */
static int temporary_name(char *tmp, size_t size, const char *path)
{
	size_t len = strlen(path);
	char suffix[17];

	random_suffix(suffix);
	if (len + 4 + 16 + 1 > size)
		return ENAMETOOLONG;
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".tmp", 4);
	memcpy(tmp + len + 4, suffix, 17);
	return 0;
}

static int create_temporary(char *tmp, size_t size, const char *path, int *fd)
{
	for (int tries = 0; tries < TMP_NAME_TRIES; tries++) {
		int err = temporary_name(tmp, size, path);

		if (err != 0)
			return err;
		*fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (*fd >= 0)
			return 0;
		if (errno != EEXIST)
			return errno;
	}
	return EEXIST;
}

int output_write_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx)
{
	char tmp[4096];
	struct xfsz_guard guard;
	int fd, err;

	xfsz_guard_begin(&guard);
	err = create_temporary(tmp, sizeof tmp, path, &fd);
	if (err == 0) {
		err = fill(fd, ctx);
		if (close(fd) != 0 && err == 0)
			err = errno;
		if (err == 0 && rename(tmp, path) != 0)
			err = errno;
		if (err != 0)
			unlink(tmp);
	}
	xfsz_guard_end(&guard);
	return err;
}
