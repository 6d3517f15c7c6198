/*
 * runs.h - which run each file of a sum belongs to, from the "run"
 * section of its companion (include/gmon-companion.h: the launcher's job,
 * the world size, the start time, the executable's build-id), so that -s
 * and -S never add the files of two runs: a directory where a 4-rank run
 * was overwritten by a 2-rank run holds ranks 0-1 of the new run and ranks
 * 2-3 of the old one.
 *
 * Two files are of one run when their job, world size and build-id are
 * equal (and, where no launcher gave a job id, their start times are
 * within a minute).  Files without a companion (glibc's, an older
 * gmon-mpi's) or with a damaged one are of no known run: they are summed
 * as before (a note says so when other files have a run).
 */
#ifndef GPROF_PAR_RUNS_H
#define GPROF_PAR_RUNS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "companion-file.h"
#include "run-facts.h"

/*
 * Checks that paths[0 .. *n) are of one run.  When they are of several:
 * without skip_bad, names each run and its files on msgs and returns 1
 * (the caller writes nothing and exits 1); with skip_bad, keeps the files
 * of the newest run (the highest start time; on a tie, the run of rank 0)
 * and those of no known run, in their order, moving them to the front of
 * paths and setting *n (keep[i], when keep is not NULL, says which of the
 * original files are kept), says on msgs which files were left out, and
 * returns 0.  msgs NULL: no message.  Returns 0 when they are of one run,
 * -1 when out of memory.  facts (may be NULL) gets what the run sections
 * of the files kept say (runs_facts).
 */
int runs_select(char **paths, size_t *n, unsigned char *keep, int skip_bad, FILE *msgs,
		const char *program, struct runs_facts *facts);

/* The run of each of paths[0 .. n) from its companion into runs[i], and
 * of[i] &runs[i], or NULL where the file has no known run (no companion,
 * no run section, a bad companion: runs[i] zeroed).  companion_run_free
 * each runs[i] after. */
void runs_read(char *const *paths, size_t n, struct companion_run *runs,
	       const struct companion_run **of);

/* runs_select of files whose runs were read already (runs_read, or
 * gathered from the processes that read them: run-records.h): runs[i]
 * file i's, NULL for no known run.  Only where the files are of several
 * runs are the files read (their pairs checked, on this process). */
int runs_select_given(char **paths, size_t *n, const struct companion_run *const *runs,
		      unsigned char *keep, int skip_bad, FILE *msgs, const char *program,
		      struct runs_facts *facts);

/* runs_select for -S: the files DIR/gmon.out.<rank> of ranks[0 ..
 * *nranks), the ranks of the files kept left in ranks and *nranks; runs
 * (NULL: read here) each file's, as runs_select_given's. */
int runs_select_ranks(const char *dir, int64_t *ranks, size_t *nranks,
		      const struct companion_run *const *runs, int skip_bad, FILE *msgs,
		      const char *program, struct runs_facts *facts);

#endif /* GPROF_PAR_RUNS_H */
