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

#endif /* GPROF_PAR_ORDERING_H */
