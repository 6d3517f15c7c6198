/*
 * counts.h - call counts: map the profile's arcs to functions as GNU
 * gprof 2.40 does (call_graph.c cg_tally, cg_arcs.c cg_assemble), and print
 * the -C execution counts (basic_blocks.c print_exec_counts).
 */
#ifndef GPROF_PAR_COUNTS_H
#define GPROF_PAR_COUNTS_H

#include <stddef.h>
#include <stdio.h>

#include "profile.h"
#include "symtab.h"

/*
 * Sets calls and self_calls of every function of st from p's arcs.  An arc
 * whose from_pc or self_pc is in no function is dropped; one whose self_pc
 * is in a non-STT_FUNC symbol goes to the function before it.
 */
void counts_tally(struct symtab *st, const struct profile *p);

/*
 * Prints the -C section: "<unknown>:0: (name:0xADDR) N executions" for each
 * function called at least once (every function with show_zeros), by
 * address.  GNU names the source file and line when the executable has
 * debug information; gprof-par always prints "<unknown>:0".
 */
void counts_print(FILE *out, const struct symtab *st, int show_zeros);

#endif /* GPROF_PAR_COUNTS_H */
