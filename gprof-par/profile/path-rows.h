/*
 * path-rows.h - each profile's sampled call paths counted by class, as
 * they are added to a set: the per-rank figures over classes of paths
 * (the summary's categories: the program's code, MPI, OpenMP waiting, ...)
 * without keeping every rank's paths.
 *
 * The class of a path is the caller's (a classifier: a path of the set,
 * by its index there, to a class below PATH_CLASSES), asked once per
 * path of the set, when a file first brings it; a file's row is then the
 * samples its paths brought to each class.  The classes of the set's
 * paths are kept here, by their index in the set: the rows go with the
 * one set they counted (a set summed again starts new rows).
 */
#ifndef GPROF_PAR_PATH_ROWS_H
#define GPROF_PAR_PATH_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "callpaths.h"
#include "sum-companion.h"

#define PATH_CLASSES 8

/* The class of path (an index into cp->paths) in [0, PATH_CLASSES), or -1
 * when out of memory. */
struct path_classifier {
	int (*classify)(void *ctx, const struct callpaths *cp, size_t path);
	void *ctx;
};

struct path_row {
	int64_t rank;            /* the file's rank */
	int has;                 /* its paths were added */
	uint64_t samples[PATH_CLASSES];
};

struct path_rows {
	const struct path_classifier *classifier;
	struct path_row *rows;   /* one per file, by its index */
	size_t nrows;
	/* private: the set's paths' classes (0xff: not asked yet), the row
	 * being counted, an error met while adding */
	unsigned char *class_of;
	size_t nclassed, class_cap;
	struct path_row *current;
	int failed;
};

/* Rows for nfiles files, all empty; classifier NULL: no rows (every call
 * below then only adds the paths).  Returns 0, or -1 when out of memory. */
int path_rows_init(struct path_rows *pr, const struct path_classifier *classifier,
		   size_t nfiles);
void path_rows_free(struct path_rows *pr);

/*
 * callpaths_add_beside (callpaths.h) for file i of rank rank, its paths'
 * samples counted into its row when they are added.  Returns as
 * callpaths_add_beside does, -1 with "out of memory" in err when the
 * classifier failed.
 */
int path_rows_add_beside(struct path_rows *pr, struct callpaths *cp, size_t i, int64_t rank,
			 const char *profile, char *err, size_t errlen);

/* The rows of files [lo, hi) as bytes (malloc'ed into *data, *len), and
 * those bytes taken back into the same files' rows of another process's
 * rows.  Returns 0, or -1 (out of memory; bytes of another length). */
int path_rows_pack(const struct path_rows *pr, size_t lo, size_t hi, void **data, size_t *len);
int path_rows_unpack(struct path_rows *pr, size_t lo, size_t hi, const void *data, size_t len);

/*
 * The rows of the files whose paths were added, in increasing order of
 * rank, as the text section "categories" of sc, output's companion
 * (include/gmon-companion.h): a sum's readers then have every rank's row
 * (gprof-par -s/-S given the executable, and the in-job sum, the same
 * bytes over the same ranks).  keys name the classifier's nclasses
 * classes (at most PATH_CLASSES), in order: a reader whose classes are
 * others cannot use the rows.  No row added: no section (0).  Returns 0,
 * or -1 with a message naming the section in err.
 */
int path_rows_section_add(struct sum_companion *sc, const char *output,
			  const struct path_rows *pr, const char *const *keys, unsigned nclasses,
			  char *err, size_t errlen);

/*
 * Parses a section "categories" (text, len bytes; name: how messages name
 * it) into pr (path_rows_free frees it): its rows, every one added, no
 * classifier.  Returns 0; 1 when its classes are not keys[0 .. nclasses)
 * (err says so, pr is left empty); -1 with a message naming name and the
 * line when it is not a valid section.
 */
int path_rows_section_parse(struct path_rows *pr, const char *const *keys, unsigned nclasses,
			    const char *text, size_t len, const char *name, char *err,
			    size_t errlen);

#endif /* GPROF_PAR_PATH_ROWS_H */
