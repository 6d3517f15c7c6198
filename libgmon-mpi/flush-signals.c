/* flush-signals.c - see flush-signals.h. */
#define _GNU_SOURCE
#include "flush-signals.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const struct {
	const char *name;
	int number;
} signal_names[] = {
	{"HUP", SIGHUP},   {"INT", SIGINT},   {"QUIT", SIGQUIT}, {"ABRT", SIGABRT},
	{"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"ALRM", SIGALRM}, {"TERM", SIGTERM},
	{"XCPU", SIGXCPU}, {"VTALRM", SIGVTALRM}, {"PWR", SIGPWR},
	/* known, to be refused by name as by number (flush_signals_parse) */
	{"KILL", SIGKILL}, {"STOP", SIGSTOP}, {"PROF", SIGPROF}, {"SEGV", SIGSEGV},
	{"BUS", SIGBUS},   {"ILL", SIGILL},   {"FPE", SIGFPE},   {"TRAP", SIGTRAP},
	{"SYS", SIGSYS},
};

/* Signals that cannot be flush signals: KILL and STOP cannot be caught,
 * PROF is the sampling timer's, and the others report a fault of the
 * program itself (its memory cannot be trusted to write a profile, and a
 * handler that returns runs the faulting instruction again). */
static int refused(int sig)
{
	return sig == SIGKILL || sig == SIGSTOP || sig == SIGPROF || sig == SIGSEGV ||
	       sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP || sig == SIGSYS;
}

static void (*flush_profile)(enum flush_course course);
static struct sigaction previous[NSIG];
static sigset_t flush_set;

static int signal_number(const char *word, size_t len)
{
	char name[16];
	char *end;
	long n;

	if (len == 0 || len >= sizeof name)
		return -1;
	memcpy(name, word, len);
	name[len] = '\0';
	n = strtol(name, &end, 10);
	if (*end == '\0')
		return n > 0 && n < NSIG ? (int)n : -1;
	if (strncasecmp(name, "SIG", 3) == 0)
		memmove(name, name + 3, len - 2);
	for (size_t i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
		if (strcasecmp(name, signal_names[i].name) == 0)
			return signal_names[i].number;
	return -1;
}

int flush_signals_parse(const char *text, sigset_t *set)
{
	static const char separators[] = ", :\t";
	int count = 0;

	sigemptyset(set);
	for (const char *p = text; *p;) {
		size_t len = strcspn(p, separators);
		int sig = len ? signal_number(p, len) : 0;

		if (sig < 0 || refused(sig)) {
			sigemptyset(set);
			return -1;
		}
		if (sig > 0) {
			sigaddset(set, sig);
			count++;
		}
		p += len;
		p += strspn(p, separators);
	}
	if (count == 0)
		return -1;
	return 0;
}

/* Lets sig take the course it would have taken without the runtime. */
static void take_course(int sig, siginfo_t *info, void *context)
{
	const struct sigaction *old = &previous[sig];
	sigset_t unblock;

	if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
		old->sa_sigaction(sig, info, context);
		return;
	}
	if (old->sa_handler == SIG_IGN)
		return;
	if (old->sa_handler != SIG_DFL) {
		old->sa_handler(sig);
		return;
	}
	signal(sig, SIG_DFL);
	sigemptyset(&unblock);
	sigaddset(&unblock, sig);
	pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
	raise(sig);
}

/* What sig's course (take_course) does: returns, ending nothing (ignored,
 * or a default action that ignores the signal or stops the process, which
 * cuts no write: it goes on when the process is continued), calls the
 * program's handler (which may end the process), or ends the process. */
static enum flush_course course_of(int sig)
{
	const struct sigaction *old = &previous[sig];

	if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction)
		return FLUSH_COURSE_PROGRAM;
	if (old->sa_handler == SIG_IGN)
		return FLUSH_COURSE_RETURNS;
	if (old->sa_handler != SIG_DFL)
		return FLUSH_COURSE_PROGRAM;
	if (sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH || sig == SIGCONT ||
	    sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU)
		return FLUSH_COURSE_RETURNS;
	return FLUSH_COURSE_ENDS;
}

static void on_flush_signal(int sig, siginfo_t *info, void *context)
{
	int saved_errno = errno;

	flush_profile(course_of(sig));
	errno = saved_errno;
	take_course(sig, info, context);
}

int flush_signals_drop_ignored(sigset_t *set)
{
	struct sigaction now;
	int left = 0;

	for (int sig = 1; sig < NSIG; sig++) {
		if (sigismember(set, sig) != 1)
			continue;
		if (sigaction(sig, NULL, &now) == 0 && !(now.sa_flags & SA_SIGINFO) &&
		    now.sa_handler == SIG_IGN)
			sigdelset(set, sig);
		else
			left++;
	}
	return left;
}

int flush_signals_install(const sigset_t *set, void (*write_profile)(enum flush_course course))
{
	struct sigaction sa;

	flush_profile = write_profile;
	flush_set = *set;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_flush_signal;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	/* every flush signal waits while one is being handled */
	sa.sa_mask = flush_set;
	for (int sig = 1; sig < NSIG; sig++) {
		if (sigismember(&flush_set, sig) != 1)
			continue;
		if (sigaction(sig, &sa, &previous[sig]) != 0)
			return errno;
	}
	return 0;
}
