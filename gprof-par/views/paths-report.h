/*
 * paths-report.h - what gprof-par prints from the sampled call paths
 * (--measured, --format=folded|callgrind|json, --per-rank, --flame-graph):
 * the paths beside the profiles reported, named after the executable's
 * functions (analysis/measured.h), and handed to report/'s exports.
 */
#ifndef GPROF_PAR_PATHS_REPORT_H
#define GPROF_PAR_PATHS_REPORT_H

#include <stddef.h>

#include "callgraph.h"
#include "measured.h"
#include "options.h"
#include "sum.h"
#include "symtab.h"

/* Whether o asks for the sampled call paths. */
int paths_wanted(const struct options *o);

/* The paths beside the n profiles (PROFILE+paths), added up and named
 * after st's functions into m; exits with a message when there are none
 * or one cannot be read (--skip-bad: passed over with a warning). */
void paths_read(const struct options *o, char *const *profiles, size_t n,
		const struct symtab *st, struct measured *m);

/*
 * --format: the export of m on standard output, calls counted from cg
 * (may be NULL) and st; for callgrind, the source lines of m's sampled
 * PCs read from st's executable (their file names go to st).  With --per-rank (callgrind and JSON), also each
 * rank's own paths: the files of job that were summed (those of sum->bad
 * left out), each read again and named with m's names.
 */
void paths_print_export(const struct options *o, struct measured *m, const struct callgraph *cg,
			struct symtab *st, const struct sum_job *job,
			const struct sum_outcome *sum);

/* --flame-graph=FILE: m drawn into FILE (a temporary renamed over it). */
void paths_write_flame_graph(const char *path, const char *executable, const struct measured *m);

#endif /* GPROF_PAR_PATHS_REPORT_H */
