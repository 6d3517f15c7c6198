/*
 * annotated-source.h - the annotated-source section (-A) of a report:
 * report/annotate.c formats it; this part, at the top, finds and reads the
 * source files (symbols/source.h, -I and GPROF_PATH) and, for -y, writes
 * each annotation to its own BASENAME-ann file in the current directory.
 */
#ifndef GPROF_PAR_ANNOTATED_SOURCE_H
#define GPROF_PAR_ANNOTATED_SOURCE_H

#include "options.h"
#include "symtab.h"

/* Prints the section on standard output (or in -y's files); *printed as
 * for the other sections.  Dies when out of memory; a file that cannot be
 * found or written gets a message on stderr and is left out, as in GNU
 * gprof. */
void print_annotated_source(const struct options *o, const struct symtab *st, int *printed);

/* The search list for source files: -I's lists in order, then GPROF_PATH
 * (GNU's order), into path.  Dies when out of memory. */
struct source_path;
void source_search_path(const struct options *o, struct source_path *path);

/* The text of a source file found along path (a struct source_path *),
 * malloc'ed; NULL with a message on stderr when it cannot be read. */
char *source_read_or_say(const char *name, size_t *len, void *path);

#endif /* GPROF_PAR_ANNOTATED_SOURCE_H */
