/*
 * companions.h - a profile and the files beside it, in one place: their
 * names, where a reader finds each, and whether the profile and its one
 * companion are a pair.
 *
 * Names: the files beside a profile (PROFILE+gmon-mpi, and the earlier
 * PROFILE+paths, +calls, +plt-calls, +modules, +LIBRARY) that gprof-par
 * reads beside the profiles and the sums (it writes a sum's one companion,
 * sum-companion.h), by the runtime's rule
 * (common/companion-name.h): "+KIND" before a rank-like suffix ".N"
 * (gmon.out.3 -> gmon.out+paths.3), PROFILE+KIND otherwise (gmon.sum ->
 * gmon.sum+paths).
 *
 * The pair (include/gmon-companion.h): the companion's run section names
 * the profile it was written with (its size and checksum).  A profile
 * beside a companion written with another one (a rank killed between the
 * two renames, a sum while the ranks still write, two jobs in one
 * directory) is refused where the profile is read (gmon-read.h:
 * profile_add_file, so a sum refuses it as a bad file, or --skip-bad
 * leaves the rank out), and its companion is never read for it.
 */
#ifndef GPROF_PAR_COMPANIONS_H
#define GPROF_PAR_COMPANIONS_H

#include <stddef.h>

#include "companion-file.h"

/* profile's companion of kind KIND (malloc'ed; NULL when out of memory). */
char *companion_path(const char *profile, const char *kind);

/* profile's one companion, PROFILE+gmon-mpi (malloc'ed; NULL when out of
 * memory). */
char *companion_file_path(const char *profile);

/*
 * Whether profile's companion was written with it: bytes (len bytes) are
 * the profile as read, or NULL (then it is read here).  Returns 0 when it
 * was, or when there is nothing to check (no companion; an earlier one
 * that does not name its profile; a damaged one, or a profile that cannot
 * be read: their readers say why); -1 with a message naming both files,
 * what differs, and what to do, in err.  Each companion is checked once
 * while it is kept (companion_load).
 */
int companion_pair_check(const char *profile, const unsigned char *bytes, size_t len, char *err,
			 size_t errlen);

/* The name a reader opens for profile's companion of kind KIND
 * (companion-file.h; malloc'ed, NULL when out of memory): a section of
 * PROFILE+gmon-mpi when the profile has one (and it is the profile's: a
 * companion that is not, companion_pair_check, is read as none), else the
 * earlier file.  The PLT counts, written by the rtld-audit library in its
 * own link namespace, are a rank's file of their own, and a sum's section
 * "plt-calls" (sum-companion.h): the section where the companion has one,
 * else the file; the MPI profile is the section "mpi"
 * (gmon-mpi-profile.h).  A sum's companion is read as a rank's: it names
 * its profile in its "sum" section, and its pair is checked the same way. */
char *companion_input_path(const char *profile, const char *kind);

/* profile's run, from its companion: 1 (run filled), 0 when it has no
 * companion or no run section, -1 with a message when the companion is
 * bad.  The pair is not checked here (the runs of a directory are read on
 * one process, from the companions alone): the profile's reader checks it. */
int companion_run_of(const char *profile, struct companion_run *run, char *err, size_t errlen);

/* Whether profile is a sum of ranks (gprof-par -s, -S or the in-job sum:
 * its companion has a "sum" section, no "run"); 0 also when it has no
 * companion or a bad one (its reader says so). */
int companion_is_sum(const char *profile);

/* profile's companion of a shared library (malloc'ed; NULL when out of
 * memory): PROFILE+BASE, or where BASE is a companion's own kind
 * (gmon-mpi, mpi, paths: companion_kind_reserved) or salt is not 0 (a
 * second library of that base name), BASE~HHHHHHHH, a hash of its path,
 * build-id (may be NULL) and salt, as the runtime names them
 * (companion-name.h).  So a library named gmon-mpi never overwrites a
 * rank's companion. */
char *companion_library_path(const char *profile, const char *base, const char *path,
			     const char *build_id, unsigned salt);

/* The KIND alone of that companion (malloc'ed; NULL when out of memory):
 * a sum's LIBRARY section's name (sum-companion.h). */
char *companion_library_name(const char *base, const char *path, const char *build_id,
			     unsigned salt);

/* name in the directory of file (malloc'ed; NULL when out of memory): a
 * list of modules names each library's data beside it (a file, or a
 * section of the same companion: companion-file.h). */
char *companion_beside(const char *file, const char *name);

/*
 * Whether file is named as a companion of a profile for which
 * is_profile(name, ctx) answers nonzero: file is NAME+KIND.N and NAME.N
 * is one (the rule's form), or file is NAME+KIND and NAME is one (the
 * form of a profile without a rank-like suffix, and of the files of
 * earlier versions, gmon.out.3+paths).  Returns 1 or 0; -1 when out of
 * memory.
 */
int companion_of_named(const char *file, int (*is_profile)(const char *name, void *ctx),
		       void *ctx);

#endif /* GPROF_PAR_COMPANIONS_H */
