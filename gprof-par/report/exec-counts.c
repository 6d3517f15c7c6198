/*
 * exec-counts.c - the -C report (see exec-counts.h).
 */
#include "exec-counts.h"

#include <stdlib.h>
#include <string.h>

#include "symspec.h"

/* GNU's cmp_bb: by file name and line when both have a file, else by
 * address (not a total order with and without files mixed: glibc's qsort,
 * as GNU's, decides). */
static int cmp_bb(const void *lp, const void *rp)
{
	const struct sym *l = *(const struct sym *const *)lp;
	const struct sym *r = *(const struct sym *const *)rp;

	if (l->file && r->file) {
		int c = strcmp(l->file, r->file);

		if (c)
			return c;
		if (l->line != r->line)
			return l->line < r->line ? -1 : 1;
	}
	return l->addr < r->addr ? -1 : l->addr > r->addr;
}

int counts_print(FILE *out, const struct symtab *st, int show_zeros)
{
	const struct sym **kept = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*kept));
	size_t n = 0;

	if (!kept)
		return -1;
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];

		if (sym_is_row(s) && symspec_included(st, s, SYMSPEC_INCL_EXEC))
			kept[n++] = s;
	}
	qsort(kept, n, sizeof(*kept), cmp_bb);
	for (size_t i = 0; i < n; i++)
		if (kept[i]->calls > 0 || show_zeros)
			fprintf(out, "%s:%u: (%s:0x%llx) %llu executions\n",
				kept[i]->file ? kept[i]->file : "<unknown>", kept[i]->line,
				kept[i]->name, (unsigned long long)kept[i]->addr,
				(unsigned long long)kept[i]->calls);
	free(kept);
	return 0;
}
