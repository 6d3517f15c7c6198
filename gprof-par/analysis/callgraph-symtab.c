/*
 * callgraph-symtab.c - feed the call graph from the symbol table and the summed
 * profile, mapping arcs to functions as GNU gprof's cg_tally does.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "callgraph.h"
#include "profile.h"
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

/* GNU cg_tally: the callee is the function entry; a non-STT_FUNC symbol
 * (an assembler label) belongs to the function before it. */
static const struct sym *callee_of(const struct symtab *st, const struct sym *s)
{
	while (s && !s->is_func)
		s = s->index > 0 ? &st->syms[s->index - 1] : NULL;
	return s;
}

struct callgraph *callgraph_build_symtab(struct symtab *st, const struct profile *p)
{
	struct cg_function_in *funcs = malloc((st->nsyms ? st->nsyms : 1) * sizeof *funcs);
	struct cg_arc_in *arcs = malloc((p->narcs ? p->narcs : 1) * sizeof *arcs);
	struct callgraph *cg = NULL;
	size_t narcs = 0;

	if (!funcs || !arcs)
		goto out;
	for (size_t i = 0; i < st->nsyms; i++)
		funcs[i] = (struct cg_function_in){ .name = st->syms[i].name,
						    .self_ticks = st->syms[i].ticks,
						    .print_name = sym_print_name(&st->syms[i]) };
	for (size_t i = 0; i < p->narcs; i++) {
		const struct sym *parent = symtab_lookup(st, p->arcs[i].from_pc);
		const struct sym *child = symtab_lookup(st, p->arcs[i].self_pc);
		if (!parent || !child)
			continue;
		child = callee_of(st, child);
		if (!child)
			continue;
		arcs[narcs++] = (struct cg_arc_in){ parent->index, child->index,
						    p->arcs[i].count };
	}
	cg = callgraph_build(funcs, st->nsyms, arcs, narcs);
	if (cg)
		for (size_t i = 0; i < st->nsyms; i++)
			st->syms[i].child_ticks = callgraph_child_ticks(cg, i);
out:
	free(funcs);
	free(arcs);
	return cg;
}
