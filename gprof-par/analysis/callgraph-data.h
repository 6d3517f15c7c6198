/*
 * callgraph-data.h - the call graph's data, made by callgraph.c (building,
 * cycles, propagation) and read by report/callgraph-print.c.  Not for
 * other modules.
 *
 * Nodes 0..nfuncs-1 are the functions in symbol-table order; nodes
 * nfuncs..nfuncs+ncycles-1 are the cycles as a whole (GNU's cycle_header,
 * whose name is NULL).  Field names follow GNU gprof's Sym.cg fields.
 */
#ifndef GPROF_PAR_CALLGRAPH_DATA_H
#define GPROF_PAR_CALLGRAPH_DATA_H

#include <stddef.h>
#include <stdint.h>

#define CG_NONE ((size_t)-1)

struct cg_node {
	const char *name;        /* NULL for a cycle as a whole; sorts by it */
	const char *print_name;  /* what is printed for it (demangled) */
	const char *static_file; /* " (file)" after it in the index, or NULL */
	double self_ticks;       /* GNU hist.time */
	double child_time;       /* cg.child_time */
	double prop_fract;       /* cg.prop.fract */
	double prop_self;        /* cg.prop.self */
	double prop_child;       /* cg.prop.child */
	uint64_t ncalls;         /* calls from others (self calls subtracted) */
	uint64_t self_calls;     /* cg.self_calls */
	long top_order;          /* cg.top_order: 0 = not numbered, -1 = busy */
	unsigned cycle;          /* cg.cyc.num, 0 if on no cycle */
	size_t cycle_head;       /* cg.cyc.head (node index) */
	size_t cycle_next;       /* cg.cyc.next (node index or CG_NONE) */
	size_t index;            /* cg.index: 1-based rank by total time */
	unsigned print_flag : 1; /* cg.print_flag */
	unsigned no_entry : 1;   /* cg_function_in.no_entry */
	unsigned mapped : 1;     /* cg_function_in.mapped */
	unsigned estimated : 1;  /* --measured: no sampled path, so its children
				  * time is gprof's estimate (measured.h) */
	/* In the symbol-specification tables (GNU's INCL_GRAPH, EXCL_GRAPH,
	 * INCL_TIME, EXCL_TIME; the default exclusions are in the EXCL ones). */
	unsigned incl_graph : 1, excl_graph : 1, incl_time : 1, excl_time : 1;
};

struct cg_arc {
	size_t parent;
	size_t child;
	uint64_t count;
	double time;             /* self time propagated along this arc */
	double child_time;       /* children's time propagated along it */
};

struct callgraph {
	size_t nfuncs;
	size_t ncycles;
	struct cg_node *nodes;   /* nfuncs + ncycles */
	struct cg_arc *arcs;     /* distinct (parent, child) pairs, by first record */
	size_t narcs;
	/*
	 * Arcs by parent and by child, newest first (GNU prepends each new
	 * arc to its parent's children and its child's parents):
	 * children of f are out_arcs[out_start[f] .. out_start[f+1]).
	 */
	size_t *out_start, *out_arcs;
	size_t *in_start, *in_arcs;
	struct cg_node **by_time; /* all nodes sorted as GNU's cmp_total */
	double print_time;       /* sum of prop_self: the 100% of the report */
	int has_incl_graph;      /* the INCL_GRAPH table is not empty */
	int has_incl_time;       /* nor the INCL_TIME one */
};

#endif /* GPROF_PAR_CALLGRAPH_DATA_H */
