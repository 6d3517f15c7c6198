/*
 * measured-graph.c - the call graph's children times measured from the
 * named call paths, and the calls between named frames (measured.h:
 * measured_apply, measured_arcs).  Split from measured.c, which names the
 * paths.
 */
#include "measured.h"

#include <stdlib.h>
#include <string.h>

#include "callgraph-data.h"
#include "callgraph.h"
#include "gmon-callpaths.h"
#include "grow.h"
#include "symtab.h"

struct graph_counts {
	double *child;           /* per node: on the path, not the leaf */
	double *total;           /* per node: on the path */
	double *arc_self, *arc_total; /* per arc */
	size_t *arc_slots, nslots;    /* (parent, child) -> arc */
	unsigned char *seen;     /* per node: stamp for "once per path" */
};

static size_t arc_slot(const struct graph_counts *g, size_t parent, size_t child)
{
	return (size_t)(((uint64_t)parent * 0x9e3779b97f4a7c15ull ^ (uint64_t)child) *
			0xff51afd7ed558ccdull >> 20) & (g->nslots - 1);
}

static size_t find_arc(const struct callgraph *cg, const struct graph_counts *g, size_t parent,
		       size_t child)
{
	for (size_t s = arc_slot(g, parent, child); g->arc_slots[s] != SIZE_MAX;
	     s = (s + 1) & (g->nslots - 1)) {
		const struct cg_arc *a = &cg->arcs[g->arc_slots[s]];

		if (a->parent == parent && a->child == child)
			return g->arc_slots[s];
	}
	return SIZE_MAX;
}

static int index_arcs(const struct callgraph *cg, struct graph_counts *g)
{
	g->nslots = 16;
	while (g->nslots < 2 * cg->narcs + 2)
		g->nslots *= 2;
	g->arc_slots = malloc(g->nslots * sizeof *g->arc_slots);
	if (!g->arc_slots)
		return -1;
	for (size_t s = 0; s < g->nslots; s++)
		g->arc_slots[s] = SIZE_MAX;
	for (size_t a = 0; a < cg->narcs; a++) {
		size_t s = arc_slot(g, cg->arcs[a].parent, cg->arcs[a].child);

		while (g->arc_slots[s] != SIZE_MAX)
			s = (s + 1) & (g->nslots - 1);
		g->arc_slots[s] = a;
	}
	return 0;
}

/* One path's samples into the counts: nodes is its executable functions
 * (graph nodes), leaf first; leaf_is_exe: the sampled PC was one of them. */
static void count_path(const struct callgraph *cg, struct graph_counts *g, const size_t *nodes,
		       uint32_t n, int leaf_is_exe, double w)
{
	size_t leaf = leaf_is_exe && n > 0 ? nodes[0] : SIZE_MAX;
	size_t pairs[GMON_CALLPATHS_MAX_DEPTH];
	uint32_t npairs = 0;

	for (uint32_t i = 0; i < n; i++) {
		size_t f = nodes[i];
		size_t c = cg->nodes[f].cycle ? cg->nodes[f].cycle_head : SIZE_MAX;

		if (!g->seen[f]) {
			g->seen[f] = 1;
			g->total[f] += w;
			if (f != leaf)
				g->child[f] += w;
		}
		/* the cycle as a whole: its time below, unless the leaf is in it */
		if (c != SIZE_MAX && c != f && !g->seen[c]) {
			g->seen[c] = 1;
			g->total[c] += w;
			if (leaf == SIZE_MAX || cg->nodes[leaf].cycle_head != c)
				g->child[c] += w;
		}
		if (i > 0) {
			size_t a = find_arc(cg, g, f, nodes[i - 1]);
			uint32_t k;

			for (k = 0; k < npairs && pairs[k] != a; k++)
				;
			if (a != SIZE_MAX && k == npairs) {
				pairs[npairs++] = a;
				g->arc_total[a] += w;
				if (i == 1 && nodes[0] == leaf)
					g->arc_self[a] += w;
			}
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		size_t f = nodes[i];

		g->seen[f] = 0;
		if (cg->nodes[f].cycle)
			g->seen[cg->nodes[f].cycle_head] = 0;
	}
}

/* Graph node of each executable symbol (the rows, numbered by address). */
static size_t *node_of_symbols(const struct symtab *st)
{
	size_t *node = malloc((st->nsyms ? st->nsyms : 1) * sizeof *node);
	size_t row = 0;

	if (!node)
		return NULL;
	for (size_t i = 0; i < st->nsyms; i++)
		node[i] = sym_is_row(&st->syms[i]) ? row++ : SIZE_MAX;
	return node;
}

static void free_counts(struct graph_counts *g)
{
	free(g->child);
	free(g->total);
	free(g->arc_self);
	free(g->arc_total);
	free(g->arc_slots);
	free(g->seen);
}

/* Whether GNU's propagation gives arc a time at all (callgraph.c's rule). */
static int arc_carries_time(const struct callgraph *cg, const struct cg_arc *a)
{
	const struct cg_node *p = &cg->nodes[a->parent], *c = &cg->nodes[a->child];

	return a->count > 0 && a->parent != a->child && !(p->cycle && p->cycle == c->cycle);
}

int measured_apply(struct callgraph *cg, struct symtab *st, const struct measured *m,
		   struct measured_outcome *out)
{
	size_t nnodes = cg->nfuncs + cg->ncycles;
	size_t *node = node_of_symbols(st);
	size_t nodes[GMON_CALLPATHS_MAX_DEPTH];
	struct graph_counts g = { 0 };

	g.child = calloc(nnodes + 1, sizeof *g.child);
	g.total = calloc(nnodes + 1, sizeof *g.total);
	g.arc_self = calloc(cg->narcs + 1, sizeof *g.arc_self);
	g.arc_total = calloc(cg->narcs + 1, sizeof *g.arc_total);
	g.seen = calloc(nnodes + 1, 1);
	*out = (struct measured_outcome){ 0, 0 };
	if (!node || !g.child || !g.total || !g.arc_self || !g.arc_total || !g.seen ||
	    index_arcs(cg, &g) != 0) {
		free(node);
		free_counts(&g);
		return -1;
	}
	for (size_t p = 0; p < m->npaths; p++) {
		const struct measured_path *path = &m->paths[p];
		uint32_t n = 0, leaf = path->n;
		int leaf_is_exe = 0;

		/* code inlined into a function is that function's (GNU's rows
		 * are the symbols'): the leaf is the last frame not inlined,
		 * the inlined ones (sym SIZE_MAX) are left out */
		while (leaf > 1 && m->fns[m->ids[path->first + leaf - 1]].inlined)
			leaf--;
		for (uint32_t i = leaf; i-- > 0;) {    /* leaf first */
			size_t sym = m->fns[m->ids[path->first + i]].sym;

			if (sym == SIZE_MAX || node[sym] == SIZE_MAX)
				continue;
			if (i == leaf - 1)
				leaf_is_exe = 1;
			/* a function directly under itself (its OpenMP region
			 * under --regions=parent, below libgomp's frames; a
			 * direct recursion) is one frame: the samples in it
			 * are its own on its caller's line (GNU's self
			 * column), not the caller's children */
			if (n > 0 && nodes[n - 1] == node[sym])
				continue;
			nodes[n++] = node[sym];
		}
		count_path(cg, &g, nodes, n, leaf_is_exe, (double)path->samples);
		if (!leaf_is_exe)
			out->outside += path->samples;
	}
	/*
	 * Functions: measured, but for one that was sampled (self time in the
	 * histogram) and yet is on no path (its paths were not kept: the
	 * runtime's table was full, or paths were off for a while): there
	 * gprof's estimate of its children is all there is.  A function on no
	 * path and without samples had no time under it: measured 0.
	 */
	for (size_t f = 0; f < nnodes; f++) {
		struct cg_node *c = &cg->nodes[f];

		if (g.total[f] == 0 && c->self_ticks > 0 && c->child_time > 0) {
			c->estimated = 1;
			out->estimated++;
			continue;
		}
		c->child_time = g.child[f];
		c->prop_child = c->prop_fract * g.child[f];
	}
	for (size_t a = 0; a < cg->narcs; a++) {
		struct cg_arc *arc = &cg->arcs[a];
		const struct cg_node *child = &cg->nodes[arc->child];
		double fract = cg->nodes[arc->parent].prop_fract;

		if (!arc_carries_time(cg, arc) || child->estimated ||
		    (child->cycle && cg->nodes[child->cycle_head].estimated))
			continue;
		arc->time = fract * g.arc_self[a];
		arc->child_time = fract * (g.arc_total[a] - g.arc_self[a]);
	}
	for (size_t i = 0; i < st->nsyms; i++)
		if (node[i] != SIZE_MAX)
			st->syms[i].child_ticks = cg->nodes[node[i]].child_time;
	free(node);
	free_counts(&g);
	/* 100% is every sample, those in the libraries included */
	cg->print_time += (double)out->outside;
	return callgraph_sort_by_time(cg);
}

/* ---- named arcs, for the exports ---- */

static int cmp_named_arcs(const void *a, const void *b)
{
	const struct measured_arc *l = a, *r = b;

	if (l->caller != r->caller)
		return l->caller < r->caller ? -1 : 1;
	return l->callee < r->callee ? -1 : l->callee > r->callee;
}

/* The gmon calls of an arc between two of the executable's functions. */
static void arc_calls(const struct callgraph *cg, const struct graph_counts *g,
		      const size_t *node, const struct measured *m, struct measured_arc *a)
{
	size_t ps = m->fns[a->caller].sym, cs = m->fns[a->callee].sym, k;

	if (!cg || ps == SIZE_MAX || cs == SIZE_MAX || node[ps] == SIZE_MAX ||
	    node[cs] == SIZE_MAX)
		return;
	k = find_arc(cg, g, node[ps], node[cs]);
	if (k != SIZE_MAX) {
		a->calls = cg->arcs[k].count;
		a->has_calls = 1;
	}
}

int measured_arcs(const struct measured *m, const struct callgraph *cg,
		  const struct symtab *st, struct measured_arc **out, size_t *nout)
{
	struct measured_arc *arcs = NULL, *grown;
	size_t n = 0, cap = 0, *node = node_of_symbols(st);
	struct graph_counts g = { 0 };

	*out = NULL;
	*nout = 0;
	if (!node || (cg && index_arcs(cg, &g) != 0))
		goto oom;
	for (size_t p = 0; p < m->npaths; p++) {
		const struct measured_path *path = &m->paths[p];
		const uint32_t *ids = &m->ids[path->first];
		size_t start = n;

		for (uint32_t i = 1; i < path->n; i++) {
			size_t k;

			for (k = start; k < n && !(arcs[k].caller == ids[i - 1] &&
						   arcs[k].callee == ids[i]); k++)
				;
			if (k < n)
				continue;  /* once per path (recursion) */
			grown = grow_array(arcs, &cap, n + 1, sizeof *grown, 256);
			if (!grown)
				goto oom;
			arcs = grown;
			arcs[n++] = (struct measured_arc){ ids[i - 1], ids[i], path->samples, 0, 0 };
		}
	}
	/* the same arc on several paths: one entry */
	if (n > 0)
		qsort(arcs, n, sizeof *arcs, cmp_named_arcs);
	size_t w = 0;
	for (size_t k = 0; k < n; k++) {
		if (w > 0 && arcs[w - 1].caller == arcs[k].caller &&
		    arcs[w - 1].callee == arcs[k].callee) {
			arcs[w - 1].inclusive += arcs[k].inclusive;
			continue;
		}
		arcs[w++] = arcs[k];
	}
	for (size_t k = 0; k < w; k++)
		arc_calls(cg, &g, node, m, &arcs[k]);
	free(node);
	free(g.arc_slots);
	*out = arcs;
	*nout = w;
	return 0;
oom:
	free(node);
	free(g.arc_slots);
	free(arcs);
	return -1;
}
