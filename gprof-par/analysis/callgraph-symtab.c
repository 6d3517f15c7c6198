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

/* GNU's index names a static function's source file after it (not with
 * -l, whose names carry it). */
static const char *static_file(const struct symtab *st, const struct sym *s)
{
	return s->is_static && !st->line_symbols ? s->file : NULL;
}

/*
 * The graph's functions are the rows of the table (symtab.h: regions
 * charged to their parent are not), numbered in address order; arcs are
 * mapped as counts.h says.
 */
/* Appends an arc of count 0 to *arcs (grown as needed); -1: no memory. */
static int add_static_arc(struct cg_arc_in **arcs, size_t *n, size_t *cap, size_t parent,
			  size_t child)
{
	if (*n == *cap) {
		size_t c = 2 * *cap + 64;
		struct cg_arc_in *grown = realloc(*arcs, c * sizeof(*grown));

		if (!grown)
			return -1;
		*arcs = grown;
		*cap = c;
	}
	(*arcs)[(*n)++] = (struct cg_arc_in){ parent, child, 0 };
	return 0;
}

/*
 * GNU gprof -c on x86 (i386_find_call, run by cg_assemble for every
 * function in table order, after the profile's arcs): in a function's
 * bytes, clipped to the histogram's range, every byte 0xe8 whose 32-bit
 * operand, read unsigned as BFD's bfd_get_32 returns it, plus the address
 * after the 5-byte call lands in that range on the start of a function is
 * an arc of count 0.  The bytes are not decoded (an 0xe8 inside another
 * instruction counts too), and unsigned, a backward call lands past 4 GiB
 * and is never found: both as GNU gprof does.  These arcs skip -k and the
 * other arc selections, as GNU's do.
 */
static int static_arcs(const struct symtab *st, const struct profile *p, const size_t *node_of,
		       struct cg_arc_in **arcs, size_t *n, size_t *cap)
{
	gmon_addr_t lowpc, highpc, text_end = st->text_addr + st->text_size;

	if (!st->text || p->nhists == 0)
		return 0;
	lowpc = p->hists[0].low_pc;
	highpc = p->hists[0].high_pc;
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];
		gmon_addr_t lo = s->addr < lowpc ? lowpc : s->addr;
		gmon_addr_t hi = i + 1 < st->nsyms ? st->syms[i + 1].addr : s->end_addr + 1;

		if (hi > highpc)
			hi = highpc;
		for (gmon_addr_t pc = lo; pc < hi; pc++) {
			const unsigned char *b;
			gmon_addr_t dest;
			struct sym *child;

			if (pc < st->text_addr || pc + 5 > text_end)
				continue;   /* outside .text: GNU reads past its copy */
			b = st->text + (pc - st->text_addr);
			if (b[0] != 0xe8)
				continue;
			dest = pc + 5 + ((gmon_addr_t)b[1] | (gmon_addr_t)b[2] << 8 |
					 (gmon_addr_t)b[3] << 16 | (gmon_addr_t)b[4] << 24);
			if (dest < lowpc || dest > highpc)
				continue;
			child = symtab_lookup(st, dest);
			if (!child || child->addr != dest)
				continue;
			if (add_static_arc(arcs, n, cap, node_of[sym_owner((struct sym *)s)->index],
					   node_of[sym_owner(child)->index]) != 0)
				return -1;
		}
	}
	return 0;
}

struct callgraph *callgraph_build_symtab(struct symtab *st, const struct profile *p,
					 int static_calls)
{
	struct cg_function_in *funcs = malloc((st->nsyms ? st->nsyms : 1) * sizeof *funcs);
	size_t arcs_cap = p->narcs ? p->narcs : 1;
	struct cg_arc_in *arcs = malloc(arcs_cap * sizeof *arcs);
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
							  .static_file = static_file(st, s),
							  .no_entry = st->line_symbols && !s->is_func,
							  .mapped = s->mapped };
	}
	for (size_t i = 0; i < p->narcs; i++) {
		struct sym *parent, *child;

		if (!arc_functions(st, p->arcs[i].from_pc, p->arcs[i].self_pc, &parent, &child))
			continue;
		arcs[narcs++] = (struct cg_arc_in){ node_of[parent->index],
						    node_of[child->index], p->arcs[i].count };
	}
	if (static_calls && static_arcs(st, p, node_of, &arcs, &narcs, &arcs_cap) != 0)
		goto out;
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
