/*
 * counts.c - call counts from arcs (see counts.h).
 */
#include "counts.h"

#include "symspec.h"

int arc_functions(const struct symtab *st, gmon_addr_t from_pc, gmon_addr_t self_pc,
		  struct sym **caller, struct sym **callee)
{
	struct sym *parent = symtab_lookup(st, from_pc);
	struct sym *child = symtab_lookup(st, self_pc);

	if (!parent || !child)
		return 0;
	while (!child->is_func && child > st->syms)
		child--;
	if (!child->is_func)
		return 0;
	parent = sym_owner(parent);
	if (!sym_is_row(child) && sym_owner(child) == parent)
		return 0;
	child = sym_owner(child);
	if (!symspec_arc_kept(st, parent, child))
		return 0;   /* -k, -qFROM/TO, -QFROM/TO */
	*caller = parent;
	*callee = child;
	return 1;
}

void counts_tally(struct symtab *st, const struct profile *p)
{
	size_t i;

	for (i = 0; i < st->nsyms; i++) {
		st->syms[i].calls = 0;
		st->syms[i].self_calls = 0;
	}
	for (i = 0; i < p->narcs; i++) {
		const struct profile_arc *a = &p->arcs[i];
		struct sym *parent, *child;

		if (!arc_functions(st, a->from_pc, a->self_pc, &parent, &child))
			continue;
		if (child == parent)
			child->self_calls += a->count;
		else
			child->calls += a->count;
	}
}
