/*
 * main.c - the order of gprof-par's work, as GNU gprof 2.40 does it: the
 * command line (options.h), the executable's symbols, the gmon files summed
 * (in parallel under a launcher), then the report sections in GNU's order.
 *
 *   gprof-par [options] [executable [gmon-file ...]]
 *   gprof-par -S [options] [directory [executable]]
 *
 * Under mpirun or srun (parallel/launcher.h) the gmon files are summed in
 * parallel (parallel/sum-mpi.h) and only process 0 prints; otherwise MPI is
 * never touched.  The layers below, and where the next feature goes, are
 * described in README.md next to this file.
 *
 * Over 800 lines (about 1,200): every view is still wired here by hand;
 * issue 26 (stages and views) splits it into the stages and a table of
 * views.  Until then a new output goes behind one function here.
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gmon-modules.h"

#include "annotated-source.h"
#include "balance-print.h"
#include "balance-svg.h"
#include "balance-view.h"
#include "bsd-format.h"
#include "call-paths.h"
#include "files.h"
#include "callgraph.h"
#include "callgraph-print.h"
#include "companions.h"
#include "counts.h"
#include "demangle.h"
#include "exec-counts.h"
#include "fingerprint.h"
#include "flat.h"
#include "function-map.h"
#include "gmon-read.h"
#include "dump-files.h"
#include "gnu-debug.h"
#include "hist.h"
#include "launcher.h"
#include "library-sums.h"
#include "lines.h"
#include "measured.h"
#include "module-list.h"
#include "modules-report.h"
#include "mpi-module.h"
#include "gmon-mpi-profile.h"
#include "mpi-profile.h"
#include "mpi-report.h"
#include "mpi-sites.h"
#include "name-index.h"
#include "options.h"
#include "ordering.h"
#include "paths-report.h"
#include "source-times-view.h"
#include "profile-write.h"
#include "profile.h"
#include "rankfiles.h"
#include "regions.h"
#include "regions-note.h"
#include "regions-share.h"
#include "sum.h"
#include "symtab.h"

static void check_fingerprint(const struct symtab *st, const struct profile *p)
{
	char err[1024];

	if (profile_check_build_id(p, st->build_id, st->build_id_len, st->path, err,
				   sizeof(err)) != 0)
		fprintf(stderr, PROGRAM ": warning: %s\n", err);
}

/* Library samples by the library's base name, over the files. */
struct library_share {
	const char *base;        /* owned by lists[] */
	const char *example;     /* a profile of it, or NULL */
	uint64_t samples;
};

static int cmp_share(const void *a, const void *b)
{
	const struct library_share *l = a, *r = b;

	if (l->samples != r->samples)
		return l->samples < r->samples ? 1 : -1;
	return strcmp(l->base, r->base);
}

/* BG_GMON_PROFILE_LIBS: the runtime kept the samples in shared libraries
 * next to each profile (PROFILE+modules, gmon-modules.h).  The report is
 * the executable's, as GNU gprof's: one line on stderr says how much lay
 * outside it, where, and how to see it. */
static void note_library_time(const struct sum_job *job, const struct profile *p)
{
	struct module_list *lists = calloc(job->n ? job->n : 1, sizeof(*lists));
	struct library_share *share = NULL;
	struct name_index index;
	size_t nshare = 0, cap = 0;
	uint64_t exe = 0, libs = 0;

	name_index_init(&index);
	if (!lists)
		return;
	for (size_t i = 0; i < job->n; i++) {
		char *path = companion_path(job->paths[i], GMON_MODULE_LIST_NAME), err[1024];
		struct stat sb;
		int rc;

		if (!path)
			goto out;
		if (lstat(path, &sb) != 0) {
			free(path);
			continue;
		}
		rc = module_list_read(path, &lists[i], err, sizeof(err));
		if (rc != 0) {
			fprintf(stderr, PROGRAM ": warning: %s\n", err);
			free(path);
			continue;
		}
		for (size_t k = 0; k < lists[i].n; k++) {
			const struct module_entry *e = &lists[i].entries[k];
			size_t j = name_index_find_string(&index, share, sizeof *share,
							  offsetof(struct library_share, base),
							  e->base);

			if (e->samples > UINT64_MAX - libs) {
				fprintf(stderr, PROGRAM ": warning: %s: too many samples to add: the "
					"samples in shared libraries of the lists add up past 2^64 - 1 "
					"(their share is not said)\n", path);
				free(path);
				goto out;
			}
			if (j == SIZE_MAX) {
				if (nshare == cap) {
					struct library_share *grown;

					cap = cap ? 2 * cap : 8;
					grown = realloc(share, cap * sizeof(*grown));
					if (!grown) {
						free(path);
						goto out;
					}
					share = grown;
				}
				j = nshare;
				if (name_index_add(&index, name_hash(e->base, NULL), j) != 0) {
					free(path);
					goto out;
				}
				share[nshare++] = (struct library_share){ e->base, NULL, 0 };
			}
			share[j].samples += e->samples;   /* at most libs: no overflow */
			if (!share[j].example && e->file)
				share[j].example = e->file;
			libs += e->samples;
		}
		free(path);
	}
	if (libs == 0)
		goto out;
	for (size_t h = 0; h < p->nhists; h++)
		for (uint32_t b = 0; b < p->hists[h].nbins; b++)
			exe += p->hists[h].bins[b];
	qsort(share, nshare, sizeof(*share), cmp_share);
	fprintf(stderr, PROGRAM ": %.1f%% of the samples were in shared libraries, which this "
		"report of the executable leaves out:",
		100.0 * (double)libs / ((double)libs + (double)exe));
	for (size_t j = 0; j < nshare && j < 4; j++)
		fprintf(stderr, "%s %s %.1f%%", j ? "," : "", share[j].base,
			100.0 * (double)share[j].samples / ((double)libs + (double)exe));
	if (nshare > 4)
		fprintf(stderr, " and %zu more", nshare - 4);
	fputs("; see every module's functions with " PROGRAM " -M and the same arguments\n",
	      stderr);
out:
	name_index_free(&index);
	for (size_t i = 0; i < job->n; i++)
		module_list_free(&lists[i]);
	free(lists);
	free(share);
}

/* GNU: without an explicit choice, what the data allows, minus what the
 * user turned off; a section chosen that way is left out when its data is
 * missing (no histogram: no flat profile; no arcs: no call graph). */
static int sections_to_print(const struct options *o, const struct profile *p)
{
	int style = o->style;

	if (style == 0) {
		if (p->nhists > 0 || p->narcs > 0)
			style = STYLE_FLAT | STYLE_GRAPH;
		else
			style = STYLE_EXEC_COUNTS;
		style &= ~o->user_specified;
		if (p->nhists == 0)
			style &= ~STYLE_FLAT;
		if (p->narcs == 0)
			style &= ~STYLE_GRAPH;
	}
	return style;
}

/* A section asked for with -p or -q needs its data, as in GNU gprof. */
static void check_inputs(const struct options *o, const struct profile *p)
{
	if ((o->style & STYLE_FLAT) && p->nhists == 0)
		die("the gmon file(s) have no histogram, needed by the flat profile (-p)");
	if ((o->style & STYLE_GRAPH) && p->narcs == 0)
		die("the gmon file(s) have no call-graph data (arcs), needed by the call graph (-q)");
}

/* -i: what each gmon file holds, in GNU gprof's words.  A file that cannot
 * be read was skipped by --skip-bad (else the sum failed): it is left out. */
static void print_file_info(const struct sum_job *job)
{
	for (size_t i = 0; i < job->n; i++) {
		struct gmon_record_counts c;
		char err[1024];

		if (gmon_count_records(job->paths[i], &c, err, sizeof(err)) != 0)
			continue;
		printf("File `%s' (version %d) contains:\n"
		       "\t%llu histogram record%s\n"
		       "\t%llu call-graph record%s\n"
		       "\t%llu basic-block count record%s\n",
		       job->paths[i], c.version,
		       (unsigned long long)c.hist, c.hist == 1 ? "" : "s",
		       (unsigned long long)c.arcs, c.arcs == 1 ? "" : "s",
		       (unsigned long long)c.bb, c.bb == 1 ? "" : "s");
	}
}

/* --regions=gnu: one line on standard error when GNU's rule hid much of
 * the time in OpenMP regions and clones (symbols/regions.h). */
static void note_hidden_regions(const struct symtab *st, const struct profile *p)
{
	struct hidden_share h;
	char err[1024];

	if (regions_hidden_share(st, p, &h, err, sizeof(err)) != 0)
		die(err);
	regions_print_note(stderr, PROGRAM, &h);
}

/* -r: the suggested function order; without arcs every function is one
 * never called, listed in address order (as GNU's does). */
static void print_function_order(const struct symtab *st, const struct callgraph *cg)
{
	if (cg) {
		if (ordering_print_functions(stdout, cg) != 0)
			die("out of memory ordering the functions");
		return;
	}
	for (size_t i = 0; i < st->nsyms; i++)
		if (sym_is_row(&st->syms[i]))
			printf("%s\n", st->syms[i].name);
}

/* Prints GNU's form feed line between sections. */
static void separate(int *printed)
{
	if (*printed)
		fputs("\f\n", stdout);
	*printed = 1;
}

/* ------------------------------------------------------------------ */
/* --timing.                                                             */

/* Process 0's own phases (the others' come with the sum). */
static struct {
	int on;
	int prepared_early;  /* prepare() ran while MPI started */
	double start;
	double init, list, write, report;
} timing;

static void timing_add(double *phase, double since)
{
	if (timing.on)
		*phase += sum_now() - since;
}

static void print_time(double seconds, int known)
{
	if (known)
		fprintf(stderr, " %8.3f", seconds);
	else
		fprintf(stderr, " %8s", "-");
}

/* The table of --timing: a row per process, a column per phase, then the
 * slowest process of each phase. */
static void print_timing(const struct sum_outcome *sum)
{
	static const char *const names[SUM_NPHASES] = {
		"init", "list", "read", "check", "add", "balance", "paths", "wait", "order",
		"reduce", "write", "report", "total",
	};
	int nprocs = sum->proc_times ? sum->nprocs : 1;
	double max[SUM_NPHASES] = { 0 };

	fprintf(stderr, PROGRAM ": --timing: seconds per phase and process\n%9s", "process");
	for (int k = 0; k < SUM_NPHASES; k++)
		fprintf(stderr, " %8s", names[k]);
	fputc('\n', stderr);
	for (int q = 0; q < nprocs; q++) {
		double row[SUM_NPHASES];

		memcpy(row, sum->proc_times ? &sum->proc_times[(size_t)q * SUM_NPHASES] : sum->times,
		       sizeof(row));
		row[SUM_PHASE_TOTAL] = 0;
		for (int k = SUM_PHASE_INIT; k <= SUM_PHASE_REDUCE; k++)
			if (k != SUM_PHASE_LIST)
				row[SUM_PHASE_TOTAL] += row[k];
		if (q == 0) {
			row[SUM_PHASE_LIST] = timing.list;
			row[SUM_PHASE_WRITE] = timing.write;
			row[SUM_PHASE_REPORT] = timing.report;
			row[SUM_PHASE_TOTAL] = sum_now() - timing.start;
		}
		fprintf(stderr, "%9d", q);
		for (int k = 0; k < SUM_NPHASES; k++) {
			int known = q == 0 || (k != SUM_PHASE_LIST && k != SUM_PHASE_WRITE &&
					       k != SUM_PHASE_REPORT);

			print_time(row[k], known);
			if (row[k] > max[k])
				max[k] = row[k];
		}
		fputc('\n', stderr);
	}
	if (nprocs > 1) {
		fprintf(stderr, "%9s", "slowest");
		for (int k = 0; k < SUM_NPHASES; k++)
			print_time(max[k], 1);
		fputc('\n', stderr);
	}
	if (timing.prepared_early)
		fprintf(stderr, PROGRAM ": --timing: process 0's list (and reading the "
			"executable) ran while MPI started, during init\n");
}

/* ------------------------------------------------------------------ */
/* The views with no GNU counterpart: their functions; the load balance,  */
/* counted while summing.                                               */

struct balance_state {
	struct symtab own;       /* the views' table, when not the report's */
	int have_own;
	const struct symtab *st; /* the views' table (process 0) */
	struct balance_map map;  /* process 0: built; others: over image */
	const struct sym **rows;
	void *image;
	size_t image_len;
};

/*
 * Process 0: the functions of the views printed beside GNU's report (the
 * load balance, the flame graph).  Their OpenMP regions count for their
 * function (--regions=parent) unless --regions says otherwise, so they read
 * a table of their own when the report's differs: when the modes differ and
 * the program has regions or clones (copying, sorting and demangling the
 * table otherwise cost a tenth of what --load-balance adds).  Returns 0,
 * or -1 after printing why.
 */
static int views_prepare(const struct options *o, const struct symtab *st,
			 struct balance_state *b)
{
	enum regions_mode mode = o->regions_explicit ? (enum regions_mode)o->regions
						     : REGIONS_PARENT;
	char err[1024];

	b->st = st;
	if (mode != (enum regions_mode)o->regions && regions_present(st)) {
		if (symtab_clone(&b->own, st) != 0)
			die("out of memory copying the symbol table");
		if (regions_apply(&b->own, mode, o->demangle, err, sizeof(err)) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			return -1;
		}
		b->have_own = 1;
		if (o->demangle && demangle_symtab(&b->own) != 0)
			die("out of memory demangling symbol names");
		b->st = &b->own;
	}
	return 0;
}

/* Process 0: the load balance's map of the views' functions. */
static void balance_prepare(struct balance_state *b)
{
	if (balance_map_from_symtab(b->st, &b->map, &b->rows) != 0 ||
	    balance_map_pack(&b->map, &b->image, &b->image_len) != 0)
		die("out of memory mapping functions for the load balance");
}

/* Every process gets process 0's map. */
static void balance_share(const struct gprof_par_mpi *mpi, int me, struct balance_state *b)
{
	if (!mpi)
		return;
	mpi->bcast_buffer(&b->image, &b->image_len);
	if (me != 0 && balance_map_view(&b->map, b->image, b->image_len) != 0)
		die("the load balance's map from process 0 is not valid");
}

static void balance_state_free(struct balance_state *b, int me)
{
	if (me == 0)
		balance_map_free(&b->map);
	free(b->rows);
	free(b->image);
	if (b->have_own)
		symtab_free(&b->own);
	memset(b, 0, sizeof(*b));
}

/* Rank columns of the heat map: one per file up to 128, fewer when the
 * functions are many (at most 2 Mi counters: 16 MiB). */
static uint32_t balance_columns(const struct balance_map *map, size_t nfiles)
{
	size_t columns = nfiles < 128 ? nfiles : 128;
	size_t affordable = ((size_t)2 << 20) / (map->nfuncs ? map->nfuncs : 1);

	if (columns > affordable)
		columns = affordable < 8 ? 8 : affordable;
	return (uint32_t)(columns ? columns : 1);
}

static void write_balance_svg(const char *path, const struct balance_view *v,
			      const struct balance *b)
{
	struct balance_heat heat;
	struct output_file out;
	char err[1024];

	if (balance_heat_build(&heat, v, b, BALANCE_SVG_ROWS) != 0)
		die("out of memory drawing the load balance");
	if (output_open(&out, path, err, sizeof(err)) != 0)
		die(err);
	balance_svg_print(out.stream, &heat);
	if (output_commit(&out, err, sizeof(err)) != 0)
		die(err);
	balance_heat_free(&heat);
}

/* Reads the MPI profiles beside profiles[0 .. n) into *mp; *missing: how
 * many have none.  Returns 0, or 1 after saying what is wrong. */
static int read_mpi_profiles(char *const *profiles, size_t n, struct mpi_profile *mp,
			     size_t *missing)
{
	char err[1024];

	*missing = 0;
	for (size_t i = 0; i < n; i++) {
		char *path = companion_path(profiles[i], GMON_MPI_PROFILE_KIND);
		int rc;

		if (!path)
			die("out of memory");
		rc = mpi_profile_read(mp, path, err, sizeof(err));
		free(path);
		if (rc < 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			return 1;
		}
		*missing += rc == 1;
	}
	return 0;
}

/* The load balance's ranks get their wall time in MPI from the MPI
 * profiles beside the profiles, where there are some. */
static void balance_add_mpi_time(struct balance_view *v, char *const *profiles, size_t n)
{
	struct mpi_profile mp = { NULL, 0 };
	size_t missing;

	if (read_mpi_profiles(profiles, n, &mp, &missing) == 0)
		for (size_t i = 0; i < mp.nranks; i++)
			for (uint64_t r = 0; r < v->nranks; r++)
				if (v->ranks[r].rank == mp.ranks[i].rank) {
					v->ranks[r].mpi_seconds = (double)mp.ranks[i].mpi_ns / 1e9;
					v->has_mpi = 1;
				}
	mpi_profile_free(&mp);
}

static void print_balance(const struct options *o, const struct balance_state *b,
			  const struct sum_outcome *sum, const struct profile *p,
			  char *const *profiles, size_t nprofiles, int *printed)
{
	struct balance_view v;
	double hz = p->nhists > 0 && p->hists[0].rate > 0 ? p->hists[0].rate : 1.0;

	if (balance_view_build(&v, &sum->balance, b->rows, hz) != 0)
		die("out of memory computing the load balance");
	v.dimen = p->nhists > 0 ? p->hists[0].dimen : NULL;
	balance_add_mpi_time(&v, profiles, nprofiles);
	if (o->balance_svg)
		write_balance_svg(o->balance_svg, &v, &sum->balance);
	if (o->balance) {
		if (o->balance == BALANCE_TEXT)
			separate(printed);
		balance_print(stdout, &v, (enum balance_format)o->balance, o->brief);
		*printed = 1;
	}
	balance_view_free(&v);
}

/* ------------------------------------------------------------------ */
/* Summing: which files, serially or in parallel, and the sum's file.    */

struct sum_plan {
	struct sum_job job;
	int64_t *ranks;          /* the rank of each file, or NULL */
	size_t nranks;
	char **owned_paths;      /* -S: paths made from the ranks */
	char **kept_paths;       /* -s, the report: the files named, less those
				  * beside a profile */
	const char *output;      /* where the sum goes, or NULL */
	char *owned_output;
	int summing;             /* -s or -S: progress and a summary line */
};

static void plan_free(struct sum_plan *plan)
{
	if (plan->owned_paths)
		for (size_t i = 0; i < plan->job.n; i++)
			free(plan->owned_paths[i]);
	free(plan->owned_paths);
	free(plan->kept_paths);
	free(plan->ranks);
	free(plan->owned_output);
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
static void drop_companions(struct sum_plan *plan)
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

/* -s and the report: the files named (or gmon.out); their ranks when all
 * are named gmon.out.<N>. */
static void plan_named_files(const struct options *o, struct sum_plan *plan)
{
	static const char *default_files[] = { DEFAULT_GMON };

	plan->job.paths = (char **)(o->ngmon_files ? o->gmon_files : default_files);
	plan->job.n = o->ngmon_files ? (size_t)o->ngmon_files : 1;
	drop_companions(plan);
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
	if (o->style & STYLE_SUM) {
		plan->output = o->output ? o->output : SUM_FILE;
		plan->summing = 1;
	}
}

/* -S: DIR/gmon.out.<N> for the ranks listed by process 0. */
static void plan_dir_files(const struct options *o, struct sum_plan *plan)
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
	if (o->output) {
		plan->output = o->output;
	} else {
		plan->owned_output = malloc(len);
		if (!plan->owned_output)
			die("out of memory");
		snprintf(plan->owned_output, len, "%s%s" SUM_FILE, o->dir,
			 o->dir[strlen(o->dir) - 1] == '/' ? "" : "/");
		plan->output = plan->owned_output;
	}
	plan->summing = 1;
}

/* -R's map, read before the executable as GNU does (core_init); the
 * function names of the symbol table point into it until exit. */
static struct function_map file_map;

static void free_file_map(void)
{
	function_map_free(&file_map);
}

/* -R: the suggested link order of the object files. */
static void print_file_order(const struct symtab *st, const struct callgraph *cg)
{
	const char **names = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*names));
	unsigned char *mapped = malloc(st->nsyms ? st->nsyms : 1);
	const char **files = malloc((file_map.n ? file_map.n : 1) * sizeof(*files));
	size_t n = 0;

	if (!names || !mapped || !files)
		die("out of memory ordering the files");
	for (size_t i = 0; i < st->nsyms; i++)
		if (sym_is_row(&st->syms[i])) {
			names[n] = st->syms[i].name;
			mapped[n++] = st->syms[i].mapped;
		}
	for (size_t i = 0; i < file_map.n; i++)
		files[i] = file_map.entries[i].file_name;
	if (ordering_print_files(stdout, cg, names, mapped, n, files, file_map.n) != 0)
		die("out of memory ordering the files");
	free(names);
	free(mapped);
	free(files);
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

/* Process 0's part before summing: the executable (its errors come first,
 * as in GNU gprof) and, for -S, the directory's files.  Returns 0, or -1
 * after printing why. */
static int prepare(const struct options *o, struct symtab *st, int *have_symtab,
		   struct balance_state *bal, struct sum_plan *plan)
{
	struct rankfiles_others others;
	char err[1024];
	double listing, reading = sum_now();

	if (o->executable) {
		/* -l names line symbols after DWARF functions: no regions */
		struct symtab_sources sources = { o->external_symbol_table, NULL };

		if (o->function_map) {
			if (function_map_read(&file_map, o->function_map, err, sizeof(err)) != 0) {
				fprintf(stderr, PROGRAM ": %s\n", err);
				return -1;
			}
			atexit(free_file_map);
			sources.map = &file_map;
		}
		if (symtab_read_with(st, o->executable, &sources,
				     o->symtab_flags | (o->line ? 0 : SYMTAB_REGIONS), err,
				     sizeof(err)) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			return -1;
		}
		*have_symtab = 1;
		if (st->dynamic_symbols_only)
			fprintf(stderr, PROGRAM ": warning: %s has no .symtab (stripped): its "
				"functions are the exported ones, from .dynsym; a static "
				"function's time counts for the exported one before it\n",
				o->executable);
		/* GNU refuses the prof format once the executable is read */
		if (o->prof_format) {
			fprintf(stderr, PROGRAM ": sorry, file format `prof' is not yet "
				"supported\n");
			return -1;
		}
		if (regions_apply(st, (enum regions_mode)o->regions, o->demangle, err,
				  sizeof(err)) != 0 ||
		    symspec_apply(st, o->specs, o->nspecs, err, sizeof(err)) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			return -1;
		}
		if ((o->style & STYLE_SUM) && symspec_selects_arcs(st)) {
			/* GNU leaves the arcs out of the sum it writes */
			fprintf(stderr, PROGRAM ": -k, -qFROM/TO and -QFROM/TO cannot be combined "
				"with -s: the sum keeps every arc\n");
			return -1;
		}
	}
	if ((o->balance || o->balance_svg || o->flame_graph) && views_prepare(o, st, bal) != 0)
		return -1;
	if (o->balance || o->balance_svg)
		balance_prepare(bal);
	timing_add(&timing.report, reading);
	if (!o->sum_dir)
		return 0;
	listing = sum_now();
	if (rankfiles_list(o->dir, &plan->ranks, &plan->nranks, &others, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return -1;
	}
	timing_add(&timing.list, listing);
	rankfiles_print_others(stderr, PROGRAM, o->dir, &others);
	rankfiles_others_free(&others);
	if (plan->nranks == 0) {
		fprintf(stderr, PROGRAM ": %s: no " RANKFILES_PREFIX "<N> files to sum\n", o->dir);
		report_single_gmon_out(o->dir);
		return -1;
	}
	return 0;
}

/* -s and -S: the MPI profiles beside the files summed, one after another
 * (the sum's, in file order: sum.h), into OUTPUT+mpi. */
static int sum_mpi_profiles(const struct sum_plan *plan, const struct sum_outcome *sum)
{
	const struct sum_mpi_text *mt = &sum->mpi;
	char err[1024];

	if (mt->failed) {
		fprintf(stderr, PROGRAM ": %s (%s+" GMON_MPI_PROFILE_KIND " is not written)\n",
			mt->message, plan->output);
		return 1;
	}
	if (mpi_profile_write_sum(plan->output, mt->text, mt->len, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return 1;
	}
	if (mt->files > 0 && !options_quiet)
		fprintf(stderr, PROGRAM ": added the MPI profiles (%" PRIu64 " file%s) into %s+"
			GMON_MPI_PROFILE_KIND "\n", mt->files, mt->files == 1 ? "" : "s",
			plan->output);
	return 0;
}

/* --mpi: the MPI profiles beside profiles[0 .. n), read and printed. */
static int print_mpi_profile(const struct options *o, struct symtab *st, char *const *profiles,
			     size_t n)
{
	struct mpi_profile mp = { NULL, 0 };
	struct mpi_site_names names;
	size_t missing = 0;
	int status = read_mpi_profiles(profiles, n, &mp, &missing);

	if (status == 0 && mp.nranks == 0) {
		fprintf(stderr, PROGRAM ": no MPI profile beside %s%s: run the program under "
			"gmon-run --mpi (the PMPI wrapper library) to record one\n", profiles[0],
			n > 1 ? " and the others" : "");
		status = 1;
	}
	if (status == 0 && missing > 0)
		fprintf(stderr, PROGRAM ": %zu of %zu profiles have no MPI profile beside them\n",
			missing, n);
	if (status == 0) {
		if (mpi_sites_name(&names, &mp, st, o->executable) != 0 ||
		    mpi_report_print(stdout, &mp, &names, (enum mpi_report_format)o->mpi) != 0)
			die("out of memory printing the MPI profile");
		mpi_sites_free(&names, &mp);
	}
	mpi_profile_free(&mp);
	return status;
}

/*
 * Under a launcher, process 0 prepares (reads the executable, builds the
 * load balance's map, lists the directory) on a thread of its own while
 * MPI_Init runs: that is mostly waiting for the other processes, and the
 * others would otherwise wait for process 0 to prepare.  The thread makes
 * no MPI call (the module asks for MPI_THREAD_FUNNELED).
 */
struct early_prepare {
	const struct options *o;
	struct symtab *st;
	int *have_symtab;
	struct balance_state *bal;
	struct sum_plan *plan;
	int started, status;
	pthread_t thread;
};

static void *prepare_early(void *arg)
{
	struct early_prepare *e = arg;

	e->status = prepare(e->o, e->st, e->have_symtab, e->bal, e->plan);
	return NULL;
}

/* The status of prepare() on process me: from the thread, or prepared
 * now (the launcher did not name process 0); 0 elsewhere. */
static int early_prepare_join(struct early_prepare *e, int me)
{
	if (e->started && pthread_join(e->thread, NULL) != 0)
		die("cannot join the thread that read the executable and the directory");
	if (me != 0) {
		if (e->started) {  /* the launcher's rank was not MPI's */
			balance_state_free(e->bal, 0);
			plan_free(e->plan);
			if (*e->have_symtab)
				symtab_free(e->st);
			*e->have_symtab = 0;
			memset(e->plan, 0, sizeof(*e->plan));
			memset(e->bal, 0, sizeof(*e->bal));
		}
		return 0;
	}
	if (e->started) {
		timing.prepared_early = 1;
		return e->status;
	}
	return prepare(e->o, e->st, e->have_symtab, e->bal, e->plan);
}

/* The shared libraries' profiles of the files summed (not of those
 * --skip-bad skipped) and the call paths the sum gathered from them, into
 * OUTPUT+LIBRARY and OUTPUT+paths.
 * Returns 0 or 1. */
static int sum_libraries(const struct sum_plan *plan, const struct sum_outcome *out)
{
	int status = library_sums_write(stderr, PROGRAM, out, plan->output, plan->job.skip_bad);

	if (call_paths_write_sum(&out->paths, plan->output, stderr, PROGRAM) != 0)
		status = 1;
	return status;
}

/*
 * Sums the files (in parallel under a launcher), writes the sum where the
 * plan says and prints the summary, all on process 0.  Returns 0 or 1 (the
 * exit status), the same on every process.
 */
static int sum_and_write(const struct sum_plan *plan, const struct gprof_par_mpi *mpi,
			 int root, struct sum_outcome *out)
{
	double start = sum_now(), writing;
	char err[1024];
	int failed;

	if (mpi)
		mpi->sum_parallel(&plan->job, out);
	else
		sum_serial(&plan->job, out);
	failed = out->failed;
	writing = sum_now();
	if (root && !failed && plan->output &&
	    profile_write(&out->prof, plan->output, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		failed = 1;
	}
	timing_add(&timing.write, writing);
	if (root && !failed && out->prof.bb_records_skipped > 0)
		fprintf(stderr,
			PROGRAM ": warning: %llu basic-block count record(s) were skipped "
			"(gprof-par does not use them)\n",
			(unsigned long long)out->prof.bb_records_skipped);
	if (root) {
		sum_print_skipped(stderr, &plan->job, out);
		if (out->failed)
			fprintf(stderr, PROGRAM ": %s%s\n", out->message,
				plan->output ? " (nothing written)" : "");
		else if (plan->summing && !failed)
			sum_print_summary(stderr, &plan->job, out, sum_now() - start,
					  plan->output);
	}
	if (root && !failed && plan->output)
		failed = sum_libraries(plan, out);
	if (mpi)
		mpi->bcast_int(&failed);
	return failed;
}

/*
 * Under a launcher of another MPI than the module's (MPICH's Hydra starting
 * an Open MPI build), MPI_Init makes each process a world of its own, and
 * every one of them would sum all the files and write the sum.  So the
 * world must be as large as the launcher says; else every process stops,
 * and the one the launcher numbered 0 says why.
 */
static void check_world_size(const struct launcher *l, const struct gprof_par_mpi *mpi,
			     int nprocs)
{
	if (l->size <= 0 || l->size == nprocs)
		return;
	if (l->rank <= 0)
		fprintf(stderr,
			PROGRAM ": started by a launcher (%s) with %ld processes, but MPI sees %d: "
			"the launcher is not of the MPI that " GPROF_PAR_MPI_MODULE " was built with; "
			"start gprof-par with that MPI's mpirun or srun, or with one process\n",
			l->name, l->size, nprocs);
	mpi->finalize();
	exit(1);
}

/* The report of -S DIRECTORY EXECUTABLE: exactly what gprof-par prints for
 * the gmon.sum just written. */
static void reread_sum(const char *path, struct profile *p)
{
	char err[1024];

	profile_free(p);
	if (profile_add_file(p, path, err, sizeof(err)) != 0)
		die(err);
}

int main(int argc, char **argv)
{
	struct options o;
	struct launcher l;
	struct symtab st;
	struct sum_plan plan;
	struct sum_outcome sum;
	struct profile p;
	struct hist_summary hs;
	struct callgraph *cg = NULL;
	struct cg_report_options co;
	struct balance_state bal;
	struct measured measured;
	struct measured_outcome measured_out = { 0, 0 };
	char err[1024];
	const struct gprof_par_mpi *mpi = NULL;
	int style, printed = 0, me = 0, nprocs = 1, status, have_symtab = 0;
	double reporting;

	timing.start = sum_now();
	launcher_detect(&l);
	options_quiet = l.rank > 0;
	options_expand_response_files(&argc, &argv);
	options_parse(argc, argv, &o);
	gmon_set_file_format((enum gmon_file_format)o.file_format);
	if (o.dump)
		return dump_files(stdout, o.dump_files, o.ndump_files);
	timing.on = o.timing;
	if (o.balance_svg && output_check_replaceable(o.balance_svg, err, sizeof(err)) != 0)
		die(err);
	if (o.flame_graph && output_check_replaceable(o.flame_graph, err, sizeof(err)) != 0)
		die(err);
	memset(&plan, 0, sizeof(plan));
	memset(&bal, 0, sizeof(bal));
	memset(&measured, 0, sizeof(measured));
	if (launcher_wants_mpi(&l)) {
		double starting = sum_now();
		struct early_prepare early = {
			.o = &o, .st = &st, .have_symtab = &have_symtab, .bal = &bal, .plan = &plan,
		};

		mpi = mpi_module_load(err, sizeof(err));
		if (!mpi)
			die(err);
		/* Process 0 (as the launcher says) prepares while MPI starts. */
		if (l.rank == 0)
			early.started = pthread_create(&early.thread, NULL, prepare_early, &early) == 0;
		mpi->init(&argc, &argv, &me, &nprocs);
		if (options_quiet != (me != 0))
			options_quiet = me != 0;
		check_world_size(&l, mpi, nprocs);
		timing_add(&timing.init, starting);
		status = early_prepare_join(&early, me);
	} else {
		status = prepare(&o, &st, &have_symtab, &bal, &plan);
	}
	if (mpi)
		mpi->bcast_int(&status);
	if (status != 0) {
		if (mpi)
			mpi->finalize();
		balance_state_free(&bal, me);
		plan_free(&plan);
		if (have_symtab)
			symtab_free(&st);
		return 1;
	}
	if (o.sum_dir) {
		if (mpi)
			mpi->bcast_ranks(&plan.ranks, &plan.nranks);
		plan_dir_files(&o, &plan);
	} else {
		plan_named_files(&o, &plan);
	}
	plan.job.skip_bad = o.skip_bad;
	plan.job.sum_paths = plan.output != NULL;   /* -s, -S: OUTPUT+paths too */
	plan.job.sum_libraries = plan.output != NULL;   /* and OUTPUT+LIBRARY */
	if (o.balance || o.balance_svg) {
		balance_share(mpi, me, &bal);
		plan.job.balance_map = &bal.map;
		if (o.balance_svg)
			plan.job.balance_columns = balance_columns(&bal.map, plan.job.n);
	}
	plan.job.progress = plan.summing && me == 0 && isatty(STDERR_FILENO);
	plan.job.timing = o.timing;
	plan.job.init_seconds = timing.init;

	sum_outcome_init(&sum);
	status = sum_and_write(&plan, mpi, me == 0, &sum);
	if (mpi)
		mpi->finalize();
	if (status == 0 && me == 0 && plan.output)
		status = sum_mpi_profiles(&plan, &sum);
	if (status == 0 && me == 0 && o.timing && o.sum_dir && !o.executable)
		print_timing(&sum);
	if (status != 0 || me != 0 || (o.sum_dir && !o.executable)) {
		sum_outcome_free(&sum);
		balance_state_free(&bal, me);
		plan_free(&plan);
		if (have_symtab)
			symtab_free(&st);
		return status;
	}

	/* The report, as GNU gprof prints it. */
	reporting = sum_now();
	p = sum.prof;
	profile_init(&sum.prof);
	if (o.sum_dir)
		reread_sum(plan.output, &p);
	check_fingerprint(&st, &p);
	if (o.mpi || o.modules) {
		/* --mpi: the MPI profile; -M: the report over all load modules;
		 * each instead of the report */
		char *const *profiles = o.sum_dir ? (char *const *)&plan.output : plan.job.paths;
		size_t nprofiles = o.sum_dir ? 1 : plan.job.n;

		status = o.mpi ? print_mpi_profile(&o, &st, profiles, nprofiles)
			       : modules_report(&o, &st, &p, profiles, nprofiles);
		profile_free(&p);
		balance_state_free(&bal, me);
		symtab_free(&st);
		sum_outcome_free(&sum);
		plan_free(&plan);
		return status;
	}
	if (!options_quiet)
		note_library_time(&plan.job, &p);
	/* CSV and JSON of the load balance, and the exports, are the whole output. */
	style = o.balance == BALANCE_CSV || o.balance == BALANCE_JSON || o.format != FORMAT_GNU ||
			o.source_times ? 0 : sections_to_print(&o, &p);
	/* GNU -T prints the symbol-table names (print_name_only demangles in
	 * its own style only) */
	if (o.demangle && !o.bsd && ((style & (STYLE_FLAT | STYLE_GRAPH)) || paths_wanted(&o) ||
				     o.source_times ||
			    ((o.balance || o.balance_svg) && bal.st == &st)) &&
	    demangle_symtab(&st) != 0)
		die("out of memory demangling symbol names");
	if ((o.inline_file_names || st.line_symbols) && symtab_name_files(&st, o.print_path) != 0)
		die("out of memory naming the functions' files");

	/* -d: GNU's traces of reading the files and of crediting samples */
	if (gnu_debug_trace_reading(stdout, &(struct gnu_debug_input){ o.debug_level, &st,
				    o.specs, o.nspecs, plan.job.paths, plan.job.n,
				    plan.output != NULL }, err, sizeof(err)) != 0 ||
	    hist_assign_traced(&st, &p, &hs, (o.debug_level & GNU_DEBUG_SAMPLE) ? stdout : NULL,
			       err, sizeof(err)) != 0)
		die(err);
	if (o.regions == REGIONS_GNU && (style & (STYLE_FLAT | STYLE_GRAPH)))
		note_hidden_regions(&st, &p);
	counts_tally(&st, &p);
	if (p.narcs > 0) {
		/* Propagates time through the graph: sets child_ticks, used by
		 * the flat profile's "total" column even without -q. */
		cg = callgraph_build_symtab(&st, &p, o.static_call_graph);
		if (!cg)
			die("out of memory building the call graph");
	}
	if (style)
		check_inputs(&o, &p);
	if (paths_wanted(&o))
		paths_read(&o, o.sum_dir ? (char *const *)&plan.output : plan.job.paths,
			   o.sum_dir ? 1 : plan.job.n, bal.st ? bal.st : &st, &measured);
	if (o.measured && cg && measured_apply(cg, &st, &measured, &measured_out) != 0)
		die("out of memory measuring the call graph");

	if ((o.style & STYLE_FILE_INFO) && style) {
		print_file_info(&plan.job);
		printed = 1;
	}

	if (cg && (style & STYLE_GRAPH)) {
		memset(&co, 0, sizeof(co));
		co.brief = o.brief;
		co.show_zeros = o.show_zeros;
		co.output_width = o.width;
		co.hz = (double)hs.hz;
		co.sample_bytes = callgraph_sample_bytes(&p);
		co.print_path = o.print_path;
		co.bsd = o.bsd;
		co.line_symbols = st.line_symbols;
		co.measured = o.measured;
		co.measured_samples = measured.samples;
		co.estimated = measured_out.estimated;
		co.measured_outside = measured_out.outside;
	}
	/* GNU -T: the call graph, then the flat profile, then the index */
	if (o.bsd && cg && (style & STYLE_GRAPH)) {
		co.follows_other_section = printed;
		callgraph_print_graph(stdout, cg, &co);
		printed = 1;
	}
	if (style & STYLE_FLAT) {
		struct flat_options fo = { o.brief, o.show_zeros, o.bsd, callgraph_sample_bytes(&p),
					   cg };

		separate(&printed);
		if (flat_print(stdout, &st, &hs, &fo) != 0)
			die("out of memory printing the flat profile");
	}
	if (cg && (style & STYLE_GRAPH)) {
		if (!o.bsd) {
			co.follows_other_section = printed;   /* the graph prints its "\f\n" */
			callgraph_print_graph(stdout, cg, &co);
		}
		callgraph_print_index(stdout, cg, &co);
		printed = 1;
	}
	if (style & STYLE_EXEC_COUNTS) {
		separate(&printed);
		if (counts_print(stdout, &st, o.show_zeros) != 0)
			die("out of memory printing the execution counts");
	}
	if (style & STYLE_ANNOTATED)
		print_annotated_source(&o, &st, &printed);
	if (style & STYLE_FUNCTION_ORDER)
		print_function_order(&st, cg);
	if (style & STYLE_FILE_ORDER)
		print_file_order(&st, cg);
	if ((o.balance || o.balance_svg) && sum.has_balance)
		print_balance(&o, &bal, &sum, &p,
			      o.sum_dir ? (char *const *)&plan.output : plan.job.paths,
			      o.sum_dir ? 1 : plan.job.n, &printed);
	if (o.format != FORMAT_GNU)
		paths_print_export(&o, &measured, cg, &st, &plan.job, &sum);
	if (o.flame_graph)
		paths_write_flame_graph(o.flame_graph, o.executable, &measured);
	status = o.source_times ? print_source_times(&o, &st, &p) : 0;

	if (fflush(stdout) != 0 || ferror(stdout))
		die("error writing the report to standard output");
	timing_add(&timing.report, reporting);
	if (o.timing)
		print_timing(&sum);
	callgraph_free(cg);
	measured_free(&measured);
	profile_free(&p);
	balance_state_free(&bal, me);
	symtab_free(&st);
	sum_outcome_free(&sum);
	plan_free(&plan);
	if (fflush(stdout) != 0 || ferror(stdout))
		die("error writing the report to standard output");
	return status;
}

