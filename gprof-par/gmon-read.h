/*
 * gmon-read.h - read and validate gmon v1 files and add them into a
 * struct profile; write a profile back as a lossless gmon file.
 */
#ifndef GPROF_PAR_GMON_READ_H
#define GPROF_PAR_GMON_READ_H

#include <stddef.h>

#include "profile.h"

/* Empties p (no histograms, no arcs, no files). */
void profile_init(struct profile *p);
void profile_free(struct profile *p);

/*
 * Reads the gmon file at path and adds it into p.  On any problem (cannot
 * open, truncated, bad magic or version, unknown tag, a histogram whose
 * range overlaps or whose rate differs from what p already holds, absurd
 * sizes) returns -1, leaves p unchanged and puts a message that names the
 * file and the problem into err.  Returns 0 on success.
 */
int profile_add_file(struct profile *p, const char *path, char *err, size_t errlen);

/*
 * Writes p to path as a gmon v1 file GNU gprof reads (stacked records where
 * a count does not fit), through a temporary name and a rename, so that no
 * half-written file is left.  Returns 0, or -1 with a message in err.
 */
int profile_write(const struct profile *p, const char *path, char *err, size_t errlen);

#endif /* GPROF_PAR_GMON_READ_H */
