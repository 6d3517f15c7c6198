/*
 * gmon.c - the runtime's life cycle and public entry points: the glibc
 * names gcrt1.o and programs call (__monstartup, monstartup, _mcleanup,
 * moncontrol) and gmon-mpi's own (mondisable, gmon_thread_timer,
 * gmon_flush).
 *
 * The profile is written at exit, by gmon_flush(), and on a flush signal
 * (flush-signals.h).  Each write goes through a temporary name and a
 * rename, with the flush signals blocked in the writing thread; a flush
 * signal taken by another thread meanwhile waits for that write to end, so
 * that a SIGTERM during the write at exit cannot kill the process half-way.
 *
 * gcrt1.o runs __monstartup(&__executable_start, &etext) from the
 * executable's _init and registers _mcleanup with atexit.
 *
 * What BG_GMON_VERBOSE says of a profile written is exit-report.c's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "arcs.h"
#include "callpaths.h"
#include "calls.h"
#include "companion-sections.h"
#include "diag.h"
#include "env-check.h"
#include "exit-report.h"
#include "flush-hooks.h"
#include "flush-signals.h"
#include "gmon-mpi.h"
#include "gmon-mpi-profile.h"
#include "histogram.h"
#include "modules.h"
#include "gmon-calls.h"
#include "gmon-callpaths.h"
#include "gmon-modules.h"
#include "gmon-companion.h"
#include "image.h"
#include "job-sum.h"
#include "gmon-job-sum.h"
#include "lineage.h"
#include "node-load.h"
#include "output.h"
#include "own-cost.h"
#include "profile-name.h"
#include "rate-choice.h"
#include "rank.h"
#include "run-identity.h"
#include "settings.h"
#include "thread-hook.h"
#include "world-check.h"
#include "xfsz-guard.h"
#include "sampling.h"

#define PUBLIC __attribute__((visibility("default")))

static struct {
	int started;        /* __monstartup ran */
	int disabled;       /* mondisable(), or this rank is not selected */
	int finished;       /* _mcleanup ran */
	pid_t owner_pid;    /* a forked child is some other pid */
	int writers;        /* writes of the profile in progress */
	int flush_waiting;  /* a flush signal's handler waits for a write to end */
	int ending;         /* a flush signal that ends the process has written */
	int ended;          /* the in-job sum took the profile: nothing more counts */
	sigset_t flush_set; /* BG_GMON_FLUSH_SIGNALS */
	const struct gmon_config *config;
	struct image_info image;
	char path[REPORT_PATH_MAX]; /* where the profile goes, set at start */
} gmon;

static void in_forked_child(void)
{
	arcs_after_fork_in_child();
	sampling_after_fork_in_child();
	callpaths_after_fork_in_child();
}

static void stop_for_good(void)
{
	gmon.disabled = 1;
	arcs_set_state(ARCS_PAUSED);
	sampling_shutdown();
	modules_watch_unloaded(0);
}

static void begin_write(sigset_t *saved)
{
	pthread_sigmask(SIG_BLOCK, &gmon.flush_set, saved);
	__atomic_add_fetch(&gmon.writers, 1, __ATOMIC_SEQ_CST);
}

static void end_write(const sigset_t *saved)
{
	__atomic_sub_fetch(&gmon.writers, 1, __ATOMIC_SEQ_CST);
	pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* Async-signal-safe (no stdio): "gmon-mpi: <what><path>: <error>". */
static void say_from_signal(const char *what, int err)
{
	const char *reason = strerrordesc_np(err);
	struct iovec parts[] = {
		{(void *)"gmon-mpi: ", 10}, {(void *)what, strlen(what)},
		{(void *)gmon.path, strlen(gmon.path)}, {(void *)": ", 2},
		{(void *)(reason ? reason : "error"), strlen(reason ? reason : "error")},
		{(void *)"\n", 1},
	};
	struct xfsz_guard guard;
	ssize_t written;

	xfsz_guard_begin(&guard);
	written = writev(STDERR_FILENO, parts, sizeof parts / sizeof parts[0]);
	(void)written;
	xfsz_guard_end(&guard);
}

/*
 * The companions of the profile as it is now, after it, on a flush signal
 * or gmon_flush(): the calls between modules, the call paths, the
 * libraries' profiles and their list.  Async-signal-safe, as the
 * profile's write: the modules are those _dl_find_object finds for the
 * addresses written (no dl_iterate_phdr), the memory mmap'ed, the text
 * formatted by text-out.c, nothing fsync'ed; other threads may go on
 * sampling meanwhile.  Errors are said without stdio.
 */
static void write_companions_now(void);

/* Before the profile is written: PROFILE+plt-calls, the rtld-audit
 * library's file (gmon-calls.h), is written after it, at exit, when that
 * library is loaded; an earlier run's left beside the new profile (the
 * same directory, this run without BG_GMON_COUNT_LIB_CALLS) would be read
 * as this run's by gprof-par, which has no run to check it by.  Async-
 * signal-safe. */
static void remove_plt_calls(void)
{
	companion_remove(gmon.path, GMON_PLT_CALLS_NAME);
}

/* Before a write on a flush signal or gmon_flush(): the earlier
 * companion files (BG_GMON_COMPANIONS=files) go first, so that a SIGKILL
 * between the profile and its new companions (mpirun's, a second after its
 * SIGTERM) leaves none rather than an earlier run's or write's beside the
 * new profile.  The one companion stays: it is renamed with the profile
 * (output-file.h), and an earlier one beside a new profile does not match
 * it.  Async-signal-safe. */
static void remove_companions(void)
{
	companion_remove(gmon.path, GMON_CALLS_NAME);
	companion_remove(gmon.path, GMON_CALLPATHS_NAME);
	companion_remove(gmon.path, GMON_MODULE_LIST_NAME);
	remove_plt_calls();
}

/* The one companion, PROFILE+gmon-mpi (gmon-companion.h): the files the
 * writers between companion_begin and companion_end write beside the
 * profile become its sections (output-file.h).  BG_GMON_COMPANIONS=files:
 * the earlier files, as they are.  Async-signal-safe; errors said without
 * stdio. */
static void companion_begin(void)
{
	int err;

	if (!gmon.config->companion_files) {
		err = output_companion_begin(gmon.path);
		if (err == 0)
			return;
		say_from_signal("cannot write the companion file beside ", err);
		companion_remove(gmon.path, GMON_COMPANION_KIND); /* not this profile's */
	}
	/* no companion: the profile held (output.h) is renamed now */
	err = output_held_commit();
	if (err != 0)
		say_from_signal("cannot rename into place the profile ", err);
}

/* Ends the companion: the run's identity (last of ours: the profiler's
 * own time in it counts the write up to there, own-cost.h), the sections
 * of other libraries (the MPI profile: gmon_mpi_companion_section), then
 * the table, the checksum, the rename. */
static void companion_end(int durable)
{
	int err = output_companion_active() ? run_identity_write(gmon.path) : 0;

	if (err != 0)
		say_from_signal("cannot write the companion file beside ", err);
	err = output_companion_active() ? extra_sections_write(gmon.path) : 0;
	if (err != 0)
		say_from_signal("cannot write a section (the MPI profile) of the companion beside ",
				err);
	err = output_companion_end(1, durable);   /* renames the profile, then it */
	if (err != 0)
		say_from_signal("cannot write the companion file beside ", err);
	err = output_held_commit();                /* (no companion was begun) */
	if (err != 0)
		say_from_signal("cannot rename into place the profile ", err);
}

static void write_companions_now(void)
{
	uintptr_t executable = gmon_histogram.low_pc + gmon_histogram.load_bias;
	struct companion_sections cs;

	if (gmon_histogram.nbins == 0)
		return;
	/* the paths last: samples go on while this writes (the other threads',
	 * and this one's: the flush handler does not block SIGPROF), and every
	 * sample the profile and the libraries' list hold must have
	 * its path (a library sample that came between the paths and the list,
	 * written after them before, was in the list only: e2e-libraries.sh) */
	companion_sections_write(gmon.path, gmon.config->rate, executable, &cs);
	if (cs.calls_err != 0)
		say_from_signal("cannot write the calls between modules beside ", cs.calls_err);
	if (cs.modules_err != 0)
		say_from_signal("cannot write the shared libraries' profiles beside ",
				cs.modules_err);
	if (cs.paths_err != 0)
		say_from_signal("cannot write the call paths beside ", cs.paths_err);
}

/* Waits (at most 30 s, polling every millisecond) until no write is in
 * progress and, with also_waiting, no flush signal's handler waits to
 * write either. */
static void wait_for_writes(int also_waiting)
{
	static const struct timespec one_ms = {0, 1000000};

	for (int i = 0; i < 30000 && (__atomic_load_n(&gmon.writers, __ATOMIC_SEQ_CST) > 0 ||
				      (also_waiting &&
				       __atomic_load_n(&gmon.flush_waiting, __ATOMIC_SEQ_CST)));
	     i++)
		nanosleep(&one_ms, NULL);
}

/* The write on a flush signal: unless the final profile is written (or a
 * signal that ends the process wrote it), the profile as it is now, and
 * its companions.  waiter: this handler holds gmon.flush_waiting, given
 * up once it is a writer (so that no handler sees neither in between), or
 * when it writes nothing. */
static void write_on_signal(enum flush_course course, int waiter)
{
	struct output_summary summary;
	sigset_t saved;
	int err;

	if (gmon.disabled || gmon.finished || getpid() != gmon.owner_pid ||
	    __atomic_load_n(&gmon.ending, __ATOMIC_SEQ_CST) ||
	    /* for the job's sum only: its own files when it may end unsummed */
	    (course == FLUSH_COURSE_RETURNS ? job_sum_only()
					    : !job_sum_writes_files(gmon.path, JOB_SUM_ON_SIGNAL))) {
		if (waiter)
			__atomic_store_n(&gmon.flush_waiting, 0, __ATOMIC_SEQ_CST);
		return;
	}
	begin_write(&saved);
	own_cost_write_begin();
	if (waiter)
		__atomic_store_n(&gmon.flush_waiting, 0, __ATOMIC_SEQ_CST);
	remove_companions();
	err = output_write_profile(gmon.path, gmon.config->rate, &gmon.image, OUTPUT_FAST,
				   &summary);
	if (err == 0) {
		companion_begin();
		write_companions_now();
		companion_end(0);
	}
	flush_hooks_run(); /* the MPI profile, when the PMPI wrappers are there */
	/* set while still a writer: a handler waiting for the writes to end
	 * then sees it */
	if (course == FLUSH_COURSE_ENDS)
		__atomic_store_n(&gmon.ending, 1, __ATOMIC_SEQ_CST);
	own_cost_write_end();
	end_write(&saved);
	if (err != 0)
		say_from_signal("on a signal, cannot write the profile ", err);
}

/*
 * A rank of a job of several, about to end on a flush signal, waits
 * LINGER_S first (async-signal-safe: clock_nanosleep).  A launcher kills
 * every rank at once when one ends on a signal: measured here, the first
 * rank to die of the SIGTERM mpirun passed on had Open MPI 4.1's mpirun
 * (sigkill timeout 1 s) and MPICH's Hydra SIGKILL the others within 10 ms,
 * cutting their writes (CI-like runs left a rank's companion as a
 * temporary).  Waiting, each rank ends after every rank that got the
 * signal with it has had LINGER_S to write: under Open MPI's mpirun the
 * launcher's own SIGKILL (1 s after its SIGTERM) comes first; Hydra sends
 * none; Slurm sends it KillWait (30 s) after its SIGTERM.  A rank that
 * writes nothing (not in BG_GMON_RANK_SUBSET) waits too.
 */
#define LINGER_S 2

static void linger_for_the_other_ranks(void)
{
	const struct gmon_config *c = gmon.config;
	struct timespec until;

	if (!c || !c->is_mpi || c->world_size < 2 || clock_gettime(CLOCK_MONOTONIC, &until) != 0)
		return;
	until.tv_sec += LINGER_S;
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == EINTR)
		;
}

/* The handler of a flush signal (flush-signals.h): writes the profile
 * (write_on_signal), after the write in progress in another thread, if
 * any (at most 30 s).  One handler waits at a time: a signal that finds
 * one waiting leaves the write to it (it writes after this signal came).
 * A handler whose course may end the process (course not
 * FLUSH_COURSE_RETURNS) then waits for the writes of the others to end,
 * so that its course cuts none.  Signals faster than the writes then keep
 * two threads busy, not every thread (a signal every 2 to 20 ms, ignored,
 * had 4 threads cycling dlopen/dlclose make 0 to 300 cycles in 3 s
 * instead of 20,000).
 *
 * Once a signal that ends the process (FLUSH_COURSE_ENDS) has written,
 * the handlers after it write nothing: the process is ending, and a
 * second write would remove the companions the first wrote, then be cut
 * by the end (under mpirun, the first rank to end makes mpirun send
 * SIGTERM to the others, which one of a rank's other threads takes while
 * its first handler still writes: CI lost a rank's companion so). */
static void flush_on_signal(enum flush_course course)
{
	if (__atomic_load_n(&gmon.writers, __ATOMIC_SEQ_CST) == 0) {
		write_on_signal(course, 0);
	} else if (!__atomic_exchange_n(&gmon.flush_waiting, 1, __ATOMIC_SEQ_CST)) {
		wait_for_writes(0);
		write_on_signal(course, 1);
	}
	if (course != FLUSH_COURSE_RETURNS)
		wait_for_writes(1);
	if (course == FLUSH_COURSE_ENDS)
		linger_for_the_other_ranks();
}

/* Open MPI's mpirun, once one rank has ended (here: on a flush signal),
 * kills the others about odls_base_sigkill_timeout seconds less one
 * later, at once with its default of 1 s (measured with 4.1.4): a rank
 * still writing its profile then loses it (CI saw it on two ranks).  The
 * ranks that got the same signal linger (above); one sent a signal alone
 * does not wait for the others.  gmon-job sets 5 s; by hand, rank 0 says
 * how, once.  (An MCA parameter file may set it unseen: the line says
 * so.) */
static void warn_of_mpirun_deadline(const struct gmon_config *config)
{
	if (!config->is_mpi || config->rank != 0 || config->world_size < 2 ||
	    !getenv("OMPI_COMM_WORLD_SIZE") || getenv("OMPI_MCA_odls_base_sigkill_timeout"))
		return;
	diag("BG_GMON_FLUSH_SIGNALS under Open MPI's mpirun: once a rank has ended on a flush "
	     "signal, mpirun kills the others at once (SIGKILL), maybe before they have written "
	     "their profiles; give them more with 'mpirun --mca odls_base_sigkill_timeout 5' "
	     "(gmon-job does), unless an MCA parameter file sets it");
}

/* The flush signals: those BG_GMON_FLUSH_SIGNALS names, or by default
 * SIGTERM unless the process inherited it ignored (it then ends nothing,
 * and a program that asks whether it is ignored still sees it so).  The
 * deadline's line is for the signals a user chose: Open MPI's mpirun,
 * killed, sends every rank SIGCONT, its SIGTERM 1 s later and SIGKILL 1 s
 * after that (measured), and the ranks linger until then. */
static void start_flush_signals(const struct gmon_config *config)
{
	int err;

	if (!config->flush_signals_set)
		return;
	gmon.flush_set = config->flush_signals;
	if (config->flush_signals_default && flush_signals_drop_ignored(&gmon.flush_set) == 0)
		return;
	err = flush_signals_install(&gmon.flush_set, flush_on_signal);
	if (err != 0)
		diag("cannot install the BG_GMON_FLUSH_SIGNALS handlers: %s", strerror(err));
	else if (!config->flush_signals_default)
		warn_of_mpirun_deadline(config);
}

PUBLIC void __monstartup(unsigned long lowpc, unsigned long highpc)
{
	const struct gmon_config *config;
	int err;

	if (gmon.started)
		return;
	gmon.started = 1;
	gmon.owner_pid = getpid();
	gmon.config = config = config_get();
	config_report_problems(config);
	if (!config->is_mpi || config->rank == 0)
		env_report_unknown(environ);
	job_sum_start(config);   /* outside the subset, it may profile for the job's sum */
	if (config->is_mpi && !rank_subset_contains(&config->subset, config->rank) &&
	    !job_sum_only()) {
		stop_for_good();
		start_flush_signals(config);  /* to end with the others (linger) */
		return;
	}
	pthread_atfork(NULL, NULL, in_forked_child);
	profile_name(gmon.path, sizeof gmon.path, config, lineage_check_and_mark());
	image_inspect(&gmon.image);
	world_check_init(config);
	run_identity_init(config);
	if (histogram_init(lowpc, highpc, gmon.image.load_bias) != 0) {
		diag("cannot map a histogram for text 0x%lx-0x%lx: %s; not profiling", lowpc, highpc,
		     strerror(errno));
		stop_for_good();
		return;
	}
	callpaths_init(config->callstacks);
	err = modules_init(config->profile_libs);
	if (err != 0)
		diag("cannot map the table of samples in shared libraries: %s; profiling the "
		     "executable only", strerror(err));
	/* modules closed before exit (Open MPI's components): their samples
	 * and their call-path frames (unloaded.h) */
	modules_watch_unloaded(modules_enabled() || config->callstacks);
	node_load_start();
	/* BG_GMON_HZ unset: the histogram at 1000 Hz, its signals at 100 to
	 * 1000 Hz by what a sample costs (rate-choice.h); the
	 * process-wide timer rides the tick, the wall clock its sampler */
	if (config->rate_source == RATE_DEFAULT && config->timers != TIMERS_PROCESS &&
	    config->clock != CLOCK_WALL) {
		uint64_t since = own_cost_thread_ns(), cost = rate_choice_measure_cost_ns();

		own_cost_start_done(since);
		config_choose_rate(RATE_CHOICE_HIGH, rate_choice_for_cost(cost), cost);
	}
	if (config->timers == TIMERS_ALL && config->clock != CLOCK_WALL)
		sampling_watch_unseen();
	err = config->timers == TIMERS_PROCESS ? 0 : sampling_start_thread_timer();
	if (err == 0)
		err = sampling_init(config->rate, config->signal_rate, config->timers == TIMERS_PROCESS,
				    config->clock == CLOCK_WALL);
	if (err != 0)
		diag("cannot start a CPU-time sampling timer: %s; some threads take no samples",
		     strerror(err));
	start_flush_signals(config);
}

PUBLIC void monstartup(unsigned long lowpc, unsigned long highpc)
{
	__monstartup(lowpc, highpc);
}

/* gmon-mpi-profile.h: another library's section of this rank's companion,
 * refused when the runtime writes none (not profiling, or
 * BG_GMON_COMPANIONS=files: that library writes its file then). */
PUBLIC int gmon_mpi_companion_section(const char *name, int (*fill)(int fd, void *ctx),
				      void *ctx)
{
	if (!gmon.started || gmon.disabled || gmon.finished || getpid() != gmon.owner_pid ||
	    gmon.config->companion_files)
		return -1;
	return extra_sections_add(name, fill, ctx);
}

PUBLIC int gmon_mpi_companion_path(const char *kind, char *buf, size_t size)
{
	if (!gmon.started || gmon.disabled || getpid() != gmon.owner_pid)
		return -1;
	return companion_name(gmon.path, kind, buf, size) < size ? 0 : -1;
}

/* The messages of the companion's sections written at exit
 * (companion_sections_write; the flush signals' are write_companions_now's,
 * without stdio). */

/* BG_GMON_CALLSTACKS: PROFILE+paths (gmon.out+paths.3 beside gmon.out.3:
 * companion_name). */
static void say_callpaths(int err, const struct callpaths_summary *paths)
{
	char name[sizeof gmon.path + sizeof GMON_CALLPATHS_NAME + 1];

	companion_name(gmon.path, GMON_CALLPATHS_NAME, name, sizeof name);
	if (err != 0)
		diag("cannot write the call paths %s: %s", name, strerror(err));
	else if (paths->lost > 0 && !gmon.config->verbose)
		diag("%s: the call paths of %" PRIu64 " samples were lost (a thread's table of "
		     "paths was full)", name, paths->lost);
}

/* PROFILE+calls, the calls between modules; with BG_GMON_PROFILE_LIBS
 * none, the executable's profile only, as glibc's runtime (an earlier
 * run's calls removed). */
static void say_calls(int err)
{
	char name[sizeof gmon.path + sizeof GMON_CALLS_NAME + 1];

	companion_name(gmon.path, GMON_CALLS_NAME, name, sizeof name);
	if (err != 0)
		diag("cannot write the calls between modules %s: %s", name, strerror(err));
}

/* BG_GMON_PROFILE_LIBS: the shared libraries' profiles and their list. */
static void say_modules(int err, const struct modules_summary *m)
{
	const struct modules_summary ms = *m;
	char buf[64], where[sizeof gmon.path + 64];

	if (err != 0)
		diag("cannot write the shared libraries' profiles next to %s: %s", gmon.path,
		     strerror(err));
	if (ms.enabled && (gmon.config->verbose || ms.lost > 0))
		diag("%s%" PRIu64 " samples in shared libraries: %u libraries sampled, %u "
		     "profiles written (%s%s) with %" PRIu64
		     " calls inside them, %" PRIu64 " samples in no library, %" PRIu64
		     " lost (the table of PCs was full)",
		     report_who(gmon.config, buf, sizeof buf), ms.outside + ms.lost,
		     ms.modules_sampled,
		     ms.modules_written, output_companion_active() ? "in " : "beside ",
		     output_companion_active()
			     ? report_where(gmon.path, "", "sections named after the libraries",
					     where, sizeof where)
			     : gmon.path,
		     ms.calls_written, ms.outside - ms.attributed, ms.lost);
	if (ms.enabled)     /* a name of the list that no library was */
		lib_list_say_unmatched(gmon.config, "BG_GMON_PROFILE_LIBS", gmon.config->profile_libs,
				       ms.names_matched, "no profile of", "written");
}

PUBLIC void _mcleanup(void)
{
	struct output_summary summary;
	struct companion_sections cs = {0};
	sigset_t saved;
	int err;

	if (!gmon.started || gmon.finished)
		return;
	begin_write(&saved);
	gmon.finished = 1;
	sampling_shutdown();
	modules_watch_unloaded(0);      /* the table is read as it is now */
	if (gmon.disabled) {
		end_write(&saved);
		return;
	}
	arcs_set_state(ARCS_CLOSED);
	if (getpid() != gmon.owner_pid) {
		end_write(&saved);
		if (gmon.config->verbose)
			diag("pid %ld is a forked child: not writing over its parent's profile",
			     (long)getpid());
		return;
	}
	if (!job_sum_writes_files(gmon.path, JOB_SUM_AT_EXIT)) {
		end_write(&saved);
		return;
	}
	own_cost_write_begin();   /* (its end: the process's) */
	remove_plt_calls();
	err = output_write_profile(gmon.path, gmon.config->rate, &gmon.image, OUTPUT_DURABLE,
				   &summary);
	end_write(&saved);
	if (err == 0) {
		companion_begin();
		companion_sections_write(gmon.path, gmon.config->rate, 0, &cs);
		say_calls(cs.calls_err);
		say_callpaths(cs.paths_err, &cs.paths);
	}
	if (err != 0)
		diag("cannot write the profile %s (in %s): %s", gmon.path,
		     getcwd((char[4096]){0}, 4096) ? : "the working directory", strerror(err));
	else if (gmon.config->verbose)
		report_written(gmon.config, gmon.path, &summary, &cs.paths, &cs.calls);
	if (err == 0) {
		say_modules(cs.modules_err, &cs.modules);
		companion_end(1);
	}
}

PUBLIC int gmon_flush(void)
{
	struct output_summary summary;
	sigset_t saved;
	int err;

	if (!gmon.started || gmon.disabled || gmon.finished || getpid() != gmon.owner_pid)
		return EPERM;
	if (job_sum_only() && !job_sum_failed())  /* no files of its own (yet) */
		return 0;
	begin_write(&saved);
	own_cost_write_begin();
	remove_companions();
	err = output_write_profile(gmon.path, gmon.config->rate, &gmon.image, OUTPUT_DURABLE,
				   &summary);
	if (err == 0) {
		companion_begin();
		write_companions_now();
		companion_end(1);
	}
	own_cost_write_end();
	end_write(&saved);
	if (err != 0)
		diag("gmon_flush: cannot write the profile %s: %s", gmon.path, strerror(err));
	else if (gmon.config->verbose)
		report_written(gmon.config, gmon.path, &summary, NULL, NULL);
	return err;
}

/*
 * gmon-run preloaded the runtime into a program that never called
 * __monstartup: it was not built with -pg, and no profile is written.  Say
 * so once: for the program gmon-run started (GMON_RUN_PID is its pid, as
 * exec keeps it), not for the programs it starts in turn, and from rank 0.
 */
__attribute__((destructor)) static void report_not_built_with_pg(void)
{
	const char *launched = getenv("GMON_RUN_PID");
	const struct gmon_config *config;
	long pid;

	if (gmon.started || !launched || rank_parse(launched, &pid) != 0 || pid != (long)getpid())
		return;
	config = config_get();
	if (config->is_mpi && config->rank != 0)
		return;
	diag("%s was not built with -pg (it never called __monstartup): no profile is "
	     "written; build it with -pg (mpicc -pg) to profile it",
	     program_invocation_short_name);
}

/* Calls made after the profile was written cannot be in it: say so. */
__attribute__((destructor)) static void report_late_calls(void)
{
	struct arc_stats arcs;

	if (!gmon.finished || gmon.disabled || !gmon.config->verbose)
		return;
	arcs_get_stats(&arcs);
	if (arcs.dropped_late > 0)
		diag("%" PRIu64 " calls made after the profile was written were not recorded",
		     arcs.dropped_late);
}

/* gmon-job-sum.h: the in-job sum's entry points, for the PMPI wrappers. */
PUBLIC int gmon_mpi_sum_wanted(void)
{
	const struct gmon_config *c = gmon.config ? gmon.config : config_get();

	return c->is_mpi && c->sum_in_job;
}

PUBLIC int gmon_mpi_sum_image(void **data, size_t *len, char *path, size_t size)
{
	int err;

	if (!gmon.started || gmon.disabled || gmon.finished || getpid() != gmon.owner_pid)
		return EPERM;
	/* the profile ends here: the files written later hold what was summed */
	gmon.ended = 1;
	arcs_set_state(ARCS_PAUSED);
	sampling_set_paused(1);
	err = job_sum_path(gmon.path, path, size);
	return err ? err : job_sum_image(gmon.config->rate, &gmon.image, data, len);
}

PUBLIC int gmon_mpi_sum_companion(void **data, size_t *len, char *profile, size_t size)
{
	sigset_t saved;
	int err;

	if (!gmon.started || gmon.disabled || gmon.finished || !gmon.ended ||
	    getpid() != gmon.owner_pid)
		return EPERM;
	if (gmon.config->companion_files)
		return ENOENT;
	if (strlen(gmon.path) >= size)
		return ENAMETOOLONG;
	memcpy(profile, gmon.path, strlen(gmon.path) + 1);
	begin_write(&saved);
	err = job_sum_companion(gmon.path, gmon.config->rate, data, len);
	end_write(&saved);
	return err;
}

PUBLIC void gmon_mpi_sum_done(int summed)
{
	job_sum_set_summed(summed);
}

PUBLIC void moncontrol(int mode)
{
	if (!gmon.started || gmon.disabled || gmon.finished || gmon.ended)
		return;
	arcs_set_state(mode ? ARCS_RECORDING : ARCS_PAUSED);
	sampling_set_paused(!mode);
}

PUBLIC void mondisable(void)
{
	stop_for_good();
}

PUBLIC void gmon_thread_timer(int start)
{
	if (!start)
		sampling_stop_thread_timer();
	else if (!gmon.disabled && !gmon.finished)
		sampling_start_thread_timer();
}

PUBLIC void gmon_start_all_thread_timers(void)
{
	if (!gmon.disabled && !gmon.finished)
		thread_hook_time_all_new_threads();
}
