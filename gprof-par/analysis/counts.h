/*
 * counts.h - call counts: map the profile's arcs to functions as GNU
 * gprof 2.40 does (call_graph.c cg_tally, cg_arcs.c cg_assemble); the -C
 * report prints them (report/exec-counts.h).
 */
#ifndef GPROF_PAR_COUNTS_H
#define GPROF_PAR_COUNTS_H

#include <stddef.h>

#include "profile.h"
#include "symtab.h"

/*
 * Sets calls and self_calls of every function of st from p's arcs.  An arc
 * whose from_pc or self_pc is in no function is dropped; one whose self_pc
 * is in a non-STT_FUNC symbol goes to the function before it.
 */
void counts_tally(struct symtab *st, const struct profile *p);

#endif /* GPROF_PAR_COUNTS_H */
