/*
 * callgraph-symtab.c - feed the call graph from the symbol table and the summed
 * profile, mapping arcs to functions as GNU gprof's cg_tally does.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "counts.h"
#include "profile.h"
#include "symspec.h"
#include "symtab.h"

/*
 * GNU computes (long) hist_scale * 2, which overflows for absurd ranges
 * (2^62 bytes per bin and more: undefined behaviour in C).  Compiled for
 * x86-64 it wraps: a double beyond the range of long converts to LONG_MIN,
 * the product is taken modulo 2^64.  The same here, without undefined
 * behaviour, so that even such a file prints what GNU gprof prints.
 */
long callgraph_sample_bytes(const struct profile *p)
{
	if (!p || p->nhists == 0 || p->hists[0].nbins == 0)
		return 0;
	const struct profile_histogram *h = &p->hists[0];
	double scale = (double)((h->high_pc - h->low_pc) / 2) / h->nbins;
	uint64_t whole = scale < 9223372036854775808.0 ? (uint64_t)(long)scale : (uint64_t)LONG_MIN;

	return (long)(whole * 2);
}

/* The call graph's view of s's symbol-specification tables. */
static unsigned select_bits(const struct sym *s)
{
	return ((s->spec & SYMSPEC_BIT(SYMSPEC_INCL_GRAPH)) ? CG_INCL_GRAPH : 0) |
	       ((s->spec & SYMSPEC_BIT(SYMSPEC_EXCL_GRAPH)) ? CG_EXCL_GRAPH : 0) |
	       ((s->spec & SYMSPEC_BIT(SYMSPEC_INCL_TIME)) ? CG_INCL_TIME : 0) |
	       ((s->spec & SYMSPEC_BIT(SYMSPEC_EXCL_TIME)) ? CG_EXCL_TIME : 0);
}

/* GNU's index names a static function's source file after it. */
static const char *static_file(const struct sym *s)
{
	return s->is_static ? s->file : NULL;
}

/*
 * The graph's functions are the rows of the table (symtab.h: regions
 * charged to their parent are not), numbered in address order; arcs are
 * mapped as counts.h says.
 */
struct callgraph *callgraph_build_symtab(struct symtab *st, const struct profile *p)
{
	struct cg_function_in *funcs = malloc((st->nsyms ? st->nsyms : 1) * sizeof *funcs);
	struct cg_arc_in *arcs = malloc((p->narcs ? p->narcs : 1) * sizeof *arcs);
	size_t *node_of = malloc((st->nsyms ? st->nsyms : 1) * sizeof *node_of);
	struct sym **row = malloc((st->nsyms ? st->nsyms : 1) * sizeof *row);
	struct callgraph *cg = NULL;
	struct cg_selection sel;
	size_t narcs = 0, nrows = 0;

	if (!funcs || !arcs || !node_of || !row)
		goto out;
	for (size_t i = 0; i < st->nsyms; i++) {
		struct sym *s = &st->syms[i];

		if (!sym_is_row(s))
			continue;
		node_of[i] = nrows;
		row[nrows] = s;
		funcs[nrows++] = (struct cg_function_in){ .name = s->name,
							  .self_ticks = s->ticks,
							  .print_name = sym_print_name(s),
							  .select = select_bits(s),
							  .static_file = static_file(s) };
	}
	for (size_t i = 0; i < p->narcs; i++) {
		struct sym *parent, *child;

		if (!arc_functions(st, p->arcs[i].from_pc, p->arcs[i].self_pc, &parent, &child))
			continue;
		arcs[narcs++] = (struct cg_arc_in){ node_of[parent->index],
						    node_of[child->index], p->arcs[i].count };
	}
	sel.has_incl_graph = (st->spec_nonempty & SYMSPEC_BIT(SYMSPEC_INCL_GRAPH)) != 0;
	sel.has_incl_time = (st->spec_nonempty & SYMSPEC_BIT(SYMSPEC_INCL_TIME)) != 0;
	cg = callgraph_build_selected(funcs, nrows, arcs, narcs, &sel);
	if (cg)
		for (size_t i = 0; i < nrows; i++)
			row[i]->child_ticks = callgraph_child_ticks(cg, i);
out:
	free(funcs);
	free(arcs);
	free(node_of);
	free(row);
	return cg;
}
