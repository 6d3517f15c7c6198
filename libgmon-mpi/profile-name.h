/*
 * profile-name.h - the name of a process's profile, PROFILE: gmon.out.<rank>
 * (a serial program: gmon.out), or GMON_OUT_PREFIX.<rank> (serial: .<pid>,
 * as glibc); a process started by a profiled one (lineage.h) adds .<pid>,
 * so that it never replaces its ancestor's profile.  The companion files
 * are named PROFILE+KIND.  Shared by the runtime and the rtld-audit
 * library, which must find the same name in its own link namespace.
 */
#ifndef GMON_MPI_PROFILE_NAME_H
#define GMON_MPI_PROFILE_NAME_H

#include <stddef.h>

#include "settings.h"

/* Writes the name into buf (cut at size, always terminated). */
void profile_name(char *buf, size_t size, const struct gmon_config *config, int descendant);

#endif /* GMON_MPI_PROFILE_NAME_H */
