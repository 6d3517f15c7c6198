/*
 * report/ - the text gprof-par prints, byte for byte GNU gprof 2.40's:
 * the flat profile (this header), the call graph and its index
 * (callgraph-print.h, callgraph-blurb.h) and -C's execution counts
 * (exec-counts.h).  It formats what analysis/ computed onto the FILE * it
 * is given, and never opens or reads a file (tests/analyzer/layers.sh
 * checks).  Next here: callgrind, folded-stack, JSON and SVG exports.
 *
 * flat.h - print the flat profile exactly as GNU gprof 2.40 does: header,
 * functions sorted by self time (then calls, then name), adaptive per-call
 * unit (s, ms, us, ... and GNU's "Ts" when nothing called has time), and
 * the explanations that -b removes.
 */
#ifndef GPROF_PAR_FLAT_H
#define GPROF_PAR_FLAT_H

#include <stdio.h>

#include "hist.h"
#include "symtab.h"

struct callgraph;

struct flat_options {
	int brief;               /* -b: no explanations */
	int show_zeros;          /* -z: also functions never called nor sampled */
	/* -T: GNU's traditional (BSD) layout: the explanation first, the
	 * granularity line, per-call times in ms, names with their cycle and
	 * call-graph index (from cg, when there is one). */
	int bsd;
	long sample_bytes;       /* callgraph_sample_bytes() */
	const struct callgraph *cg;
};

/* Prints the section (without the form feed that separates sections).
 * Needs ticks (hist_assign), calls (counts_tally) and, for the "total"
 * column, child_ticks from the call graph.  Returns 0, or -1 out of memory. */
int flat_print(FILE *out, const struct symtab *st, const struct hist_summary *h,
	       const struct flat_options *opt);

#endif /* GPROF_PAR_FLAT_H */
