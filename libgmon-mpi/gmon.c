/*
 * gmon.c - the runtime's life cycle and public entry points: the glibc
 * names gcrt1.o and programs call (__monstartup, monstartup, _mcleanup,
 * moncontrol) and gmon-mpi's own (mondisable, gmon_thread_timer).
 *
 * gcrt1.o runs __monstartup(&__executable_start, &etext) from the
 * executable's _init and registers _mcleanup with atexit.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arcs.h"
#include "diag.h"
#include "gmon-mpi.h"
#include "histogram.h"
#include "image.h"
#include "output.h"
#include "rank.h"
#include "sampling.h"

#define DEFAULT_RATE 100

#define PUBLIC __attribute__((visibility("default")))

static struct {
	int started;        /* __monstartup ran */
	int disabled;       /* mondisable(), or this rank is not selected */
	int finished;       /* _mcleanup ran */
	int verbose;
	int is_mpi;
	long rank;
	pid_t owner_pid;    /* a forked child is some other pid */
	unsigned rate;
	struct image_info image;
} gmon;

static void in_forked_child(void)
{
	arcs_after_fork_in_child();
}

static int env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

/* One message, from rank 0 (or a serial program), for the whole job. */
static int speaks_for_the_job(void)
{
	return !gmon.is_mpi || gmon.rank == 0;
}

static struct rank_subset selected_ranks(void)
{
	const char *text = getenv("BG_GMON_RANK_SUBSET");
	struct rank_subset subset = RANK_SUBSET_DEFAULT;

	if (text && rank_subset_parse(text, &subset) != 0 && speaks_for_the_job())
		diag("BG_GMON_RANK_SUBSET='%s' is not N, N:M or N:M:S (non-negative, N <= M, S >= 1); "
		     "using the default 0:31",
		     text);
	return subset;
}

static void stop_for_good(void)
{
	gmon.disabled = 1;
	arcs_set_state(ARCS_PAUSED);
	sampling_shutdown();
}

PUBLIC void __monstartup(unsigned long lowpc, unsigned long highpc)
{
	struct rank_subset subset;
	int err;

	if (gmon.started)
		return;
	gmon.started = 1;
	gmon.owner_pid = getpid();
	gmon.verbose = env_flag("BG_GMON_VERBOSE");
	gmon.rate = DEFAULT_RATE;
	gmon.is_mpi = rank_from_environment(&gmon.rank, NULL);
	subset = selected_ranks();
	if (gmon.is_mpi && !rank_subset_contains(&subset, gmon.rank)) {
		stop_for_good();
		return;
	}
	pthread_atfork(NULL, NULL, in_forked_child);
	image_inspect(&gmon.image);
	if (histogram_init(lowpc, highpc, gmon.image.load_bias) != 0) {
		diag("cannot map a histogram for text 0x%lx-0x%lx: %s; not profiling", lowpc, highpc,
		     strerror(errno));
		stop_for_good();
		return;
	}
	err = sampling_init(gmon.rate);
	if (err == 0)
		err = sampling_start_thread_timer();
	if (err != 0)
		diag("cannot start the CPU-time sampling timer: %s; call counts only", strerror(err));
}

PUBLIC void monstartup(unsigned long lowpc, unsigned long highpc)
{
	__monstartup(lowpc, highpc);
}

static void profile_path(char *path, size_t size)
{
	const char *prefix = getenv("GMON_OUT_PREFIX");

	if (prefix && *prefix)
		snprintf(path, size, "%s.%ld", prefix, gmon.is_mpi ? gmon.rank : (long)getpid());
	else if (gmon.is_mpi)
		snprintf(path, size, "gmon.out.%ld", gmon.rank);
	else
		snprintf(path, size, "gmon.out");
}

static void report_written(const char *path, const struct output_summary *out)
{
	struct arc_stats arcs;
	const struct histogram *h = &gmon_histogram;
	uint64_t dropped;

	arcs_get_stats(&arcs);
	dropped = arcs.dropped_reentrant + arcs.dropped_no_memory;
	diag("%s%ld%swrote %s: %" PRIu64 " samples (%" PRIu64 " outside the text), %" PRIu64
	     " arcs, %" PRIu64 " calls, %" PRIu64 " dropped (%" PRIu64 " re-entrant, %" PRIu64
	     " out of memory), %" PRIu64 " arcs from outside the text not written",
	     gmon.is_mpi ? "rank " : "pid ", gmon.is_mpi ? gmon.rank : (long)getpid(), ": ", path,
	     h->samples, h->outside, arcs.arcs - out->arcs_outside, arcs.calls - out->calls_outside,
	     dropped, arcs.dropped_reentrant, arcs.dropped_no_memory, out->arcs_outside);
}

PUBLIC void _mcleanup(void)
{
	struct output_summary summary;
	char path[4096];
	int err;

	if (!gmon.started || gmon.finished)
		return;
	gmon.finished = 1;
	sampling_shutdown();
	if (gmon.disabled)
		return;
	arcs_set_state(ARCS_CLOSED);
	if (getpid() != gmon.owner_pid) {
		if (gmon.verbose)
			diag("pid %ld is a forked child: not writing over its parent's profile",
			     (long)getpid());
		return;
	}
	profile_path(path, sizeof path);
	err = output_write_profile(path, gmon.rate, &gmon.image, &summary);
	if (err != 0)
		diag("cannot write the profile %s (in %s): %s", path,
		     getcwd((char[4096]){0}, 4096) ? : "the working directory", strerror(err));
	else if (gmon.verbose)
		report_written(path, &summary);
}

/* Calls made after the profile was written cannot be in it: say so. */
__attribute__((destructor)) static void report_late_calls(void)
{
	struct arc_stats arcs;

	if (!gmon.verbose || !gmon.finished || gmon.disabled)
		return;
	arcs_get_stats(&arcs);
	if (arcs.dropped_late > 0)
		diag("%" PRIu64 " calls made after the profile was written were not recorded",
		     arcs.dropped_late);
}

PUBLIC void moncontrol(int mode)
{
	if (!gmon.started || gmon.disabled || gmon.finished)
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
	if (!start) {
		sampling_stop_thread_timer();
		return;
	}
	if (gmon.started && !gmon.disabled && !gmon.finished)
		sampling_start_thread_timer();
}
