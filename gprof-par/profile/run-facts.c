/* run-facts.c - see run-facts.h. */
#include "run-facts.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "companions.h"
#include "errors.h"
#include "gmon-companion.h"
#include "grow.h"
#include "section-lines.h"

/* (one file's facts merged in: the merge says how facts add up) */
int runs_facts_add(struct runs_facts *facts, const struct companion_run *run)
{
	struct companion_own_time own = {
		run->rank, (double)(run->profiler_signals_ns + run->profiler_start_ns) / 1e9,
		(double)run->profiler_writes_ns / 1e9 };
	struct runs_facts one = RUNS_FACTS_NONE;

	if (run->has_profiler) {
		one.own = &own;
		one.profiler_files = one.own_cap = 1;
	}
	snprintf(one.engine, sizeof one.engine, "%s", run->engine);
	snprintf(one.engine_refused, sizeof one.engine_refused, "%s", run->engine_refused);
	one.sample_cost_ns = run->sample_cost_ns;
	if (run->mpi_world[0]) {
		one.mpi_world_files = 1;
		snprintf(one.mpi_world, sizeof one.mpi_world, "%s", run->mpi_world);
	}
	if (run->has_signals) {
		one.signals = run->signals;
		one.signal_samples = run->signal_samples;
		one.signal_files = 1;
		/* (a file of no signal weighs nothing: it says its weight all
		 * the same, or one idle rank would bring back the mean) */
		one.weighted_files = 1;
		if (run->signals > 0)
			one.most_per_signal_milli = (uint64_t)((double)run->signal_samples * 1000.0 /
							       (double)run->signals + 0.5);
	}
	if (run->has_load) {
		one.threads_cpu_ns = run->threads_cpu_ns;
		one.threads_waited_ns = run->threads_waited_ns;
		one.load_files = 1;
	}
	if (run->has_task_clock) {
		one.task_clock_cpu_ns = run->task_clock_cpu_ns;
		one.task_clock_samples = run->task_clock_samples;
		one.task_clock_files = 1;
	}
	one.wall_unplaced_samples = run->wall_unplaced_samples;
	if (run->has_steal) {
		one.node_ticks = run->node_ticks;
		one.node_steal_ticks = run->node_steal_ticks;
		one.steal_files = 1;
	}
	one.cpus = run->cpus > 0 ? run->cpus : 0;
	one.threads = run->threads;
	one.threads_rank = run->rank;
	return runs_facts_merge(facts, &one);
}

void runs_facts_free(struct runs_facts *facts)
{
	free(facts->own);
	*facts = RUNS_FACTS_NONE;
}

double runs_facts_per_signal(const struct runs_facts *facts)
{
	double w = facts->signals > 0 ? (double)facts->signal_samples / (double)facts->signals : 1;

	/* (every file that says its signals says its weight: else the mean
	 * over the signals, as before) */
	if (facts->weighted_files > 0 && facts->weighted_files == facts->signal_files)
		w = (double)facts->most_per_signal_milli / 1000.0;

	return w > 1 ? w : 1;
}

int runs_facts_any(const struct runs_facts *facts)
{
	return facts->threads > 0 || facts->profiler_files > 0 || facts->signal_files > 0 ||
	       facts->engine[0] || facts->load_files > 0 || facts->steal_files > 0 ||
	       facts->task_clock_files > 0 || facts->cpus > 0 || facts->mpi_world_files > 0 ||
	       facts->sample_cost_ns > 0 || facts->wall_unplaced_samples > 0;
}

int runs_facts_merge(struct runs_facts *into, const struct runs_facts *from)
{
	if (from->profiler_files > 0) {
		struct companion_own_time *own = grow_array(into->own, &into->own_cap,
							    into->profiler_files + from->profiler_files,
							    sizeof *own, 16);

		if (!own)
			return -1;
		into->own = own;
		for (size_t i = 0; i < from->profiler_files; i++) {
			own[into->profiler_files++] = from->own[i];
			into->profiler_signals_s += from->own[i].signals_s;
			into->profiler_writes_s += from->own[i].writes_s;
		}
	}
	if (from->engine[0] && !into->engine[0])
		snprintf(into->engine, sizeof into->engine, "%s", from->engine);
	else if (from->engine[0] && strcmp(from->engine, into->engine) != 0)
		snprintf(into->engine, sizeof into->engine, "mixed");
	if (from->engine_refused[0] && !into->engine_refused[0])
		snprintf(into->engine_refused, sizeof into->engine_refused, "%s",
			 from->engine_refused);
	if (from->sample_cost_ns > into->sample_cost_ns)
		into->sample_cost_ns = from->sample_cost_ns;
	if (from->mpi_world_files > 0 && into->mpi_world_files == 0)
		snprintf(into->mpi_world, sizeof into->mpi_world, "%s", from->mpi_world);
	into->mpi_world_files += from->mpi_world_files;
	into->signals += from->signals;
	into->signal_samples += from->signal_samples;
	into->signal_files += from->signal_files;
	if (from->most_per_signal_milli > into->most_per_signal_milli)
		into->most_per_signal_milli = from->most_per_signal_milli;
	into->weighted_files += from->weighted_files;
	into->threads_cpu_ns += from->threads_cpu_ns;
	into->threads_waited_ns += from->threads_waited_ns;
	into->load_files += from->load_files;
	into->task_clock_cpu_ns += from->task_clock_cpu_ns;
	into->task_clock_samples += from->task_clock_samples;
	into->task_clock_files += from->task_clock_files;
	into->wall_unplaced_samples += from->wall_unplaced_samples;
	into->node_ticks += from->node_ticks;
	into->node_steal_ticks += from->node_steal_ticks;
	into->steal_files += from->steal_files;
	if (from->cpus > 0 && (into->cpus == 0 || from->cpus < into->cpus))
		into->cpus = from->cpus;
	if (from->threads > into->threads ||
	    (from->threads == into->threads && from->threads > 0 &&
	     from->threads_rank < into->threads_rank)) {
		into->threads = from->threads;
		into->threads_rank = from->threads_rank;
	}
	return 0;
}

/* ---- The section "runs" ------------------------------------------------- */

static int by_rank(const void *a, const void *b)
{
	const struct companion_own_time *x = *(const struct companion_own_time *const *)a,
					*y = *(const struct companion_own_time *const *)b;

	if (x->rank != y->rank)
		return (x->rank > y->rank) - (x->rank < y->rank);
	return (x > y) - (x < y);   /* (stable: their order in the files) */
}

static const char *text_or_dash(const char *s)
{
	return s[0] ? s : "-";
}

void runs_facts_print(FILE *out, const struct runs_facts *facts,
		      const struct companion_own_time *const *own)
{
	fprintf(out, GMON_RUNS_MAGIC " %d\n", GMON_RUNS_VERSION);
	fprintf(out, "threads\t%ld\t%" PRId64 "\n", facts->threads, facts->threads_rank);
	fprintf(out, "signals\t%" PRIu64 "\t%" PRIu64 "\t%zu\n", facts->signals,
		facts->signal_samples, facts->signal_files);
	fprintf(out, "engine\t%s\n", text_or_dash(facts->engine));
	fprintf(out, "engine-refused\t%s\n", text_or_dash(facts->engine_refused));
	fprintf(out, "sample-cost-ns\t%" PRIu64 "\n", facts->sample_cost_ns);
	fprintf(out, "cpus\t%ld\n", facts->cpus);
	fprintf(out, "load\t%" PRIu64 "\t%" PRIu64 "\t%zu\n", facts->threads_cpu_ns,
		facts->threads_waited_ns, facts->load_files);
	fprintf(out, "steal\t%" PRIu64 "\t%" PRIu64 "\t%zu\n", facts->node_ticks,
		facts->node_steal_ticks, facts->steal_files);
	fprintf(out, "task-clock\t%" PRIu64 "\t%" PRIu64 "\t%zu\n", facts->task_clock_cpu_ns,
		facts->task_clock_samples, facts->task_clock_files);
	fprintf(out, "wall-unplaced-samples\t%" PRIu64 "\n", facts->wall_unplaced_samples);
	fprintf(out, "mpi-world\t%zu\t%s\n", facts->mpi_world_files,
		text_or_dash(facts->mpi_world));
	fprintf(out, "own\t%zu\n", facts->profiler_files);
	for (size_t i = 0; i < facts->profiler_files; i++) {
		const struct companion_own_time *o = own ? own[i] : &facts->own[i];

		fprintf(out, "own-time\t%" PRId64 "\t%.9f\t%.9f\n", o->rank, o->signals_s,
			o->writes_s);
	}
	fprintf(out, "signal-weight-max\t%" PRIu64 "\t%zu\n", facts->most_per_signal_milli,
		facts->weighted_files);
}

int runs_facts_section_add(struct sum_companion *sc, const char *output,
			   const struct runs_facts *facts, char *err, size_t errlen)
{
	const struct companion_own_time **own;
	FILE *out;

	if (!runs_facts_any(facts))
		return 0;
	own = malloc((facts->profiler_files ? facts->profiler_files : 1) * sizeof *own);
	if (!own) {
		set_error(err, errlen, "out of memory for the section " GMON_RUNS_NAME
			  " of %s's companion", output);
		return -1;
	}
	for (size_t i = 0; i < facts->profiler_files; i++)
		own[i] = &facts->own[i];
	qsort(own, facts->profiler_files, sizeof *own, by_rank);
	out = sum_companion_text_open(sc);
	if (out)
		runs_facts_print(out, facts, own);
	free(own);
	return sum_companion_text_close(sc, output, GMON_RUNS_NAME, out != NULL, err, errlen);
}

/* A signed decimal field (a rank: -1 for none). */
static int field_i64(const char **s, int64_t *v)
{
	int negative = **s == '-';
	uint64_t u;

	*s += negative;
	if (section_field_u64(s, &u) != 0 || u > (uint64_t)INT64_MAX)
		return -1;
	*v = negative ? -(int64_t)u : (int64_t)u;
	return 0;
}

static int field_size(const char **s, size_t *v)
{
	uint64_t u;

	if (section_field_u64(s, &u) != 0 || u > SIZE_MAX)
		return -1;
	*v = (size_t)u;
	return 0;
}

static int field_long(const char **s, long *v)
{
	int64_t w;

	if (field_i64(s, &w) != 0 || w > LONG_MAX || w < LONG_MIN)
		return -1;
	*v = (long)w;
	return 0;
}

/* A seconds field (%.9f): *s moves past it and its tab. */
static int field_seconds(const char **s, double *v)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -1;
	*v = strtod(*s, &end);
	if (*end != '\t' && *end != '\0')
		return -1;
	*s = *end ? end + 1 : end;
	return 0;
}

/* The text after keyword (the rest of the line) into buf ("-": none). */
static int field_text(const char *s, char *buf, size_t size)
{
	if (strlen(s) >= size)
		return -1;
	for (const char *c = s; *c; c++)
		if (iscntrl((unsigned char)*c))
			return -1;   /* a control byte: no writer's (it reaches the terminal) */
	snprintf(buf, size, "%s", strcmp(s, "-") == 0 ? "" : s);
	return 0;
}

/* The next line, after its keyword: NULL when it is not keyword's. */
static const char *keyword_line(struct section_cursor *c, const char *keyword)
{
	return section_next_line(c) == 1 ? section_after(c->line, keyword) : NULL;
}

static int parse_own(struct section_cursor *c, struct runs_facts *f, const char *name,
		     char *err, size_t errlen)
{
	const char *s = keyword_line(c, "own");
	size_t n;

	if (!s || field_size(&s, &n) != 0 || *s || n > (size_t)(c->end - c->p))
		return section_bad(c, name, "no own line (own<TAB>FILES)", err, errlen);
	f->own = malloc((n ? n : 1) * sizeof *f->own);
	if (!f->own) {
		set_error(err, errlen, "%s: out of memory for %zu files", name, n);
		return -1;
	}
	f->own_cap = n ? n : 1;
	for (size_t i = 0; i < n; i++) {
		struct companion_own_time *o = &f->own[i];

		if (!(s = keyword_line(c, "own-time")) || field_i64(&s, &o->rank) != 0 ||
		    field_seconds(&s, &o->signals_s) != 0 || field_seconds(&s, &o->writes_s) != 0 ||
		    *s)
			return section_bad(c, name, "not an own-time line (own-time<TAB>RANK<TAB>"
					   "SIGNALS_S<TAB>WRITES_S)", err, errlen);
		f->profiler_files++;
		f->profiler_signals_s += o->signals_s;
		f->profiler_writes_s += o->writes_s;
	}
	return 0;
}

int runs_facts_section_parse(struct runs_facts *facts, const char *text, size_t len,
			     const char *name, char *err, size_t errlen)
{
	struct runs_facts f = RUNS_FACTS_NONE;
	struct section_cursor c;
	char magic[64];
	const char *s;
	int more;

	section_cursor_init(&c, text, len);
	snprintf(magic, sizeof magic, GMON_RUNS_MAGIC " %d", GMON_RUNS_VERSION);
	if (section_next_line(&c) != 1 || strcmp(c.line, magic) != 0)
		return section_bad(&c, name, "not the facts of runs of version 1 (no line \""
				   GMON_RUNS_MAGIC " 1\")", err, errlen);
	if (!(s = keyword_line(&c, "threads")) || field_long(&s, &f.threads) != 0 ||
	    field_i64(&s, &f.threads_rank) != 0 || *s)
		return section_bad(&c, name, "no threads line", err, errlen);
	if (!(s = keyword_line(&c, "signals")) || section_field_u64(&s, &f.signals) != 0 ||
	    section_field_u64(&s, &f.signal_samples) != 0 || field_size(&s, &f.signal_files) != 0 ||
	    *s)
		return section_bad(&c, name, "no signals line", err, errlen);
	if (!(s = keyword_line(&c, "engine")) || field_text(s, f.engine, sizeof f.engine) != 0)
		return section_bad(&c, name, "no engine line", err, errlen);
	if (!(s = keyword_line(&c, "engine-refused")) ||
	    field_text(s, f.engine_refused, sizeof f.engine_refused) != 0)
		return section_bad(&c, name, "no engine-refused line", err, errlen);
	if (!(s = keyword_line(&c, "sample-cost-ns")) ||
	    section_field_u64(&s, &f.sample_cost_ns) != 0 || *s)
		return section_bad(&c, name, "no sample-cost-ns line", err, errlen);
	if (!(s = keyword_line(&c, "cpus")) || field_long(&s, &f.cpus) != 0 || *s)
		return section_bad(&c, name, "no cpus line", err, errlen);
	if (!(s = keyword_line(&c, "load")) || section_field_u64(&s, &f.threads_cpu_ns) != 0 ||
	    section_field_u64(&s, &f.threads_waited_ns) != 0 || field_size(&s, &f.load_files) != 0 ||
	    *s)
		return section_bad(&c, name, "no load line", err, errlen);
	if (!(s = keyword_line(&c, "steal")) || section_field_u64(&s, &f.node_ticks) != 0 ||
	    section_field_u64(&s, &f.node_steal_ticks) != 0 ||
	    field_size(&s, &f.steal_files) != 0 || *s)
		return section_bad(&c, name, "no steal line", err, errlen);
	if (!(s = keyword_line(&c, "task-clock")) ||
	    section_field_u64(&s, &f.task_clock_cpu_ns) != 0 ||
	    section_field_u64(&s, &f.task_clock_samples) != 0 ||
	    field_size(&s, &f.task_clock_files) != 0 || *s)
		return section_bad(&c, name, "no task-clock line", err, errlen);
	if (!(s = keyword_line(&c, "wall-unplaced-samples")) ||
	    section_field_u64(&s, &f.wall_unplaced_samples) != 0 || *s)
		return section_bad(&c, name, "no wall-unplaced-samples line", err, errlen);
	if (!(s = keyword_line(&c, "mpi-world")) || field_size(&s, &f.mpi_world_files) != 0 ||
	    field_text(s, f.mpi_world, sizeof f.mpi_world) != 0)
		return section_bad(&c, name, "no mpi-world line", err, errlen);
	if (parse_own(&c, &f, name, err, errlen) != 0) {
		runs_facts_free(&f);
		return -1;
	}
	/* (absent from earlier sums) */
	more = section_next_line(&c);
	if (more != 0 && (more != 1 || !(s = section_after(c.line, "signal-weight-max")) ||
			  section_field_u64(&s, &f.most_per_signal_milli) != 0 ||
			  field_size(&s, &f.weighted_files) != 0 || *s || section_next_line(&c) != 0)) {
		runs_facts_free(&f);
		return section_bad(&c, name, "a line after the last own-time line that is not "
				   "one signal-weight-max line", err, errlen);
	}
	*facts = f;
	return 0;
}

int runs_facts_of_sum(const char *profile, struct runs_facts *facts, char *err, size_t errlen)
{
	char *path = companion_input_path(profile, GMON_RUNS_NAME), *text;
	size_t len = 0;
	int rc;

	if (!path) {
		set_error(err, errlen, "out of memory");
		return -1;
	}
	errno = 0;
	text = companion_read_whole(path, "a sum's runs", &len, err, errlen);
	if (!text)
		rc = errno == ENOENT ? 0 : -1;
	else
		rc = runs_facts_section_parse(facts, text, len, path, err, errlen) == 0 ? 1 : -1;
	free(text);
	free(path);
	return rc;
}

int runs_facts_add_sums(struct runs_facts *facts, char *const *paths, size_t n, char *err,
			size_t errlen)
{
	size_t said = facts->signal_files;
	struct runs_facts sum;

	said = facts->profiler_files > said ? facts->profiler_files : said;
	said = facts->load_files > said ? facts->load_files : said;
	for (size_t i = 0; said < n && i < n; i++) {
		int rc = runs_facts_of_sum(paths[i], &sum, err, errlen);

		if (rc < 0)
			return -1;
		if (rc == 1) {
			rc = runs_facts_merge(facts, &sum);
			runs_facts_free(&sum);
			if (rc != 0) {
				set_error(err, errlen, "out of memory adding the runs of %s", paths[i]);
				return -1;
			}
		}
	}
	return 0;
}
