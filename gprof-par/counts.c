/*
 * counts.c - call counts from arcs, and the -C report (see counts.h).
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

void counts_print(FILE *out, const struct symtab *st, int show_zeros)
{
	size_t i;

	for (i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];

		if (s->calls > 0 || show_zeros)
			fprintf(out, "%s:%d: (%s:0x%llx) %llu executions\n", "<unknown>", 0,
				s->name, (unsigned long long)s->addr,
				(unsigned long long)s->calls);
	}
}
