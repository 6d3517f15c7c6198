/*
 * profile-pack.h - a profile as a byte buffer for another process of the
 * same machine type (an MPI rank), and back.
 */
#ifndef GPROF_PAR_PROFILE_PACK_H
#define GPROF_PAR_PROFILE_PACK_H

#include <stddef.h>

#include "profile.h"

/*
 * Serialises p, 64-bit counts and file names included, into a malloc'ed
 * buffer (*data, *len; free it) for another process of the same machine
 * type, e.g. another MPI rank: much smaller than a gmon file of stacked
 * records once counts are large, and only the runs of nonzero bins of a
 * histogram are in it (a histogram whose bins are NULL is all zeros).
 * Returns 0, or -1 with a message in err.
 */
int profile_pack(const struct profile *p, void **data, size_t *len, char *err, size_t errlen);

/*
 * Adds a buffer made by profile_pack into p, with profile_merge's checks
 * and a check of the buffer itself (name is used in messages).  Returns 0,
 * or -1 with p unchanged and a message in err.
 */
int profile_add_packed(struct profile *p, const void *data, size_t len, const char *name,
		       char *err, size_t errlen);

#endif /* GPROF_PAR_PROFILE_PACK_H */
