/*
 * ordering.h - GNU gprof's suggested orders, from the call graph's arcs:
 * of the functions (-r, --function-ordering: a list of names to give the
 * linker, callers next to their callees) and of the object files (-R,
 * --file-ordering, with the functions mapped to their files).
 */
#ifndef GPROF_PAR_ORDERING_H
#define GPROF_PAR_ORDERING_H

#include <stdio.h>

#include "callgraph.h"

/* Prints one function name per line, as GNU gprof 2.40 -r does.  Returns
 * 0, or -1 when out of memory (nothing printed). */
int ordering_print_functions(FILE *out, const struct callgraph *cg);

/*
 * Prints the object files one per line, as GNU gprof 2.40 -R does: the
 * chains placed along the arcs between mapped functions, then the mapped
 * functions (file names) not placed, then the map's files that no
 * function carries.  The functions are the call graph's (cg may be NULL
 * without arcs), given by name and mapped flag in the graph's order;
 * map_files: every line's file name (sorted here).  Returns 0, or -1 when
 * out of memory.
 */
int ordering_print_files(FILE *out, const struct callgraph *cg, const char *const *sym_names,
			 const unsigned char *sym_mapped, size_t nsyms, const char **map_files,
			 size_t nmap_files);

#endif /* GPROF_PAR_ORDERING_H */
