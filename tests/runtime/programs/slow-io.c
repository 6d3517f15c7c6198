/* slow-io.c - LD_PRELOADed by a test, as a slow file system would be:
 * fsync() takes SLOW_FSYNC_MS more milliseconds (default 300), rename()
 * SLOW_RENAME_MS more (default 0; with SLOW_RENAME_MATCH, only a rename to
 * a name holding that text), so that writing a profile takes a while, in
 * the step the test needs; raise() SLOW_RAISE_MS more (default 0), so that
 * a signal's course comes late after the write on it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void delay(const char *variable, long default_ms)
{
	const char *value = getenv(variable);
	long ms = value ? strtol(value, NULL, 10) : default_ms;

	if (ms > 0)
		usleep((useconds_t)ms * 1000);
}

int fsync(int fd)
{
	int (*real_fsync)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");

	delay("SLOW_FSYNC_MS", 300);
	return real_fsync ? real_fsync(fd) : 0;
}

int rename(const char *from, const char *to)
{
	int (*real_rename)(const char *, const char *) =
		(int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");

	const char *match = getenv("SLOW_RENAME_MATCH");

	if (!match || strstr(to, match))
		delay("SLOW_RENAME_MS", 0);
	return real_rename ? real_rename(from, to) : -1;
}

int raise(int sig)
{
	int (*real_raise)(int) = (int (*)(int))dlsym(RTLD_NEXT, "raise");

	delay("SLOW_RAISE_MS", 0);
	return real_raise ? real_raise(sig) : -1;
}
