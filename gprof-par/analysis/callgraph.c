/*
 * callgraph.c - build the call graph as GNU gprof 2.40 does (cg_arcs.c,
 * cg_dfn.c): merge arcs per pair of functions, number functions in
 * depth-first order while collapsing cycles (strongly connected components
 * found on the DFS stack), propagate print flags and time fractions from
 * callers down, then time from callees up in topological order, and sort
 * all functions and cycles by total time.
 *
 * Every order that can change a printed digit or the order of lines
 * follows GNU's: children are visited newest arc first, ties of the
 * topological sort keep symbol-table order, and floating-point sums are
 * taken in GNU's order.  Unlike GNU, nothing here is quadratic in the
 * number of arcs: arcs are merged through a hash table and the DFS is
 * iterative (no recursion depth limit).
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "callgraph-data.h"

/* ---- arcs: merging records into one arc per (parent, child) ---- */

struct arc_table {
	size_t *slots;   /* arc index + 1, 0 = empty */
	size_t mask;
};

static uint64_t pair_hash(size_t parent, size_t child)
{
	uint64_t h = (uint64_t)parent * 0x9e3779b97f4a7c15ULL ^ (uint64_t)child;
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 29;
	return h;
}

/* Adds the records into cg->arcs, one arc per pair in order of first record. */
static int merge_arcs(struct callgraph *cg, const struct cg_arc_in *in, size_t n)
{
	struct arc_table t;
	size_t cap = 16;

	while (cap < 2 * n)
		cap *= 2;
	t.slots = calloc(cap, sizeof *t.slots);
	t.mask = cap - 1;
	cg->arcs = malloc((n ? n : 1) * sizeof *cg->arcs);
	if (!t.slots || !cg->arcs) {
		free(t.slots);
		return -1;
	}
	cg->narcs = 0;
	for (size_t i = 0; i < n; i++) {
		size_t p = in[i].parent, c = in[i].child;
		size_t s = pair_hash(p, c) & t.mask;

		if (p >= cg->nfuncs || c >= cg->nfuncs)
			continue;
		cg->nodes[c].ncalls += in[i].count;       /* GNU: child->ncalls += count */
		while (t.slots[s]) {
			struct cg_arc *a = &cg->arcs[t.slots[s] - 1];
			if (a->parent == p && a->child == c)
				break;
			s = (s + 1) & t.mask;
		}
		if (t.slots[s]) {
			cg->arcs[t.slots[s] - 1].count += in[i].count;
			continue;
		}
		t.slots[s] = cg->narcs + 1;
		cg->arcs[cg->narcs++] = (struct cg_arc){ .parent = p, .child = c,
							 .count = in[i].count };
	}
	free(t.slots);
	return 0;
}

/*
 * Lists every function's arcs, newest first (GNU prepends), as offsets into
 * one array per direction (counting sort by parent, then by child).
 */
static int index_arcs(struct callgraph *cg)
{
	size_t n = cg->nfuncs;

	cg->out_start = calloc(n + 1, sizeof(size_t));
	cg->in_start = calloc(n + 1, sizeof(size_t));
	cg->out_arcs = malloc((cg->narcs ? cg->narcs : 1) * sizeof(size_t));
	cg->in_arcs = malloc((cg->narcs ? cg->narcs : 1) * sizeof(size_t));
	if (!cg->out_start || !cg->in_start || !cg->out_arcs || !cg->in_arcs)
		return -1;
	for (size_t a = 0; a < cg->narcs; a++) {
		cg->out_start[cg->arcs[a].parent + 1]++;
		cg->in_start[cg->arcs[a].child + 1]++;
	}
	for (size_t f = 0; f < n; f++) {
		cg->out_start[f + 1] += cg->out_start[f];
		cg->in_start[f + 1] += cg->in_start[f];
	}
	/* Fill each list from its end with arcs in creation order: newest first. */
	size_t *out_fill = malloc((n + 1) * sizeof(size_t));
	size_t *in_fill = malloc((n + 1) * sizeof(size_t));
	if (!out_fill || !in_fill) {
		free(out_fill);
		free(in_fill);
		return -1;
	}
	memcpy(out_fill, cg->out_start + 1, n * sizeof(size_t));
	memcpy(in_fill, cg->in_start + 1, n * sizeof(size_t));
	for (size_t a = 0; a < cg->narcs; a++) {
		cg->out_arcs[--out_fill[cg->arcs[a].parent]] = a;
		cg->in_arcs[--in_fill[cg->arcs[a].child]] = a;
	}
	free(out_fill);
	free(in_fill);
	return 0;
}

/* ---- depth-first numbering and cycles (GNU cg_dfn.c) ---- */

#define DFN_NAN 0
#define DFN_BUSY (-1)

struct dfn_frame {
	size_t node;
	size_t next_arc;          /* position in the node's children list */
};

struct dfn_state {
	struct callgraph *cg;
	struct dfn_frame *stack;  /* stack[1..depth], as GNU's dfn_stack */
	size_t depth;
	size_t *stack_pos;        /* node -> its position on the stack, 0 if off */
	size_t *chain_tail;       /* for a cycle's head: last node of its member chain */
	long counter;
};

/*
 * child was reached again while busy: the functions on the stack above the
 * topmost entry that is child (or child's cycle head) form a cycle with it.
 * Glom them onto that head's chain (GNU find_cycle).
 */
static void find_cycle(struct dfn_state *st, size_t child)
{
	struct cg_node *nodes = st->cg->nodes;
	size_t top = st->stack_pos[child];
	size_t ch = nodes[child].cycle_head;

	if (ch != child && st->stack_pos[ch] > top)
		top = st->stack_pos[ch];
	if (top == 0 || top == st->depth)
		return;           /* not found (cannot happen), or a self call */

	size_t head = st->stack[top].node;
	if (nodes[head].cycle_head != head)
		head = nodes[head].cycle_head;
	size_t tail = st->chain_tail[head];
	for (size_t i = top + 1; i <= st->depth; i++) {
		size_t m = st->stack[i].node;
		if (nodes[m].cycle_head != m)
			continue; /* already glommed onto head */
		nodes[tail].cycle_next = m;
		nodes[m].cycle_head = head;
		for (tail = m; nodes[tail].cycle_next != CG_NONE; tail = nodes[tail].cycle_next)
			nodes[nodes[tail].cycle_next].cycle_head = head;
	}
	st->chain_tail[head] = tail;
}

static void pre_visit(struct dfn_state *st, size_t node)
{
	st->depth++;
	st->stack[st->depth] = (struct dfn_frame){ .node = node,
						   .next_arc = st->cg->out_start[node] };
	st->stack_pos[node] = st->depth;
	st->cg->nodes[node].top_order = DFN_BUSY;
}

static void post_visit(struct dfn_state *st, size_t node)
{
	struct cg_node *nodes = st->cg->nodes;

	if (nodes[node].cycle_head == node) {
		st->counter++;
		for (size_t m = node; m != CG_NONE; m = nodes[m].cycle_next)
			nodes[m].top_order = st->counter;
	}
	st->stack_pos[node] = 0;
	st->depth--;
}

/* GNU cg_dfn(root), without recursion. */
static void dfn(struct dfn_state *st, size_t root)
{
	struct callgraph *cg = st->cg;

	pre_visit(st, root);
	while (st->depth > 0) {
		struct dfn_frame *f = &st->stack[st->depth];
		if (f->next_arc == cg->out_start[f->node + 1]) {
			post_visit(st, f->node);
			continue;
		}
		size_t child = cg->arcs[cg->out_arcs[f->next_arc++]].child;
		long order = cg->nodes[child].top_order;
		if (order != DFN_NAN && order != DFN_BUSY)
			continue;         /* numbered */
		if (order == DFN_BUSY)
			find_cycle(st, child);
		else
			pre_visit(st, child);
	}
}

static int number_depth_first(struct callgraph *cg)
{
	struct dfn_state st = { .cg = cg };
	size_t n = cg->nfuncs;

	st.stack = malloc((n + 1) * sizeof *st.stack);
	st.stack_pos = calloc(n + 1, sizeof(size_t));
	st.chain_tail = malloc((n + 1) * sizeof(size_t));
	if (!st.stack || !st.stack_pos || !st.chain_tail) {
		free(st.stack);
		free(st.stack_pos);
		free(st.chain_tail);
		return -1;
	}
	for (size_t f = 0; f < n; f++)
		st.chain_tail[f] = f;
	for (size_t f = 0; f < n; f++)
		if (cg->nodes[f].top_order == DFN_NAN)
			dfn(&st, f);
	free(st.stack);
	free(st.stack_pos);
	free(st.chain_tail);
	return 0;
}

/* ---- cycles as a whole (GNU cycle_link) ---- */

static int link_cycles(struct callgraph *cg)
{
	size_t n = cg->nfuncs, ncycles = 0;

	for (size_t f = 0; f < n; f++)
		if (cg->nodes[f].cycle_head == f && cg->nodes[f].cycle_next != CG_NONE)
			ncycles++;
	if (ncycles) {
		struct cg_node *grown = realloc(cg->nodes, (n + ncycles) * sizeof *grown);
		if (!grown)
			return -1;
		cg->nodes = grown;
	}
	cg->ncycles = ncycles;

	struct cg_node *nodes = cg->nodes;
	size_t c = n;
	unsigned num = 0;
	for (size_t f = 0; f < n; f++) {
		if (!(nodes[f].cycle_head == f && nodes[f].cycle_next != CG_NONE))
			continue;
		num++;
		nodes[c] = (struct cg_node){ .name = NULL, .print_flag = 1,
					     .top_order = DFN_NAN, .cycle = num,
					     .cycle_head = c, .cycle_next = f };
		for (size_t m = f; m != CG_NONE; m = nodes[m].cycle_next) {
			nodes[m].cycle = num;
			nodes[m].cycle_head = c;
		}
		/* Calls from outside the cycle, and among its members. */
		for (size_t m = f; m != CG_NONE; m = nodes[m].cycle_next) {
			for (size_t k = cg->in_start[m]; k < cg->in_start[m + 1]; k++) {
				const struct cg_arc *a = &cg->arcs[cg->in_arcs[k]];
				if (a->parent == m)
					continue;
				if (nodes[a->parent].cycle == num)
					nodes[c].self_calls += a->count;
				else
					nodes[c].ncalls += a->count;
			}
		}
		c++;
	}
	return 0;
}

/* ---- propagation (GNU inherit_flags, propagate_flags, propagate_time) ---- */

static void inherit_flags(struct callgraph *cg, size_t child)
{
	struct cg_node *nodes = cg->nodes;
	size_t head = nodes[child].cycle_head;

	if (head == child) {
		struct cg_node *c = &nodes[child];
		c->print_flag = 0;
		c->prop_fract = 0.0;
		for (size_t k = cg->in_start[child]; k < cg->in_start[child + 1]; k++) {
			const struct cg_arc *a = &cg->arcs[cg->in_arcs[k]];
			if (a->parent == child)
				continue;
			c->print_flag |= nodes[a->parent].print_flag;
			if (c->ncalls != 0)
				c->prop_fract += nodes[a->parent].prop_fract *
					(((double)a->count) / ((double)c->ncalls));
		}
		return;
	}
	struct cg_node *h = &nodes[head];
	h->print_flag = 0;
	h->prop_fract = 0.0;
	for (size_t m = h->cycle_next; m != CG_NONE; m = nodes[m].cycle_next) {
		for (size_t k = cg->in_start[m]; k < cg->in_start[m + 1]; k++) {
			const struct cg_arc *a = &cg->arcs[cg->in_arcs[k]];
			if (nodes[a->parent].cycle_head == head)
				continue;
			h->print_flag |= nodes[a->parent].print_flag;
			if (h->ncalls != 0)
				h->prop_fract += nodes[a->parent].prop_fract *
					(((double)a->count) / ((double)h->ncalls));
		}
	}
	for (size_t m = h->cycle_next; m != CG_NONE; m = nodes[m].cycle_next) {
		nodes[m].print_flag = h->print_flag;
		nodes[m].prop_fract = h->prop_fract;
	}
}

/* top: the functions from the bottom (callees) to the top (callers). */
static void propagate_flags(struct callgraph *cg, const size_t *top)
{
	size_t old_head = CG_NONE;

	cg->print_time = 0.0;
	for (size_t i = cg->nfuncs; i-- > 0;) {
		size_t f = top[i];
		struct cg_node *c = &cg->nodes[f];
		if (c->cycle_head != old_head) {
			old_head = c->cycle_head;
			inherit_flags(cg, f);
		}
		/* GNU's rules with the INCL_/EXCL_ GRAPH and TIME tables
		 * (symspec.h): a function the INCL table holds, or any the EXCL
		 * table does not hold while the INCL one is empty, prints and
		 * passes its time up even if no caller does; one only the EXCL
		 * table holds never does. */
		if (!c->print_flag)
			c->print_flag = c->incl_graph || (!cg->has_incl_graph && !c->excl_graph);
		else if (!c->incl_graph && c->excl_graph)
			c->print_flag = 0;
		if (c->prop_fract == 0.0) {
			if (c->incl_time || (!cg->has_incl_time && !c->excl_time))
				c->prop_fract = 1.0;
		} else if (!c->incl_time && c->excl_time) {
			c->prop_fract = 0.0;
		}
		c->prop_self = c->self_ticks * c->prop_fract;
		cg->print_time += c->prop_self;
	}
}

static void cycle_time(struct callgraph *cg)
{
	struct cg_node *nodes = cg->nodes;

	for (size_t c = cg->nfuncs; c < cg->nfuncs + cg->ncycles; c++) {
		for (size_t m = nodes[c].cycle_next; m != CG_NONE; m = nodes[m].cycle_next) {
			if (nodes[m].prop_fract == 0.0)
				continue;
			nodes[c].self_ticks += nodes[m].self_ticks;
		}
		nodes[c].prop_self = nodes[c].prop_fract * nodes[c].self_ticks;
	}
}

static void propagate_time(struct callgraph *cg, size_t parent)
{
	struct cg_node *nodes = cg->nodes;
	struct cg_node *p = &nodes[parent];

	if (p->prop_fract == 0.0)
		return;
	for (size_t k = cg->out_start[parent]; k < cg->out_start[parent + 1]; k++) {
		struct cg_arc *a = &cg->arcs[cg->out_arcs[k]];
		size_t child = a->child;
		if (a->count == 0 || child == parent || nodes[child].prop_fract == 0)
			continue;
		if (nodes[child].cycle_head != child) {
			if (p->cycle == nodes[child].cycle)
				continue;
			child = nodes[child].cycle_head;
		} else if (p->top_order <= nodes[child].top_order) {
			continue;         /* GNU: "toporder botches" */
		}
		struct cg_node *c = &nodes[child];
		if (c->ncalls == 0)
			continue;
		a->time = c->self_ticks * (((double)a->count) / ((double)c->ncalls));
		a->child_time = c->child_time * (((double)a->count) / ((double)c->ncalls));
		double share = a->time + a->child_time;
		p->child_time += share;
		double prop_share = p->prop_fract * share;
		p->prop_child += prop_share;
		a->time *= p->prop_fract;
		a->child_time *= p->prop_fract;
		if (p->cycle_head != parent) {
			nodes[p->cycle_head].child_time += share;
			nodes[p->cycle_head].prop_child += prop_share;
		}
	}
}

/* ---- the order of the report (GNU cmp_total) ---- */

static int cmp_total(const void *lp, const void *rp)
{
	const struct cg_node *left = *(struct cg_node *const *)lp;
	const struct cg_node *right = *(struct cg_node *const *)rp;
	double diff = (left->prop_self + left->prop_child) -
		      (right->prop_self + right->prop_child);

	if (diff < 0.0)
		return 1;
	if (diff > 0.0)
		return -1;
	if (!left->name && left->cycle != 0)
		return -1;
	if (!right->name && right->cycle != 0)
		return 1;
	if (!left->name)
		return -1;
	if (!right->name)
		return 1;
	if (left->name[0] != '_' && right->name[0] == '_')
		return -1;
	if (left->name[0] == '_' && right->name[0] != '_')
		return 1;
	if (left->ncalls > right->ncalls)
		return -1;
	if (left->ncalls < right->ncalls)
		return 1;
	/* (-l: a function's line symbols share their name's copy) */
	return left->name == right->name ? 0 : strcmp(left->name, right->name);
}

static int assemble(struct callgraph *cg)
{
	size_t n = cg->nfuncs;
	struct cg_node *nodes = cg->nodes;

	/* Self-recursive calls are not calls (GNU cg_assemble). */
	for (size_t a = 0; a < cg->narcs; a++) {
		if (cg->arcs[a].parent == cg->arcs[a].child) {
			nodes[cg->arcs[a].child].ncalls -= cg->arcs[a].count;
			nodes[cg->arcs[a].child].self_calls = cg->arcs[a].count;
		}
	}
	if (number_depth_first(cg) < 0 || link_cycles(cg) < 0)
		return -1;
	nodes = cg->nodes;

	/* Reverse topological order; ties (members of one cycle) keep their
	 * symbol-table order, as glibc's stable qsort does for GNU. */
	long max_order = 0;
	for (size_t f = 0; f < n; f++)
		if (nodes[f].top_order > max_order)
			max_order = nodes[f].top_order;
	size_t *bucket = calloc((size_t)max_order + 2, sizeof(size_t));
	size_t *top = malloc((n ? n : 1) * sizeof(size_t));
	if (!bucket || !top) {
		free(bucket);
		free(top);
		return -1;
	}
	for (size_t f = 0; f < n; f++)
		bucket[nodes[f].top_order + 1]++;
	for (long o = 0; o <= max_order; o++)
		bucket[o + 1] += bucket[o];
	for (size_t f = 0; f < n; f++)
		top[bucket[nodes[f].top_order]++] = f;
	free(bucket);

	propagate_flags(cg, top);
	cycle_time(cg);
	for (size_t i = 0; i < n; i++)
		propagate_time(cg, top[i]);
	free(top);

	return callgraph_sort_by_time(cg);
}

int callgraph_sort_by_time(struct callgraph *cg)
{
	size_t total = cg->nfuncs + cg->ncycles;

	if (!cg->by_time) {
		cg->by_time = malloc((total ? total : 1) * sizeof *cg->by_time);
		if (!cg->by_time)
			return -1;
	}
	for (size_t i = 0; i < total; i++)
		cg->by_time[i] = &cg->nodes[i];
	/* glibc's qsort, as GNU gprof uses it: cmp_total is not a strict order
	 * for two cycles of equal time, so the very same algorithm decides. */
	qsort(cg->by_time, total, sizeof *cg->by_time, cmp_total);
	for (size_t i = 0; i < total; i++)
		cg->by_time[i]->index = i + 1;
	return 0;
}

/* ---- public entry points ---- */

int callgraph_excluded_by_default(const char *name)
{
	static const char *const excluded[] = {
		"_gprof_mcount", "mcount", "_mcount", "__mcount",
		"__mcount_internal", "__mcleanup", "<locore>", "<hicore>",
	};

	for (size_t i = 0; i < sizeof excluded / sizeof excluded[0]; i++)
		if (strcmp(name, excluded[i]) == 0)
			return 1;
	return 0;
}

struct callgraph *callgraph_build(const struct cg_function_in *funcs, size_t nfuncs,
				  const struct cg_arc_in *arcs, size_t narcs)
{
	return callgraph_build_selected(funcs, nfuncs, arcs, narcs, NULL);
}

struct callgraph *callgraph_build_selected(const struct cg_function_in *funcs, size_t nfuncs,
					   const struct cg_arc_in *arcs, size_t narcs,
					   const struct cg_selection *sel)
{
	struct callgraph *cg = calloc(1, sizeof *cg);

	if (!cg)
		return NULL;
	cg->nfuncs = nfuncs;
	cg->has_incl_graph = sel && sel->has_incl_graph;
	cg->has_incl_time = sel && sel->has_incl_time;
	cg->nodes = calloc(nfuncs ? nfuncs : 1, sizeof *cg->nodes);
	if (!cg->nodes)
		goto fail;
	for (size_t f = 0; f < nfuncs; f++) {
		struct cg_node *n = &cg->nodes[f];
		n->name = funcs[f].name;
		n->print_name = funcs[f].print_name ? funcs[f].print_name : funcs[f].name;
		n->static_file = funcs[f].static_file;
		n->no_entry = funcs[f].no_entry != 0;
		n->mapped = funcs[f].mapped != 0;
		n->self_ticks = funcs[f].self_ticks;
		n->top_order = DFN_NAN;
		n->cycle_head = f;
		n->cycle_next = CG_NONE;
		if (sel) {
			n->incl_graph = (funcs[f].select & CG_INCL_GRAPH) != 0;
			n->excl_graph = (funcs[f].select & CG_EXCL_GRAPH) != 0;
			n->incl_time = (funcs[f].select & CG_INCL_TIME) != 0;
			n->excl_time = (funcs[f].select & CG_EXCL_TIME) != 0;
		} else {
			n->excl_graph = n->excl_time =
				funcs[f].name && callgraph_excluded_by_default(funcs[f].name);
		}
	}
	if (merge_arcs(cg, arcs, narcs) < 0 || index_arcs(cg) < 0 || assemble(cg) < 0)
		goto fail;
	return cg;
fail:
	callgraph_free(cg);
	return NULL;
}

uint64_t callgraph_calls(const struct callgraph *cg, size_t i)
{
	return i < cg->nfuncs ? cg->nodes[i].ncalls : 0;
}

uint64_t callgraph_self_calls(const struct callgraph *cg, size_t i)
{
	return i < cg->nfuncs ? cg->nodes[i].self_calls : 0;
}

double callgraph_child_ticks(const struct callgraph *cg, size_t i)
{
	return i < cg->nfuncs ? cg->nodes[i].child_time : 0.0;
}

void callgraph_free(struct callgraph *cg)
{
	if (!cg)
		return;
	free(cg->nodes);
	free(cg->arcs);
	free(cg->out_start);
	free(cg->out_arcs);
	free(cg->in_start);
	free(cg->in_arcs);
	free(cg->by_time);
	free(cg);
}
