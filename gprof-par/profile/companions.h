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
