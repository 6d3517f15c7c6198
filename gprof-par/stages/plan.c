/* plan.c - see plan.h. */
#include "config.h"

#include "plan.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "companions.h"
#include "rankfiles.h"
#include "run-records.h"
#include "runs.h"
#include "timing.h"

void plan_free(struct plan *plan)
{
	if (plan->owned_paths)
		for (size_t i = 0; i < plan->job.n; i++)
			free(plan->owned_paths[i]);
	free(plan->owned_paths);
	free(plan->kept_paths);
	free(plan->ranks);
	free(plan->rank_places);
	free(plan->runs_read_by);
	free(plan->owned_output);
	runs_facts_free(&plan->runs);
	memset(plan, 0, sizeof(*plan));
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether name is one of the files named (sorted, bsearch). */
struct named_files {
	char **sorted;
	size_t n;
};

static int is_named(const char *name, void *ctx)
{
	const struct named_files *nf = ctx;

	return bsearch(&name, nf->sorted, nf->n, sizeof(*nf->sorted), cmp_path) != NULL;
}

/*
 * The files beside a profile (gmon.out+paths.3, gmon.out+modules.3,
 * gmon.out+LIBRARY.3 beside gmon.out.3; gmon.out+paths beside gmon.out:
 * companions.h) are read with it, never as profiles: `gprof-par EXE
 * gmon.out*` names them too, and would fail on the first one.  A named
 * file NAME+KIND.N is passed over when NAME.N is named too, NAME+KIND
 * when NAME is (also an earlier version's gmon.out.3+paths).
 */
static void drop_companions(struct plan *plan)
{
	char **sorted = malloc((plan->job.n ? plan->job.n : 1) * sizeof(*sorted));
	size_t kept = 0, dropped = 0;

	if (!sorted)
		die("out of memory");
	memcpy(sorted, plan->job.paths, plan->job.n * sizeof(*sorted));
	qsort(sorted, plan->job.n, sizeof(*sorted), cmp_path);
	plan->kept_paths = malloc((plan->job.n ? plan->job.n : 1) * sizeof(char *));
	if (!plan->kept_paths)
		die("out of memory");
	for (size_t i = 0; i < plan->job.n; i++) {
		struct named_files nf = { sorted, plan->job.n };
		char *path = plan->job.paths[i];
		int companion = companion_of_named(path, is_named, &nf);

		if (companion < 0)
			die("out of memory");
		if (companion)
			dropped++;
		else
			plan->kept_paths[kept++] = path;
	}
	free(sorted);
	if (dropped > 0 && !options_quiet)
		fprintf(stderr, PROGRAM ": note: %zu file(s) named beside a profile (PROFILE+paths, "
			"+modules, +LIBRARY) are read with it, not as profiles\n", dropped);
	plan->job.paths = plan->kept_paths;
	plan->job.n = kept;
}

/* Each file's place in the order of the ranks: the heat map's columns
 * follow the ranks, not the order the files were named in (a shell's
 * glob puts gmon.out.10 before gmon.out.2: a column of 16,384 ranks in
 * 128 held ranks 102 to 10226). */
static void plan_rank_places(struct plan *plan)
{
	free(plan->rank_places);
	plan->rank_places = NULL;
	plan->job.rank_places = NULL;
	if (!plan->job.ranks || plan->job.n == 0)
		return;
	plan->rank_places = malloc(plan->job.n * sizeof *plan->rank_places);
	if (!plan->rank_places ||
	    rankfiles_places(plan->job.ranks, plan->job.n, plan->rank_places) != 0)
		die("out of memory");
	plan->job.rank_places = plan->rank_places;
}

/* -s and the report: the files named (or gmon.out); their ranks when all
 * are named gmon.out.<N>. */
void plan_named_files(const struct options *o, struct plan *plan)
{
	static const char *default_files[] = { DEFAULT_GMON };
	char err[1024];

	plan->job.paths = (char **)(o->ngmon_files ? o->gmon_files : default_files);
	plan->job.n = o->ngmon_files ? (size_t)o->ngmon_files : 1;
	drop_companions(plan);
	/* -s, and the summary (its "N ranks profiled", its per-rank figures
	 * are of one run): the files of one run only, and the runs the sums
	 * among them hold (a sum has no run section) */
	if ((o->style & STYLE_SUM) || o->summary || o->summary_text || o->summary_json ||
	    o->html) {
		plan->runs_mixed = runs_select(plan->job.paths, &plan->job.n, NULL, o->skip_bad,
					       options_quiet ? NULL : stderr, PROGRAM, &plan->runs);
		if (plan->runs_mixed < 0)
			die("out of memory reading the runs of the files");
		if (runs_facts_add_sums(&plan->runs, plan->job.paths, plan->job.n, err,
					sizeof err) != 0)
			die(err);
	}
	plan->ranks = malloc(plan->job.n * sizeof(*plan->ranks));
	if (!plan->ranks)
		die("out of memory");
	for (size_t i = 0; i < plan->job.n; i++) {
		plan->ranks[i] = rankfiles_parse(plan->job.paths[i]);
		if (plan->ranks[i] < 0) {
			free(plan->ranks);
			plan->ranks = NULL;
			break;
		}
	}
	plan->job.ranks = plan->ranks;
	plan_rank_places(plan);
	if (o->style & STYLE_SUM) {
		plan->output = o->output ? o->output : SUM_FILE;
		plan->summing = 1;
	}
}

/* What goes between dir and a name in it: "/", or "" after one. */
static const char *separator(const char *dir)
{
	return dir[strlen(dir) - 1] == '/' ? "" : "/";
}

/* -S: DIR/gmon.out.<N> for the ranks listed by process 0. */
void plan_dir_files(const struct options *o, struct plan *plan)
{
	size_t len = strlen(o->dir) + sizeof("/" SUM_FILE);

	plan->owned_paths = malloc((plan->nranks ? plan->nranks : 1) * sizeof(char *));
	if (!plan->owned_paths)
		die("out of memory");
	for (plan->job.n = 0; plan->job.n < plan->nranks; plan->job.n++) {
		plan->owned_paths[plan->job.n] = rankfiles_path(o->dir, plan->ranks[plan->job.n]);
		if (!plan->owned_paths[plan->job.n])
			die("out of memory");
	}
	plan->job.paths = plan->owned_paths;
	plan->job.ranks = plan->ranks;
	plan_rank_places(plan);
	if (o->output) {
		plan->output = o->output;
	} else {
		plan->owned_output = malloc(len);
		if (!plan->owned_output)
			die("out of memory");
		snprintf(plan->owned_output, len, "%s%s" SUM_FILE, o->dir, separator(o->dir));
		plan->output = plan->owned_output;
	}
	plan->summing = 1;
}

/* A directory holding glibc's one gmon.out and no rank files: the program
 * was profiled by glibc's runtime, whose ranks all wrote (and overwrote)
 * that one file.  Say how to get one file per rank. */
static void report_single_gmon_out(const char *dir)
{
	char path[PATH_MAX];
	struct stat sb;

	if (snprintf(path, sizeof path, "%s/gmon.out", dir) >= (int)sizeof path ||
	    lstat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return;
	fprintf(stderr, PROGRAM ": %s is glibc's single profile (under "
		"mpirun every rank overwrites it): link the program with -lgmon-mpi (mpicc -pg "
		"... -lgmon-mpi) or run it under gmon-run to get one gmon.out.<rank> per rank\n",
		path);
}

/* Whether path (which may not exist yet) names a file in the directory
 * dir_st is of; *base then points to its name in path. */
static int in_directory(const char *path, const struct stat *dir_st, const char **base)
{
	const char *slash = strrchr(path, '/');
	char parent[PATH_MAX];
	struct stat st;

	*base = slash ? slash + 1 : path;
	if (!slash)
		snprintf(parent, sizeof parent, ".");
	else if (slash == path)
		snprintf(parent, sizeof parent, "/");
	else if ((size_t)(slash - path) >= sizeof parent)
		return 0;
	else
		snprintf(parent, sizeof parent, "%.*s", (int)(slash - path), path);
	return stat(parent, &st) == 0 && st.st_dev == dir_st->st_dev && st.st_ino == dir_st->st_ino;
}

/* -S DIR -o OUT where OUT is a rank's file of DIR (gmon.out.<N>, or a file
 * beside one: gmon.out+KIND.<N>): the sum would replace that rank's
 * profile or companion, and be summed as its rank the next time.  Refused
 * before anything is read (-s may write over one of its inputs: GNU
 * gprof's way to accumulate, gmon.sum among the files summed). */
static int refuse_output_in_ranks(const struct options *o)
{
	const char *base;
	struct stat dir_st;

	/* (an output that is a symbolic link is refused by its writer) */
	if (!o->output || stat(o->dir, &dir_st) != 0)
		return 0;       /* no -o; no directory: listing it says so */
	if (!in_directory(o->output, &dir_st, &base) ||
	    (rankfiles_parse(base) < 0 && strncmp(base, "gmon.out+", 9) != 0))
		return 0;
	fprintf(stderr, PROGRAM ": -o %s: a rank's file of %s (%s), which the sum would replace "
		"and a later -S would read as that rank's; write the sum elsewhere (the default: "
		"%s%s" SUM_FILE ")\n", o->output, o->dir, base, o->dir, separator(o->dir));
	return -1;
}

int plan_list_dir(const struct options *o, struct plan *plan)
{
	struct rankfiles_others others;
	char err[1024];
	double listing = sum_now();

	if (refuse_output_in_ranks(o) != 0)
		return -1;
	if (rankfiles_list(o->dir, &plan->ranks, &plan->nranks, &others, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return -1;
	}
	rankfiles_print_others(stderr, PROGRAM, o->dir, &others);
	rankfiles_others_free(&others);
	if (plan->nranks == 0) {
		fprintf(stderr, PROGRAM ": %s: no " RANKFILES_PREFIX "<N> files to sum\n", o->dir);
		report_single_gmon_out(o->dir);
		return -1;
	}
	timing_add(&timing.list, listing);
	return 0;
}

/* The runs of files [lo, hi) of the directory's, packed (run-records.h). */
static void pack_runs(const struct options *o, const struct plan *plan, size_t lo, size_t hi,
		      void **buf, size_t *len)
{
	char **paths = calloc(hi > lo ? hi - lo : 1, sizeof *paths);
	int rc = paths ? 0 : -1;

	for (size_t i = lo; i < hi && rc == 0; i++)
		if (!(paths[i - lo] = rankfiles_path(o->dir, plan->ranks[i])))
			rc = -1;
	if (rc == 0)
		rc = run_records_pack(paths, hi - lo, buf, len);
	for (size_t i = 0; paths && i < hi - lo; i++)
		free(paths[i]);
	free(paths);
	if (rc != 0)
		die("out of memory reading the runs of the files");
}

/* Process 0: the runs gathered (all, len bytes, which their strings point
 * into) checked; the files kept left in plan->ranks.  Returns runs_select's 0 or 1. */
static int select_gathered(const struct options *o, struct plan *plan, const void *all,
			   size_t len)
{
	size_t n = plan->nranks;
	struct companion_run *runs = malloc((n ? n : 1) * sizeof *runs);
	const struct companion_run **of = malloc((n ? n : 1) * sizeof *of);
	char err[1024];
	int rc;

	if (!runs || !of)
		die("out of memory reading the runs of the files");
	free(plan->runs_read_by);
	plan->runs_read_by = NULL;
	if (run_records_unpack(all, len, n, runs, of, &plan->runs_read_by, &plan->runs_readers,
			       err, sizeof err) != 0)
		die(err);
	plan->runs_listed = n;
	rc = runs_select_ranks(o->dir, plan->ranks, &plan->nranks, of, o->skip_bad, stderr, PROGRAM,
			       &plan->runs);
	free(runs);   /* (their strings are all's) */
	free(of);
	if (rc < 0)
		die("out of memory reading the runs of the files");
	return rc;
}

int plan_dir_runs(const struct options *o, struct plan *plan, const struct gprof_par_mpi *mpi,
		  int me, int nprocs)
{
	double listing = sum_now();
	size_t n = plan->nranks, lo, hi, len, all_len;
	void *mine, *all;
	int rc = 0;

	sum_even_block(n, me, nprocs, &lo, &hi);   /* the sum's blocks: even by count */
	pack_runs(o, plan, lo, hi, &mine, &len);
	if (mpi) {
		mpi->gather_buffers(mine, len, &all, &all_len);
		free(mine);
	} else {
		all = mine;
		all_len = len;
	}
	if (me == 0)
		rc = select_gathered(o, plan, all, all_len);
	free(all);
	if (mpi) {
		mpi->bcast_int(&rc);
		if (rc == 0) {
			if (me != 0) {
				free(plan->ranks);
				plan->ranks = NULL;
			}
			if (mpi->bcast_ranks(&plan->ranks, &plan->nranks) != 0)
				die("out of memory sending the ranks");
		}
	}
	timing_add(&timing.list, listing);
	return rc == 0 ? 0 : -1;
}

char *const *plan_profiles(const struct options *o, const struct plan *plan, size_t *n)
{
	*n = o->sum_dir ? 1 : plan->job.n;
	return o->sum_dir ? (char *const *)&plan->output : plan->job.paths;
}
