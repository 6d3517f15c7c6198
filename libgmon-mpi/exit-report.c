/*
 * exit-report.c - see exit-report.h.
 */
#define _GNU_SOURCE
#include "exit-report.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "arcs.h"
#include "companion-name.h"
#include "diag.h"
#include "gmon-callpaths.h"
#include "gmon-calls.h"
#include "gmon-companion.h"
#include "histogram.h"
#include "output-file.h"
#include "rate-choice.h"
#include "sampling.h"
#include "thread-hook.h"

const char *report_who(const struct gmon_config *c, char *buf, size_t size)
{
	snprintf(buf, size, "%s %ld: ", c->is_mpi ? "rank" : "pid",
		 c->is_mpi ? c->rank : (long)getpid());
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

/* The rate, and where it came from (rate-choice.h). */
static void report_rate(const struct gmon_config *config)
{
	char buf[64], counted[64] = "";

	if (config->signal_rate != config->rate)
		snprintf(counted, sizeof counted, ", each signal %u samples at %u Hz",
			 config->rate / config->signal_rate, config->rate);
	if (config->rate_source == RATE_MEASURED)
		diag("%ssampled at %u Hz%s: BG_GMON_HZ unset, and a sample's signal cost %" PRIu64
		     ".%" PRIu64 " us here (measured at start; the fastest of 1000, 500, 250, "
		     "200 and 100 Hz at which the signals cost at most 1%% of a thread's CPU: "
		     "1000 Hz up to %d us)",
		     report_who(config, buf, sizeof buf), config->signal_rate, counted,
		     config->sample_cost_ns / 1000, config->sample_cost_ns % 1000 / 100,
		     RATE_CHOICE_MAX_COST_NS / 1000);
	else
		diag("%ssampled at %u Hz%s (%s)", report_who(config, buf, sizeof buf),
		     config->signal_rate, counted,
		     config->rate_source == RATE_SET ? "BG_GMON_HZ" : "the default");
}

static void report_threads(const struct gmon_config *config)
{
	static const char *const policy_names[] = {"process", "main thread only", "all", "nocomm"};
	struct thread_list list = {.len = 0};
	struct thread_hook_stats hook;
	char buf[64];

	if (sampling_is_process_wide()) {
		diag("%sthread timers (process): every thread sampled by one timer on the process's "
		     "CPU time; %" PRIu64 " samples of threads that called gmon_thread_timer(0) "
		     "dropped", report_who(config, buf, sizeof buf), sampling_excluded_samples());
		return;
	}
	sampling_for_each_thread(list_thread, &list);
	thread_hook_get_stats(&hook);
	diag("%sthread timers (%s): %u threads sampled, %" PRIu64
	     " communication threads not sampled%s%s%s%s%s; samples per thread id:%s",
	     report_who(config, buf, sizeof buf), policy_names[config->timers], list.threads,
	     hook.comm_skipped,
	     hook.comm_libraries[0][0] ? " (from " : "", hook.comm_libraries[0],
	     hook.comm_libraries[1][0] ? ", " : "", hook.comm_libraries[1],
	     hook.comm_libraries[0][0] ? ")" : "", list.text);
}

const char *report_where(const char *profile, const char *kind, const char *section, char *buf,
			 size_t size)
{
	size_t n;

	if (!output_companion_active()) {
		companion_name(profile, kind, buf, size);
		return buf;
	}
	n = companion_name(profile, GMON_COMPANION_KIND, buf, size);
	if (n < size)
		snprintf(buf + n, size - n, ", its %s", section);
	return buf;
}

/* The verbose line's word about the call paths: written at exit only. */
static const char *paths_word(const char *profile, const struct callpaths_summary *paths,
			      char *text, size_t size)
{
	char where[REPORT_PATH_MAX + 64];

	if (!paths || !paths->enabled)
		return "";
	snprintf(text, size, "; call paths (in %s): %" PRIu64 " samples in %" PRIu64 " paths, %"
		 PRIu64 " lost (table full), %" PRIu64 " cut at %d frames",
		 report_where(profile, GMON_CALLPATHS_NAME, "section " GMON_CALLPATHS_NAME, where,
			      sizeof where), paths->samples,
		 paths->lines, paths->lost, paths->cut, GMON_CALLPATHS_MAX_DEPTH);
	return text;
}

/* The verbose line's word about the calls between modules: at exit only. */
static const char *calls_word(const char *profile, const struct calls_summary *calls, char *text,
			      size_t size)
{
	char where[REPORT_PATH_MAX + 64];

	if (!calls)
		return "";
	snprintf(text, size, " (%" PRIu64 " calls between modules in %" PRIu64 " arcs written to %s)",
		 calls->calls, calls->arcs,
		 report_where(profile, GMON_CALLS_NAME, "section " GMON_CALLS_NAME, where,
			      sizeof where));
	return text;
}

void report_written(const struct gmon_config *config, const char *path,
		    const struct output_summary *out, const struct callpaths_summary *paths,
		    const struct calls_summary *calls)
{
	struct arc_stats arcs;
	char buf[64], paths_text[REPORT_PATH_MAX + 256], calls_text[REPORT_PATH_MAX + 192];
	const struct histogram *h = &gmon_histogram;
	uint64_t dropped;

	arcs_get_stats(&arcs);
	dropped = arcs.dropped_reentrant + arcs.dropped_no_memory;
	diag("%swrote %s: %" PRIu64 " samples (%" PRIu64 " outside the text), %" PRIu64
	     " arcs, %" PRIu64 " calls, %" PRIu64 " dropped (%" PRIu64 " re-entrant, %" PRIu64
	     " out of memory), %" PRIu64 " arcs with an end outside the text not in it%s%s",
	     report_who(config, buf, sizeof buf), path,
	     histogram_total_samples(), h->outside, out->arcs_written, out->calls_written,
	     dropped, arcs.dropped_reentrant, arcs.dropped_no_memory, out->arcs_outside,
	     calls_word(path, calls, calls_text, sizeof calls_text),
	     paths_word(path, paths, paths_text, sizeof paths_text));
	report_rate(config);
	report_threads(config);
}
