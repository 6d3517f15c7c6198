/*
 * call-paths.h - the sampled call paths beside the profiles (PROFILE+paths,
 * include/gmon-callpaths.h): summed by -s and -S into the sum's companion,
 * and read for --measured, --format and --flame-graph.  The sum itself is
 * gathered by the sum (parallel/sum.h), in parallel under a launcher.
 */
#ifndef GPROF_PAR_CALL_PATHS_H
#define GPROF_PAR_CALL_PATHS_H

#include <stddef.h>
#include <stdio.h>

#include "callpaths.h"
#include "sum.h"
#include "sum-companion.h"

/*
 * Adds the paths beside each of the n profiles into cp (a profile without
 * them is passed over; how many had none is in *missing).  A paths file
 * that cannot be read is an error (message in err), unless skip_bad: then
 * it is passed over with a warning on msgs.  With rows (path-rows.h; may
 * be NULL), profile i's samples by class go to its row, of rank ranks[i]
 * (ranks NULL: i).  Returns 0 or -1.
 */
int call_paths_gather(struct callpaths *cp, char *const *profiles, size_t n, int skip_bad,
		      struct path_rows *rows, const int64_t *ranks, size_t *missing, FILE *msgs,
		      const char *program, char *err, size_t errlen);

/*
 * -s, -S: the paths the sum gathered (sum.h: those of the files summed,
 * serially or in parallel) as the section "paths" of the sum's companion
 * (sum-companion.h), after their warnings; none when no file has paths.
 * Messages on msgs.  Returns 0, or 1 after saying why (no section).
 */
int call_paths_sum_section(const struct sum_paths *sp, struct sum_companion *sc,
			   const char *output, FILE *msgs, const char *program);

#endif /* GPROF_PAR_CALL_PATHS_H */
