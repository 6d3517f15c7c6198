/*
 * regions-share.c - the samples GNU gprof's rule hides (see
 * regions-share.h): the histogram credited over the whole table, hidden
 * symbols included, each hidden symbol's samples then charged to the
 * function GNU's table puts its address in.
 */
#include "regions-share.h"
#include "hist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void keep_largest(struct hidden_share *out, const struct sym *s, double ticks)
{
	size_t i = out->nabsorbers;

	if (i == HIDDEN_SHARE_ABSORBERS) {
		if (ticks <= out->absorbers[i - 1].ticks)
			return;
		i--;
	} else {
		out->nabsorbers++;
	}
	for (; i > 0 && out->absorbers[i - 1].ticks < ticks; i--)
		out->absorbers[i] = out->absorbers[i - 1];
	out->absorbers[i].sym = s;
	out->absorbers[i].ticks = ticks;
}

int regions_hidden_share(const struct symtab *st, const struct profile *p,
			 struct hidden_share *out, char *err, size_t errlen)
{
	struct symtab whole = *st;
	struct hist_summary sum;
	double *absorbed;

	memset(out, 0, sizeof(*out));
	if (!st->all || p->nhists == 0)
		return 0;
	whole.syms = st->all;
	whole.nsyms = st->nall;
	if (hist_assign(&whole, p, &sum, err, errlen) != 0)
		return -1;
	absorbed = calloc(st->nsyms ? st->nsyms : 1, sizeof(*absorbed));
	if (!absorbed) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	out->total_ticks = sum.total_ticks;
	for (size_t i = 0; i < st->nall; i++) {
		const struct sym *h = &st->all[i];
		const struct sym *gnu;

		if (!h->gnu_hidden || h->ticks <= 0.0)
			continue;
		out->nhidden++;
		out->hidden_ticks += h->ticks;
		gnu = symtab_lookup(st, h->addr);
		if (gnu)
			absorbed[gnu->index] += h->ticks;
	}
	for (size_t i = 0; i < st->nsyms; i++)
		if (absorbed[i] > 0.0)
			keep_largest(out, &st->syms[i], absorbed[i]);
	free(absorbed);
	return 0;
}
