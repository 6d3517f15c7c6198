/*
 * exec-counts.c - the -C report (see exec-counts.h).
 */
#include "exec-counts.h"

#include "symspec.h"

void counts_print(FILE *out, const struct symtab *st, int show_zeros)
{
	size_t i;

	for (i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];

		if (sym_is_row(s) && symspec_included(st, s, SYMSPEC_INCL_EXEC) &&
		    (s->calls > 0 || show_zeros))
			fprintf(out, "%s:%d: (%s:0x%llx) %llu executions\n", "<unknown>", 0,
				s->name, (unsigned long long)s->addr,
				(unsigned long long)s->calls);
	}
}
