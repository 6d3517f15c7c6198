/*
 * counts.c - call counts from arcs (see counts.h).
 */
#include "counts.h"

void counts_tally(struct symtab *st, const struct profile *p)
{
	size_t i;

	for (i = 0; i < st->nsyms; i++) {
		st->syms[i].calls = 0;
		st->syms[i].self_calls = 0;
	}
	for (i = 0; i < p->narcs; i++) {
		const struct profile_arc *a = &p->arcs[i];
		struct sym *parent = symtab_lookup(st, a->from_pc);
		struct sym *child = symtab_lookup(st, a->self_pc);

		if (!parent || !child)
			continue;
		while (!child->is_func && child > st->syms)
			child--;
		if (!child->is_func)
			continue;
		if (child == parent)
			child->self_calls += a->count;
		else
			child->calls += a->count;
	}
}
