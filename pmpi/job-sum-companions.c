/* job-sum-companions.c - see job-sum-companions.h. */
#define _GNU_SOURCE
#include "job-sum-companions.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "byte-pack.h"
#include "call-paths.h"
#include "callpaths.h"
#include "companion-file.h"
#include "companions.h"
#include "gmon-companion.h"
#include "gmon-job-sum.h"
#include "library-sums.h"
#include "module-calls.h"
#include "profile-pack.h"

#define PROGRAM "gmon-mpi"

void job_companions_init(struct job_companions *jc)
{
	sum_outcome_init(&jc->sum);
	jc->merged = 0;
	jc->merged_bytes = 0;
	jc->cpu = 0;
	jc->facts = RUNS_FACTS_NONE;
	jc->facts_oom = 0;
}

/* This thread's CPU time, seconds. */
static double cpu_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void job_companions_free(struct job_companions *jc)
{
	sum_outcome_free(&jc->sum);
	runs_facts_free(&jc->facts);
}

/* What this rank's run section says (its companion read from memory, as
 * -S reads a rank file's), into jc->facts. */
static void own_facts(struct job_companions *jc, const char *profile)
{
	struct companion_run run;
	char err[1024];

	if (companion_run_of(profile, &run, err, sizeof err) != 1)
		return;
	jc->facts_oom |= runs_facts_add(&jc->facts, &run) != 0;
	companion_run_free(&run);
}

static int own(struct job_companions *jc, char *err, size_t errlen)
{
	char profile[PATH_MAX], *name, *path;
	void *data = NULL;
	size_t len = 0;
	struct sum_job job = { .paths = &name, .n = 1, .sum_paths = 1, .sum_libraries = 1 };
	int e;

	if (!gmon_mpi_sum_companion)
		return 0;
	e = gmon_mpi_sum_companion(&data, &len, profile, sizeof profile);
	if (e == ENOENT)
		return 0;
	if (e != 0) {
		snprintf(err, errlen, "%s", strerror(e));
		return -1;
	}
	name = profile;
	path = companion_file_path(profile);
	if (!path) {
		free(data);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* under the name its file would have: the messages and the list's
	 * file column name it so (data taken) */
	e = companion_file_adopt(path, data, len, err, errlen);
	free(path);
	if (e != 0)
		return -1;
	own_facts(jc, profile);
	/* -S's passes over one file (sum_serial), the paths first */
	if (sum_paths_files(&jc->sum.paths, &job, 0, 1, NULL, 0, 0, NULL) != 0) {
		snprintf(err, errlen, "%s", jc->sum.paths.message);
		return -1;
	}
	sum_libraries_serial(&job, &jc->sum);
	/* summed: the names of its library sections are not needed (the
	 * count is), nor sent up */
	sum_libraries_drop_names(&jc->sum.libraries);
	for (int k = 0; k < SUM_NCALLS; k++)
		if (sum_calls_files(&jc->sum.calls[k], (enum sum_calls_kind)k, &job, 0, 1, NULL, 0, 0,
				    NULL) != 0)
			jc->sum.calls[k].oom = 1;
	return 0;
}

int job_companions_own(struct job_companions *jc, char *err, size_t errlen)
{
	double t0 = cpu_now();
	int rc = own(jc, err, errlen);

	jc->cpu += cpu_now() - t0;
	return rc;
}

/* ------------------------------------------------------------------ */
/* Packing a partial for the parent.                                     */

static int print_paths(FILE *f, const void *set) { return callpaths_print(f, set); }
static int print_facts(FILE *f, const void *facts)
{
	runs_facts_print(f, facts, NULL);
	return 0;
}
static int print_calls(FILE *f, const void *set) { return module_calls_print(f, set); }

/* What print writes of set, as packed bytes into f.  Returns 0, or -1 when
 * out of memory. */
static int pack_printed(FILE *f, int (*print)(FILE *, const void *), const void *set)
{
	char *text = NULL;
	size_t len = 0;
	FILE *t = open_memstream(&text, &len);
	int rc = t ? print(t, set) : -1;

	if (!t || fclose(t) != 0 || rc != 0) {
		free(text);
		return -1;
	}
	pack_bytes(f, text, len);
	free(text);
	return 0;
}

static int pack_paths(FILE *f, const struct sum_paths *sp)
{
	int with_set = !sp->failed && sp->set.nfiles > 0;

	pack_u64(f, sp->set.nfiles);
	pack_u64(f, sp->nprofiles);
	pack_u64(f, sp->missing);
	pack_u64(f, (uint64_t)sp->failed);
	pack_u64(f, (uint64_t)sp->overflow);
	pack_u64(f, sp->set.bytes);
	pack_u64(f, sp->nwarnings);
	for (size_t i = 0; i < sp->nwarnings; i++)
		pack_text(f, sp->warnings[i]);
	pack_text(f, sp->message);
	if (!with_set) {
		pack_bytes(f, NULL, 0);
		return 0;
	}
	return pack_printed(f, print_paths, &sp->set);
}

static int pack_calls(FILE *f, const struct sum_calls *sc)
{
	int with_set = !sc->oom && sc->set.nfiles > 0;

	pack_u64(f, sc->set.nfiles);
	pack_u64(f, (uint64_t)sc->oom);
	pack_u64(f, (uint64_t)sc->overflow);
	pack_u64(f, sc->nmessages);
	for (size_t i = 0; i < sc->nmessages; i++)
		pack_text(f, sc->messages[i]);
	if (!with_set) {
		pack_bytes(f, NULL, 0);
		return 0;
	}
	return pack_printed(f, print_calls, &sc->set);
}

/* The list (sum_libraries_pack), then each library's sum: whether it has
 * one, whether it failed and why, its profile packed (profile_pack). */
static int pack_libraries(FILE *f, const struct sum_libraries *sl)
{
	char *list = NULL, err[1024];
	size_t len = 0;

	if (sum_libraries_pack(sl, 0, &list, &len) != 0)
		return -1;
	pack_bytes(f, list, len);
	free(list);
	pack_u64(f, (uint64_t)sl->oom);
	pack_u64(f, sl->n);
	for (size_t i = 0; i < sl->n; i++) {
		const struct sum_outcome *o = sl->libs[i].sum;
		void *prof = NULL;

		pack_u64(f, o != NULL);
		if (!o)
			continue;
		pack_u64(f, (uint64_t)o->failed);
		pack_text(f, o->message);
		if (!o->failed && profile_pack(&o->prof, &prof, &len, err, sizeof err) != 0)
			return -1;
		pack_bytes(f, prof, o->failed ? 0 : len);
		free(prof);
	}
	return 0;
}

int job_companions_pack(struct job_companions *jc, char **data, size_t *len)
{
	FILE *f = open_memstream(data, len);
	double t0 = cpu_now();
	int rc = 0;

	if (!f)
		return ENOMEM;
	rc |= pack_paths(f, &jc->sum.paths);
	for (int k = 0; k < SUM_NCALLS && rc == 0; k++)
		rc |= pack_calls(f, &jc->sum.calls[k]);
	if (rc == 0)
		rc = pack_libraries(f, &jc->sum.libraries);
	pack_u64(f, (uint64_t)jc->facts_oom);
	if (rc == 0)
		rc = pack_printed(f, print_facts, &jc->facts);
	if (fclose(f) != 0 || rc != 0) {
		free(*data);
		*data = NULL;
		return ENOMEM;
	}
	jc->cpu += cpu_now() - t0;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Adding a child's partial (the next ranks').                           */

/* text (n bytes) appended to a list of malloc'ed strings.  Returns 0, or
 * -1 when out of memory. */
static int append_text(char ***list, size_t *n, size_t *cap, const char *text)
{
	char **grown = *n < *cap ? *list : realloc(*list, (*cap = *cap * 2 + 8) * sizeof **list);

	if (!grown)
		return -1;
	*list = grown;
	if (!(grown[*n] = strdup(text)))
		return -1;
	(*n)++;
	return 0;
}

/* Out of memory while taking r: -1. */
static int oom_in(struct unpacker *r)
{
	r->bad = 2;
	return -1;
}

/* A copy of n bytes (the readers cut lines in place), or NULL. */
static char *copy_of(const void *bytes, size_t n)
{
	char *copy = malloc(n ? n : 1);

	if (copy)
		memcpy(copy, bytes, n);
	return copy;
}

/* The child's paths after jc's: its warnings, counts and set, unless the
 * sum stopped at an earlier failure (as the serial sum stops at the first
 * bad paths file).  Returns 0, or -1 (r->bad, out of memory). */
static int add_paths(struct sum_paths *sp, struct unpacker *r, int from)
{
	uint64_t nfiles = unpack_u64(r), nprofiles = unpack_u64(r), missing = unpack_u64(r);
	uint64_t failed = unpack_u64(r), overflow = unpack_u64(r), bytes = unpack_u64(r);
	uint64_t nwarnings = unpack_u64(r);
	int taken = !sp->failed;
	char err[1024], name[64], *text;
	const void *set;
	size_t len;

	for (uint64_t i = 0; i < nwarnings && !r->bad; i++) {
		char *w = unpack_text(r);

		if (w && taken && append_text(&sp->warnings, &sp->nwarnings, &sp->warnings_cap, w) != 0)
			r->bad = 2;
		free(w);
	}
	text = unpack_text(r);
	set = unpack_bytes(r, &len);
	if (r->bad || !taken) {
		free(text);
		return r->bad ? -1 : 0;
	}
	sp->nprofiles += (size_t)nprofiles;
	sp->missing += (size_t)missing;
	sp->overflow |= overflow != 0;
	if (failed) {
		sp->failed = 1;
		snprintf(sp->message, sizeof sp->message, "%s", text ? text : "");
	} else if (len > 0) {
		size_t files = sp->set.nfiles;
		uint64_t had = sp->set.bytes;
		char *copy = copy_of(set, len);

		snprintf(name, sizeof name, "the call paths of ranks %d and up", from);
		if (!copy) {
			r->bad = 2;
		} else if (callpaths_add_text(&sp->set, copy, len, name, err, sizeof err) != 0) {
			sp->failed = 1;
			snprintf(sp->message, sizeof sp->message, "%s", err);
		}
		free(copy);
		sp->set.nfiles = files + (size_t)nfiles;
		sp->set.bytes = had + bytes;
	}
	free(text);
	return r->bad ? -1 : 0;
}

/* The child's calls of one kind after jc's: its messages, then its set (a
 * set that cannot be added is a message, as a file's is). */
static int add_calls(struct sum_calls *sc, struct unpacker *r, int from, enum sum_calls_kind k)
{
	uint64_t nfiles = unpack_u64(r), oom = unpack_u64(r), overflow = unpack_u64(r);
	uint64_t nmessages = unpack_u64(r);
	char err[1024], name[80];
	const void *set;
	size_t len;

	for (uint64_t i = 0; i < nmessages && !r->bad; i++) {
		char *m = unpack_text(r);

		if (m && append_text(&sc->messages, &sc->nmessages, &sc->messages_cap, m) != 0)
			r->bad = 2;
		free(m);
	}
	set = unpack_bytes(r, &len);
	if (r->bad)
		return -1;
	sc->oom |= oom != 0;
	sc->overflow |= overflow != 0;
	if (len > 0 && !sc->oom) {
		size_t files = sc->set.nfiles;
		char *copy = copy_of(set, len);
		int rc;

		snprintf(name, sizeof name, "the %s of ranks %d and up", sum_calls_names[k], from);
		if (!copy)
			return oom_in(r);
		rc = module_calls_add_text(&sc->set, copy, len, name, err, sizeof err);
		free(copy);
		if (rc < 0) {
			sc->overflow |= rc == -2;
			if (append_text(&sc->messages, &sc->nmessages, &sc->messages_cap, err) != 0)
				return oom_in(r);
		} else {
			sc->set.nfiles = files + (size_t)nfiles;
		}
	}
	return 0;
}

/* The child's library sum (packed by pack_libraries) into lib's, unless
 * lib's failed already (the serial sum stops at a library's first bad
 * file). */
static int add_library_sum(struct sum_library *lib, struct unpacker *r, int from)
{
	uint64_t failed = unpack_u64(r);
	char *message = unpack_text(r), err[1024], name[PATH_MAX + 64];
	size_t len;
	const void *prof = unpack_bytes(r, &len);

	if (r->bad) {
		free(message);
		return -1;
	}
	if (!lib->sum && !(lib->sum = sum_library_outcome())) {
		free(message);
		return oom_in(r);
	}
	if (lib->sum->failed) {
		/* stopped earlier */
	} else if (failed) {
		lib->sum->failed = 1;
		snprintf(lib->sum->message, sizeof lib->sum->message, "%s", message ? message : "");
	} else {
		snprintf(name, sizeof name, "%s's profile of ranks %d and up", lib->base, from);
		if (profile_add_packed(&lib->sum->prof, prof, len, name, err, sizeof err) != 0) {
			lib->sum->failed = 1;
			snprintf(lib->sum->message, sizeof lib->sum->message, "%s", err);
		}
	}
	free(message);
	return 0;
}

static int add_libraries(struct sum_libraries *sl, struct unpacker *r, int from, char *err,
			 size_t errlen)
{
	size_t len, *where = NULL, nwhere = 0;
	const void *list = unpack_bytes(r, &len);
	uint64_t oom = unpack_u64(r), n = unpack_u64(r);

	if (r->bad)
		return -1;
	if (sl->oom || oom) {   /* none of it is meaningful */
		sl->oom = 1;
		return 0;
	}
	if (sum_libraries_take(sl, list, len, 0, &where, &nwhere, err, errlen) != 0)
		return -2;
	if (n != nwhere) {
		free(where);
		snprintf(err, errlen, "the companions of ranks %d and up: %llu libraries' sums for "
			 "%zu libraries", from, (unsigned long long)n, nwhere);
		return -2;
	}
	if (sl->overflow) {
		free(where);
		snprintf(err, errlen, "the samples of a library in the lists of modules of ranks %d "
			 "and up would add up past 2^64 - 1", from);
		return -2;
	}
	for (uint64_t i = 0; i < n && !r->bad; i++)
		if (unpack_u64(r))
			add_library_sum(&sl->libs[where[i]], r, from);
	free(where);
	return r->bad ? -1 : 0;
}

/* The child's runs' facts after jc's (the next ranks): the text its
 * partial printed, parsed and merged.  Returns 0, or -1 (r->bad). */
static int add_facts(struct job_companions *jc, struct unpacker *r)
{
	uint64_t oom = unpack_u64(r);
	struct runs_facts facts;
	const void *text;
	char err[1024];
	size_t len;

	text = unpack_bytes(r, &len);
	if (r->bad)
		return -1;
	if (oom || jc->facts_oom) {
		jc->facts_oom = 1;
		return 0;
	}
	if (runs_facts_section_parse(&facts, text, len, "a child's runs", err, sizeof err) != 0) {
		r->bad = 1;
		return -1;
	}
	jc->facts_oom |= runs_facts_merge(&jc->facts, &facts) != 0;
	runs_facts_free(&facts);
	return 0;
}

int job_companions_add(struct job_companions *jc, const void *data, size_t len, int from,
		       char *err, size_t errlen)
{
	struct unpacker r;
	double t0 = cpu_now();
	int rc;

	unpacker_init(&r, data, len);
	rc = add_paths(&jc->sum.paths, &r, from);
	for (int k = 0; k < SUM_NCALLS && rc == 0; k++)
		rc = add_calls(&jc->sum.calls[k], &r, from, (enum sum_calls_kind)k);
	if (rc == 0)
		rc = add_libraries(&jc->sum.libraries, &r, from, err, errlen);
	if (rc == 0)
		rc = add_facts(jc, &r);
	if (rc == 0 && r.at != r.end)
		r.bad = 1, rc = -1;
	if (rc == -1)
		snprintf(err, errlen, "the companions of ranks %d and up: %s", from,
			 unpacker_error(&r));
	if (rc != 0)
		return -1;
	jc->merged++;
	jc->merged_bytes += len;
	jc->cpu += cpu_now() - t0;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Rank 0: the sections.                                                 */

int job_companions_sum(struct job_companions *jc, const char *output, struct sum_companion *sc)
{
	char *notes = NULL;
	size_t notes_len = 0;
	FILE *msgs = open_memstream(&notes, &notes_len);
	double t0 = cpu_now();
	int status;

	if (!msgs) {
		fprintf(stderr, PROGRAM ": rank 0: out of memory for the ranks' companions\n");
		return -1;
	}
	/* the order -S's are in (sum_libraries_serial sorts after reading
	 * the lists): a total order, whatever order they came up in */
	sum_libraries_sort(&jc->sum.libraries);
	/* -S's sections (stages/reduce.c: write_sum) */
	status = library_sums_sections(msgs, PROGRAM, &jc->sum, output, 0, sc);
	status |= call_paths_sum_section(&jc->sum.paths, sc, output, msgs, PROGRAM);
	fclose(msgs);
	/* -S's summary lines are for a person at a terminal; a job's log gets
	 * them only with a part left out */
	if (status != 0 && notes)
		fwrite(notes, 1, notes_len, stderr);
	free(notes);
	jc->cpu += cpu_now() - t0;
	return status;
}

int job_companions_runs_section(const struct job_companions *jc, const char *output,
				struct sum_companion *sc, char *err, size_t errlen)
{
	if (jc->facts_oom) {
		fprintf(stderr, PROGRAM ": rank 0: out of memory adding the ranks' runs: the "
			"section " GMON_RUNS_NAME " is left out\n");
		return 0;
	}
	return runs_facts_section_add(sc, output, &jc->facts, err, errlen);
}
