/*
 * companion-file.h - the one companion of a rank's profile,
 * PROFILE+gmon-mpi (its format: include/gmon-companion.h), read and
 * checked whole (magic, version, sizes, the table, the checksum) before
 * any of its bytes is used, and its sections as members of it.
 *
 * Every reader of the earlier companion files (the modules list, the
 * calls, the call paths, a library's profile) reads a section by the same
 * name it read the file by: companion_input_path(profile, KIND)
 * (companions.h, where a profile's companion is found and its pair
 * checked) is "COMPANION/KIND" when PROFILE+gmon-mpi exists (a name no
 * file can have: COMPANION is a regular file, not a directory),
 * PROFILE+KIND otherwise; companion_fopen and companion_read_whole open
 * either.  So every
 * view reads runs of both formats, and messages name a section as
 * gmon.out+gmon-mpi.3/modules.
 *
 * The structures below are what a dump of a companion (issue 27) prints:
 * the sections in file order, each with its type, name and bytes.
 */
#ifndef GPROF_PAR_COMPANION_FILE_H
#define GPROF_PAR_COMPANION_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "files.h"

struct companion_section {
	uint32_t type;                 /* GMON_SECTION_TEXT or _LIBRARY (or unknown) */
	char *name;                    /* NUL-terminated copy */
	const unsigned char *data;     /* into the file's bytes */
	size_t size;
};

struct companion_file {
	char *path;
	unsigned char *bytes;          /* the whole file */
	size_t len;
	uint32_t version;
	uint64_t checksum;
	struct companion_section *sections;   /* in the table's order */
	size_t nsections;
	/* the pair (companions.h): 0 not checked yet, 1 of its profile (or
	 * nothing to check), -1 not (pair_error says why) */
	int pair;
	char *pair_error;
	int adopted;                   /* given in memory (companion_file_adopt) */
};

/* The run a profile belongs to: the "run" section (gmon-companion.h). */
struct companion_run {
	char *job;                     /* "pmix:4653057", "slurm:12.0", or "-" */
	long size;                     /* ranks in the job, 0: unknown */
	long rank;                     /* -1: not an MPI run */
	int64_t start_s;               /* start time, seconds since 1970 */
	uint32_t start_ns;             /* and nanoseconds */
	char *build_id;                /* hex, or "-" */
	long pid;
	char *host;
	long threads;                  /* threads that took a sample, 0: unknown */
	/* the profiler's own CPU time no sample saw (own-cost.h): its signal
	 * handlers', its writes' (has_profiler 0: not said, earlier files) */
	uint64_t profiler_signals_ns, profiler_writes_ns, profiler_start_ns;
	int has_profiler;
	/* the signals that brought samples, and those samples (has_signals 0:
	 * not said) */
	uint64_t signals, signal_samples;
	int has_signals;
	/* the sampling engine, and why perf_events were refused ("" if
	 * not said) */
	char engine[48], engine_refused[24];
	/* what one sample's signal cost where the runtime chose its rate by it
	 * (rate-source measured; 0: not measured, or not said) */
	uint64_t sample_cost_ns;
	/* whether the node was oversubscribed (node-load.h; has_load 0: not
	 * said): the CPUs the process could use (0: not said), its threads'
	 * time on a CPU and runnable but waiting for one, and the node's clock
	 * ticks while it ran, all and stolen by the hypervisor */
	long cpus;
	uint64_t threads_cpu_ns, threads_waited_ns, node_ticks, node_steal_ticks;
	int has_load, has_steal;
	/* the threads on perf_events' task clock: their CPU time while it was
	 * armed, and their samples, one a signal (has_task_clock 0: not said) */
	uint64_t task_clock_cpu_ns, task_clock_samples;
	int has_task_clock;
	/* the wall clock's periods no sample took (0: none said) */
	uint64_t wall_unplaced_samples;
	/* the profile it was written with: its size and gmon_profile_checksum
	 * (has_profile 0: not said, earlier files) */
	uint64_t profile_size, profile_checksum;
	int has_profile;
	/* the rank's MPI world was not the launcher's ("1 of N: WHY",
	 * world-check.h; "" if not said) */
	char mpi_world[200];
};

/* The profiler's own CPU time no sample saw, as one file's run says it
 * (profiler_*_ns above), in seconds. */
struct companion_own_time {
	int64_t rank;            /* the file's (-1: not an MPI run) */
	double signals_s, writes_s;   /* signals_s: its handlers' and its
				       * start's (profiler-start-ns: the
				       * default rate's measurement) */
};

/* Reads and checks the companion at path.  Returns 0, or -1 with errno
 * ENOENT when there is none, or another errno with "PATH: what is wrong"
 * in err. */
int companion_file_read(const char *path, struct companion_file *cf, char *err, size_t errlen);
void companion_file_free(struct companion_file *cf);

/* The section of that name, or NULL. */
const struct companion_section *companion_file_find(const struct companion_file *cf,
						    const char *name);

/* Parses a "run" section (or a sum's "sum" section: its profile line
 * only, the rest as unknown).  Returns 0, or -1 with a message (naming
 * name) in err.  companion_run_free frees what it holds. */
int companion_run_parse(const struct companion_section *s, const char *name,
			struct companion_run *run, char *err, size_t errlen);
void companion_run_free(struct companion_run *run);

/*
 * The companion file at path, read and checked once and kept (a sum reads
 * each rank's companion in several passes): 1 with *cf (valid until the
 * next load: past a budget only the last one is kept), 0 when path is no
 * regular file, -1 with a message when it is a bad companion.  Finding a
 * profile's companion is companions.h's.
 */
int companion_load(const char *path, struct companion_file **cf, char *err, size_t errlen);

/*
 * The companion at path given in memory rather than read (the in-job sum,
 * pmpi/job-sum-companions.c: a rank's companion as its runtime would
 * write it): bytes (malloc'ed, len bytes; taken, freed on failure) are
 * checked as companion_file_read checks a file and kept for good under
 * that name, its pair taken as checked; companion_load, companion_member
 * and companion_input_path (companions.h) then find it as if it were the
 * file, whether or not one is there.  Returns 0, or -1 with a message.
 */
int companion_file_adopt(const char *path, void *bytes, size_t len, char *err, size_t errlen);

/*
 * A pass at a time over many companions reads each one again in every pass
 * once they are past the cache's budget: a sum goes through its files in
 * chunks instead, each chunk's companions read ahead by companion_prefetch
 * (1: kept, or nothing to keep: no companion, or a bad one, whose reader
 * says why; 0: past the budget, so the chunk ends before it), and the
 * cache dropped between chunks (the adopted ones stay: they are nowhere
 * else).  No companion_file, section or companion_fopen stream may be
 * held across a drop.  The budget (companion_cache_budget) is 1/64 of
 * the machine's memory, at least 32 MiB and at most 1 GiB, or the bytes in
 * GPROF_PAR_COMPANION_CACHE (for tests: a chunk of a few files).
 */
int companion_prefetch(const char *path);
void companion_cache_drop(void);
size_t companion_cache_budget(void);
/* GPROF_PAR_COMPANION_CACHE's value where it is set and not a number of
 * bytes above 0 (the default is used), else NULL. */
const char *companion_cache_bad_setting(void);

/* Whether the companion at path is kept in memory (read or adopted). */
int companion_file_in_memory(const char *path);

/* Whether path is COMPANION/NAME of a companion kept in memory (then no
 * file by that name is there to try first: COMPANION is no directory). */
int companion_member_in_memory(const char *path);

/* Whether path (a companion_input_path) names something to read. */
int companion_input_exists(const char *path);

/*
 * Opens a companion_input_path for reading: a file (as open_input,
 * files.h: a regular file only), or a section, read from its bytes in
 * memory (fmemopen); *size (if not NULL) gets its size.  A missing
 * section fails as a missing file (errno ENOENT); a bad companion with
 * its message.  Returns NULL with a message in err.
 */
FILE *companion_fopen(const char *path, const char *what, off_t *size, char *err,
		      size_t errlen);

/* read_whole_file (files.h) for a companion_input_path. */
char *companion_read_whole(const char *path, const char *what, size_t *len, char *err,
			   size_t errlen);

/*
 * path is a member COMPANION/NAME of a companion file: returns 1 with the
 * file (cached: valid until the next call) and the section (NULL when it
 * has none of that name); 0 if path names no such member; -1 with a
 * message when the companion is bad.
 */
int companion_member(const char *path, const struct companion_file **cf,
		     const struct companion_section **section, char *err, size_t errlen);

/*
 * The inverse of the companion: profile's PROFILE+gmon-mpi written out as
 * the files earlier versions wrote beside the profile, each TEXT section
 * as PROFILE+NAME (the list's file column naming the files so written),
 * each LIBRARY section as the library's dense gmon file PROFILE+NAME (the
 * run section, and a sum's "sum", have no file).  For tools and tests that read the earlier
 * files.  Returns 0, or -1 with a message in err.
 */
int companion_unpack(const char *profile, char *err, size_t errlen);

#endif /* GPROF_PAR_COMPANION_FILE_H */
