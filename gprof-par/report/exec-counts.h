/*
 * exec-counts.h - the -C report: how many times each function was called,
 * as GNU gprof 2.40 prints it (basic_blocks.c print_exec_counts).
 */
#ifndef GPROF_PAR_EXEC_COUNTS_H
#define GPROF_PAR_EXEC_COUNTS_H

#include <stdio.h>

#include "symtab.h"

/*
 * Prints the -C section: "<unknown>:0: (name:0xADDR) N executions" for each
 * function called at least once (every function with show_zeros), by
 * address.  GNU names the source file and line when the executable has
 * debug information; gprof-par always prints "<unknown>:0".
 */
void counts_print(FILE *out, const struct symtab *st, int show_zeros);

#endif /* GPROF_PAR_EXEC_COUNTS_H */
