/*
 * companions.h - the names of the files beside a profile (PROFILE+paths,
 * +calls, +plt-calls, +modules, +LIBRARY) that gprof-par reads beside the
 * profiles and writes beside a sum, by the runtime's rule
 * (common/companion-name.h): "+KIND" before a rank-like suffix ".N"
 * (gmon.out.3 -> gmon.out+paths.3), PROFILE+KIND otherwise (gmon.sum ->
 * gmon.sum+paths).
 */
#ifndef GPROF_PAR_COMPANIONS_H
#define GPROF_PAR_COMPANIONS_H

/* profile's companion of kind KIND (malloc'ed; NULL when out of memory). */
char *companion_path(const char *profile, const char *kind);

/* profile's companion of a shared library (malloc'ed; NULL when out of
 * memory): PROFILE+BASE, or where BASE is a companion's own kind
 * (gmon-mpi, mpi, paths: companion_kind_reserved) or salt is not 0 (a
 * second library of that base name), BASE~HHHHHHHH, a hash of its path,
 * build-id (may be NULL) and salt, as the runtime names them
 * (companion-name.h).  So a library named gmon-mpi never overwrites a
 * rank's companion. */
char *companion_library_path(const char *profile, const char *base, const char *path,
			     const char *build_id, unsigned salt);

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
