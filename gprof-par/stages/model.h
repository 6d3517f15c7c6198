/*
 * model.h - the model stage: everything a view reads, built once and only
 * as far as the views asked for need (enum model_need, declared by each
 * view: views/view.h).
 *
 * It is built in two steps around the sum (reduce.h).  Before it, on
 * process 0 (under a launcher, while MPI starts), model_prepare reads the
 * executable's symbols with the report's --regions mode, makes the views'
 * table (their own mode, when it differs and the program has OpenMP
 * regions or clones) and the load balance's map of functions, which every
 * process fills while summing.  After it, model_build takes the sum and
 * makes what the views need: samples credited to functions
 * (analysis/hist.h), call counts, the call graph, the sampled call paths
 * named (analysis/measured.h).
 */
#ifndef GPROF_PAR_MODEL_H
#define GPROF_PAR_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "balance.h"
#include "callgraph.h"
#include "function-map.h"
#include "hist.h"
#include "measured.h"
#include "module-list.h"
#include "mpi-profile.h"
#include "options.h"
#include "runs.h"
#include "path-rows.h"
#include "plan.h"
#include "profile.h"
#include "regions.h"
#include "sum.h"
#include "summary.h"
#include "symtab.h"

/* What a view reads of the model, beyond the symbols and the sum. */
enum model_need {
	NEED_FUNCTIONS = 1 << 0,     /* samples and calls per function, the call graph */
	NEED_PATHS = 1 << 1,         /* the sampled call paths, named */
	NEED_VIEWS_TABLE = 1 << 2,   /* a table in the views' region mode */
	NEED_BALANCE = 1 << 3,       /* the load balance, counted while summing */
	NEED_SECTIONS = 1 << 4,      /* GNU's report sections (model.sections) */
	NEED_DEMANGLED = 1 << 5,     /* the report's table demangled (unless -T) */
	NEED_PATHS_IF_ANY = 1 << 6,  /* the sampled call paths when there are some
				      * (none is no error: m->measured stays empty) */
	NEED_LINES = 1 << 7,         /* the line table kept for lines_at
				      * (SYMTAB_KEEP_LINES) */
	NEED_BALANCE_CALLS = 1 << 8, /* with NEED_BALANCE: the calls per function
				      * and rank too */
	NEED_PATH_ROWS = 1 << 9,     /* with the paths: each profile's samples by
				      * the summary's categories (path-rows.h) */
	NEED_CALLGRAPH = 1 << 10,    /* with NEED_FUNCTIONS: GNU's call graph
				      * (model.cg) though no GNU section is
				      * printed */
};

/* The table the views beside GNU's report read (the load balance, the
 * flame graph), and the load balance's map of its functions. */
struct views_table {
	struct symtab own;       /* the views' table, when not the report's */
	int have_own;
	const struct symtab *st; /* the views' table (process 0) */
	struct balance_map map;  /* process 0: built; others: over image */
	const struct sym **rows;
	void *image;
	size_t image_len;
};

struct model {
	const struct options *o;
	unsigned needs;              /* enum model_need, of the views asked for */
	enum regions_mode views_regions; /* the views' table's mode (the report's:
					  * o->regions) */
	struct symtab st;            /* the executable's symbols (process 0) */
	int have_symtab;
	const struct function_map *file_map; /* -R's map (st's names point into it) */
	struct views_table vt;
	/* after the sum: */
	struct profile p;            /* the sum */
	const struct sum_outcome *sum; /* its per-rank statistics, the files left out */
	const struct plan *plan;
	char *const *profiles;       /* whose companions the views read */
	size_t nprofiles;
	int sections;                /* GNU's sections to print (STYLE_*), 0: none */
	struct hist_summary hs;
	struct callgraph *cg;        /* NULL without arcs, or when neither a GNU
				      * section nor NEED_CALLGRAPH reads it */
	struct measured measured;
	struct measured_outcome measured_out;
	/* NEED_PATH_ROWS: the classifier of the paths (every process while
	 * summing), the rows of named profiles read here (not summed) */
	struct summary_paths_classifier classifier;
	int have_classifier;
	struct runs_facts facts;     /* model_profiles_facts' (have_facts) */
	int have_facts;
	struct path_rows rows;
	/* NEED_BALANCE of one sum read (not written): the load balance of
	 * every rank it summed, from its companion (balance-section.h) */
	struct balance sum_balance;
	int have_sum_balance;
};

/* Starts an empty model of the views asking for needs. */
void model_init(struct model *m, const struct options *o, unsigned needs,
		enum regions_mode views_regions);

/* Before the sum, on process 0: the executable (its errors come first, as
 * in GNU gprof), the views' table and the load balance's map; for -S, the
 * directory's files into plan.  Returns 0, or -1 after saying why. */
int model_prepare(struct model *m, struct plan *plan);

/* Every process gets process 0's map of the load balance. */
void model_share_balance(struct model *m, void (*bcast)(void **buf, size_t *len), int me);

/* NEED_PATH_ROWS, on every process before the sum: the classifier of the
 * paths the sum adds (process 0: by the views' table; the others read the
 * executable's symbols for it); NULL when not needed.  Exits with a
 * message when the executable cannot be read. */
const struct path_classifier *model_path_classifier(struct model *m, int me);

/* After model_build: each profile's paths' samples by class, from the
 * sum or from the profiles read; NULL when there are none. */
const struct path_rows *model_path_rows(const struct model *m);

/* Rank columns of the load balance's heat map for nfiles files. */
uint32_t model_balance_columns(const struct model *m, size_t nfiles);

/* After the sum, on process 0: takes p (left empty) and builds what the
 * views that need m->needs read; exits with a message on an error, as GNU
 * gprof does. */
void model_build(struct model *m, struct profile *p, const struct sum_outcome *sum,
		 const struct plan *plan);

/* The part of model_build every view needs (the symbols and the sum,
 * checked against each other); the views that print alone (-M, --mpi)
 * need no more. */
void model_take_sum(struct model *m, struct profile *p, const struct sum_outcome *sum,
		    const struct plan *plan);

/* The load balance the views report: every rank a sum read summed (its
 * companion's section "balance"), else the one counted while summing. */
const struct balance *model_balance(const struct model *m);

/* The MPI profiles beside the model's profiles, into *mp; *missing: how
 * many have none.  Returns 0, or 1 after saying what is wrong. */
int model_read_mpi_profiles(const struct model *m, struct mpi_profile *mp, size_t *missing);

/* The lists of sampled libraries beside the model's profiles
 * (PROFILE+modules), as one list *all whose entries the returned lists own
 * (model_free_module_lists); a list that cannot be read is named in a
 * warning and left out. */
struct module_list *model_read_module_lists(const struct model *m, struct module_list *all);
void model_free_module_lists(const struct model *m, struct module_list *lists,
			     struct module_list *all);

/* When the profiles summed were written (the first one's modification
 * time, seconds since 1970; with -S a rank file's, not the sum's), or 0. */
int64_t model_profiles_time(const struct model *m);

/* What the run sections of the profiles' companions say (companion-file.h;
 * with -s and -S as the runs check read them; runs.h): the most threads
 * that took a sample in one rank (0 when unknown: no companion, or one
 * written before the runtime counted them) and that rank (the lowest on a
 * tie; -1: not an MPI run); the profiler's own time no sample saw, in all
 * and per file.  Kept by the model (model_free frees it). */
const struct runs_facts *model_profiles_facts(struct model *m);

/* Frees what process me holds. */
void model_free(struct model *m, int me);

#endif /* GPROF_PAR_MODEL_H */
