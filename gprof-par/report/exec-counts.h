/*
 * exec-counts.h - the -C report: how many times each function was called,
 * as GNU gprof 2.40 prints it (basic_blocks.c print_exec_counts).
 */
#ifndef GPROF_PAR_EXEC_COUNTS_H
#define GPROF_PAR_EXEC_COUNTS_H

#include <stdio.h>

#include "symtab.h"

/*
 * Prints the -C section: "FILE:LINE: (name:0xADDR) N executions" for each
 * function -CSPEC/-ZSPEC keep that was called at least once (every one
 * with show_zeros), FILE:LINE "<unknown>:0" without line information; in
 * GNU's order (by file and line, else by address).  Returns 0, or -1 when
 * out of memory.
 */
int counts_print(FILE *out, const struct symtab *st, int show_zeros);

#endif /* GPROF_PAR_EXEC_COUNTS_H */
