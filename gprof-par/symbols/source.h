/*
 * source.h - a source file's text for annotated source (-A), found as GNU
 * gprof 2.40 finds it (source.c annotate_source): the name as the line
 * tables give it; if it is relative, then each directory of the search
 * list joined with it (the list starts with "." and -I adds to it); then,
 * for a name with a '/', each directory joined with its base name.  Only a
 * regular file is read (support/files.h): a FIFO or a device is refused.
 */
#ifndef GPROF_PAR_SOURCE_H
#define GPROF_PAR_SOURCE_H

#include <stddef.h>

struct source_path {
	const char **dirs;       /* the search list, in order */
	size_t ndirs;
};

/*
 * The text of the source file name (and its length in *len), malloc'ed
 * and NUL-terminated (a NUL inside is the file's);
 * NULL when no candidate can be read, with a message in err: "NAME: could
 * not locate it" when none exists (GNU's "could not locate"), else why the
 * last one could not be read.
 */
char *source_read(const char *name, const struct source_path *path, size_t *len, char *err,
		  size_t errlen);

/* Adds the directories of a colon-separated list (GNU's -I) to path;
 * returns 0, or -1 when out of memory. */
int source_path_add(struct source_path *path, const char *list);

void source_path_free(struct source_path *path);

#endif /* GPROF_PAR_SOURCE_H */
