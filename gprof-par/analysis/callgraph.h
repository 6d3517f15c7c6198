/*
 * analysis/ - from a profile and a symbol table to what the reports show:
 * histogram samples credited to functions (hist.h), call counts
 * (counts.h), and the call graph with its cycles and propagated time
 * (this header, callgraph-data.h).  It uses profile/ and symbols/, and
 * prints nothing.  Next here: measured call paths and load balance.
 *
 * callgraph.h - the call graph as GNU gprof 2.40 builds it: arcs between
 * functions, cycles (strongly connected components), time propagated from
 * callees to callers.  The report and the index by function name are
 * printed by report/callgraph-print.h from the data of callgraph-data.h.
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
 *     callgraph_print_graph(stdout, cg, &opts);   (report/, GNU's cg_print)
 *     callgraph_print_index(stdout, cg, &opts);   (report/, GNU's cg_print_index)
 *     callgraph_free(cg);
 */
#ifndef GPROF_PAR_CALLGRAPH_H
#define GPROF_PAR_CALLGRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct symtab;
struct profile;

/* The tables of symbol specifications a function is in (GNU's INCL_GRAPH,
 * EXCL_GRAPH: -q/-Q/-f/-F/-e/-E; INCL_TIME, EXCL_TIME: -n/-N/-F/-E). */
enum { CG_INCL_GRAPH = 1, CG_EXCL_GRAPH = 2, CG_INCL_TIME = 4, CG_EXCL_TIME = 8 };

/* One function of the symbol table. */
struct cg_function_in {
	const char *name;      /* as sorted (the mangled name) */
	double self_ticks;     /* histogram samples credited to it (may be fractional) */
	const char *print_name; /* as printed (demangled); NULL: name */
	unsigned select;       /* CG_INCL_GRAPH...: for callgraph_build_selected() */
	const char *static_file; /* a static function's source file, which the
				  * index names after it, or NULL */
	int mapped;            /* -R: named after its object file */
	int no_entry;          /* GNU -l: a line symbol (or a label), numbered
				* and a caller in others' entries, but with no
				* entry of its own */
};

/* Which INCL tables hold any function: GNU's rules differ when one does. */
struct cg_selection {
	int has_incl_graph;
	int has_incl_time;
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
 * The same with the functions' selection by symbol specifications: which
 * print and which pass their time up (GNU's propagate_flags) follow each
 * function's select bits and sel.  callgraph_build() is this with GNU's
 * default exclusions, by name, only.
 */
struct callgraph *callgraph_build_selected(const struct cg_function_in *funcs, size_t nfuncs,
					   const struct cg_arc_in *arcs, size_t narcs,
					   const struct cg_selection *sel);

/*
 * The same from a symbol table whose ticks are assigned and a profile: maps
 * each arc as GNU's cg_tally does (dropping arcs whose ends are in no
 * function, moving a callee that is not STT_FUNC back to the function
 * before it), builds the graph, and stores each function's propagated
 * child time in sym.child_ticks.  The symtab must outlive the graph.
 * static_calls (GNU -c, st read with SYMTAB_TEXT): also the calls found
 * in the text, as arcs of count 0 (see callgraph-symtab.c).
 */
struct callgraph *callgraph_build_symtab(struct symtab *st, const struct profile *p,
					 int static_calls);

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
 * Numbers the entries again in GNU's order (cmp_total) after their times
 * changed (measured.h).  Returns 0, or -1 when out of memory.
 */
int callgraph_sort_by_time(struct callgraph *cg);

void callgraph_free(struct callgraph *cg);

#endif /* GPROF_PAR_CALLGRAPH_H */
