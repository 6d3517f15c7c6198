/*
 * companion-name.h - the names of the files written beside a profile
 * (PROFILE+paths, +calls, +plt-calls, +modules, +LIBRARY: gmon-callpaths.h,
 * gmon-calls.h, gmon-modules.h), by the runtime, its rtld-audit library
 * and gprof-par alike.
 *
 * A profile whose file name ends in a rank-like suffix ".N" (N one or
 * more decimal digits, after something: gmon.out.3, /x/run.7) gets its
 * companions with "+KIND" put before that suffix, so that a shell glob
 * over the profiles (`gprof a.out gmon.out.*`) never names a companion:
 *
 *   gmon.out.3  ->  gmon.out+paths.3, gmon.out+libmpi.so.40.3
 *
 * Any other profile (the serial gmon.out, a sum gmon.sum, -o NAME) gets
 * PROFILE+KIND: gmon.out+paths, gmon.sum+libmpi.so.40.  The rule is by
 * name only.  No allocation, no stdio: the runtime calls it at exit.
 */
#ifndef GMON_COMPANION_NAME_H
#define GMON_COMPANION_NAME_H

#include <stddef.h>
#include <stdint.h>

/* The length of profile before its rank-like suffix (where "+KIND" goes):
 * strlen(profile) when its name has no such suffix. */
size_t companion_stem(const char *profile);

/*
 * Writes the name of profile's companion of kind KIND into buf (cut at
 * size, always terminated when size > 0; buf may be NULL when size is 0).
 * Returns the full name's length, as snprintf: the name was cut when the
 * result is size or more.
 */
size_t companion_name(const char *profile, const char *kind, char *buf, size_t size);

/*
 * A shared library's companion, PROFILE+KIND: KIND is its file's base
 * name, unless that is not unique (issue 31, item 3): a base name that is
 * a companion's own kind (paths, calls, plt-calls, modules:
 * companion_kind_reserved), or that another library of the same write has
 * (a/libplug.so and b/libplug.so), gets "~HHHHHHHH" after it, 8 hex digits
 * of a hash of its path and build-id (companion_library_key) and of salt:
 * libplug.so~3f09a2c1.  A writer asks with salt 0, 1, 2, ... until the
 * name is not another library's of its write; the list beside the profile
 * names each file (gmon-modules.h), and readers take the name from there.
 * Returns the full kind's length, as companion_name.
 */
int companion_kind_reserved(const char *kind);
uint64_t companion_library_key(const char *path, const unsigned char *id, size_t id_len);
size_t companion_library_kind(const char *base, uint64_t key, unsigned salt, char *buf,
			      size_t size);

#endif /* GMON_COMPANION_NAME_H */
