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
 * The functions an arc goes from and to, as the reports count it: GNU's
 * rules (an arc whose from_pc or self_pc is in no function is dropped; one
 * whose self_pc is in a non-STT_FUNC symbol goes to the function before
 * it), then each end charged to its owner (symtab.h).  A call from a
 * function into one of its own regions or clones (--regions=parent) is not
 * a call of the source: dropped too.  Returns 1 and sets *caller and
 * *callee, or 0 for a dropped arc.
 */
int arc_functions(const struct symtab *st, gmon_addr_t from_pc, gmon_addr_t self_pc,
		  struct sym **caller, struct sym **callee);

/* Sets calls and self_calls of every function of st from p's arcs, mapped
 * by arc_functions(). */
void counts_tally(struct symtab *st, const struct profile *p);

#endif /* GPROF_PAR_COUNTS_H */
