/* model.c - see model.h. */
#include "config.h"

#include "model.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gmon-companion.h"
#include "gmon-modules.h"
#include "gmon-mpi-profile.h"

#include "balance-section.h"
#include "balance-view.h"
#include "call-paths.h"
#include "companions.h"
#include "companion-file.h"
#include "counts.h"
#include "demangle.h"
#include "fingerprint.h"
#include "gnu-debug.h"
#include "gmon-read.h"
#include "lines.h"
#include "module-list.h"
#include "name-index.h"
#include "pg-check.h"
#include "regions-note.h"
#include "regions-share.h"
#include "timing.h"

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
		char *path = companion_input_path(job->paths[i], GMON_MODULE_LIST_NAME), err[1024];
		int rc;

		if (!path)
			goto out;
		if (!companion_input_exists(path)) {
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

/* --regions=gnu: one line on standard error when GNU's rule hid much of
 * the time in OpenMP regions and clones (symbols/regions.h). */
/* The C runtime's own functions, never compiled with -pg (crt1.o, crti.o,
 * crtbegin.o): not the user's to rebuild. */
static int crt_function(const char *name)
{
	static const char *const crt[] = { "_start", "_init", "_fini", "frame_dummy",
					   "register_tm_clones", "deregister_tm_clones",
					   "__do_global_dtors_aux", "__libc_csu_init",
					   "__libc_csu_fini", "_dl_relocate_static_pie" };

	for (size_t i = 0; i < sizeof crt / sizeof crt[0]; i++)
		if (strcmp(name, crt[i]) == 0)
			return 1;
	return 0;
}

/*
 * Functions with samples that were not compiled with -pg (issue 40): no
 * call of theirs is counted and GNU's call graph shows them <spontaneous>
 * without a word.  Those with samples and no calls whose code calls no
 * mcount (pg-check.h) are named once, on stderr, with what to do.
 */
#define UNINSTRUMENTED_NAMED 8
static void note_uninstrumented(const struct symtab *st, const char *executable)
{
	char err[1024];
	struct pg_code *code = pg_code_open(executable, err, sizeof(err));
	size_t found = 0;

	if (!code)
		return;         /* not a -pg program, or unreadable: nothing to tell */
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];

		if (!sym_is_row(s) || !s->is_func || s->ticks <= 0 || s->calls || s->self_calls ||
		    crt_function(s->name) || pg_code_calls_mcount(code, s->addr) != 0)
			continue;
		if (found++ == 0)
			fprintf(stderr, PROGRAM ": note: functions with samples that were not "
				"compiled with -pg (their code calls no mcount), so their calls are "
				"not counted and the call graph shows them <spontaneous>: compile "
				"their files with -pg:");
		if (found <= UNINSTRUMENTED_NAMED)
			fprintf(stderr, " %s%s%s%s", sym_print_name(s), s->file ? " (" : "",
				s->file ? s->file : "", s->file ? ")" : "");
	}
	if (found > UNINSTRUMENTED_NAMED)
		fprintf(stderr, " and %zu more", found - UNINSTRUMENTED_NAMED);
	if (found)
		fputc('\n', stderr);
	pg_code_close(code);
}

static void note_hidden_regions(const struct symtab *st, const struct profile *p)
{
	struct hidden_share h;
	char err[1024];

	if (regions_hidden_share(st, p, &h, err, sizeof(err)) != 0)
		die(err);
	regions_print_note(stderr, PROGRAM, &h);
}

/* -R's map, read before the executable as GNU does (core_init); the
 * function names of the symbol table point into it until exit. */
static struct function_map file_map;

static void free_file_map(void)
{
	function_map_free(&file_map);
}

void model_init(struct model *m, const struct options *o, unsigned needs,
		enum regions_mode views_regions)
{
	memset(m, 0, sizeof(*m));
	m->o = o;
	m->needs = needs;
	m->views_regions = views_regions;
	m->file_map = &file_map;
	profile_init(&m->p);
}

/*
 * Process 0: the functions of the views printed beside GNU's report (the
 * load balance, the flame graph).  Their OpenMP regions count for their
 * function (--regions=parent) unless --regions says otherwise, so they read
 * a table of their own when the report's differs: when the modes differ and
 * the program has regions or clones (copying, sorting and demangling the
 * table otherwise cost a tenth of what --load-balance adds).  Returns 0,
 * or -1 after printing why.
 */
static int views_table_prepare(struct model *m)
{
	const struct options *o = m->o;
	struct views_table *vt = &m->vt;
	char err[1024];

	vt->st = &m->st;
	if (m->views_regions != (enum regions_mode)o->regions && regions_present(&m->st)) {
		if (symtab_clone(&vt->own, &m->st) != 0)
			die("out of memory copying the symbol table");
		if (regions_apply(&vt->own, m->views_regions, o->demangle, err, sizeof(err)) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			return -1;
		}
		vt->have_own = 1;
		if (o->demangle && demangle_symtab(&vt->own) != 0)
			die("out of memory demangling symbol names");
		vt->st = &vt->own;
	}
	return 0;
}

/* The executable's symbols: read, --regions applied, the specifications
 * applied.  Returns 0, or -1 after saying why. */
static int read_symbols(struct model *m)
{
	const struct options *o = m->o;
	/* -l names line symbols after DWARF functions: no regions */
	struct symtab_sources sources = { o->external_symbol_table, NULL };
	struct symtab *st = &m->st;
	char err[1024];

	if (o->function_map) {
		if (function_map_read(&file_map, o->function_map, err, sizeof(err)) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			return -1;
		}
		atexit(free_file_map);
		sources.map = &file_map;
	}
	if (symtab_read_with(st, o->executable, &sources,
			     o->symtab_flags | (o->line ? 0 : SYMTAB_REGIONS) |
			     ((m->needs & NEED_LINES) ? SYMTAB_KEEP_LINES : 0), err,
			     sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return -1;
	}
	m->have_symtab = 1;
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
	return 0;
}

int model_prepare(struct model *m, struct plan *plan)
{
	const struct options *o = m->o;
	double reading = sum_now();

	if (o->executable && read_symbols(m) != 0)
		return -1;
	if ((m->needs & NEED_VIEWS_TABLE) && views_table_prepare(m) != 0)
		return -1;
	if ((m->needs & NEED_BALANCE) &&
	    (balance_map_from_symtab(m->vt.st, &m->vt.map, &m->vt.rows) != 0 ||
	     balance_map_pack(&m->vt.map, &m->vt.image, &m->vt.image_len) != 0))
		die("out of memory mapping functions for the load balance");
	timing_add(&timing.report, reading);
	if (!o->sum_dir)
		return 0;
	return plan_list_dir(o, plan);
}

void model_share_balance(struct model *m, void (*bcast)(void **buf, size_t *len), int me)
{
	bcast(&m->vt.image, &m->vt.image_len);
	if (me != 0 && balance_map_view(&m->vt.map, m->vt.image, m->vt.image_len) != 0)
		die("the load balance's map from process 0 is not valid");
}

const struct path_classifier *model_path_classifier(struct model *m, int me)
{
	const struct options *o = m->o;
	struct symtab_sources sources = { o->external_symbol_table, NULL };
	char err[1024];

	if (!(m->needs & NEED_PATH_ROWS) || !o->executable)
		return NULL;
	if (me != 0) {
		/* the names of process 0's views' table (a -R map's left
		 * aside: the classes are of MPI's, the profiler's C names,
		 * which neither it nor demangling changes) */
		if (symtab_read_with(&m->st, o->executable, &sources,
				     o->symtab_flags | SYMTAB_REGIONS, err, sizeof err) != 0 ||
		    regions_apply(&m->st, m->views_regions, o->demangle, err, sizeof err) != 0)
			die(err);
		m->have_symtab = 1;
	}
	summary_paths_classifier_init(&m->classifier, m->vt.st ? m->vt.st : &m->st);
	m->have_classifier = 1;
	return &m->classifier.base;
}

const struct path_rows *model_path_rows(const struct model *m)
{
	if (m->rows.nrows > 0)
		return &m->rows;
	return m->sum && m->sum->paths.rows.nrows > 0 ? &m->sum->paths.rows : NULL;
}

/* Rank columns of the heat map: one per file up to 128, fewer when the
 * functions are many (at most 2 Mi counters: 16 MiB). */
uint32_t model_balance_columns(const struct model *m, size_t nfiles)
{
	const struct balance_map *map = &m->vt.map;
	size_t columns = nfiles < 128 ? nfiles : 128;
	size_t affordable = ((size_t)2 << 20) / (map->nfuncs ? map->nfuncs : 1);

	if (columns > affordable)
		columns = affordable < 8 ? 8 : affordable;
	return (uint32_t)(columns ? columns : 1);
}

/* Whether the report reads one file, not a sum being written: a sum's
 * companion may stand for its ranks. */
static int reads_one_sum(const struct model *m)
{
	return !m->o->sum_dir && !(m->o->style & STYLE_SUM) && m->nprofiles == 1;
}

/* The text section name of the one file's companion (what: how a message
 * names it), malloc'ed, or NULL where there is none; its path into *path
 * (malloc'ed).  Exits with a message when it cannot be read. */
static char *read_sum_section(const struct model *m, const char *name, const char *what,
			      char **path, size_t *len)
{
	char err[1024], *text;

	*path = companion_input_path(m->profiles[0], name);
	if (!*path)
		die("out of memory");
	errno = 0;
	text = companion_read_whole(*path, what, len, err, sizeof err);
	if (!text && errno != ENOENT)
		die(err);
	return text;
}

/*
 * One sum read (not one just written): the load balance of the ranks it
 * summed, where its companion has it (a sum of rank files given the
 * executable, or the job's own: balance-section.h), in place of the one
 * file's.  A section counted with other functions (-E, --regions other
 * than parent) is passed over with a warning; a bad one is an error.
 * Returns 1 when it said the sum counts as one rank, else 0.
 */
static int read_sum_balance(struct model *m)
{
	char err[1024], *path, *text;
	size_t len = 0;
	int rc, said = 0;

	if (!(m->needs & NEED_BALANCE) || !reads_one_sum(m))
		return 0;
	text = read_sum_section(m, GMON_BALANCE_NAME, "the sum's load balance", &path, &len);
	rc = text ? balance_section_parse(&m->sum_balance, &m->vt.map,
					  m->sum && m->sum->has_balance ? m->sum->balance.ncolumns
									: 0,
					  text, len, path, err, sizeof err)
		  : 1;
	if (rc < 0)
		die(err);
	if (rc == 0)
		m->have_sum_balance = 1;
	else if (text && !options_quiet)
		said = fprintf(stderr, PROGRAM ": warning: %s: the load balance is the sum file's own, "
			       "as one rank\n", err) > 0;
	free(text);
	free(path);
	return said;
}

/*
 * One sum read: each rank's call paths by class, where its companion has
 * them (path-rows.h: -s/-S given the executable, or the job's own), in
 * place of rows the one file cannot give: the summary then gives every
 * category per rank.  A section of other classes (another gprof-par) is
 * passed over with a warning; a bad one is an error.
 */
static void read_sum_categories(struct model *m)
{
	char err[1024], *path, *text;
	size_t len = 0;
	int rc;

	if (!(m->needs & NEED_PATH_ROWS) || !reads_one_sum(m) || m->rows.nrows > 0)
		return;
	text = read_sum_section(m, GMON_CATEGORIES_NAME, "the sum's categories per rank", &path,
				&len);
	rc = text ? path_rows_section_parse(&m->rows, summary_path_class_keys(),
					    SUMMARY_PATH_CLASSES, text, len, path, err, sizeof err)
		  : 1;
	if (rc < 0)
		die(err);
	if (rc > 0 && text && !options_quiet)
		fprintf(stderr, PROGRAM ": warning: %s: the categories are given over the ranks at "
			"once\n", err);
	free(text);
	free(path);
}

/* Files that are sums of ranks counted as ranks (the balance's sums), said
 * once (before, two sums of 3 imbalanced ranks each: "over 2 ranks ...
 * imbalance: none"); -s and -S say it where they leave the section out. */
static void say_sums_as_ranks(const struct model *m, const struct sum_outcome *sum)
{
	if (!(m->needs & NEED_BALANCE) || m->have_sum_balance || !sum || !sum->has_balance ||
	    sum->balance.sums == 0 || options_quiet || m->o->sum_dir || (m->o->style & STYLE_SUM))
		return;
	if (m->nprofiles == 1)
		fprintf(stderr, PROGRAM ": warning: %s is a sum of ranks whose companion holds no "
			"load balance (-s or -S without the executable, or a sum of sums, writes "
			"none): the load balance and the per-rank figures count it as one rank\n",
			m->profiles[0]);
	else
		fprintf(stderr, PROGRAM ": warning: %" PRIu32 " of the %" PRIu64 " files are sums of "
			"ranks, each counted here as one rank: the load balance and the per-rank "
			"figures are not the ranks'; give the ranks' own files for them\n",
			sum->balance.sums, sum->balance.nranks);
}

const struct balance *model_balance(const struct model *m)
{
	return m->have_sum_balance ? &m->sum_balance : &m->sum->balance;
}

void model_take_sum(struct model *m, struct profile *p, const struct sum_outcome *sum,
		    const struct plan *plan)
{
	char err[1024];

	m->p = *p;
	profile_init(p);
	m->sum = sum;
	m->plan = plan;
	m->profiles = plan_profiles(m->o, plan, &m->nprofiles);
	if (m->o->sum_dir) {
		/* the report of -S DIRECTORY EXECUTABLE: exactly what gprof-par
		 * prints for the gmon.sum just written */
		profile_free(&m->p);
		if (profile_add_file(&m->p, plan->output, err, sizeof(err)) != 0)
			die(err);
	}
	check_fingerprint(&m->st, &m->p);
	if (!read_sum_balance(m))
		say_sums_as_ranks(m, sum);
	read_sum_categories(m);
}

/* The paths beside the profiles (PROFILE+paths), added up and named after
 * st's functions into m->measured; exits with a message when there are
 * none (unless only if_any) or one cannot be read (--skip-bad: passed over
 * with a warning). */
static void read_paths(struct model *m, const struct symtab *st, int if_any)
{
	const struct options *o = m->o;
	size_t missing, n = m->nprofiles;
	struct callpaths cp;
	struct path_rows *rows = NULL;
	char err[1024];

	callpaths_init(&cp);
	/* each profile's samples by class, unless the sum counted them */
	if ((m->needs & NEED_PATH_ROWS) && !model_path_rows(m) && n > 1) {
		summary_paths_classifier_free(&m->classifier);
		summary_paths_classifier_init(&m->classifier, st);
		m->have_classifier = 1;
		if (path_rows_init(&m->rows, &m->classifier.base, n) != 0)
			die("out of memory");
		rows = &m->rows;
	}
	if (call_paths_gather(&cp, m->profiles, n, o->skip_bad, rows, m->plan->job.ranks, &missing,
			      stderr, PROGRAM, err, sizeof err) != 0)
		die(err);
	if (rows) {   /* (its names point into the tables, which may change) */
		summary_paths_classifier_free(&m->classifier);
		m->have_classifier = 0;
	}
	if (cp.nfiles == 0 && if_any) {
		callpaths_free(&cp);
		return;
	}
	if (cp.nfiles == 0)
		die(n == 1 ? "no call paths beside the profile (PROFILE+paths): libgmon-mpi "
			     "samples them unless BG_GMON_CALLSTACKS=0, and -s/-S sum them"
			   : "no call paths beside the profiles (PROFILE+paths): libgmon-mpi "
			     "samples them unless BG_GMON_CALLSTACKS=0, and -s/-S sum them");
	if (missing > 0)
		fprintf(stderr, PROGRAM ": warning: %zu of the %zu profiles have no call paths "
			"(PROFILE+paths): the paths are the others'\n", missing, n);
	if (measured_resolve(&m->measured, st, &cp,
			     (o->demangle && !o->bsd ? MEASURED_DEMANGLE : 0) | MEASURED_INLINES,
			     stderr, PROGRAM, err, sizeof err) != 0)
		die(err);
	callpaths_free(&cp);
}

void model_build(struct model *m, struct profile *p, const struct sum_outcome *sum,
		 const struct plan *plan)
{
	const struct options *o = m->o;
	struct symtab *st = &m->st;
	char err[1024];

	model_take_sum(m, p, sum, plan);
	if (!(m->needs & NEED_FUNCTIONS))
		return;
	if (m->needs & NEED_SECTIONS)
		m->sections = sections_to_print(o, &m->p);
	/* about the GNU report's tables, when they are printed (the summary
	 * says it its own way) */
	if (!options_quiet && (m->sections & (STYLE_FLAT | STYLE_GRAPH)))
		note_library_time(&plan->job, &m->p);
	/* GNU -T prints the symbol-table names (print_name_only demangles in
	 * its own style only) */
	if (o->demangle && !o->bsd &&
	    ((m->sections & (STYLE_FLAT | STYLE_GRAPH)) ||
	     (m->needs & (NEED_PATHS | NEED_PATHS_IF_ANY | NEED_DEMANGLED)) ||
	     ((m->needs & NEED_BALANCE) && m->vt.st == st)) &&
	    demangle_symtab(st) != 0)
		die("out of memory demangling symbol names");
	if ((o->inline_file_names || st->line_symbols) && symtab_name_files(st, o->print_path) != 0)
		die("out of memory naming the functions' files");

	/* -d: GNU's traces of reading the files and of crediting samples */
	if (gnu_debug_trace_reading(stdout, &(struct gnu_debug_input){ o->debug_level, st,
				    o->specs, o->nspecs, plan->job.paths, plan->job.n,
				    plan->output != NULL }, err, sizeof(err)) != 0 ||
	    hist_assign_traced(st, &m->p, &m->hs,
			       (o->debug_level & GNU_DEBUG_SAMPLE) ? stdout : NULL, err,
			       sizeof(err)) != 0)
		die(err);
	if (o->regions == REGIONS_GNU && (m->sections & (STYLE_FLAT | STYLE_GRAPH)))
		note_hidden_regions(st, &m->p);
	counts_tally(st, &m->p);
	if (!options_quiet && (m->sections & (STYLE_FLAT | STYLE_GRAPH)) && o->executable)
		note_uninstrumented(st, o->executable);
	if (m->p.narcs > 0 && (m->sections || (m->needs & NEED_CALLGRAPH))) {
		/* Propagates time through the graph: sets child_ticks, used by
		 * the flat profile's "total" column even without -q (the
		 * summary alone reads none of it: 1.5 ms of 3,000 functions). */
		m->cg = callgraph_build_symtab(st, &m->p, o->static_call_graph);
		if (!m->cg)
			die("out of memory building the call graph");
	}
	if (m->sections)
		check_inputs(o, &m->p);
	if (m->needs & (NEED_PATHS | NEED_PATHS_IF_ANY))
		read_paths(m, m->vt.st ? m->vt.st : st, !(m->needs & NEED_PATHS));
	if (o->measured && m->cg &&
	    measured_apply(m->cg, st, &m->measured, &m->measured_out) != 0)
		die("out of memory measuring the call graph");
}

int model_read_mpi_profiles(const struct model *m, struct mpi_profile *mp, size_t *missing)
{
	char err[1024];

	*missing = 0;
	for (size_t i = 0; i < m->nprofiles; i++) {
		char *path = companion_input_path(m->profiles[i], GMON_MPI_PROFILE_KIND);
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

/* The lists of sampled libraries beside the model's profiles, as one list
 * *all whose entries the returned lists own (model_free_module_lists).  A
 * list that cannot be read is named in a warning and left out. */
struct module_list *model_read_module_lists(const struct model *m, struct module_list *all)
{
	struct module_list *lists = calloc(m->nprofiles ? m->nprofiles : 1, sizeof(*lists));
	size_t n = 0;

	if (!lists)
		die("out of memory");
	for (size_t i = 0; i < m->nprofiles; i++) {
		/* (a section of the one companion, or a file beside) */
		char *path = companion_input_path(m->profiles[i], GMON_MODULE_LIST_NAME), err[1024];

		if (!path)
			die("out of memory");
		if (companion_input_exists(path) &&
		    module_list_read(path, &lists[i], err, sizeof err) != 0)
			fprintf(stderr, PROGRAM ": warning: %s\n", err);
		free(path);
		n += lists[i].n;
	}
	all->n = 0;
	all->entries = calloc(n ? n : 1, sizeof(*all->entries));
	if (!all->entries)
		die("out of memory");
	for (size_t i = 0; i < m->nprofiles; i++)
		for (size_t k = 0; k < lists[i].n; k++)
			all->entries[all->n++] = lists[i].entries[k];
	return lists;
}

void model_free_module_lists(const struct model *m, struct module_list *lists,
			     struct module_list *all)
{
	for (size_t i = 0; lists && i < m->nprofiles; i++)
		module_list_free(&lists[i]);
	free(lists);
	free(all->entries);
	all->entries = NULL;
	all->n = 0;
}

int64_t model_profiles_time(const struct model *m)
{
	struct stat sb;

	if (m->plan && m->plan->job.n > 0 && stat(m->plan->job.paths[0], &sb) == 0)
		return (int64_t)sb.st_mtime;
	return 0;
}

const struct runs_facts *model_profiles_facts(struct model *m)
{
	char err[1024];
	int failed = 0;

	if (m->plan && (m->plan->runs.threads > 0 || m->plan->runs.profiler_files > 0 ||
			m->plan->runs.signal_files > 0))
		return &m->plan->runs;     /* -s, -S: read with the runs */
	if (m->have_facts)
		return &m->facts;
	m->facts = RUNS_FACTS_NONE;
	m->have_facts = 1;
	for (size_t i = 0; m->plan && i < m->plan->job.n && !failed; i++) {
		struct companion_run run;

		if (companion_run_of(m->plan->job.paths[i], &run, err, sizeof err) != 1)
			continue;
		failed = runs_facts_add(&m->facts, &run) != 0;
		companion_run_free(&run);
	}
	if (failed)
		die("out of memory reading the runs of the files");
	/* and the runs the sums among them hold */
	if (m->plan && runs_facts_add_sums(&m->facts, m->plan->job.paths, m->plan->job.n, err,
					   sizeof err) != 0)
		die(err);
	return &m->facts;
}

void model_free(struct model *m, int me)
{
	if (me == 0)
		balance_map_free(&m->vt.map);
	free(m->vt.rows);
	free(m->vt.image);
	if (m->vt.have_own)
		symtab_free(&m->vt.own);
	memset(&m->vt, 0, sizeof(m->vt));
	callgraph_free(m->cg);
	m->cg = NULL;
	measured_free(&m->measured);
	if (m->have_classifier)
		summary_paths_classifier_free(&m->classifier);
	m->have_classifier = 0;
	path_rows_free(&m->rows);
	if (m->have_facts)
		runs_facts_free(&m->facts);
	m->have_facts = 0;
	profile_free(&m->p);
	if (m->have_sum_balance)
		balance_free(&m->sum_balance);
	m->have_sum_balance = 0;
	if (m->have_symtab)
		symtab_free(&m->st);
	m->have_symtab = 0;
}
