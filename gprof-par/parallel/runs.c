/* runs.c - see runs.h. */
#include "runs.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "companions.h"
#include "grow.h"
#include "rankfiles.h"

#define SAME_START_SECONDS 60   /* runs without a job id: starts this close */
#define NAMES_SHOWN 32          /* file names listed per run */

struct run_group {
	const struct companion_run *run;  /* its first file's */
	int64_t newest_s;             /* the latest start of its files */
	uint32_t newest_ns;
	int has_rank0;
	struct runs_facts facts;      /* of its files */
	size_t *files;                /* indexes into paths */
	size_t nfiles, cap;
};

static int same_run(const struct companion_run *a, const struct companion_run *b)
{
	int64_t d = a->start_s - b->start_s;

	return strcmp(a->job, b->job) == 0 && a->size == b->size &&
	       strcmp(a->build_id, b->build_id) == 0 &&
	       (strcmp(a->job, "-") != 0 || (d <= SAME_START_SECONDS && d >= -SAME_START_SECONDS));
}

static int later(int64_t s1, uint32_t ns1, int64_t s2, uint32_t ns2)
{
	return s1 > s2 || (s1 == s2 && ns1 > ns2);
}

/* "job pmix:4653057, 4 ranks, started 2026-11-25 16:10:03 UTC" */
static void describe(FILE *out, const struct run_group *g)
{
	time_t t = (time_t)g->run->start_s;
	struct tm tm;
	char when[64] = "?";

	if (gmtime_r(&t, &tm))
		strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", &tm);
	fprintf(out, "job %s, %ld rank%s, started %s, build-id %.16s", g->run->job, g->run->size,
		g->run->size == 1 ? "" : "s", when, g->run->build_id);
}

static void list_files(FILE *out, char *const *paths, const struct run_group *g)
{
	for (size_t k = 0; k < g->nfiles && k < NAMES_SHOWN; k++)
		fprintf(out, " %s", paths[g->files[k]]);
	if (g->nfiles > NAMES_SHOWN)
		fprintf(out, " and %zu more", g->nfiles - NAMES_SHOWN);
}

static void free_groups(struct run_group *groups, size_t ngroups)
{
	for (size_t g = 0; g < ngroups; g++) {
		runs_facts_free(&groups[g].facts);
		free(groups[g].files);
	}
	free(groups);
}

/* Gives g's facts to facts (g keeps none). */
/* The files of g whose rank was an MPI world of its own (a program built
 * with another MPI's mpicc than the launcher's): their sum adds up
 * separate runs. */
static void say_mpi_world(FILE *msgs, const char *program, const struct run_group *g)
{
	if (!msgs || !g || g->facts.mpi_world_files == 0)
		return;
	fprintf(msgs, "%s: warning: %zu of the %zu files say their rank was an MPI world of its "
		"own (%s): they are separate one-rank runs, not one job's ranks; rebuild the "
		"program with the launcher's mpicc and run it again\n", program,
		g->facts.mpi_world_files, g->nfiles, g->facts.mpi_world);
}

static void set_facts(struct runs_facts *facts, struct run_group *g)
{
	if (facts && g) {
		*facts = g->facts;
		g->facts = RUNS_FACTS_NONE;
	}
}

/* A file's place in its run: its group, rank and process. */
struct file_rank {
	size_t file;
	long group, rank, pid;
};

/* Files in order of run, rank and process. */
static int by_rank_key(const struct file_rank *x, const struct file_rank *y)
{
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

/* ... then in their order. */
static int by_rank(const void *a, const void *b)
{
	const struct file_rank *x = a, *y = b;
	int c = by_rank_key(x, y);

	return c ? c : x->file < y->file ? -1 : x->file > y->file;
}

/*
 * A run's ranks are unique (issue 39): two files of one run holding the
 * same rank of the same process are copies of one profile (2,048 copies of
 * each of 8 rank files passed as 16,384 ranks).  A forked child of a rank
 * holds its rank too, but its own pid: not a copy.  ranks[0 .. nranks):
 * the files of a known run.  Without skip_bad, names the copies and
 * returns 1; with it, marks all but the first file of each rank in dropped
 * (naming them) and returns 0.
 */
static int find_copies(struct file_rank *ranks, size_t nranks, char *const *paths,
		       unsigned char *dropped, int skip_bad, FILE *msgs, const char *program)
{
	size_t copies = 0;

	qsort(ranks, nranks, sizeof *ranks, by_rank);
	for (size_t i = 1, k = 0; i < nranks; i++) {
		const struct file_rank *f = &ranks[i];

		if (by_rank_key(f, &ranks[i - 1]) != 0 || f->rank < 0) {
			k = i;          /* the first file of its key */
			continue;
		}
		dropped[f->file] = 1;
		if (++copies <= NAMES_SHOWN && msgs)
			fprintf(msgs, "%s: %s%s holds rank %ld of the same process (pid %ld) as %s: "
				"a copy of that rank's profile\n", program, skip_bad ? "left out: " : "",
				paths[f->file], f->rank, f->pid, paths[ranks[k].file]);
	}
	if (msgs && copies > NAMES_SHOWN)
		fprintf(msgs, "%s: ... and %zu more copies\n", program, copies - NAMES_SHOWN);
	if (copies > 0 && !skip_bad) {
		if (msgs)
			fprintf(msgs, "%s: %zu file%s of other ranks' profiles of the same run: none "
				"is summed (--skip-bad sums each rank once)\n", program, copies,
				copies == 1 ? " is a copy" : "s are copies");
		return 1;
	}
	return 0;
}

/* The end of select_runs: what it allocated freed; rc. */
static int done_selecting(struct run_group *groups, size_t ngroups, struct file_rank *ranks,
			  unsigned char *dropped, int rc)
{
	free_groups(groups, ngroups);
	free(ranks);
	free(dropped);
	return rc;
}

/* The selection of runs_select, of files whose runs are given (runs.h). */
static int select_runs(char **paths, size_t *n, const struct companion_run *const *runs,
		       unsigned char *keep, int skip_bad, FILE *msgs, const char *program,
		       struct runs_facts *facts)
{
	struct run_group *groups = NULL, *newest;
	struct file_rank *ranks = malloc((*n ? *n : 1) * sizeof *ranks);
	unsigned char *dropped = calloc(*n ? *n : 1, 1);
	size_t ngroups = 0, cap = 0, unknown = 0, kept = 0, nranks = 0, ndropped = 0;
	int facts_failed = 0;
	int rc = 0;

	if (!ranks || !dropped) {
		free(ranks);
		free(dropped);
		return -1;
	}
	if (keep)
		memset(keep, 1, *n);
	if (facts)
		*facts = RUNS_FACTS_NONE;
	for (size_t i = 0; i < *n; i++) {
		const struct companion_run *run = runs[i];
		struct run_group *g = NULL;
		size_t *grown;

		if (!run) {
			unknown++;
			continue;
		}
		for (size_t k = 0; k < ngroups && !g; k++)
			if (same_run(groups[k].run, run))
				g = &groups[k];
		if (!g) {
			struct run_group *more = grow_array(groups, &cap, ngroups + 1, sizeof *groups, 4);

			if (!more)
				return done_selecting(groups, ngroups, ranks, dropped, -1);
			groups = more;
			g = &groups[ngroups++];
			ranks[nranks++] = (struct file_rank){ i, (long)(g - groups), run->rank, run->pid };
			memset(g, 0, sizeof *g);
			g->facts = RUNS_FACTS_NONE;
			g->run = run;
			facts_failed |= runs_facts_add(&g->facts, run) != 0;
			g->newest_s = run->start_s;
			g->newest_ns = run->start_ns;
		} else {
			if (later(run->start_s, run->start_ns, g->newest_s, g->newest_ns)) {
				g->newest_s = run->start_s;
				g->newest_ns = run->start_ns;
			}
			if (run->rank == 0)
				g->has_rank0 = 1;
			ranks[nranks++] = (struct file_rank){ i, (long)(g - groups), run->rank, run->pid };
			facts_failed |= runs_facts_add(&g->facts, run) != 0;
		}
		if (g->run->rank == 0)
			g->has_rank0 = 1;
		grown = grow_array(g->files, &g->cap, g->nfiles + 1, sizeof *grown, 16);
		if (!grown) {
			return done_selecting(groups, ngroups, ranks, dropped, -1);
		}
		g->files = grown;
		g->files[g->nfiles++] = i;
	}
	rc = facts_failed ? -1 : find_copies(ranks, nranks, paths, dropped, skip_bad, msgs, program);
	if (rc != 0)
		return done_selecting(groups, ngroups, ranks, dropped, rc);
	for (size_t g = 0; g < ngroups; g++) {     /* the copies left out */
		size_t out = 0;

		for (size_t k = 0; k < groups[g].nfiles; k++)
			if (!dropped[groups[g].files[k]])
				groups[g].files[out++] = groups[g].files[k];
			else
				ndropped++;
		groups[g].nfiles = out;
	}
	if (ngroups <= 1) {
		say_mpi_world(msgs, program, ngroups == 1 ? &groups[0] : NULL);
		set_facts(facts, ngroups == 1 ? &groups[0] : NULL);
		if (ngroups == 1 && unknown > 0 && msgs)
			fprintf(msgs, "%s: note: %zu of the %zu files have no companion (glibc's or an "
				"older gmon-mpi's profile), so no run to check them by: they are "
				"summed if their executable and histograms match the others'\n",
				program, unknown, *n);
		for (size_t i = 0; ndropped > 0 && i < *n; i++) {
			if (keep)
				keep[i] = !dropped[i];
			if (!dropped[i])
				paths[kept++] = paths[i];
		}
		if (ndropped > 0)
			*n = kept;
		return done_selecting(groups, ngroups, ranks, dropped, 0);
	}
	newest = &groups[0];
	for (size_t g = 1; g < ngroups; g++)
		if (later(groups[g].newest_s, groups[g].newest_ns, newest->newest_s,
			  newest->newest_ns) ||
		    (groups[g].newest_s == newest->newest_s &&
		     groups[g].newest_ns == newest->newest_ns && groups[g].has_rank0 &&
		     !newest->has_rank0))
			newest = &groups[g];
	if (!skip_bad) {
		if (msgs) {
			fprintf(msgs, "%s: the files are of %zu different runs (the launcher's job, "
				"the ranks, the start, the build): none is summed (--skip-bad sums "
				"the newest run's)\n", program, ngroups);
			for (size_t g = 0; g < ngroups; g++) {
				fprintf(msgs, "%s:   %s run (", program,
					&groups[g] == newest ? "the newest" : "another");
				describe(msgs, &groups[g]);
				fprintf(msgs, "):");
				list_files(msgs, paths, &groups[g]);
				fputc('\n', msgs);
			}
		}
		return done_selecting(groups, ngroups, ranks, dropped, 1);
	}
	/* --skip-bad: the newest run's files and those of no known run */
	say_mpi_world(msgs, program, newest);
	set_facts(facts, newest);
	{
		unsigned char *out = calloc(*n ? *n : 1, 1);

		if (!out) {
			return done_selecting(groups, ngroups, ranks, dropped, -1);
		}
		for (size_t g = 0; g < ngroups; g++)
			if (&groups[g] != newest)
				for (size_t k = 0; k < groups[g].nfiles; k++)
					out[groups[g].files[k]] = 1;
		for (size_t i = 0; i < *n; i++)
			out[i] |= dropped[i];
		if (msgs) {
			size_t left = *n - newest->nfiles - unknown - ndropped;

			fprintf(msgs, "%s: skipped %zu file%s of %zu other run%s (--skip-bad sums the "
				"newest run's %zu file%s: ", program, left, left == 1 ? "" : "s",
				ngroups - 1, ngroups == 2 ? "" : "s", newest->nfiles,
				newest->nfiles == 1 ? "" : "s");
			describe(msgs, newest);
			fprintf(msgs, ")\n");
			for (size_t g = 0; g < ngroups; g++) {
				if (&groups[g] == newest)
					continue;
				fprintf(msgs, "%s:   left out, of the run of ", program);
				describe(msgs, &groups[g]);
				fprintf(msgs, ":");
				list_files(msgs, paths, &groups[g]);
				fputc('\n', msgs);
			}
		}
		for (size_t i = 0; i < *n; i++) {
			if (keep)
				keep[i] = !out[i];
			if (!out[i])
				paths[kept++] = paths[i];
		}
		*n = kept;
		free(out);
	}
	return done_selecting(groups, ngroups, ranks, dropped, rc);
}

/*
 * Files of several runs: first the pairs (companions.h), so that a profile
 * beside an earlier run's companion (a rank killed between the two
 * renames) is named as what it is, not as a file of that run, and the
 * runs are those of the pairs.  Only here are the profiles read (to check
 * a pair, its profile's checksum): files of one run have their pairs
 * checked where each process reads its profiles (gmon-read.h).  Without
 * skip_bad, each file not one pair is named and 1 returned; with it they
 * are left out (named) and the runs of the others selected.
 */
int runs_select_given(char **paths, size_t *n, const struct companion_run *const *runs,
		      unsigned char *keep, int skip_bad, FILE *msgs, const char *program,
		      struct runs_facts *facts)
{
	unsigned char *unpaired, *subkeep;
	size_t nunpaired = 0, m = 0, j = 0, kept = 0;
	const struct companion_run **subruns;
	char **sub, err[2048], *said = NULL;
	size_t said_len = 0;
	FILE *aside = msgs ? open_memstream(&said, &said_len) : NULL;
	int rc;

	/* Files of one run without copies are what they are with or without
	 * skip_bad: one pass, its words set aside until it is known (on
	 * 4,096 files, a second pass was a third of process 0's part). */
	if (msgs && !aside)
		return -1;
	rc = select_runs(paths, n, runs, keep, 0, aside, program, facts);
	if (aside)
		fclose(aside);
	if (rc == 0 && said_len > 0)
		fwrite(said, 1, said_len, msgs);
	free(said);
	if (rc != 1)    /* one run (or none known), or out of memory */
		return rc;
	unpaired = calloc(*n ? *n : 1, 1);
	subkeep = malloc(*n ? *n : 1);
	sub = malloc((*n ? *n : 1) * sizeof *sub);
	subruns = malloc((*n ? *n : 1) * sizeof *subruns);
	if (!unpaired || !subkeep || !sub || !subruns) {
		free(unpaired);
		free(subkeep);
		free(sub);
		free(subruns);
		return -1;
	}
	for (size_t i = 0; i < *n; i++) {
		if (companion_pair_check(paths[i], NULL, 0, err, sizeof err) != 0) {
			unpaired[i] = 1;
			nunpaired++;
			if (msgs)
				fprintf(msgs, "%s: %s%s\n", program, skip_bad ? "left out: " : "", err);
		} else {
			subruns[m] = runs[i];
			sub[m++] = paths[i];
		}
	}
	if (nunpaired > 0 && !skip_bad) {
		if (msgs)
			fprintf(msgs, "%s: %zu file%s not one pair with %s companion: none is summed "
				"(--skip-bad leaves %s out)\n", program, nunpaired,
				nunpaired == 1 ? " is" : "s are", nunpaired == 1 ? "its" : "their",
				nunpaired == 1 ? "it" : "them");
		rc = 1;
	} else {
		rc = select_runs(sub, &m, subruns, subkeep, skip_bad, msgs, program, facts);
	}
	if (rc == 0) {
		for (size_t i = 0; i < *n; i++) {
			int in = !unpaired[i] && subkeep[j++];

			if (keep)
				keep[i] = (unsigned char)in;
			if (in)
				paths[kept++] = paths[i];
		}
		*n = kept;
	}
	free(unpaired);
	free(subkeep);
	free(sub);
	free(subruns);
	return rc;
}

void runs_read(char *const *paths, size_t n, struct companion_run *runs,
	       const struct companion_run **of)
{
	char err[1024];

	for (size_t i = 0; i < n; i++) {
		int rc = companion_run_of(paths[i], &runs[i], err, sizeof err);

		of[i] = rc == 1 ? &runs[i] : NULL;
		if (rc != 1)    /* a bad companion's run is no known run */
			memset(&runs[i], 0, sizeof runs[i]);
	}
}

int runs_select(char **paths, size_t *n, unsigned char *keep, int skip_bad, FILE *msgs,
		const char *program, struct runs_facts *facts)
{
	size_t all = *n;
	struct companion_run *runs = calloc(all ? all : 1, sizeof *runs);
	const struct companion_run **of = malloc((all ? all : 1) * sizeof *of);
	int rc = -1;

	if (runs && of) {
		runs_read(paths, all, runs, of);
		rc = runs_select_given(paths, n, of, keep, skip_bad, msgs, program, facts);
	}
	for (size_t i = 0; runs && i < all; i++)
		companion_run_free(&runs[i]);
	free(runs);
	free(of);
	return rc;
}

int runs_select_ranks(const char *dir, int64_t *ranks, size_t *nranks,
		      const struct companion_run *const *runs, int skip_bad, FILE *msgs,
		      const char *program, struct runs_facts *facts)
{
	size_t n = *nranks, made = 0, kept = 0;
	char **all = calloc(n ? n : 1, sizeof *all), **paths = malloc((n ? n : 1) * sizeof *paths);
	unsigned char *keep = malloc(n ? n : 1);
	int rc = all && paths && keep ? 0 : -1;

	for (; made < n && rc == 0; made++)
		if (!(all[made] = paths[made] = rankfiles_path(dir, ranks[made])))
			rc = -1;
	if (rc == 0)
		rc = runs ? runs_select_given(paths, &n, runs, keep, skip_bad, msgs, program, facts)
			  : runs_select(paths, &n, keep, skip_bad, msgs, program, facts);
	if (rc == 0) {
		for (size_t i = 0; i < *nranks; i++)
			if (keep[i])
				ranks[kept++] = ranks[i];
		*nranks = kept;
	}
	for (size_t i = 0; all && i < made; i++)
		free(all[i]);
	free(all);
	free(paths);
	free(keep);
	return rc;
}
