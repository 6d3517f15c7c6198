/*
 * profile-write.h - write a profile back as a gmon v1 file.
 */
#ifndef GPROF_PAR_PROFILE_WRITE_H
#define GPROF_PAR_PROFILE_WRITE_H

#include <stddef.h>

#include "profile.h"

/*
 * Writes p to path as a gmon v1 file GNU gprof reads (stacked records where
 * a count does not fit), through a temporary name and a rename, so that no
 * half-written file is left.  The temporary's name is random and created
 * O_EXCL|O_NOFOLLOW (support/files.h); path is replaced only if it is a
 * regular file or does not exist.  Returns 0, or -1 with a message in err.
 */
int profile_write(const struct profile *p, const char *path, char *err, size_t errlen);

/* profile_write's temporary beside path, written (and synced) but
 * neither closed nor renamed: its descriptor (open for reading too), its
 * name in tmp (strlen(path) + 21 bytes), or -1 with a message (then it is
 * removed).  For a profile written as one pair with its companion
 * (sum-companion.h). */
int profile_write_temporary(const struct profile *p, const char *path, char *tmp,
			    size_t tmpsize, char *err, size_t errlen);

/* p, of one histogram, as a companion's LIBRARY section
 * (include/gmon-companion.h: the gmon header, one sparse histogram
 * record, the arcs) into fd.  Returns 0 or an errno value (EINVAL: not
 * one histogram). */
int profile_write_sparse_fd(const struct profile *p, int fd);

/* The same gmon bytes into the open descriptor fd (no temporary, no
 * checks); returns 0 or an errno value. */
int profile_write_fd(const struct profile *p, int fd);

#endif /* GPROF_PAR_PROFILE_WRITE_H */
