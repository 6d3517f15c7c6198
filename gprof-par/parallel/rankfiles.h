/*
 * rankfiles.h - the per-rank gmon files of a directory (gmon.out.<N>), in
 * rank order, and a one-line description of the ranks found and the gaps
 * between them, for gprof-par -S and its summary.
 */
#ifndef GPROF_PAR_RANKFILES_H
#define GPROF_PAR_RANKFILES_H

#include <stddef.h>
#include <stdint.h>

#define RANKFILES_PREFIX "gmon.out."

/*
 * Parses the rank of a file name (a path's last component) "gmon.out.N":
 * N decimal, no sign, no leading zero (except "0"), below 2^63.  Returns N,
 * or -1 when the name is not of that form.
 */
int64_t rankfiles_parse(const char *path);

/*
 * Lists the gmon.out.<N> files in dir (anything else, e.g. a runtime's
 * temporary "gmon.out.3.tmp", is ignored); *ranks gets a malloc'ed array of
 * the ranks found, sorted (free it), *n their count.  Returns 0, or -1
 * with a message naming dir in err.
 */
int rankfiles_list(const char *dir, int64_t **ranks, size_t *n, char *err, size_t errlen);

/* "DIR/gmon.out.N" into a malloc'ed string (NULL if out of memory). */
char *rankfiles_path(const char *dir, int64_t rank);

/*
 * Describes sorted, distinct ranks in a few words: "rank 5", "ranks 0-9;
 * gaps: 3-4, 6-8", "ranks 0-4088, every 8th; no gaps",
 * "ranks 0-56, every 8th; gaps: 24, 40-48".  The stride is the greatest
 * common divisor of the differences between the ranks found; a gap is a
 * rank of that stride between the lowest and the highest that has no file
 * (ranks above the highest cannot be known).  At most max_gap_ranges gap
 * ranges are listed, then "... (K more ranges)"; the number of missing
 * ranks is given when any is.  Writes at most size bytes into out (always
 * NUL-terminated); returns out.
 */
char *rankfiles_describe(const int64_t *ranks, size_t n, size_t max_gap_ranges, char *out,
			 size_t size);

/* The number of ranks missing between the lowest and the highest, at the
 * stride rankfiles_describe uses. */
uint64_t rankfiles_missing(const int64_t *ranks, size_t n);

#endif /* GPROF_PAR_RANKFILES_H */
