/*
 * rankfiles.h - the per-rank gmon files of a directory (gmon.out.<N>), in
 * rank order, and a one-line description of the ranks found and the gaps
 * between them, for gprof-par -S and its summary.
 */
#ifndef GPROF_PAR_RANKFILES_H
#define GPROF_PAR_RANKFILES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RANKFILES_PREFIX "gmon.out."

/*
 * Parses the rank of a file name (a path's last component) "gmon.out.N":
 * N decimal, no sign, no leading zero (except "0"), below 2^63.  Returns N,
 * or -1 when the name is not of that form.
 */
int64_t rankfiles_parse(const char *path);

/* Files of a directory named gmon.out.* that are not summed, by kind. */
enum rankfile_other {
	RANKFILE_CHILD,        /* gmon.out.<rank>.<pid>: a rank's child process */
	RANKFILE_TEMPORARY,    /* gmon.out.<rank>.tmp...: a writer that did not finish */
	RANKFILE_NOT_A_RANK,   /* gmon.out.007, gmon.out.-1, gmon.out.1x, ... */
	RANKFILE_NOT_REGULAR,  /* gmon.out.<rank> that is a FIFO, a directory, ... */
	RANKFILE_MODULE,       /* gmon.out.<rank>+KIND[.<pid>]: beside a child's
				* profile, or an earlier version's name; never
				* warned about (a rank's are gmon.out+KIND.<rank>,
				* not gmon.out.*: companion-name.h) */
	RANKFILE_OTHER_KINDS
};

#define RANKFILES_EXAMPLES 5

struct rankfiles_others {
	size_t count[RANKFILE_OTHER_KINDS];
	char *examples[RANKFILE_OTHER_KINDS][RANKFILES_EXAMPLES]; /* the first names */
};

/* What kind of other file name is (a file name, not a path); -1 if it is
 * not named gmon.out.* at all, or is a rank file's name. */
int rankfiles_classify(const char *name);

/*
 * Lists the gmon.out.<N> files in dir that are regular files (or links to
 * them); *ranks gets a malloc'ed array of the ranks found, sorted (free
 * it), *n their count.  Other files named gmon.out.* are counted in
 * *others (NULL: not wanted; free with rankfiles_others_free).  Returns 0,
 * or -1 with a message naming dir in err.
 */
int rankfiles_list(const char *dir, int64_t **ranks, size_t *n, struct rankfiles_others *others,
		   char *err, size_t errlen);

void rankfiles_others_free(struct rankfiles_others *others);

/* One warning line per kind of other file found: how many, the first
 * names, and why they are not summed. */
void rankfiles_print_others(FILE *out, const char *program, const char *dir,
			    const struct rankfiles_others *others);

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

/*
 * Each file's place in the order of its rank: places[i] is how many of
 * ranks[0 .. n) come before ranks[i] (a smaller rank, or the same named
 * earlier), so places is a permutation of 0 .. n-1.  Returns 0, or -1 when
 * out of memory.
 */
int rankfiles_places(const int64_t *ranks, size_t n, uint64_t *places);

#endif /* GPROF_PAR_RANKFILES_H */
