/*
 * profile-name.h - the name of a process's profile, PROFILE: gmon.out.<rank>
 * (a serial program: gmon.out), or GMON_OUT_PREFIX.<rank> (serial: .<pid>,
 * as glibc); a process started by a profiled one (lineage.h) adds .<pid>,
 * so that it never replaces its ancestor's profile.  Shared by the runtime
 * and the rtld-audit library, which must find the same name in its own
 * link namespace.
 *
 * The companion files beside PROFILE are named by companion_name()
 * (common/companion-name.h, the rule gprof-par reads them by): "+KIND"
 * before a rank-like suffix ".N" (gmon.out.3 -> gmon.out+paths.3, so that
 * `gprof a.out gmon.out.*` names no companion), PROFILE+KIND otherwise
 * (gmon.out -> gmon.out+paths).
 */
#ifndef GMON_MPI_PROFILE_NAME_H
#define GMON_MPI_PROFILE_NAME_H

#include <stddef.h>

#include "companion-name.h"
#include "settings.h"

/* Writes the name into buf (cut at size, always terminated). */
void profile_name(char *buf, size_t size, const struct gmon_config *config, int descendant);

/* Removes profile's companion of kind KIND, left by an earlier run: a
 * writer with nothing of that kind to write calls it, as that file would
 * pass for this run's.  Returns 0 (also when there was none) or an errno
 * value.  No allocation, no stdio. */
int companion_remove(const char *profile, const char *kind);

#endif /* GMON_MPI_PROFILE_NAME_H */
