/* summary-print.c - see summary-print.h. */
#include "summary-print.h"

#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#include "balance-print.h"
#include "files.h"
#include "json-export.h"
#include "rank-spread.h"

static const char *or_dash(const char *s)
{
	return s && *s ? s : "-";
}

static void print_when(FILE *out, int64_t when)
{
	time_t t = (time_t)when;
	struct tm tm;
	char buf[64];

	if (when > 0 && gmtime_r(&t, &tm) && strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm))
		fprintf(out, ", %s", buf);
}

static void print_spread(FILE *out, const struct summary_spread *r)
{
	if (r->n == 0) {
		fputs("-", out);
		return;
	}
	if (r->max <= 0) {
		fputs("none in any rank", out);
		return;
	}
	fprintf(out, "%.3f (rank %" PRId64 ") / %.3f / %.3f (rank %" PRId64 ")", r->min,
		r->min_rank, r->mean, r->max, r->max_rank);
}

static void print_lines(FILE *out, const struct summary_function *f)
{
	for (size_t k = 0; k < f->nlines; k++)
		fprintf(out, "%s%s:%u (%.0f%%)", k ? ", " : "", path_base_name(f->lines[k].file),
			f->lines[k].line,
			f->self ? 100.0 * (double)f->lines[k].samples / (double)f->self : 0.0);
}

static void print_functions(FILE *out, const char *title, const struct summary_function *fs,
			    size_t n)
{
	fprintf(out, "\n%s\n  %7s %7s %9s  %-32s %s\n", title, "self%", "incl%", "self s",
		"function", "module; hottest lines");
	for (size_t i = 0; i < n; i++) {
		const struct summary_function *f = &fs[i];

		fprintf(out, "  %6.1f%% %6.1f%% %9.3f  %-32s %s", f->self_percent, f->total_percent,
			f->self_seconds, f->name, or_dash(f->module));
		if (f->nlines) {
			fputs("; ", out);
			print_lines(out, f);
		}
		fputc('\n', out);
	}
}

const char *summary_rank_noise(const struct summary *s, char *buf, size_t size)
{
	char who[64];
	int k;

	if (!s->ranks_beyond_noise)
		return "within sampling noise";
	if (!balance_noise_named(&s->rank_noise) ||
	    (k = balance_noise_ranks(who, sizeof who, &s->rank_noise)) == 0)
		return "the ranks differ beyond sampling noise";
	snprintf(buf, size, "%s %s beyond sampling noise", who,
		 k > 1 ? "are outliers" : "is an outlier");
	return buf;
}

const char *summary_noise_named(const struct balance_noise *v, char *buf, size_t size)
{
	char who[64];
	int k;

	if (!balance_noise_named(v) || (k = balance_noise_ranks(who, sizeof who, v)) == 0)
		return "";
	snprintf(buf, size, " (%s %s)", who, k > 1 ? "outliers" : "an outlier");
	return buf;
}

void summary_print_run(FILE *out, const struct summary *s)
{
	fprintf(out, "%" PRIu64 " rank%s profiled", s->ranks_profiled,
		s->ranks_profiled == 1 ? "" : "s");
	if (s->ranks_total > 0)
		fprintf(out, " of %" PRId64, s->ranks_total);
	if (s->threads > 0 && s->threads_rank >= 0 && s->ranks_profiled > 1)
		fprintf(out, ", up to %ld thread%s sampled a rank (rank %" PRId64 ")", s->threads,
			s->threads == 1 ? "" : "s", s->threads_rank);
	else if (s->threads > 0 && s->threads_rank >= 0)
		fprintf(out, ", %ld thread%s sampled in rank %" PRId64, s->threads,
			s->threads == 1 ? "" : "s", s->threads_rank);
	else if (s->threads > 0)
		fprintf(out, ", %ld thread%s sampled", s->threads, s->threads == 1 ? "" : "s");
	fprintf(out, ", %s clock", s->clock);
	if (s->rate)
		fprintf(out, " at %u Hz", s->rate);
	/* signals slower than that rate (the default's 500 to 100 Hz where a
	 * sample costs much, a kernel tick below the rate): "at 1000 Hz" alone read
	 * as ten times the draws the figures rest on */
	if (s->rate && s->signals > 0 && (double)s->signal_samples >= 1.5 * (double)s->signals)
		fprintf(out, " (a signal %.1f samples on average)",
			(double)s->signal_samples / (double)s->signals);
	/* the engine, where it was a fallback (perf-clock.h) */
	if (s->engine && strncmp(s->engine, "posix-timers", 12) == 0 && s->engine_refused &&
	    *s->engine_refused)
		fprintf(out, ", sampled by POSIX CPU timers (perf_events refused: %s)",
			s->engine_refused);
	else if (s->engine && strncmp(s->engine, "perf-task-clock-user", 20) == 0)
		fprintf(out, ", perf_events' task clock of user time only (kernel profiling "
			"refused)");
	fprintf(out, ", %" PRIu64 " samples", s->samples);
	if (s->elapsed >= 0)
		fprintf(out, ", %.3f s elapsed", s->elapsed);
	print_when(out, s->when);
}

void summary_print_unplaced(FILE *out, const struct summary *s, const char *before,
			    const char *after)
{
	const struct summary_load *l = &s->load;
	double share = l->task_clock_cpu_s > 0 ? 100 * s->unplaced / l->task_clock_cpu_s : 0;

	if (strcmp(s->clock, "wall") == 0) {
		double all = s->unplaced + (s->rate ? (double)s->samples / s->rate : 0);

		share = all > 0 ? 100 * s->unplaced / all : 0;
		if (share >= SUMMARY_UNPLACED_SHARE)
			fprintf(out, "%s%.3f s of the threads' %.3f s of wall time (%.1f%%) came with "
				"no sample: perf_events were refused, and a thread on its CPU for less "
				"than a period since it last switched is not signalled (the signal "
				"could cut a call short); the shares are of the rest%s",
				before, s->unplaced, all, share, after);
		return;
	}
	if (share >= SUMMARY_UNPLACED_SHARE)
		fprintf(out, "%s%.3f s of the sampled threads' %.3f s of CPU time (%.1f%%) came with "
			"no sample: perf_events' task clock signalled less often (threads that "
			"switch often: yields, short waits, a crowded node); the shares are of the "
			"rest%s", before, s->unplaced, l->task_clock_cpu_s, share, after);
	else if (share <= -SUMMARY_UNPLACED_SHARE)
		fprintf(out, "%sthe samples stand for %.3f s more than the sampled threads' %.3f s "
			"of CPU time (%.1f%%): the task clock counted time the hypervisor stole%s",
			before, -s->unplaced, l->task_clock_cpu_s, -share, after);
}

void summary_print_mpi_blind(FILE *out, const struct summary *s, const char *before,
			     const char *after)
{
	if (s->mpi_seconds < 0 && strcmp(s->clock, "cpu") == 0 &&
	    (s->threads_rank >= 0 || s->ranks_profiled > 1))
		fprintf(out, "%sMPI here is its CPU time only: a rank waiting in MPI off the CPU is not "
			"sampled, so MPI's share of the ranks' wall time may be far more; run the "
			"program under gmon-run --mpi to measure it%s", before, after);
}

int summary_print_rank_spread(FILE *out, const struct summary *s)
{
	const size_t size = sizeof *s->ranks, rank = offsetof(struct summary_rank, rank);

	if (s->nranks <= RANK_ROWS_MAX)
		return 0;
	fprintf(out, "Per rank (%zu ranks: their spread; --summary=json lists every rank):\n",
		s->nranks);
	/* one after the other (the order of |'s operands is not C's to keep) */
	if (rank_spread_print_field(out, "s in the program", s->ranks, s->nranks, size, rank,
			    offsetof(struct summary_rank, seconds), "%.3f") != 0)
		return -1;
	return rank_spread_print_field(out, "s in MPI", s->ranks, s->nranks, size, rank,
				       offsetof(struct summary_rank, mpi_seconds), "%.3f");
}

void summary_print_text(FILE *out, const struct summary *s)
{
	const struct summary_function *hot = s->hot;
	char title[160], words[128];

	/* The first screen. */
	fprintf(out, "Summary of %s: ", or_dash(s->program));
	summary_print_run(out, s);
	fputs("\n\n", out);
	fprintf(out, "Where the time went (%% of the ranks' %s, %.3f s in all%s",
		strcmp(s->basis, "wall") == 0 ? "wall time" : strcmp(s->basis, "cpu") == 0
			? "CPU time (samples)" : "sampled time",
		s->total_seconds,
		s->mpi_seconds >= 0 ? "; MPI as the MPI profile measured it" : "");
	if (s->mpi_thread_samples)
		fprintf(out, "; %" PRIu64 " samples of MPI's own threads left out",
			s->mpi_thread_samples);
	fputs("):\n", out);
	summary_print_mpi_blind(out, s, "  (", ")\n");
	fprintf(out, "  %-30s %7s %6s %10s   %s\n", "category", "share", "+-", "seconds",
		"per rank, s: min / mean / max");
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++) {
		const struct summary_share *sh = &s->shares[c];

		fprintf(out, "  %-30s %6.1f%% ", summary_category_text(c), sh->percent);
		if (sh->plus_minus > 0)
			fprintf(out, "%6.1f", sh->plus_minus);
		else
			fprintf(out, "%6s", "-");
		fprintf(out, " %10.3f   ", sh->seconds);
		print_spread(out, &sh->ranks);
		fputc('\n', out);
	}
	if (s->profiler_unsampled > 0)
		fprintf(out, "  (the profiler itself: with %.3f s of its start, signal handlers and writes "
			"that no sample sees, measured by the runtime)\n", s->profiler_unsampled);
	summary_print_unplaced(out, s, "  (", ")\n");
	fprintf(out, "  (+-: the 95%% sampling error in points, from %.0f %s%s)\n", s->sampled,
		s->signals ? "signals" : "samples",
		s->too_few ? ": too few to say where the time went" : "");
	fputc('\n', out);
	if (hot && s->too_few) {
		fprintf(out, "Hot function: - (too few samples to say: %.0f %s)\n", s->sampled,
			s->signals ? "signals" : "samples");
	} else if (hot) {
		fprintf(out, "Hot function: %s (%.1f%% of the %" PRIu64 " samples", hot->name,
			hot->self_percent, s->samples);
		if (s->from_paths)
			fprintf(out, ", %.1f%% with its callees", hot->total_percent);
		fputc(')', out);
		if (hot->nlines) {
			fputs("; hottest lines ", out);
			print_lines(out, hot);
		}
		fputc('\n', out);
	} else {
		fputs("Hot function: - (no samples in the program's code)\n", out);
	}
	if (s->has_balance) {
		fprintf(out, "Slowest rank: %" PRId64 " (%.3f s in the program", s->slowest.rank,
			s->slowest.seconds);
		if (s->slowest.mpi_seconds >= 0)
			fprintf(out, ", %.3f s in MPI", s->slowest.mpi_seconds);
		fprintf(out, "); fastest: rank %" PRId64 " (%.3f s", s->fastest.rank,
			s->fastest.seconds);
		if (s->fastest.mpi_seconds >= 0)
			fprintf(out, ", %.3f s in MPI", s->fastest.mpi_seconds);
		fprintf(out, "); mean %.3f s; %s\n", s->rank_mean,
			summary_rank_noise(s, words, sizeof words));
		if (summary_print_rank_spread(out, s) != 0)
			fputs("(the ranks' spread: out of memory)\n", out);
	} else if (s->ranks_profiled >= 2) {
		/* a sum alone: the ranks' own figures are not in it */
		fputs("Slowest rank: - (a sum holds no rank's own figures: name the ranks' files, "
		      "gprof-par --summary EXECUTABLE gmon.out.*, to compare them)\n", out);
	} else {
		fputs("Slowest rank: - (one profile: sum the ranks' files, gprof-par -S, to compare "
		      "them)\n", out);
	}
	if (s->nsentences) {
		fputs("\nIn short:\n", out);
		for (size_t i = 0; i < s->nsentences; i++)
			fprintf(out, "  - %s.\n", s->sentences[i]);
	}

	/* The details: shares of the samples counted above */
	snprintf(title, sizeof title, "Top functions by self time (%s; %% of the %" PRIu64
		 " samples%s):", s->from_paths ? "the sampled call paths"
					      : "the histogram; no call paths",
		 s->samples, s->mpi_thread_samples ? ", MPI's own threads' left out" : "");
	print_functions(out, title, s->top_self, s->ntop_self);
	if (s->from_paths)
		print_functions(out, "Top functions by inclusive time (with their callees, the same "
				"base):", s->top_total, s->ntop_total);
	else
		fputs("\nTop functions by inclusive time: none without the sampled call paths "
		      "(PROFILE+paths; BG_GMON_CALLSTACKS)\n", out);
	if (s->nsites) {
		fprintf(out, "\nTop MPI call sites (wall time over all ranks):\n"
			"  %10s %6s %10s %12s  %-16s %-24s %s\n", "seconds", "%MPI", "calls", "bytes",
			"function", "caller", "per rank, s: min / mean / max");
		for (size_t i = 0; i < s->nsites; i++) {
			const struct summary_mpi_site *m = &s->sites[i];

			fprintf(out, "  %10.3f %5.1f%% %10" PRIu64 " %12" PRIu64 "  %-16s %-24s ",
				m->seconds, m->percent, m->calls, m->bytes, m->function, m->caller);
			print_spread(out, &m->ranks);
			if (*m->source)
				fprintf(out, "  at %s", m->source);
			fputc('\n', out);
		}
	}
	if (s->has_balance) {
		fputs("\nImbalance: functions whose ranks differ beyond sampling noise (99%), by time "
		      "lost:\n", out);
		if (s->nimbalanced == 0)
			fputs("  none\n", out);
		for (size_t i = 0; i < s->nimbalanced; i++) {
			const struct summary_imbalanced *f = &s->imbalanced[i];

			fprintf(out, "  %-32s min %.3f s (rank %" PRId64 "), mean %.3f s, max %.3f s "
				"(rank %" PRId64 "), lost %.3f s%s\n", f->name, f->time.min,
				f->time.min_rank, f->time.mean, f->time.max, f->time.max_rank, f->lost,
				summary_noise_named(&f->noise, words, sizeof words));
		}
	}
}

/* ------------------------------------------------------------------ */

void summary_json_number(FILE *out, double v)
{
	if (!isfinite(v))
		fputs("null", out);
	else if (v == floor(v) && fabs(v) < 1e15)
		fprintf(out, "%.0f", v);
	else
		fprintf(out, "%.6g", v);
}

static void json_spread(FILE *out, const struct summary_spread *r)
{
	if (r->n == 0) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"count\": %" PRIu64 ", \"min\": ", r->n);
	summary_json_number(out, r->min);
	fprintf(out, ", \"min_rank\": %" PRId64 ", \"mean\": ", r->min_rank);
	summary_json_number(out, r->mean);
	fputs(", \"max\": ", out);
	summary_json_number(out, r->max);
	fprintf(out, ", \"max_rank\": %" PRId64 "}", r->max_rank);
}

static void json_neighbours(FILE *out, const char *key, const struct summary_neighbour *n,
			    size_t count)
{
	fprintf(out, ", \"%s\": [", key);
	for (size_t i = 0; i < count; i++) {
		fputs(i ? ", {\"name\": " : "{\"name\": ", out);
		json_export_string(out, n[i].name);
		fprintf(out, ", \"samples\": %" PRIu64 "}", n[i].samples);
	}
	fputc(']', out);
}

static void json_functions(FILE *out, const char *key, const struct summary_function *fs,
			   size_t n)
{
	fprintf(out, ",\n  \"%s\": [", key);
	for (size_t i = 0; i < n; i++) {
		const struct summary_function *f = &fs[i];

		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		json_export_string(out, f->name);
		fputs(", \"module\": ", out);
		json_export_string(out, f->module);
		fputs(", \"file\": ", out);
		json_export_string(out, f->file);
		fputs(", \"line\": ", out);
		if (f->line)
			fprintf(out, "%u", f->line);
		else
			fputs("null", out);
		fprintf(out, ", \"category\": \"%s\", \"self_samples\": %" PRIu64
			", \"total_samples\": %" PRIu64 ", \"self_percent\": ",
			summary_category_key(f->category), f->self, f->total);
		summary_json_number(out, f->self_percent);
		fputs(", \"total_percent\": ", out);
		summary_json_number(out, f->total_percent);
		fputs(", \"self_seconds\": ", out);
		summary_json_number(out, f->self_seconds);
		fputs(", \"total_seconds\": ", out);
		summary_json_number(out, f->total_seconds);
		fputs(", \"hot_lines\": [", out);
		for (size_t k = 0; k < f->nlines; k++) {
			fputs(k ? ", {\"file\": " : "{\"file\": ", out);
			json_export_string(out, f->lines[k].file);
			fprintf(out, ", \"line\": %u, \"samples\": %" PRIu64 "}", f->lines[k].line,
				f->lines[k].samples);
		}
		fputc(']', out);
		json_neighbours(out, "callers", f->callers, f->ncallers);
		json_neighbours(out, "callees", f->callees, f->ncallees);
		fputc('}', out);
	}
	fputs(n ? "\n  ]" : "]", out);
}

static void json_rank(FILE *out, const struct summary_rank *r)
{
	fprintf(out, "{\"rank\": %" PRId64 ", \"seconds\": ", r->rank);
	summary_json_number(out, r->seconds);
	fputs(", \"mpi_seconds\": ", out);
	if (r->mpi_seconds >= 0)
		summary_json_number(out, r->mpi_seconds);
	else
		fputs("null", out);
	fputc('}', out);
}

void summary_print_json(FILE *out, const struct summary *s)
{
	fputs("{\n  \"format\": \"gprof-par-summary\",\n  \"version\": 1,\n  \"run\": {\"program\": ",
	      out);
	json_export_string(out, s->program);
	fprintf(out, ", \"ranks_profiled\": %" PRIu64 ", \"ranks_total\": ", s->ranks_profiled);
	if (s->ranks_total > 0)
		fprintf(out, "%" PRId64, s->ranks_total);
	else
		fputs("null", out);
	fputs(", \"threads\": ", out);
	if (s->threads > 0)
		fprintf(out, "%ld", s->threads);
	else
		fputs("null", out);
	fputs(", \"threads_rank\": ", out);
	if (s->threads > 0 && s->threads_rank >= 0)
		fprintf(out, "%" PRId64, s->threads_rank);
	else
		fputs("null", out);
	fprintf(out, ", \"clock\": \"%s\", \"rate\": %u, \"samples\": %" PRIu64
		", \"when\": ", s->clock, s->rate, s->samples);
	if (s->when > 0)
		fprintf(out, "%" PRId64, s->when);
	else
		fputs("null", out);
	fprintf(out, ", \"mpi_thread_samples\": %" PRIu64 ", \"elapsed_seconds\": ",
		s->mpi_thread_samples);
	if (s->elapsed >= 0)
		summary_json_number(out, s->elapsed);
	else
		fputs("null", out);
	fprintf(out, ", \"basis\": \"%s\", \"total_seconds\": ", s->basis);
	summary_json_number(out, s->total_seconds);
	fputs(", \"signals\": ", out);
	if (s->signals > 0)
		fprintf(out, "%" PRIu64, s->signals);
	else
		fputs("null", out);
	fprintf(out, ", \"too_few_samples\": %s", s->too_few ? "true" : "false");
	fputs(", \"unplaced_seconds\": ", out);
	if (s->load.has_task_clock && s->rate)
		summary_json_number(out, s->unplaced);
	else
		fputs("null", out);
	fprintf(out, ", \"oversubscribed\": %s, \"threads_waited_per_cpu_second\": ",
		s->oversubscribed ? "true" : "false");
	if (s->load.has_load && s->load.cpu_s > 0)
		summary_json_number(out, s->load.waited_s / s->load.cpu_s);
	else
		fputs("null", out);
	fputs(", \"node_steal_share\": ", out);
	if (s->load.has_steal)
		summary_json_number(out, s->load.steal_share);
	else
		fputs("null", out);
	fputs(", \"cpus\": ", out);
	if (s->load.cpus > 0)
		fprintf(out, "%ld", s->load.cpus);
	else
		fputs("null", out);
	fputs(", \"profiler_unsampled_seconds\": ", out);
	if (s->profiler_unsampled >= 0)
		summary_json_number(out, s->profiler_unsampled);
	else
		fputs("null", out);
	fputs("},\n  \"time_breakdown\": {", out);
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++) {
		fprintf(out, "%s\"%s\": ", c ? ", " : "", summary_category_key(c));
		fprintf(out, "%.2f", s->shares[c].percent);
	}
	fputs("},\n  \"categories\": [", out);
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++) {
		const struct summary_share *sh = &s->shares[c];

		fprintf(out, "%s\n    {\"key\": \"%s\", \"name\": \"%s\", \"percent\": ", c ? "," : "",
			summary_category_key(c), summary_category_text(c));
		summary_json_number(out, sh->percent);
		fputs(", \"plus_minus\": ", out);
		summary_json_number(out, sh->plus_minus);
		fputs(", \"seconds\": ", out);
		summary_json_number(out, sh->seconds);
		fprintf(out, ", \"samples\": %" PRIu64 ", \"ranks\": ", sh->samples);
		json_spread(out, &sh->ranks);
		fprintf(out, ", \"ranks_beyond_noise\": %s", sh->ranks_beyond_noise ? "true" : "false");
		balance_noise_json(out, &sh->noise);
		fputc('}', out);
	}
	fputs("\n  ],\n  \"hot_function\": ", out);
	json_export_string(out, s->hot ? s->hot->name : NULL);
	json_functions(out, "top_self", s->top_self, s->ntop_self);
	json_functions(out, "top_inclusive", s->top_total, s->ntop_total);
	fputs(",\n  \"mpi\": ", out);
	if (s->mpi_seconds < 0) {
		fputs("null", out);
	} else {
		fputs("{\"seconds\": ", out);
		summary_json_number(out, s->mpi_seconds);
		fputs(", \"sites\": [", out);
		for (size_t i = 0; i < s->nsites; i++) {
			const struct summary_mpi_site *m = &s->sites[i];

			fputs(i ? ",\n    {\"function\": " : "\n    {\"function\": ", out);
			json_export_string(out, m->function);
			fputs(", \"caller\": ", out);
			json_export_string(out, m->caller);
			fputs(", \"source\": ", out);
			json_export_string(out, *m->source ? m->source : NULL);
			fprintf(out, ", \"calls\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"seconds\": ",
				m->calls, m->bytes);
			summary_json_number(out, m->seconds);
			fputs(", \"percent\": ", out);
			summary_json_number(out, m->percent);
			fputs(", \"ranks\": ", out);
			json_spread(out, &m->ranks);
			fputc('}', out);
		}
		fputs(s->nsites ? "\n  ]}" : "]}", out);
	}
	fputs(",\n  \"imbalance\": ", out);
	if (!s->has_balance) {
		fputs("null", out);
	} else {
		fputs("{\"slowest\": ", out);
		json_rank(out, &s->slowest);
		fputs(", \"fastest\": ", out);
		json_rank(out, &s->fastest);
		fputs(", \"mean_seconds\": ", out);
		summary_json_number(out, s->rank_mean);
		fprintf(out, ", \"ranks_beyond_noise\": %s", s->ranks_beyond_noise ? "true" : "false");
		balance_noise_json(out, &s->rank_noise);
		fputs(", \"ranks\": [", out);
		for (size_t i = 0; i < s->nranks; i++) {
			fputs(i ? ",\n    " : "\n    ", out);
			json_rank(out, &s->ranks[i]);
		}
		fputs(s->nranks ? "\n  ]" : "]", out);
		fputs(", \"functions\": [", out);
		for (size_t i = 0; i < s->nimbalanced; i++) {
			const struct summary_imbalanced *f = &s->imbalanced[i];

			fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
			json_export_string(out, f->name);
			fputs(", \"min\": ", out);
			summary_json_number(out, f->time.min);
			fprintf(out, ", \"min_rank\": %" PRId64 ", \"mean\": ", f->time.min_rank);
			summary_json_number(out, f->time.mean);
			fputs(", \"max\": ", out);
			summary_json_number(out, f->time.max);
			fprintf(out, ", \"max_rank\": %" PRId64 ", \"lost_seconds\": ", f->time.max_rank);
			summary_json_number(out, f->lost);
			balance_noise_json(out, &f->noise);
			fputc('}', out);
		}
		fputs(s->nimbalanced ? "\n  ]}" : "]}", out);
	}
	fputs(",\n  \"sentences\": [", out);
	for (size_t i = 0; i < s->nsentences; i++) {
		fputs(i ? ",\n    " : "\n    ", out);
		json_export_string(out, s->sentences[i]);
	}
	fputs(s->nsentences ? "\n  ]\n}\n" : "]\n}\n", out);
}
