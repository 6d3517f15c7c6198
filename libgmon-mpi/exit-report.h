/*
 * exit-report.h - what the runtime says (BG_GMON_VERBOSE, on stderr through
 * diag.h) when a profile has been written, at exit or by gmon_flush(): the
 * profile's samples, arcs, calls and drops, its companions' calls between
 * modules and call paths and where they went, and the threads sampled.
 * gmon.c writes; this reads the counters and says them.  Not
 * async-signal-safe (stdio): not for the flush signals' writes.
 */
#ifndef GMON_MPI_EXIT_REPORT_H
#define GMON_MPI_EXIT_REPORT_H

#include <stddef.h>

#include "callpaths.h"
#include "calls.h"
#include "output.h"
#include "settings.h"

/* The longest profile path the runtime keeps, its NUL included. */
#define REPORT_PATH_MAX 4096

/* "rank N: " or "pid N: ", the start of the verbose lines, into buf. */
const char *report_who(const struct gmon_config *c, char *buf, size_t size);

/* Where the verbose lines say a companion's part went: the one companion
 * beside profile and which of its sections (section: "section paths"), or
 * (BG_GMON_COMPANIONS=files) the file of that kind beside the profile;
 * into buf. */
const char *report_where(const char *profile, const char *kind, const char *section, char *buf,
			 size_t size);

/* The verbose lines of a profile written at path: out's counts, and the
 * calls between modules and the call paths written beside it (NULL: not
 * written, as by gmon_flush()), then the threads sampled. */
void report_written(const struct gmon_config *config, const char *path,
		    const struct output_summary *out, const struct callpaths_summary *paths,
		    const struct calls_summary *calls);

#endif /* GMON_MPI_EXIT_REPORT_H */
