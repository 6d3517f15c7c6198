/*
 * flush-signals.h - BG_GMON_FLUSH_SIGNALS: signals on which the profile is
 * written before the signal takes its course, so that a rank killed at a
 * job's time limit (SIGTERM), by mpirun when another rank fails, or asked
 * with a signal of the job script's (SIGUSR1), leaves a complete profile.
 * SIGTERM by default (settings.h), "none" for none.
 *
 * The handler writes the profile with the same async-signal-safe code as
 * at exit (a temporary name, then a rename), with every flush signal
 * blocked, so a second signal during the write waits for it to finish.
 * Then the signal takes its course: the handler the program had installed
 * before the runtime is called (it may exit, or go on), an ignored signal
 * stays ignored, and a default action is carried out by re-raising the
 * signal with its default disposition.  A handler the program installs
 * after the runtime replaces the runtime's (call gmon_flush() in it).
 */
#ifndef GMON_MPI_FLUSH_SIGNALS_H
#define GMON_MPI_FLUSH_SIGNALS_H

#include <signal.h>

/* Parses a list such as "TERM,USR1", "SIGTERM:SIGUSR2" or "15 10" (names
 * with or without SIG, or numbers; separated by commas, colons or spaces)
 * into set.  Refused, by name or number, with unknown names: SIGKILL and
 * SIGSTOP (they cannot be caught), SIGPROF (the sampling signal) and the
 * signals of the program's own faults, SEGV, BUS, ILL, FPE, TRAP, SYS (its
 * memory cannot be trusted to write a profile, and a handler that returns
 * runs the faulting instruction again).  Returns 0, or -1 with set
 * emptied. */
int flush_signals_parse(const char *text, sigset_t *set);

/* Removes from set the signals the process ignores now (inherited so);
 * returns how many are left. */
int flush_signals_drop_ignored(sigset_t *set);

/* What a flush signal does once the profile is written (its course). */
enum flush_course {
	FLUSH_COURSE_RETURNS, /* nothing ends: the signal is ignored, or its
			       * default action ignores it; writes may go on */
	FLUSH_COURSE_ENDS,    /* the default action ends the process */
	FLUSH_COURSE_PROGRAM, /* the program's own handler: it may end it */
};

/* Installs the handler for each signal of set; it calls
 * write_profile(course), course being what the signal does next, and then
 * lets the signal take that course.  Returns 0, or an errno. */
int flush_signals_install(const sigset_t *set, void (*write_profile)(enum flush_course course));

#endif /* GMON_MPI_FLUSH_SIGNALS_H */
