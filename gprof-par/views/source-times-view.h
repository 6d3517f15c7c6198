/*
 * source-times-view.h - --source-times[=FUNC]: the histogram's samples on
 * source lines (each bin's at the line of its first address, from the
 * DWARF line tables: symbols/lines.h lines_at), charged to the functions
 * of st (its --regions mode: parent unless --regions is given, so an
 * OpenMP region's lines are its function's), printed by
 * report/source-times.h with the text of the source files (found as -A
 * finds them: -I, GPROF_PATH).  FUNC: that function only; else each
 * function holding at least 1% of the samples, the most first.
 */
#ifndef GPROF_PAR_SOURCE_TIMES_VIEW_H
#define GPROF_PAR_SOURCE_TIMES_VIEW_H

#include "options.h"
#include "profile.h"
#include "symtab.h"

/* Prints the view on standard output; libraries: the samples in shared
 * libraries beside p (part of "all samples").  Dies when out of memory.
 * Returns 0, or 1 when FUNC names no function (with a message). */
int print_source_times(const struct options *o, struct symtab *st, const struct profile *p,
		       uint64_t libraries);

#endif /* GPROF_PAR_SOURCE_TIMES_VIEW_H */
