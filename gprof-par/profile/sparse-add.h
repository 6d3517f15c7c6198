/*
 * sparse-add.h - a library's samples from a rank's companion
 * (include/gmon-companion.h: LIBRARY sections, a sparse histogram and the
 * calls inside the library) added into a struct profile, with the checks
 * of profile_add_file (gmon-read.h): the same range, bin count, rate and
 * dimension as the profile's, the same fingerprint.
 */
#ifndef GPROF_PAR_SPARSE_ADD_H
#define GPROF_PAR_SPARSE_ADD_H

#include <stddef.h>

#include "profile.h"

/* Adds the section's len bytes (named name in messages).  Returns 0, or
 * -1 with a message in err and p unchanged. */
int profile_add_sparse(struct profile *p, const void *data, size_t len, const char *name,
		       char *err, size_t errlen);

#endif /* GPROF_PAR_SPARSE_ADD_H */
