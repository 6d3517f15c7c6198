/*
 * flat.c - the flat profile, byte for byte as GNU gprof 2.40 prints it
 * (hist.c hist_print, print_header, print_line; flat_bl.m).
 */
#include "flat.h"

#include <stdlib.h>
#include <string.h>

#include "callgraph-data.h"
#include "symspec.h"

/* GNU gprof's explanation of the columns, printed unless -b. */
static const char flat_blurb[] =
	"\n"
	" %         the percentage of the total running time of the\n"
	"time       program used by this function.\n"
	"\n"
	"cumulative a running sum of the number of seconds accounted\n"
	" seconds   for by this function and those listed above it.\n"
	"\n"
	" self      the number of seconds accounted for by this\n"
	"seconds    function alone.  This is the major sort for this\n"
	"           listing.\n"
	"\n"
	"calls      the number of times this function was invoked, if\n"
	"           this function is profiled, else blank.\n"
	"\n"
	" self      the average number of milliseconds spent in this\n"
	"ms/call    function per call, if this function is profiled,\n"
	"\t   else blank.\n"
	"\n"
	" total     the average number of milliseconds spent in this\n"
	"ms/call    function and its descendents per call, if this\n"
	"\t   function is profiled, else blank.\n"
	"\n"
	"name       the name of the function.  This is the minor sort\n"
	"           for this listing. The index shows the location of\n"
	"\t   the function in the gprof listing. If the index is\n"
	"\t   in parenthesis it shows where it would appear in\n"
	"\t   the gprof listing if it were to be printed.\n"
	"\f\n"
	"Copyright (C) 2012-2023 Free Software Foundation, Inc.\n"
	"\n"
	"Copying and distribution of this file, with or without modification,\n"
	"are permitted in any medium without royalty provided the copyright\n"
	"notice and this notice are preserved.\n";

/* SI prefixes GNU uses for the per-call columns, largest unit first. */
static const struct {
	char prefix;
	double scale;
} si_units[] = {
	{ 'T', 1e-12 }, { 'G', 1e-09 }, { 'M', 1e-06 }, { 'K', 1e-03 },
	{ ' ', 1e-00 }, { 'm', 1e+03 }, { 'u', 1e+06 }, { 'n', 1e+09 },
	{ 'p', 1e+12 }, { 'f', 1e+15 }, { 'a', 1e+18 },
};
#define N_SI_UNITS (sizeof(si_units) / sizeof(si_units[0]))

/* GNU cmp_time: more ticks first, then more calls, then by name; ties keep
 * the table's (address) order, as glibc's stable qsort does for GNU. */
static int cmp_time(const void *lp, const void *rp)
{
	const struct sym *l = *(const struct sym *const *)lp;
	const struct sym *r = *(const struct sym *const *)rp;
	double diff = r->ticks - l->ticks;
	int c;

	if (diff > 0.0)
		return 1;
	if (diff < 0.0)
		return -1;
	if (r->calls > l->calls)
		return 1;
	if (r->calls < l->calls)
		return -1;
	c = l->name == r->name ? 0 : strcmp(l->name, r->name);
	if (c)
		return c;
	return l->index > r->index ? 1 : (l->index < r->index ? -1 : 0);
}

/*
 * The unit of the per-call columns: the one that puts the largest total
 * time per call in [1, 1000).  'T' when no called function has time, as GNU
 * prints it ("Ts/call").
 */
static size_t per_call_unit(struct sym *const *sorted, size_t n, long hz)
{
	const struct sym *top = NULL;
	double top_time = 0.0;
	size_t i, u;

	for (i = 0; i < n; i++) {
		const struct sym *s = sorted[i];

		if (s->calls != 0) {
			double call_time = (s->ticks + s->child_ticks) / s->calls;

			if (call_time > top_time) {
				top = s;
				top_time = call_time;
			}
		}
	}
	if (!top || top_time <= 0.0)
		return 0;
	top_time /= hz;
	for (u = 0; u < N_SI_UNITS; u++) {
		double v = si_units[u].scale * top_time;

		if (v >= 1.0 && v < 1000.0)
			return u;
	}
	return N_SI_UNITS - 1;   /* GNU reads past its table here; stay in it */
}

/* si_units' milliseconds */
#define BSD_UNIT 5

/* The call graph's node of each row of st (nodes are the rows in order). */
static size_t *row_nodes(const struct symtab *st)
{
	size_t *node_of = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*node_of));
	size_t rows = 0;

	if (!node_of)
		return NULL;
	for (size_t i = 0; i < st->nsyms; i++)
		node_of[i] = sym_is_row(&st->syms[i]) ? rows++ : 0;
	return node_of;
}

static void print_header(FILE *out, const struct hist_summary *h, char prefix,
			 double *total, const struct flat_options *opt)
{
	char unit[64];

	snprintf(unit, sizeof(unit), "%c%c/call", prefix, h->dimen_abbrev);
	if (opt->bsd) {
		fprintf(out, "\ngranularity: each sample hit covers %ld byte(s)", opt->sample_bytes);
		if (*total > 0.0)
			fprintf(out, " for %.2f%% of %.2f %s\n\n", 100.0 / *total, *total / h->hz,
				h->dimen);
	} else {
		fprintf(out, "\nEach sample counts as %g %s.\n", 1.0 / h->hz, h->dimen);
	}
	if (*total <= 0.0) {
		fprintf(out, " no time accumulated\n\n");
		*total = 1.0;    /* every numerator is 0 anyway */
	}
	fprintf(out, "%5.5s %10.10s %8.8s %8.8s %8.8s %8.8s  %-8.8s\n",
		"%  ", "cumulative", "self  ", "", "self  ", "total ", "");
	fprintf(out, "%5.5s %9.9s  %8.8s %8.8s %8.8s %8.8s  %-8.8s\n",
		"time", h->dimen, h->dimen, "calls", unit, unit, "name");
}

/* -T names a function as the call graph does: its cycle, its index. */
static void print_bsd_name(FILE *out, const struct sym *s, const struct cg_node *n)
{
	fputs(sym_print_name(s), out);
	if (n && n->cycle != 0)
		fprintf(out, " <cycle %u>", n->cycle);
	if (n && n->index != 0)
		fprintf(out, n->print_flag ? " [%zu]" : " (%zu)", n->index);
}

static void print_line(FILE *out, const struct sym *s, double scale, double total,
		       long hz, double *accum, const struct cg_node *bsd_node, int bsd)
{
	*accum += s->ticks;
	fprintf(out, bsd ? "%5.1f %10.2f %8.2f" : "%6.2f %9.2f %8.2f",
		total > 0.0 ? 100 * s->ticks / total : 0.0, *accum / hz, s->ticks / hz);
	if (s->calls != 0)
		fprintf(out, " %8llu %8.2f %8.2f  ", (unsigned long long)s->calls,
			scale * s->ticks / hz / s->calls,
			scale * (s->ticks + s->child_ticks) / hz / s->calls);
	else
		fprintf(out, " %8.8s %8.8s %8.8s  ", "", "", "");
	if (bsd)
		print_bsd_name(out, s, bsd_node);
	else
		fputs(sym_print_name(s), out);
	fputc('\n', out);
}

int flat_print(FILE *out, const struct symtab *st, const struct hist_summary *h,
	       const struct flat_options *opt)
{
	struct sym **sorted = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*sorted));
	double total = h->total_ticks, accum = 0.0;
	size_t i, n = 0, unit, *node_of = NULL;

	if (!sorted)
		return -1;
	/* GNU sorts every symbol, then prints those with time or calls (all
	 * with -z): the same rows in the same order when only those are
	 * sorted (cmp_time orders them totally), and with -l most of the
	 * 200,000 line symbols of a large program have neither */
	for (i = 0; i < st->nsyms; i++)
		if (opt->show_zeros || st->syms[i].calls != 0 || st->syms[i].ticks != 0)
			sorted[n++] = &st->syms[i];
	qsort(sorted, n, sizeof(*sorted), cmp_time);
	/* GNU -T: milliseconds, "BSD's default" */
	unit = opt->bsd ? BSD_UNIT : per_call_unit(sorted, n, h->hz);
	if (opt->bsd && opt->cg && !(node_of = row_nodes(st))) {
		free(sorted);
		return -1;
	}

	if (!opt->bsd)
		fprintf(out, "Flat profile:\n");
	else if (!opt->brief)
		fprintf(out, "\n\n\nflat profile:\n%s", flat_blurb);
	print_header(out, h, si_units[unit].prefix, &total, opt);
	for (i = 0; i < n; i++) {
		const struct sym *s = sorted[i];

		if (!sym_is_row(s) || !symspec_included(st, s, SYMSPEC_INCL_FLAT))
			continue;
		print_line(out, s, si_units[unit].scale, total, h->hz, &accum,
			   node_of ? &opt->cg->nodes[node_of[s->index]] : NULL, opt->bsd);
	}
	free(sorted);
	free(node_of);
	if (!opt->brief && !opt->bsd)
		fputs(flat_blurb, out);
	return 0;
}
