/*
 * summary.h - the page a user reads first (gprof-par --summary, --html):
 * the run, where the time went by category, the top functions with their
 * hottest lines, the top MPI call sites, the imbalance between ranks and a
 * few plain sentences, computed from what the other views already built:
 *
 *   - the sampled call paths, named (measured.h): categories by the leaf's
 *     module and name and whether an MPI call is on the path; the top
 *     functions by self and inclusive samples (a region's samples are its
 *     function's: the paths are named with the views' table);
 *   - the sum's histogram and the executable's table: the hottest lines
 *     (lines.h, -g), and the categories when there are no paths;
 *   - the sampled libraries' list beside the sum (module-list.h), when
 *     there are no paths;
 *   - each rank's paths counted by class while they were summed or read
 *     (path-rows.h, classes by summary_paths_classifier): every category
 *     per rank, each rank's wall time split as the total's
 *     (summary-shares.c);
 *   - the load balance (balance-view.h): per-rank seconds in the
 *     executable's code (without each rank's paths), the slowest and
 *     fastest ranks, the functions whose ranks differ beyond sampling
 *     noise (rank-noise.h: the dispersion of all ranks, and the slowest and
 *     fastest rank each as the extreme of n);
 *   - the MPI profile (mpi-profile.h, names by mpi-sites.h): wall time in
 *     MPI per rank and per call site.
 *
 * The shares of time_breakdown are of the ranks' total: their wall time
 * (the MPI profile's elapsed time, MPI its measured time and the rest split
 * by the samples outside MPI) when there is an MPI profile, else the
 * samples (wall time under BG_GMON_CLOCK=wall, else CPU time).  They add
 * up to 100.  Sentences are made only from figures that are clear: a
 * function's or a category's ranks must differ beyond sampling noise, a
 * share must be at least SUMMARY_CLEAR_SHARE.
 */
#ifndef GPROF_PAR_SUMMARY_H
#define GPROF_PAR_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#include "balance-view.h"
#include "companion-file.h"
#include "hist.h"
#include "measured.h"
#include "module-list.h"
#include "mpi-profile.h"
#include "mpi-sites.h"
#include "path-rows.h"
#include "profile.h"
#include "symtab.h"

#define SUMMARY_TOP 10          /* functions and MPI sites listed */
#define SUMMARY_LINES 3         /* hottest lines per function */
#define SUMMARY_NEIGHBOURS 5    /* callers and callees per function */
#define SUMMARY_SENTENCES 8
/* The node was oversubscribed (issue 36) when the profiled threads, ready
 * to run, waited for a CPU at least a fifth as long as they ran on one, or
 * the hypervisor took a twentieth of the node's time (steal): the
 * per-function figures are less certain then, and the summary says so.
 * (A quiet node: a thread waited 1-3% as long as it ran here; 8 ranks on
 * 2 CPUs: three times as long.) */
#define SUMMARY_OVERSUBSCRIBED_WAIT 0.2
#define SUMMARY_OVERSUBSCRIBED_STEAL 0.05
#define SUMMARY_LOAD_MIN_CPU_S 0.1    /* less CPU time: too little to say */
/* The task clock's samples stand for this many percent less (or more) than
 * its threads' CPU time, or more: the summary says so. */
#define SUMMARY_UNPLACED_SHARE 2.0

/* What the run sections say of the node's load (node-load.h), summed over
 * the files that say it (has_load, has_steal 0: none said). */
struct summary_load {
	int has_load, has_steal;
	double cpu_s, waited_s;      /* the threads' time on a CPU, and waiting */
	double steal_share;          /* of the node's time, stolen */
	long cpus;                   /* the fewest a rank could use; 0: not said */
	/* the threads on the task clock (has_task_clock 0: none said): their
	 * CPU time, and their samples (one period each) */
	int has_task_clock;
	double task_clock_cpu_s;
	uint64_t task_clock_samples;
	/* the wall clock's periods no sample took (perf_events refused) */
	uint64_t wall_unplaced_samples;
};

#define SUMMARY_CLEAR_SHARE 5.0 /* percent: less is not worth a sentence */
/* percent of the time OpenMP threads wait from which the summary suggests
 * OMP_WAIT_POLICY=passive or fewer threads */
#define SUMMARY_OMP_ADVICE_SHARE 20.0
/* Fewer independent samples (signals) than this and no figure is said in a
 * sentence, nor a hot function named: a share of 50% is then known to
 * +-10 points at best (a 0.7 s run's 68 samples named a hot function at
 * 2.9% that was noise). */
#define SUMMARY_MIN_SIGNALS 100

enum summary_category {
	SUMMARY_PROGRAM,        /* the program's own code */
	SUMMARY_MPI,            /* MPI calls and the MPI libraries */
	SUMMARY_OMP_WAITING,    /* the OpenMP runtime, waiting */
	SUMMARY_OMP_WORKING,    /* the OpenMP runtime, the rest */
	SUMMARY_LIBRARIES,      /* other libraries (libm, libc's compute) */
	SUMMARY_SYSTEM,         /* system calls and I/O; off the CPU outside MPI
				 * (the CPU clock with an MPI profile) */
	SUMMARY_PROFILER,       /* the profiler itself (mcount, the runtime) */
	SUMMARY_NCATEGORIES
};

/* A class of sampled paths beside the categories: under MPI with none of
 * the program's frames (MPI's own progress and event threads): left out
 * under the wall clock, MPI's under the CPU clock. */
#define SUMMARY_MPI_THREAD SUMMARY_NCATEGORIES
#define SUMMARY_PATH_CLASSES (SUMMARY_NCATEGORIES + 1)

/* The keys of the SUMMARY_PATH_CLASSES classes of paths, as the section
 * "categories" of a sum's companion names its columns (path-rows.h): the
 * categories' JSON keys, then "mpi_thread". */
const char *const *summary_path_class_keys(void);

/* The JSON key of a category ("program", "mpi", ...) and its words. */
const char *summary_category_key(enum summary_category c);
const char *summary_category_text(enum summary_category c);

/* A figure over the ranks, in seconds; n 0: not known per rank. */
struct summary_spread {
	uint64_t n;
	double min, mean, max;
	int64_t min_rank, max_rank;
};

struct summary_share {
	double percent;              /* of the ranks' total; all add to 100 */
	double seconds;              /* over all ranks */
	uint64_t samples;            /* the samples it was counted from */
	double plus_minus;           /* percent's 95% sampling error, points
				      * (0: none, measured or no samples) */
	struct summary_spread ranks; /* per rank, where known */
	int ranks_beyond_noise;      /* from each rank's paths: the ranks'
				      * samples in it differ more than sampling
				      * noise explains (rank-noise.h) */
	struct balance_noise noise;  /* the tests' verdicts */
};

struct summary_line {
	const char *file;            /* interned in the symbol table */
	unsigned line;
	uint64_t samples;
};

struct summary_neighbour {
	const char *name;
	uint64_t samples;            /* with the caller directly above the callee */
};

struct summary_function {
	const char *name, *module;
	const char *file;            /* its source file, or NULL */
	unsigned line;
	uint64_t self, total;        /* samples */
	double self_percent, total_percent;  /* of all samples */
	double self_seconds, total_seconds;
	enum summary_category category;
	struct summary_line lines[SUMMARY_LINES];
	size_t nlines;
	struct summary_neighbour callers[SUMMARY_NEIGHBOURS], callees[SUMMARY_NEIGHBOURS];
	size_t ncallers, ncallees;
};

struct summary_mpi_site {
	const char *function, *caller, *source;   /* source "" when unknown */
	uint64_t calls, bytes;
	double seconds;              /* over all ranks */
	double percent;              /* of all ranks' MPI time */
	struct summary_spread ranks; /* seconds per rank, every rank counted */
};

struct summary_imbalanced {
	const char *name;
	struct balance_summary time; /* seconds per rank */
	double lost;                 /* seconds */
	struct balance_noise noise;  /* why beyond noise (rank-noise.h) */
};

struct summary_rank {
	int64_t rank;
	double seconds;              /* sampled in the executable */
	double mpi_seconds;          /* -1: no MPI profile */
};

struct summary {
	/* the run */
	const char *program;
	uint64_t ranks_profiled;     /* files summed (the balance's ranks) */
	int64_t ranks_total;         /* the MPI profile's world size; -1: unknown */
	long threads;                /* sampled in rank threads_rank; 0: unknown */
	int64_t threads_rank;        /* -1: not an MPI run */
	const char *clock;           /* "cpu" or "wall" */
	unsigned rate;
	uint64_t samples;            /* every sample (paths, else histograms) */
	double elapsed;              /* the longest rank's wall time (MPI
				      * profile); -1: unknown */
	int64_t when;                /* 0: unknown */
	uint64_t mpi_thread_samples; /* under the wall clock: samples of MPI's
				      * own threads, left out */
	const char *basis;           /* "wall" (MPI profile), or the samples' clock */
	double total_seconds;        /* the total the shares are of */
	uint64_t signals;            /* that brought the samples; 0: unknown */
	uint64_t signal_samples;     /* the samples they brought (summary_input's) */
	const char *engine, *engine_refused;   /* summary_input's */
	uint64_t sample_cost_ns;               /* summary_input's */
	double sampled;              /* the independent draws the shares rest
				      * on: the signals, else the samples */
	int too_few;                 /* sampled < SUMMARY_MIN_SIGNALS: no figure
				      * is said in a sentence */
	struct summary_load load;    /* summary_input's */
	int oversubscribed;          /* load says so (SUMMARY_OVERSUBSCRIBED) */
	double unplaced;             /* seconds of the task clock's threads' CPU
				      * time no sample stands for (negative: the
				      * samples stand for more), or on the wall
				      * clock of the threads' wall time; 0: not
				      * known */
	double profiler_unsampled;   /* seconds of "the profiler itself" no
				      * sample saw (its signal handlers and
				      * writes: summary_input); -1: not known */

	struct summary_share shares[SUMMARY_NCATEGORIES];

	struct summary_function top_self[SUMMARY_TOP], top_total[SUMMARY_TOP];
	size_t ntop_self, ntop_total;
	const struct summary_function *hot;  /* the program's hottest, or NULL */
	int from_paths;              /* the functions come from the call paths
				      * (else the histogram: self time only) */

	struct summary_mpi_site sites[SUMMARY_TOP];
	size_t nsites;
	double mpi_seconds;          /* over all ranks (MPI profile); -1: none */

	int has_balance;             /* two ranks or more */
	struct summary_rank slowest, fastest;
	/* every rank (has_balance), in rank order: its time in the program as
	 * the slowest and fastest were chosen by (the category table's, from
	 * its paths, else the load balance's) and its time in MPI */
	struct summary_rank *ranks;
	size_t nranks;
	double rank_mean;
	int ranks_beyond_noise;      /* the slowest and fastest differ more than
				      * sampling noise explains */
	struct balance_noise rank_noise;   /* the tests' verdicts */
	struct summary_imbalanced imbalanced[SUMMARY_TOP];
	size_t nimbalanced;

	char *sentences[SUMMARY_SENTENCES];
	size_t nsentences;

	/* private */
	struct summary_site_key *keys;
};

struct summary_input {
	const char *program;
	struct symtab *st;           /* the views' table (lines interned) */
	const struct profile *prof;  /* the sum */
	const struct measured *paths;        /* NULL or no samples: none */
	struct inlines *inlines;     /* st's executable's DWARF, when open
				      * (measured_inlines); NULL: the
				      * hottest lines open it */
	const struct measured_arc *arcs;     /* measured_arcs(paths) */
	size_t narcs;
	const struct path_row *rows;         /* each profile's paths by class
					      * (SUMMARY_PATH_CLASSES of them):
					      * every category per rank; NULL:
					      * none */
	size_t nrows;
	const struct module_list *modules;   /* NULL: none */
	const struct balance_view *balance;  /* NULL: none */
	const struct mpi_profile *mpi;       /* NULL or no ranks: none */
	const struct mpi_site_names *mpi_names;
	uint64_t files;              /* profiles summed */
	long threads;                /* the most that took a sample in one
				      * profile's rank; 0: unknown */
	int64_t threads_rank;        /* that rank; -1: not an MPI run */
	int64_t when;                /* the profiles' time (seconds since the
				      * epoch); 0: unknown */
	/* the profiler's own CPU time no sample saw, summed over the
	 * profiler_files profiles that say it (own-cost.h): its signal
	 * handlers' (inside the samples' total: the next signal claimed it,
	 * wherever it landed) and its writes' (outside it) */
	double profiler_signals_s, profiler_writes_s;
	size_t profiler_files;
	const struct companion_own_time *profiler_own;   /* each file's: profiler_files */
	uint64_t signals;            /* the signals that brought the samples,
				      * over the profiles; 0: not known */
	uint64_t signal_samples;     /* the samples those signals brought */
	const char *engine;          /* the run sections' sampling engine, and */
	const char *engine_refused;  /* why perf_events were refused ("": not said) */
	uint64_t sample_cost_ns;     /* the most a sample's signal cost where the
				      * runtime measured it (0: not measured) */
	double per_signal;           /* samples a signal brought, on average
				      * (rank-noise.h); 1: counts */
	struct summary_load load;    /* whether the node was oversubscribed */
};

/* Computes s from in (s points into in's structures: keep them until
 * summary_free).  Returns 0, or -1 when out of memory. */
int summary_build(struct summary *s, const struct summary_input *in);
void summary_free(struct summary *s);

/* Parts of summary_build: the shares of where the time went
 * (summary-shares.c; 0, or -1 when out of memory) and a value of rank
 * added to a spread. */
int summary_shares(struct summary *s, const struct summary_input *in);
void summary_spread_add(struct summary_spread *s, double v, int64_t rank);

/* The category of a sampled frame: the leaf's module base name (the
 * executable's is exe_base) and function name; under_mpi: an MPI
 * function or library is on its path. */
enum summary_category summary_classify(const char *module, const char *name,
				       const char *exe_base, int under_mpi);

/* The root the runtime gives an OpenMP worker's idle time, waiting for
 * the next region (libgmon-mpi's omp-regions.h): OpenMP waiting, its
 * own category and that of what runs under it but the profiler. */
#define SUMMARY_OMP_IDLE "[omp idle]"
int summary_is_omp_idle(const char *name);

/* The class of a sampled path (a category or SUMMARY_MPI_THREAD): its
 * leaf's module and name, whether an MPI function or library is on it,
 * whether a frame of the program (exe_base) is, whether the OpenMP idle
 * root is (then OpenMP waiting, unless the leaf is the profiler's). */
int summary_path_class(const char *leaf_module, const char *leaf_name, const char *exe_base,
		       int under_mpi, int program, int omp_idle);

/* The class of named path m->paths[path] (at least one frame), as above. */
int summary_measured_class(const struct measured *m, size_t path, const char *exe_base);

/* Whether a named frame is MPI's: its name or its module. */
int summary_is_mpi_frame(const struct measured_fn *f);

/*
 * The class of each path of a set being summed (path-rows.h), for each
 * rank's samples by category: its frames named with st (the views' table)
 * and the libraries' symbols, as the report names them but not demangled
 * (the categories' names are C names: summary_classify).  base is what
 * the sum takes.
 */
struct summary_paths_classifier {
	struct path_classifier base;
	const struct symtab *st;
	const char *exe_base;
	int started;
	struct measured names;   /* the namer (measured_namer_init) */
};
void summary_paths_classifier_init(struct summary_paths_classifier *c, const struct symtab *st);
void summary_paths_classifier_free(struct summary_paths_classifier *c);

/* Whether a function is MPI's (MPI_*, PMPI_*: C names, never a C++
 * function's, mangled or not). */
int summary_is_mpi_name(const char *name);

/* Whether a module base name is an MPI library's (libmpi, Open MPI's
 * libopen-pal and components, MPICH, UCX, libfabric, PMIx). */
int summary_is_mpi_module(const char *base);

#endif /* GPROF_PAR_SUMMARY_H */
