/*
 * callgraph.h - the call graph as GNU gprof 2.40 builds and prints it:
 * arcs between functions, cycles (strongly connected components), time
 * propagated from callees to callers, the call-graph report and the index
 * by function name.
 *
 * The core does not know how symbols are read: the caller hands it the
 * functions (in the order of the symbol table, i.e. by address) and the
 * arcs already mapped to function numbers.  callgraph_build_symtab() does
 * that mapping from a struct symtab and a struct profile.
 *
 * Use (after the histogram is assigned to symbols):
 *
 *     struct callgraph *cg = callgraph_build_symtab(&symtab, &profile);
 *     ... sym.child_ticks is now set for the flat profile's total s/call
 *     callgraph_print_graph(stdout, cg, &opts);   (GNU's cg_print)
 *     callgraph_print_index(stdout, cg, &opts);   (GNU's cg_print_index)
 *     callgraph_free(cg);
 *
 * Sections as GNU gprof 2.40 prints them (FSF style):
 *   flat profile [+ its explanation], then the call graph, whose header
 *   starts with "\f\n" when something was printed before it
 *   (opts.follows_other_section), [its explanation], then the index, which
 *   always starts with "\f\n".  With -q -b: graph + index; -b: flat, graph,
 *   index; -p -b: flat only.
 */
#ifndef GPROF_PAR_CALLGRAPH_H
#define GPROF_PAR_CALLGRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct symtab;
struct profile;

/* One function of the symbol table. */
struct cg_function_in {
	const char *name;      /* as sorted (the mangled name) */
	double self_ticks;     /* histogram samples credited to it (may be fractional) */
	const char *print_name; /* as printed (demangled); NULL: name */
};

/*
 * One arc record of the profile (or of a sum of profiles), in the order the
 * records were read.  parent and child are indexes into the function array.
 * As GNU gprof does, the caller drops records whose from_pc or self_pc falls
 * in no function: their callees then show up as called by <spontaneous>.
 * Several records between the same two functions are added.
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
	int follows_other_section; /* something (the flat profile) was printed before */
	int output_width;      /* -w: width of the index; 0 means GNU's default 80 */
	double hz;             /* samples per second (profile rate) */
	long sample_bytes;     /* "each sample hit covers N byte(s)": see callgraph_sample_bytes */
};

/*
 * Builds the graph: merges arcs, numbers the functions in depth-first order,
 * finds cycles, propagates time and sorts the entries.  Returns NULL when
 * out of memory.  The names funcs point to must outlive the graph.
 * Functions GNU gprof excludes by default (mcount and friends) get no time
 * and no entry, as with GNU.
 */
struct callgraph *callgraph_build(const struct cg_function_in *funcs, size_t nfuncs,
				  const struct cg_arc_in *arcs, size_t narcs);

/*
 * The same from a symbol table whose ticks are assigned and a profile: maps
 * each arc as GNU's cg_tally does (dropping arcs whose ends are in no
 * function, moving a callee that is not STT_FUNC back to the function
 * before it), builds the graph, and stores each function's propagated
 * child time in sym.child_ticks.  The symtab must outlive the graph.
 */
struct callgraph *callgraph_build_symtab(struct symtab *st, const struct profile *p);

/*
 * GNU's "each sample hit covers N byte(s)" for the profile's histogram:
 * (long)hist_scale * 2, hist_scale = ((high_pc - low_pc) / 2) / nbins.
 */
long callgraph_sample_bytes(const struct profile *p);

/*
 * The number of calls to function i from other functions (self-recursive
 * calls excluded), as the flat profile's "calls" column and -C show it.
 */
uint64_t callgraph_calls(const struct callgraph *cg, size_t i);

/* The number of self-recursive calls of function i. */
uint64_t callgraph_self_calls(const struct callgraph *cg, size_t i);

/* GNU's cg.child_time of function i, in ticks (for "total s/call"). */
double callgraph_child_ticks(const struct callgraph *cg, size_t i);

/* Nonzero if GNU gprof excludes this name by default from time, graph and
 * flat profile (mcount, _mcount, __mcount_internal, ...). */
int callgraph_excluded_by_default(const char *name);

/*
 * Prints the call graph section exactly as GNU gprof does (header, entries,
 * separators, explanations unless brief).
 */
void callgraph_print_graph(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt);

/* Prints the "\f\nIndex by function name" section exactly as GNU gprof does. */
void callgraph_print_index(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt);

void callgraph_free(struct callgraph *cg);

#endif /* GPROF_PAR_CALLGRAPH_H */
