/* sum.c - sum gmon files in order, serially; see sum.h. */
#include "sum.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "companions.h"
#include "companion-file.h"
#include "files.h"
#include "gmon-calls.h"
#include "gmon-read.h"
#include "grow.h"
#include "mpi-profile.h"
#include "rankfiles.h"

#define PROGRAM "gprof-par"
#define PROGRESS_INTERVAL 0.25    /* seconds between updates */
#define SUMMARY_MAX_GAP_RANGES 8
#define SUMMARY_MAX_BAD_NAMES 5

double sum_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ------------------------------------------------------------------ */
/* Progress.                                                            */

struct sum_progress {
	size_t total, done;
	const struct profile *prof;  /* for its byte count */
	double start, last;
	int shown;
	char who[64];
};

struct sum_progress *sum_progress_start(const struct sum_job *job, size_t nfiles,
					const char *who)
{
	struct sum_progress *pg;

	if (!job->progress || nfiles == 0)
		return NULL;
	pg = calloc(1, sizeof *pg);
	if (!pg)
		return NULL;   /* progress is a nicety */
	pg->total = nfiles;
	pg->start = pg->last = sum_now();
	snprintf(pg->who, sizeof pg->who, "%s", who);
	return pg;
}

static void progress_show(struct sum_progress *pg, double now)
{
	double mb = profile_bytes_read(pg->prof) / 1e6, dt = now - pg->start;

	fprintf(stderr, "\r" PROGRAM ": summing%s: %zu of %zu files, %.1f MB, %.0f MB/s   ",
		pg->who, pg->done, pg->total, mb, dt > 0 ? mb / dt : 0.0);
	fflush(stderr);
	pg->shown = 1;
	pg->last = now;
}

static void progress_step(struct sum_progress *pg, const struct profile *prof)
{
	double now;

	if (!pg)
		return;
	pg->done++;
	pg->prof = prof;
	/* clock_gettime is a vDSO call: cheap enough per file. */
	now = sum_now();
	if (now - pg->last >= PROGRESS_INTERVAL)
		progress_show(pg, now);
}

void sum_progress_end(struct sum_progress *pg)
{
	if (!pg)
		return;
	if (pg->shown)   /* erase the line: the summary follows */
		fprintf(stderr, "\r%*s\r", 79, "");
	free(pg);
}

/* ------------------------------------------------------------------ */
/* A run over a range of files.                                          */

void sum_run_init(struct sum_run *run)
{
	memset(run, 0, sizeof *run);
	profile_init(&run->prof);
}

void sum_run_free(struct sum_run *run)
{
	double times[SUM_NPHASES];

	memcpy(times, run->times, sizeof(times));
	for (size_t i = 0; i < run->nbad; i++)
		free(run->bad[i].message);
	free(run->bad);
	free(run->events);
	profile_free(&run->prof);
	if (run->has_balance)
		balance_free(&run->balance);
	sum_run_init(run);
	memcpy(run->times, times, sizeof(times));  /* a rerun's time counts too */
}

/* The rank of file i: from its name, else its position. */
static int64_t file_rank(const struct sum_job *job, size_t i)
{
	return job->ranks ? job->ranks[i] : (int64_t)i;
}

/* Counts the file just added for the load balance. */
static int add_to_balance(struct sum_run *run, const struct sum_job *job, size_t i)
{
	if (!run->has_balance) {
		if (balance_init(&run->balance, job->balance_map, job->balance_columns, job->n) != 0)
			return -1;
		run->balance.without_calls = !job->balance_calls;
		run->has_balance = 1;
	}
	/* a sum of ranks is one rank here: said (the balance's sums) */
	run->balance.sums += companion_is_sum(job->paths[i]) != 0;
	return balance_add_file(&run->balance, file_rank(job, i),
				job->rank_places ? job->rank_places[i] : i, &run->prof);
}

static int add_event(struct sum_run *run, size_t index, int kind)
{
	struct sum_event *grown = grow_array(run->events, &run->events_cap, run->nevents + 1,
					     sizeof *grown, 16);

	if (!grown)
		return -1;
	run->events = grown;
	run->events[run->nevents].index = (int64_t)index;
	run->events[run->nevents].kind = kind;
	run->nevents++;
	return 0;
}

static int add_bad(struct sum_run *run, size_t index, const char *message)
{
	struct sum_bad_file *grown = grow_array(run->bad, &run->bad_cap, run->nbad + 1,
						sizeof *grown, 16);
	char *copy;

	if (!grown)
		return -1;
	run->bad = grown;
	copy = strdup(message);
	if (!copy)
		return -1;
	run->bad[run->nbad].index = index;
	run->bad[run->nbad].message = copy;
	run->nbad++;
	return 0;
}

int sum_run_files(struct sum_run *run, const struct sum_job *job, size_t lo, size_t hi,
		  struct sum_progress *pg, char *err, size_t errlen)
{
	struct profile *p = &run->prof;
	struct profile_times before, after;
	double balance_start = 0.0;
	char msg[1024];

	if (job->balance_map && (job->balance_calls ? profile_trace_files(p, msg, sizeof msg)
						    : profile_trace_histograms(p, msg, sizeof msg)) != 0)
		goto oom;
	if (job->timing && profile_time_files(p, msg, sizeof msg) != 0)
		goto oom;
	profile_times_get(p, &before);
	if (profile_begin_batch(p, msg, sizeof msg) != 0)
		goto oom;
	for (size_t i = lo; i < hi; i++) {
		int had_hists = p->nhists > 0, had_fingerprint = p->has_fingerprint;

		if (profile_add_file(p, job->paths[i], msg, sizeof msg) != 0) {
			if (add_event(run, i, SUM_EVENT_BAD) != 0 || add_bad(run, i, msg) != 0)
				goto oom;
			progress_step(pg, p);
			if (!job->skip_bad)
				break;
			continue;
		}
		if ((!had_hists && p->nhists > 0) || (!had_fingerprint && p->has_fingerprint))
			if (add_event(run, i, SUM_EVENT_SET) != 0)
				goto oom;
		if (job->timing)
			balance_start = sum_now();
		if (job->balance_map && add_to_balance(run, job, i) != 0)
			goto oom;
		if (job->timing && job->balance_map)
			run->times[SUM_PHASE_BALANCE] += sum_now() - balance_start;
		progress_step(pg, p);
	}
	profile_end_batch(p);
	profile_trace_arc_sums(p, NULL);  /* the balance's rows are its own again */
	if (job->timing)
		balance_start = sum_now();
	if (run->has_balance)
		balance_flush(&run->balance);
	if (job->timing && job->balance_map)
		run->times[SUM_PHASE_BALANCE] += sum_now() - balance_start;
	profile_times_get(p, &after);
	run->times[SUM_PHASE_READ] += after.read - before.read;
	run->times[SUM_PHASE_CHECK] += after.check - before.check;
	run->times[SUM_PHASE_ADD] += after.add - before.add;
	if (job->balance_map && !run->has_balance) {
		if (balance_init(&run->balance, job->balance_map, job->balance_columns, job->n) != 0)
			goto oom;
		run->balance.without_calls = !job->balance_calls;
		run->has_balance = 1;
	}
	return 0;
oom:
	profile_end_batch(p);
	profile_trace_arc_sums(p, NULL);
	snprintf(err, errlen, "out of memory recording what %s did", job->paths[lo]);
	return -1;
}

/* ------------------------------------------------------------------ */
/* The call paths of the files summed.                                   */

void sum_paths_init(struct sum_paths *sp)
{
	memset(sp, 0, sizeof *sp);
	callpaths_init(&sp->set);
}

void sum_paths_free(struct sum_paths *sp)
{
	callpaths_free(&sp->set);
	path_rows_free(&sp->rows);
	for (size_t i = 0; i < sp->nwarnings; i++)
		free(sp->warnings[i]);
	free(sp->warnings);
	sum_paths_init(sp);
}

static int add_warning(struct sum_paths *sp, const char *message)
{
	char **grown = grow_array(sp->warnings, &sp->warnings_cap, sp->nwarnings + 1,
				  sizeof *grown, 16);

	if (!grown)
		return -1;
	sp->warnings = grown;
	sp->warnings[sp->nwarnings] = strdup(message);
	if (!sp->warnings[sp->nwarnings])
		return -1;
	sp->nwarnings++;
	return 0;
}

int sum_paths_files(struct sum_paths *sp, const struct sum_job *job, size_t lo, size_t hi,
		    const struct sum_bad_file *bad, size_t nbad, int settle, size_t *next)
{
	size_t b = 0, i;
	char err[1024];

	if (job->path_classifier && !sp->rows.classifier &&
	    path_rows_init(&sp->rows, job->path_classifier, job->n) != 0) {
		snprintf(sp->message, sizeof sp->message, "out of memory");
		return -1;
	}
	for (i = lo; i < hi && !sp->failed; i++) {
		int rc;

		if (settle && sp->set.rate && sp->set.nmodules > 0)
			break;
		while (b < nbad && bad[b].index < i)
			b++;
		if (b < nbad && bad[b].index == i)
			continue;   /* not in the sum: nor are its paths */
		sp->nprofiles++;
		rc = path_rows_add_beside(&sp->rows, &sp->set, i, file_rank(job, i), job->paths[i],
					  err, sizeof err);
		sp->overflow |= rc == -2;
		if (rc == 1) {
			sp->missing++;
		} else if (rc != 0 && !job->skip_bad) {
			sp->failed = 1;
			snprintf(sp->message, sizeof sp->message, "%s", err);
		} else if (rc != 0 && add_warning(sp, err) != 0) {
			snprintf(sp->message, sizeof sp->message, "out of memory");
			return -1;
		}
	}
	if (next)
		*next = i;
	return 0;
}

/* ------------------------------------------------------------------ */
/* The MPI profiles beside the files summed.                             */

int sum_mpi_files(struct sum_mpi_text *mt, const struct sum_job *job, size_t lo, size_t hi,
		  const struct sum_bad_file *bad, size_t nbad)
{
	size_t b = 0;
	char err[1024];

	for (size_t i = lo; i < hi && !mt->failed; i++) {
		int rc;

		while (b < nbad && bad[b].index < i)
			b++;
		if (b < nbad && bad[b].index == i)
			continue;   /* not in the sum: nor is its MPI profile */
		rc = mpi_profile_append_beside(job->paths[i], &mt->text, &mt->len, &mt->cap, err,
					       sizeof err);
		if (rc == 0)
			mt->files++;
		else if (rc < 0 && !job->skip_bad) {
			mt->failed = 1;
			snprintf(mt->message, sizeof mt->message, "%s", err);
		}
	}
	return 0;
}

void sum_mpi_text_free(struct sum_mpi_text *mt)
{
	free(mt->text);
	memset(mt, 0, sizeof *mt);
}

/* ------------------------------------------------------------------ */
/* The calls between modules of the files summed.                        */

const char *const sum_calls_names[SUM_NCALLS] = { GMON_CALLS_NAME, GMON_PLT_CALLS_NAME };

void sum_calls_init(struct sum_calls *sc)
{
	memset(sc, 0, sizeof *sc);
	module_calls_init(&sc->set);
}

void sum_calls_free(struct sum_calls *sc)
{
	module_calls_free(&sc->set);
	for (size_t i = 0; i < sc->nmessages; i++)
		free(sc->messages[i]);
	free(sc->messages);
	sum_calls_init(sc);
}

int sum_calls_files(struct sum_calls *sc, enum sum_calls_kind kind, const struct sum_job *job,
		    size_t lo, size_t hi, const struct sum_bad_file *bad, size_t nbad, int settle,
		    size_t *next)
{
	size_t b = 0, i;
	char err[1024];

	for (i = lo; i < hi; i++) {
		char *path;
		int rc;

		if (settle && sc->set.nmodules > 0)
			break;
		while (b < nbad && bad[b].index < i)
			b++;
		if (b < nbad && bad[b].index == i)
			continue;   /* not in the sum: nor are its calls */
		path = companion_input_path(job->paths[i], sum_calls_names[kind]);
		if (!path)
			return -1;
		rc = module_calls_add_file(&sc->set, path, err, sizeof err);
		free(path);
		sc->overflow |= rc == -2;
		if (rc < 0) {
			char **grown = grow_array(sc->messages, &sc->messages_cap, sc->nmessages + 1,
						  sizeof *grown, 8);

			if (!grown)
				return -1;
			sc->messages = grown;
			if (!(sc->messages[sc->nmessages] = strdup(err)))
				return -1;
			sc->nmessages++;
		}
	}
	if (next)
		*next = i;
	return 0;
}

size_t sum_calls_first(enum sum_calls_kind kind, const struct sum_job *job, size_t lo, size_t hi,
		       const struct sum_bad_file *bad, size_t nbad)
{
	size_t b = 0;

	for (size_t i = lo; i < hi; i++) {
		char *path;
		int there;

		while (b < nbad && bad[b].index < i)
			b++;
		if (b < nbad && bad[b].index == i)
			continue;
		path = companion_input_path(job->paths[i], sum_calls_names[kind]);
		if (!path)
			return i;   /* (out of memory: the caller reads from here) */
		there = companion_input_exists(path);
		free(path);
		if (there)
			return i;
	}
	return job->n;
}

void sum_even_block(size_t n, int q, int nprocs, size_t *lo, size_t *hi)
{
	*lo = (size_t)((unsigned __int128)n * (unsigned)q / (unsigned)nprocs);
	*hi = (size_t)((unsigned __int128)n * (unsigned)(q + 1) / (unsigned)nprocs);
}

/* ------------------------------------------------------------------ */
/* The serial sum.                                                       */

void sum_outcome_init(struct sum_outcome *o)
{
	memset(o, 0, sizeof *o);
	profile_init(&o->prof);
	sum_paths_init(&o->paths);
	for (int k = 0; k < SUM_NCALLS; k++)
		sum_calls_init(&o->calls[k]);
	o->nprocs = 1;
}

void sum_outcome_free(struct sum_outcome *o)
{
	for (size_t i = 0; i < o->nbad; i++)
		free(o->bad[i].message);
	free(o->bad);
	profile_free(&o->prof);
	if (o->has_balance)
		balance_free(&o->balance);
	free(o->proc_times);
	sum_paths_free(&o->paths);
	sum_mpi_text_free(&o->mpi);
	sum_libraries_free(&o->libraries);
	for (int k = 0; k < SUM_NCALLS; k++)
		sum_calls_free(&o->calls[k]);
	sum_outcome_init(o);
}

int sum_run_outcome(const struct sum_job *job, struct sum_run *run, int rc,
		    struct sum_outcome *o)
{
	memcpy(o->times, run->times, sizeof(o->times));
	o->bytes = profile_bytes_read(&run->prof);
	if (rc != 0) {
		o->failed = 1;
		sum_run_free(run);
		return -1;
	}
	/* Hand over the sum and the bad files. */
	o->prof = run->prof;
	o->bad = run->bad;
	o->nbad = run->nbad;
	free(run->events);
	if (run->has_balance) {
		o->balance = run->balance;
		o->has_balance = 1;
		balance_finish(&o->balance);
	}
	sum_run_init(run);
	if (o->nbad > 0 && !job->skip_bad) {
		o->failed = 1;
		snprintf(o->message, sizeof o->message, "%s", o->bad[0].message);
		return -1;
	}
	if (o->prof.nfiles == 0) {
		o->failed = 1;
		snprintf(o->message, sizeof o->message, "none of the %zu gmon file%s could be "
			 "summed", job->n, job->n == 1 ? "" : "s");
		return -1;
	}
	return 0;
}

/* The end of the chunk of files from lo whose companions the cache keeps
 * (at least one file), read ahead (companion-file.h). */
static size_t chunk_end(const struct sum_job *job, size_t lo)
{
	size_t hi = lo + 1;

	while (hi < job->n) {
		char *companion = companion_file_path(job->paths[hi]);
		int kept = !companion || companion_prefetch(companion);

		free(companion);
		if (!kept)
			break;
		hi++;
	}
	return hi;
}

/*
 * The serial sum goes through the files in chunks whose companions the
 * cache holds: each chunk through every pass (the profiles, the call
 * paths, the MPI profiles, the libraries', the calls between modules)
 * before the next one, so that each companion is read once (16,384 of
 * them, past the cache, were read again in each of a dozen passes: -S
 * grew 25x from 1,024 ranks).  Each pass adds its files in file order,
 * and a chunk's passes leave out the files rejected so far, as one pass
 * over all of them would: the outcome is the same (tests/analyzer:
 * sum-chunks.sh).
 */
int sum_serial(const struct sum_job *job, struct sum_outcome *o)
{
	struct sum_run run;
	struct sum_library_runs lr = { NULL, 0, 0 };
	struct sum_progress *pg = sum_progress_start(job, job->n, "");
	int rc = 0, companions = job->sum_paths || job->sum_libraries, paths_oom = 0;
	double paths_s = 0.0, modules_s = 0.0, start;

	sum_run_init(&run);
	for (size_t lo = 0, hi; lo < job->n && rc == 0; lo = hi) {
		start = sum_now();
		if (lo > 0)
			companion_cache_drop();
		hi = companions ? chunk_end(job, lo) : job->n;
		o->chunks++;
		if (job->timing)
			run.times[SUM_PHASE_READ] += sum_now() - start;
		rc = sum_run_files(&run, job, lo, hi, pg, o->message, sizeof o->message);
		if (rc != 0 || (run.nbad > 0 && !job->skip_bad))
			break;   /* no sum: nor the rest */
		start = sum_now();
		if (job->sum_paths && !paths_oom) {
			paths_oom = sum_paths_files(&o->paths, job, lo, hi, run.bad, run.nbad, 0,
						    NULL) != 0;
			sum_mpi_files(&o->mpi, job, lo, hi, run.bad, run.nbad);
		}
		paths_s += sum_now() - start;
		start = sum_now();
		if (job->sum_libraries) {
			sum_libraries_chunk(job, o, &lr, lo, hi, run.bad, run.nbad);
			for (int k = 0; k < SUM_NCALLS; k++)
				if (sum_calls_files(&o->calls[k], (enum sum_calls_kind)k, job, lo, hi,
						    run.bad, run.nbad, 0, NULL) != 0)
					o->calls[k].oom = 1;
		}
		modules_s += sum_now() - start;
	}
	sum_progress_end(pg);
	if (sum_run_outcome(job, &run, rc, o) != 0) {
		sum_library_runs_free(&lr);
		return -1;
	}
	if (job->sum_paths) {
		if (paths_oom) {
			o->failed = 1;
			snprintf(o->message, sizeof o->message, "%s", o->paths.message);
			sum_library_runs_free(&lr);
			return -1;
		}
		o->bytes += o->paths.set.bytes;
		if (job->timing)
			o->times[SUM_PHASE_PATHS] = paths_s;
	}
	if (job->sum_libraries) {
		sum_libraries_finish(job, o, &lr);
		if (job->timing)
			o->times[SUM_PHASE_MODULES] = modules_s;
	}
	sum_library_runs_free(&lr);
	return 0;
}

/* ------------------------------------------------------------------ */
/* The summary.                                                          */

static int compare_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* "(ranks 0-9; gaps: 3-4, 6-8 (5 ranks missing)) " or "". */
static void describe_ranks(const struct sum_job *job, char *out, size_t size)
{
	int64_t *sorted;
	size_t n = 0;
	char text[512];

	out[0] = '\0';
	if (!job->ranks || job->n == 0)
		return;
	sorted = malloc(job->n * sizeof *sorted);
	if (!sorted)
		return;
	memcpy(sorted, job->ranks, job->n * sizeof *sorted);
	qsort(sorted, job->n, sizeof *sorted, compare_i64);
	for (size_t i = 0; i < job->n; i++)   /* distinct ranks */
		if (n == 0 || sorted[n - 1] != sorted[i])
			sorted[n++] = sorted[i];
	rankfiles_describe(sorted, n, SUMMARY_MAX_GAP_RANGES, text, sizeof text);
	snprintf(out, size, " (%s)", text);
	free(sorted);
}

static void describe_bad(const struct sum_job *job, const struct sum_outcome *o, char *out,
			 size_t size)
{
	size_t len;

	out[0] = '\0';
	if (o->nbad == 0)
		return;
	len = (size_t)snprintf(out, size, ", skipped %zu bad file%s (", o->nbad,
			       o->nbad == 1 ? "" : "s");
	for (size_t i = 0; i < o->nbad && i < SUMMARY_MAX_BAD_NAMES && len < size; i++)
		len += (size_t)snprintf(out + len, size - len, "%s%s", i ? ", " : "",
					path_base_name(job->paths[o->bad[i].index]));
	if (len < size)
		snprintf(out + len, size - len, "%s)",
			 o->nbad > SUMMARY_MAX_BAD_NAMES ? ", ..." : "");
}

void sum_print_skipped(FILE *out, const struct sum_job *job, const struct sum_outcome *o)
{
	for (size_t i = 0; i < o->nbad && job->skip_bad; i++)
		fprintf(out, PROGRAM ": skipped %s\n", o->bad[i].message);
}

void sum_print_summary(FILE *out, const struct sum_job *job, const struct sum_outcome *o,
		       double seconds, const char *output)
{
	char ranks[600], bad[400], procs[64] = "";
	double mb = o->bytes / 1e6;
	int kb = o->bytes < 1000000;   /* small sums in kB */
	describe_ranks(job, ranks, sizeof ranks);
	describe_bad(job, o, bad, sizeof bad);
	if (o->nprocs > 1)
		snprintf(procs, sizeof procs, " by %d processes", o->nprocs);
	fprintf(out, PROGRAM ": summed %zu of %zu file%s%s%s: %.1f %s in %.2f s (%.0f MB/s)%s%s%s\n",
		o->failed ? 0 : (size_t)o->prof.nfiles, job->n, job->n == 1 ? "" : "s", ranks,
		bad, kb ? mb * 1000 : mb, kb ? "kB" : "MB", seconds,
		seconds > 0 ? mb / seconds : 0.0, procs, output ? " into " : "",
		output ? output : "");
}
