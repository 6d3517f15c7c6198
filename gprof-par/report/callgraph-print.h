/*
 * callgraph-print.h - the call graph report and the index by function
 * name, byte for byte as GNU gprof 2.40 prints them, from a graph built by
 * analysis/callgraph.h.
 *
 * Sections as GNU gprof 2.40 prints them (FSF style):
 *   flat profile [+ its explanation], then the call graph, whose header
 *   starts with "\f\n" when something was printed before it
 *   (opts.follows_other_section), [its explanation], then the index, which
 *   always starts with "\f\n".  With -q -b: graph + index; -b: flat, graph,
 *   index; -p -b: flat only.
 */
#ifndef GPROF_PAR_CALLGRAPH_PRINT_H
#define GPROF_PAR_CALLGRAPH_PRINT_H

#include <stdint.h>
#include <stdio.h>

#include "callgraph.h"

/* Options of the reports, with the GNU gprof flag that sets them. */
struct cg_report_options {
	int brief;             /* -b: no explanations */
	int show_zeros;        /* -z: also functions never called and never sampled */
	int follows_other_section; /* something (the flat profile) was printed before */
	int output_width;      /* -w: width of the index; 0 means GNU's default 80 */
	double hz;             /* samples per second (profile rate) */
	long sample_bytes;     /* "each sample hit covers N byte(s)": see callgraph_sample_bytes */
	int print_path;        /* -L: a source file's whole path, not its base name */
	int bsd;               /* -T: GNU's traditional (BSD) layout */
	int line_symbols;      /* -l: no entry for a cycle as a whole (GNU
				* prints only functions' entries) */
	int measured;          /* --measured: say so under the granularity line */
	const char *measured_by; /* the option that measured, as said there
				  * (NULL: "--measured") */
	uint64_t measured_samples; /* samples of the call paths */
	long estimated;        /* entries that kept gprof's estimate */
	uint64_t measured_outside; /* of those samples, in shared libraries */
};

/*
 * Prints the call graph section exactly as GNU gprof does (header, entries,
 * separators, explanations unless brief).
 */
void callgraph_print_graph(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt);

/* Prints the "\f\nIndex by function name" section exactly as GNU gprof does. */
void callgraph_print_index(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt);

#endif /* GPROF_PAR_CALLGRAPH_PRINT_H */
