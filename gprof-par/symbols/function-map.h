/*
 * function-map.h - the map of functions to object files that GNU gprof's
 * -R MAP (--file-ordering) reads: lines "FILE:... NAME" as nm -o prints
 * them (the function is the line's last word; "No symbols in ..." lines
 * are passed over).  A function of the executable found in the map keeps
 * its symbol only if it is the first of its file's run of lines, renamed
 * after the file; the others are dropped (symtab.c), as in GNU gprof.
 */
#ifndef GPROF_PAR_FUNCTION_MAP_H
#define GPROF_PAR_FUNCTION_MAP_H

#include <stddef.h>

struct function_map_entry {
	const char *function_name;
	const char *file_name;
	int is_first;            /* first line of a run of one file */
	size_t order;            /* line order in the map */
};

struct function_map {
	struct function_map_entry *entries;  /* sorted by function name */
	size_t n;
	char *text;              /* the file, the names point into it */
};

/* Reads path into m.  Returns 0, or -1 with GNU's "unable to parse
 * mapping file PATH." or why it could not be read in err. */
int function_map_read(struct function_map *m, const char *path, char *err, size_t errlen);

/* The entry for a function name, found as glibc's bsearch finds it (one
 * of several with that name), or NULL. */
const struct function_map_entry *function_map_find(const struct function_map *m,
						   const char *name);

void function_map_free(struct function_map *m);

#endif /* GPROF_PAR_FUNCTION_MAP_H */
