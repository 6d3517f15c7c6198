/*
 * summary-lines.h - the hottest source lines of the summary's top
 * functions (summary.c's helper): the histogram's bins in each function
 * (its OpenMP regions' too), looked up in the DWARF line tables, the
 * bins of code the compiler inlined into it given to the inlined
 * function's row ("stencil [inlined]", inlines.h), not to the function it
 * was inlined into.
 */
#ifndef GPROF_PAR_SUMMARY_LINES_H
#define GPROF_PAR_SUMMARY_LINES_H

#include "summary.h"
#include "symtab.h"

struct inlines;

/* The functions whose hottest lines are wanted: f and its symbol (NULL:
 * f is code inlined, f->name its label). */
struct summary_wanted_lines {
	struct summary_function *f[2 * SUMMARY_TOP];
	const struct sym *sym[2 * SUMMARY_TOP];
	size_t n;
};

void summary_want_lines(struct summary_wanted_lines *w, struct summary_function *f,
			const struct sym *sym);

/* Fills the wanted functions' lines (at most SUMMARY_LINES each, the
 * most samples first) from p's histogram; in: st's executable's DWARF
 * when the caller has it open (measured_inlines), else NULL (opened here).
 * Returns 0, or -1 when out of memory. */
int summary_hot_lines(struct summary_wanted_lines *w, struct symtab *st, const struct profile *p,
		      struct inlines *in);

#endif /* GPROF_PAR_SUMMARY_LINES_H */
