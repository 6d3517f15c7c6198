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
#include "settings.h"
#include "thread-hook.h"
#include "sampling.h"

#define PUBLIC __attribute__((visibility("default")))

static struct {
	int started;        /* __monstartup ran */
	int disabled;       /* mondisable(), or this rank is not selected */
	int finished;       /* _mcleanup ran */
	pid_t owner_pid;    /* a forked child is some other pid */
	const struct gmon_config *config;
	struct image_info image;
} gmon;

static void in_forked_child(void)
{
	arcs_after_fork_in_child();
	sampling_after_fork_in_child();
}

static void stop_for_good(void)
{
	gmon.disabled = 1;
	arcs_set_state(ARCS_PAUSED);
	sampling_shutdown();
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
	if (config->is_mpi && !rank_subset_contains(&config->subset, config->rank)) {
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
	err = config->timers == TIMERS_PROCESS ? 0 : sampling_start_thread_timer();
	if (err == 0)
		err = sampling_init(config->rate, config->timers == TIMERS_PROCESS);
	if (err != 0)
		diag("cannot start a CPU-time sampling timer: %s; some threads take no samples",
		     strerror(err));
}

PUBLIC void monstartup(unsigned long lowpc, unsigned long highpc)
{
	__monstartup(lowpc, highpc);
}

static void profile_path(char *path, size_t size)
{
	const char *prefix = getenv("GMON_OUT_PREFIX");

	const struct gmon_config *c = gmon.config;

	if (prefix && *prefix)
		snprintf(path, size, "%s.%ld", prefix, c->is_mpi ? c->rank : (long)getpid());
	else if (c->is_mpi)
		snprintf(path, size, "gmon.out.%ld", c->rank);
	else
		snprintf(path, size, "gmon.out");
}

/* "rank N: " or "pid N: ", the start of the verbose lines */
static const char *who(char *buf, size_t size)
{
	const struct gmon_config *c = gmon.config;

	snprintf(buf, size, "%s %ld: ", c->is_mpi ? "rank" : "pid", c->is_mpi ? c->rank : (long)getpid());
	return buf;
}

struct thread_list {
	char text[2048];
	size_t len;
	unsigned threads;
};

static void list_thread(int tid, uint64_t samples, void *ctx)
{
	struct thread_list *list = ctx;
	size_t room = sizeof list->text - list->len;
	int n;

	list->threads++;
	if (list->threads > 32 || room < 40) {
		if (room > 4 && list->text[list->len - 1] != '.')
			list->len += (size_t)snprintf(list->text + list->len, room, " ...");
		return;
	}
	n = snprintf(list->text + list->len, room, " %d=%" PRIu64, tid, samples);
	if (n > 0 && (size_t)n < room)
		list->len += (size_t)n;
}

static void report_threads(void)
{
	static const char *const policy_names[] = {"process", "main thread only", "all", "nocomm"};
	struct thread_list list = {.len = 0};
	struct thread_hook_stats hook;
	char buf[64];

	if (sampling_is_process_wide()) {
		diag("%sthread timers (process): every thread sampled by one timer on the process's "
		     "CPU time; %" PRIu64 " samples of threads that called gmon_thread_timer(0) "
		     "dropped", who(buf, sizeof buf), sampling_excluded_samples());
		return;
	}
	sampling_for_each_thread(list_thread, &list);
	thread_hook_get_stats(&hook);
	diag("%sthread timers (%s): %u threads sampled, %" PRIu64
	     " communication threads not sampled%s%s%s%s%s; samples per thread id:%s",
	     who(buf, sizeof buf), policy_names[gmon.config->timers], list.threads, hook.comm_skipped,
	     hook.comm_libraries[0][0] ? " (from " : "", hook.comm_libraries[0],
	     hook.comm_libraries[1][0] ? ", " : "", hook.comm_libraries[1],
	     hook.comm_libraries[0][0] ? ")" : "", list.text);
}

static void report_written(const char *path, const struct output_summary *out)
{
	struct arc_stats arcs;
	char buf[64];
	const struct histogram *h = &gmon_histogram;
	uint64_t dropped;

	arcs_get_stats(&arcs);
	dropped = arcs.dropped_reentrant + arcs.dropped_no_memory;
	diag("%swrote %s: %" PRIu64 " samples (%" PRIu64 " outside the text), %" PRIu64
	     " arcs, %" PRIu64 " calls, %" PRIu64 " dropped (%" PRIu64 " re-entrant, %" PRIu64
	     " out of memory), %" PRIu64 " arcs from outside the text not written",
	     who(buf, sizeof buf), path,
	     histogram_total_samples(), h->outside, out->arcs_written, out->calls_written,
	     dropped, arcs.dropped_reentrant, arcs.dropped_no_memory, out->arcs_outside);
	report_threads();
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
		if (gmon.config->verbose)
			diag("pid %ld is a forked child: not writing over its parent's profile",
			     (long)getpid());
		return;
	}
	profile_path(path, sizeof path);
	err = output_write_profile(path, gmon.config->rate, &gmon.image, &summary);
	if (err != 0)
		diag("cannot write the profile %s (in %s): %s", path,
		     getcwd((char[4096]){0}, 4096) ? : "the working directory", strerror(err));
	else if (gmon.config->verbose)
		report_written(path, &summary);
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
