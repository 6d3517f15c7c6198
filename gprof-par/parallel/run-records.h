/*
 * run-records.h - the runs of a directory's rank files (runs.h), read by
 * every process of a parallel -S, each of its own share of the files, and
 * gathered on process 0 as compact records, so that process 0 checks them
 * (one run, a rank's copies) as if it had read them all itself: the same
 * messages, the same files kept, the same facts, whatever the number of
 * processes.  Before, process 0 alone read every companion's run section
 * while the others waited: the part of -S's `list' that grew with the
 * files and did not shrink with the processes.
 *
 * A process's records: a 64-bit count, then per file a byte (1: a known
 * run follows) and, for a known run, struct companion_run as this build
 * lays it out with its pointers cleared, its runs of zero bytes shortened
 * (pairs of a count of bytes as they are, those bytes, and a count of
 * zeros: 4,096 runs of a sum-bench directory are 0.4 MB, not 2.3), then
 * its strings (job, build-id, host), each a byte (1: there) and its
 * characters with their NUL.  The processes are one build (one executable,
 * one module), so one layout; a field added to the struct travels with
 * it, a pointer must be added here.
 */
#ifndef GPROF_PAR_RUN_RECORDS_H
#define GPROF_PAR_RUN_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include "companion-file.h"

/* The runs of paths[0 .. n) (runs_read), as one process's records in
 * *buf (malloc'ed), *len bytes.  Returns 0, or -1 when out of memory. */
int run_records_pack(char *const *paths, size_t n, void **buf, size_t *len);

/*
 * The records of every process, one after another (buf, len), into
 * runs[0 .. n) and of[i] (&runs[i], or NULL: no known run, runs[i] left
 * as it was); the runs' strings point into buf (valid while it is; never companion_run_free
 * them); per_process[q] (malloc'ed, *nprocesses of them) the files
 * process q read.  Returns 0, or -1 with a message in err (out of memory;
 * records that are not n files' or cut short).
 */
int run_records_unpack(const void *buf, size_t len, size_t n, struct companion_run *runs,
		       const struct companion_run **of, size_t **per_process,
		       size_t *nprocesses, char *err, size_t errlen);

#endif /* GPROF_PAR_RUN_RECORDS_H */
