/*
 * callgraph.h - the call graph as GNU gprof 2.40 builds and prints it:
 * arcs between functions, cycles (strongly connected components), time
 * propagated from callees to callers, the call-graph report and the index
 * by function name.
 *
 * The module does not know how symbols are read: the caller hands it the
 * functions (in the order of the symbol table, i.e. by address) and the
 * arcs already mapped to function numbers.
 *
 * Use (after the histogram is assigned to symbols and arcs are mapped):
 *
 *     struct callgraph *cg = callgraph_build(funcs, nfuncs, arcs, narcs);
 *     ... callgraph_calls(cg, i) is the "calls" column of the flat profile
 *     callgraph_print_graph(stdout, cg, &opts);   (GNU's cg_print)
 *     callgraph_print_index(stdout, cg, &opts);   (GNU's cg_print_index)
 *     callgraph_free(cg);
 */
#ifndef GPROF_PAR_CALLGRAPH_H
#define GPROF_PAR_CALLGRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One function of the symbol table. */
struct cg_function_in {
	const char *name;      /* as printed */
	double self_ticks;     /* histogram samples credited to it (may be fractional) */
};

/*
 * One arc record of the profile (or of a sum of profiles), in the order the
 * records were read.  parent and child are indexes into the function array.
 * As GNU gprof does, the caller drops records whose from_pc or self_pc falls
 * in no function: their callers then show up as <spontaneous>.  Several
 * records between the same two functions are added.
 */
struct cg_arc_in {
	size_t parent;
	size_t child;
	uint64_t count;
};

struct callgraph;

/* Options of the reports, with the GNU gprof flag that sets them. */
struct cg_report_options {
	int brief;             /* -b: no explanations */
	int show_zeros;        /* -z: also functions never called and never sampled */
	double hz;             /* samples per second (profile rate) */
	long sample_bytes;     /* "each sample hit covers N byte(s)": (long)(hist_scale * 2) */
};

/*
 * Builds the graph: merges arcs, numbers the functions in depth-first order,
 * finds cycles, propagates time and sorts the entries.  Returns NULL when
 * out of memory.  funcs and the names they point to must outlive the graph.
 */
struct callgraph *callgraph_build(const struct cg_function_in *funcs, size_t nfuncs,
				  const struct cg_arc_in *arcs, size_t narcs);

/*
 * The number of calls to function i from other functions (self-recursive
 * calls excluded), as the flat profile's "calls" column and -C show it.
 */
uint64_t callgraph_calls(const struct callgraph *cg, size_t i);

/* The number of self-recursive calls of function i. */
uint64_t callgraph_self_calls(const struct callgraph *cg, size_t i);

/*
 * Prints the call graph section exactly as GNU gprof does (header, entries,
 * separators, explanations unless brief, ending with the form-feed line).
 */
void callgraph_print_graph(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt);

/* Prints the "Index by function name" section exactly as GNU gprof does. */
void callgraph_print_index(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt);

void callgraph_free(struct callgraph *cg);

#endif /* GPROF_PAR_CALLGRAPH_H */
