/* slow-io.c - LD_PRELOADed by a test, as a slow file system would be:
 * fsync() takes SLOW_FSYNC_MS more milliseconds (default 300), rename()
 * SLOW_RENAME_MS more (default 0; with SLOW_RENAME_MATCH, only a rename to
 * a name holding that text), so that writing a profile takes a while, in
 * the step the test needs; raise() SLOW_RAISE_MS more (default 0), so that
 * a signal's course comes late after the write on it.  With
 * SLOW_IO_USR1_EXIT=MS, SIGUSR1 has a handler of "the program" before the
 * runtime's (its course), which ends the process with _exit(9) after MS
 * milliseconds of its own work (a sleep): installed
 * when the runtime installs its own (sigaction, which the runtime calls
 * from its constructor, before any other library's could run). */
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

static void exit_on_usr1(int sig)
{
	(void)sig;
	delay("SLOW_IO_USR1_EXIT", 0);
	_exit(9);
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	int (*real_sigaction)(int, const struct sigaction *, struct sigaction *) =
		(int (*)(int, const struct sigaction *, struct sigaction *))dlsym(RTLD_NEXT,
										 "sigaction");
	static int installed;

	if (!real_sigaction)
		return -1;
	if (sig == SIGUSR1 && act && !installed && getenv("SLOW_IO_USR1_EXIT")) {
		struct sigaction program = {.sa_handler = exit_on_usr1};

		installed = 1;
		real_sigaction(SIGUSR1, &program, NULL);
	}
	return real_sigaction(sig, act, old);
}
