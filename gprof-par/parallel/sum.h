/*
 * parallel/ - summing many gmon files, serially or across MPI processes:
 * the launcher's environment (launcher.h), the rank files of a directory
 * (rankfiles.h), the sum and its summary (this header), and the MPI steps
 * (sum-mpi.h), built into a module loaded only under a launcher
 * (mpi-module.h).  It uses profile/ only: a sum is a profile.
 *
 * sum.h - sum many gmon files (e.g. one per MPI rank) into one profile,
 * with the rules of gmon-read.h, in a fixed order, serially or with MPI
 * (sum-mpi.h): validation, --skip-bad, progress and the summary line.
 *
 * The result is defined by the serial sum: the files are added one by one
 * in order with profile_add_file; a file it rejects is the error (or, with
 * skip_bad, is skipped and leaves the sum unchanged, so "consistent" is
 * relative to the earlier good files).  The parallel sum gives the same
 * profile, the same bad files and the same messages whatever the number of
 * processes.
 */
#ifndef GPROF_PAR_SUM_H
#define GPROF_PAR_SUM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "balance.h"
#include "callpaths.h"
#include "module-calls.h"
#include "name-index.h"
#include "path-rows.h"
#include "profile.h"

/* --timing: where the time goes, per process (seconds). */
enum sum_phase {
	SUM_PHASE_INIT,          /* starting MPI: loading the module, MPI_Init */
	SUM_PHASE_LIST,          /* listing the directory's rank files (process
				  * 0) and reading their runs (each process
				  * its share: stages/plan.c) */
	SUM_PHASE_READ,          /* open, fstat, read(2) of the files */
	SUM_PHASE_CHECK,         /* validating them (and that each
				  * profile and its companion are a pair) */
	SUM_PHASE_ADD,           /* adding them into the partial sum */
	SUM_PHASE_BALANCE,       /* the load balance's statistics */
	SUM_PHASE_PATHS,         /* reading and adding the call paths (and
				  * the MPI profiles) */
	SUM_PHASE_MODULES,       /* the shared libraries' profiles and the
				  * calls between modules: each process's
				  * own files */
	SUM_PHASE_WAIT,          /* MPI: waiting for the slowest process's files */
	SUM_PHASE_ORDER,         /* MPI: agreeing on the serial order's state */
	SUM_PHASE_REDUCE,        /* MPI: reducing the partial sums, the rest */
	SUM_PHASE_WRITE,         /* writing the sum (process 0) */
	SUM_PHASE_REPORT,        /* symbols, analysis and report (process 0) */
	SUM_PHASE_TOTAL,         /* from start to end */
	SUM_NPHASES
};

struct sum_job {
	char **paths;          /* the files, in summing order */
	size_t n;
	const int64_t *ranks;  /* the rank of each file, or NULL */
	const uint64_t *rank_places;  /* each file's place in rank order (the
				       * heat map's columns), or NULL: its
				       * place in paths */
	int skip_bad;          /* skip bad files rather than fail */
	int progress;          /* show progress on stderr */
	/* Load balance (balance.h): statistics per function over the files,
	 * each one a rank, when the map is set (in every process); with a
	 * heat map of balance_columns columns. */
	const struct balance_map *balance_map;
	uint32_t balance_columns;
	int balance_calls;       /* the calls per function too (the load balance's
				  * views); else the samples only (balance.h) */
	int timing;            /* measure the phases (sum_outcome.times) */
	int sum_paths;         /* also sum the call paths beside the files
				* summed (sum_outcome.paths) */
	/* With sum_paths: each file's paths' samples by class too
	 * (sum_paths.rows; NULL: none), in every process. */
	const struct path_classifier *path_classifier;
	int sum_libraries;     /* also sum the shared libraries' profiles
				* beside the files summed (sum_outcome.libraries) */
	/* Parallel: process q sums files [blocks[q], blocks[q + 1]); NULL:
	 * blocks of even size. */
	const size_t *blocks;
	double init_seconds;   /* with timing: this process's SUM_PHASE_INIT */
	double list_seconds;   /* and SUM_PHASE_LIST */
};

struct sum_bad_file {
	size_t index;          /* into job->paths */
	char *message;         /* names the file and the problem */
};

/*
 * The call paths beside the files summed (PROFILE+paths, callpaths.h),
 * added in file order, each file checked on its own first: a file --skip-bad
 * skipped brings none; a paths file that cannot be read or added (another
 * executable, another rate) is the error, or with skip_bad is left out with
 * a warning.  The same whatever the number of processes.
 */
struct sum_paths {
	struct callpaths set;  /* the sum; set.nfiles: the files with paths */
	struct path_rows rows; /* with job->path_classifier: each file's
				* samples by class (path-rows.h), the serial
				* sum's whatever the number of processes */
	size_t nprofiles;      /* the files summed that were looked at */
	size_t missing;        /* of those, the ones without paths */
	char **warnings;       /* skip_bad: the paths files left out, why */
	size_t nwarnings, warnings_cap;
	int failed;            /* a bad paths file (not skip_bad): message */
	int overflow;          /* a paths file refused because the samples
				* would have added up past 2^64 - 1 (the
				* parallel sum then sums serially: sum-mpi.c) */
	char message[1024];
};

void sum_paths_init(struct sum_paths *sp);
void sum_paths_free(struct sum_paths *sp);

/*
 * Adds the paths beside files [lo, hi) of job to sp, passing over the
 * files of bad[0..nbad) (in file order: the files the sum skipped).  Stops
 * at a bad paths file unless job->skip_bad (sp->failed), and with settle
 * as soon as sp->set's rate and executable are known (later files cannot
 * change them); *next is then where it stopped (hi if not earlier).
 * Returns 0, or -1 when out of memory (message in sp->message).
 */
int sum_paths_files(struct sum_paths *sp, const struct sum_job *job, size_t lo, size_t hi,
		    const struct sum_bad_file *bad, size_t nbad, int settle, size_t *next);

/*
 * The calls between modules beside the files summed (PROFILE+calls from
 * mcount, PROFILE+plt-calls from the rtld-audit library: module-calls.h),
 * added in file order: a file --skip-bad skipped brings none; each calls
 * file that cannot be read or added (damaged, another executable) is named
 * in messages, in file order, and the others are added.  The same whatever
 * the number of processes: in parallel each process adds those of its
 * block to a set that starts from the executable of the first file added.
 */
enum sum_calls_kind { SUM_CALLS_MCOUNT, SUM_CALLS_PLT, SUM_NCALLS };
extern const char *const sum_calls_names[SUM_NCALLS];  /* the companions' KIND */

struct sum_calls {
	struct module_calls set;  /* the sum; set.nfiles: the files added */
	char **messages;       /* the calls files that were not added, why */
	size_t nmessages, messages_cap;
	int oom;               /* out of memory: none of it is meaningful */
	int overflow;          /* a file refused for its counts would have
				* added up past 2^64 - 1 (the parallel sum
				* then sums serially: sum-mpi.c) */
};

void sum_calls_init(struct sum_calls *sc);
void sum_calls_free(struct sum_calls *sc);

/*
 * Adds the calls files of that kind beside files [lo, hi) of job to sc,
 * passing over the files of bad[0..nbad) (in file order), and with settle
 * stops as soon as sc->set has its executable (later files cannot change
 * it); *next (if not NULL) is then where it stopped.  Returns 0, or -1
 * when out of memory.
 */
int sum_calls_files(struct sum_calls *sc, enum sum_calls_kind kind, const struct sum_job *job,
		    size_t lo, size_t hi, const struct sum_bad_file *bad, size_t nbad, int settle,
		    size_t *next);

/* Process q's even share of n files among nprocs: [*lo, *hi) (the sum's
 * blocks where no byte-balanced ones are given, and the runs -S reads per
 * process: stages/plan.c). */
void sum_even_block(size_t n, int q, int nprocs, size_t *lo, size_t *hi);

/* The first of files [lo, hi) of job, less those of bad[0 .. nbad), that
 * has calls of that kind to read (the files before it add nothing); job->n
 * if none has. */
size_t sum_calls_first(enum sum_calls_kind kind, const struct sum_job *job, size_t lo, size_t hi,
		       const struct sum_bad_file *bad, size_t nbad);

/*
 * The shared libraries' profiles beside the files summed (BG_GMON_PROFILE_LIBS,
 * include/gmon-modules.h), found through each file's PROFILE+modules list
 * (module-list.h), of the files summed only: a file --skip-bad skipped
 * brings none.  A library is known by its base name; its description
 * (path, build-id, range) comes from the first list naming it, its samples
 * are the lists' total; its files, in file order, are summed as the main
 * sum's are (sum.h's rules, the build fingerprint that must agree: a
 * library rebuilt between runs is refused, or with skip_bad its files of
 * the other build are skipped).  The same whatever the number of
 * processes: in parallel each process reads the lists and sums the
 * library files of its block of files, and process 0 checks the order as
 * in the main sum.
 */
struct sum_library;

struct sum_libraries {
	struct sum_library *libs;  /* by base name (once sorted) */
	size_t n, cap;
	struct name_index index;   /* of libs by base name (name-index.h) */
	char **unread;         /* the lists that could not be read: why, in
				* file order */
	size_t nunread, unread_cap;
	int oom;               /* out of memory: none of it is meaningful */
	int overflow;          /* a list left out: its samples would have added
				* up past 2^64 - 1 (the parallel sum then
				* reads the lists serially: sum-mpi.c) */
};

/* The MPI profiles beside the files summed (PROFILE+mpi, gmon-mpi-profile.h),
 * their bytes one after another in file order: the sum's section "mpi".  A file that is
 * there but cannot be read fails it (message), unless skip_bad; the files
 * not summed have none in it. */
struct sum_mpi_text {
	char *text;
	size_t len, cap;
	uint64_t files;        /* how many were added */
	int failed;
	char message[1024];
};

/* Adds the MPI profiles of job's files [lo, hi), less those in bad. */
int sum_mpi_files(struct sum_mpi_text *mt, const struct sum_job *job, size_t lo, size_t hi,
		  const struct sum_bad_file *bad, size_t nbad);
void sum_mpi_text_free(struct sum_mpi_text *mt);

struct sum_outcome {
	struct profile prof;   /* the sum (on the root process only) */
	struct sum_bad_file *bad;  /* in file order: the skipped files, or
				    * (failed, without skip_bad) the first bad one */
	size_t nbad;
	int failed;            /* 1: there is no sum; message says why */
	char message[1024];
	uint64_t bytes;        /* bytes read, all processes (the call paths' too) */
	int nprocs;
	struct balance balance;  /* with job->balance_map, on the root:
				  * over the files summed, ranks sorted */
	int has_balance;
	/* With job->timing: this process's phases; on the root of a
	 * parallel sum, every process's (nprocs x SUM_NPHASES, malloc'ed). */
	double times[SUM_NPHASES];
	double *proc_times;
	size_t chunks;           /* serial: the chunks of files whose companions
				  * the cache held (sum.c), 1 when all fit */
	struct sum_paths paths;  /* with job->sum_paths, on the root */
	struct sum_mpi_text mpi; /* with job->sum_paths, on the root */
	struct sum_libraries libraries;  /* with job->sum_libraries, on the root */
	struct sum_calls calls[SUM_NCALLS];  /* with job->sum_libraries, on the root */
};

struct sum_library {
	char *base, *path;
	char *build_id;        /* or NULL */
	char *soname;          /* or NULL: none, or not in the lists */
	uint64_t low, high;    /* link-time range */
	uint64_t samples;      /* of all the lists */
	int profiled;          /* a list names a profile of it */
	char **paths;          /* its profiles, in file order; NULL once
				* summed and dropped (sum_libraries_drop_names):
				* n still counts them */
	size_t n, cap;
	size_t *blocks;        /* parallel: each process's range of paths */
	struct sum_outcome *sum;  /* profiled: its sum (on the root), malloc'ed
				   * when summed (3 kB: 10^5 libraries in the
				   * lists were 300 MB to move) */
};

/* Empties o; sum_outcome_free frees what it holds. */
void sum_outcome_init(struct sum_outcome *o);
void sum_outcome_free(struct sum_outcome *o);

/* Sums job's files in this process.  Returns 0 with the sum in o->prof,
 * or -1 with o->failed set and o->message. */
int sum_serial(const struct sum_job *job, struct sum_outcome *o);

/* Prints one "gprof-par: skipped FILE: why" line per skipped file. */
void sum_print_skipped(FILE *out, const struct sum_job *job, const struct sum_outcome *o);

/*
 * Prints the summary line: files summed, the ranks and the gaps between
 * them (with job->ranks), the files skipped, bytes, seconds, throughput,
 * the processes and the output file (NULL: none).
 */
void sum_print_summary(FILE *out, const struct sum_job *job, const struct sum_outcome *o,
		       double seconds, const char *output);

/* ---- Shared with sum-mpi.c --------------------------------------------- */

/* The shared libraries (struct sum_libraries, libraries.c). */
void sum_libraries_init(struct sum_libraries *sl);
void sum_libraries_free(struct sum_libraries *sl);

/* Adds the lists beside files [lo, hi) of job, passing over the files of
 * bad[0..nbad) (in file order).  Returns 0, or -1 when out of memory. */
int sum_libraries_read(struct sum_libraries *sl, const struct sum_job *job, size_t lo,
		       size_t hi, const struct sum_bad_file *bad, size_t nbad);

/* The library named base (a new one described by path, build_id, soname
 * (may be NULL), low and high; unprofiled, without files), or NULL when
 * out of memory. */
struct sum_library *sum_libraries_find_or_add(struct sum_libraries *sl, const char *base,
					      const char *path, const char *build_id,
					      const char *soname, uint64_t low, uint64_t high);

/* Appends path (taken) to lib's files.  Returns 0, or -1 (not taken). */
int sum_library_add_path(struct sum_library *lib, char *path);

/* sl in bytes (byte-pack.h) for another process, with each library's
 * blocks[0 .. nblocks) (0: none).  Returns 0 with *data (malloc'ed) and
 * *len, or -1 when out of memory. */
int sum_libraries_pack(const struct sum_libraries *sl, size_t nblocks, char **data,
		       size_t *len);

/*
 * Adds packed libraries after sl's, as reading their lists after sl's
 * would: the unread lists' messages after sl's, a library new to sl
 * described as they describe it, the samples added (past 2^64 - 1:
 * sl->overflow), the files after sl's; with nblocks, each one's blocks as
 * packed.  *where (if not NULL): each packed library's index in sl, in
 * their order (malloc'ed; *nwhere of them).  Returns 0, or -1 with a
 * message in err (the bytes are bad, or out of memory; sl then holds what
 * was taken before: not meaningful, as a sum's failure).
 */
int sum_libraries_take(struct sum_libraries *sl, const void *data, size_t len, size_t nblocks,
		       size_t **where, size_t *nwhere, char *err, size_t errlen);

/* Drops the names of the libraries' files, once they are summed (each
 * library's sum made): their count stays in n, for the messages.  The
 * in-job sum's partials then weigh the same whatever the ranks they hold
 * (pmpi/job-sum-companions.c).  Packed and taken as counts, never mixed
 * with named files (sum_libraries_take refuses it). */
void sum_libraries_drop_names(struct sum_libraries *sl);

/* Sorts sl's libraries by base name. */
void sum_libraries_sort(struct sum_libraries *sl);

/* An empty outcome for a library's sum (malloc'ed), or NULL. */
struct sum_outcome *sum_library_outcome(void);

/* The job of summing lib's files, with job's rules. */
struct sum_job sum_library_job(const struct sum_job *job, const struct sum_library *lib);

/*
 * The serial sum's libraries, a chunk of files at a time (sum.c): each
 * chunk's lists read (sum_libraries_read, bad the main sum's rejected
 * files) and each profiled library's new
 * files added to its own sum, as sum_serial would add them all at once
 * (stopped at its first bad file unless skip_bad); then each library's
 * outcome, the libraries sorted.  sum_library_runs_free frees the runs.
 */
struct sum_library_runs {
	struct sum_library_run *libs;   /* by the libraries' index in their lists' order */
	size_t n, cap;
};

void sum_libraries_chunk(const struct sum_job *job, struct sum_outcome *o,
			 struct sum_library_runs *lr, size_t lo, size_t hi,
			 const struct sum_bad_file *bad, size_t nbad);
void sum_libraries_finish(const struct sum_job *job, struct sum_outcome *o,
			  struct sum_library_runs *lr);
void sum_library_runs_free(struct sum_library_runs *lr);

/* The same in one chunk, after the main sum (o->bad): o->libraries of
 * job's files in this process. */
void sum_libraries_serial(const struct sum_job *job, struct sum_outcome *o);

/* What a run of a process over its files saw, for the parallel sum to
 * check against the serial order: a file that set the histograms or the
 * fingerprint of the run's profile, or one the run rejected. */
enum { SUM_EVENT_SET = 1, SUM_EVENT_BAD = 2 };

struct sum_event {
	int64_t index;
	int64_t kind;
};

struct sum_run {
	struct profile prof;
	struct sum_event *events;
	size_t nevents, events_cap;
	struct sum_bad_file *bad;  /* messages of the rejected files */
	size_t nbad, bad_cap;
	struct balance balance;    /* of the files added, with job->balance_map */
	int has_balance;
	double times[SUM_NPHASES]; /* with job->timing; kept by sum_run_free */
};

struct sum_progress;

void sum_run_init(struct sum_run *run);
void sum_run_free(struct sum_run *run);

/*
 * Adds files [lo, hi) of job into run->prof (which may hold a starting
 * state), recording events; stops after the first rejected file unless
 * job->skip_bad.  Returns 0, or -1 when out of memory (message in err).
 */
int sum_run_files(struct sum_run *run, const struct sum_job *job, size_t lo, size_t hi,
		  struct sum_progress *pg, char *err, size_t errlen);

/*
 * Hands run (job's files added by sum_run_files; rc its last return, its
 * message then in o->message) over to o as the serial sum's outcome, and
 * frees it.  Returns 0, or -1 with o->failed and o->message.
 */
int sum_run_outcome(const struct sum_job *job, struct sum_run *run, int rc,
		    struct sum_outcome *o);

/* Progress on stderr (if job->progress), at most 4 times a second; who
 * names the process ("" for a serial run). */
struct sum_progress *sum_progress_start(const struct sum_job *job, size_t nfiles,
					const char *who);
void sum_progress_end(struct sum_progress *pg);

/* Monotonic seconds. */
double sum_now(void);

#endif /* GPROF_PAR_SUM_H */
