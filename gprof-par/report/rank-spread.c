/* rank-spread.c - see rank-spread.h. */
#include "rank-spread.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct ranked {
	double v;
	int64_t rank;
};

static int by_value(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->v != y->v)
		return x->v < y->v ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* The q-quantile of sorted s[0 .. n), interpolated between neighbours. */
static double quantile(const struct ranked *s, size_t n, double q)
{
	double at = q * (double)(n - 1);
	size_t i = (size_t)at;

	return i + 1 < n ? s[i].v + (at - (double)i) * (s[i + 1].v - s[i].v) : s[n - 1].v;
}

int rank_spread_of(struct rank_spread *sp, const double *v, const int64_t *ranks, size_t n)
{
	struct ranked *s = malloc((n ? n : 1) * sizeof *s);
	size_t top, lo, hi;
	double width;

	memset(sp, 0, sizeof *sp);
	if (!s)
		return -1;
	sp->n = n;
	if (n == 0) {
		free(s);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		s[i] = (struct ranked){ v[i], ranks[i] };
	qsort(s, n, sizeof *s, by_value);
	/* the lowest rank holds the max on ties, as the reports' slowest */
	for (top = n - 1; top > 0 && s[top - 1].v == s[n - 1].v; top--)
		;
	sp->min = s[0].v;
	sp->min_rank = s[0].rank;
	sp->max = s[top].v;
	sp->max_rank = s[top].rank;
	sp->q1 = quantile(s, n, 0.25);
	sp->median = quantile(s, n, 0.5);
	sp->q3 = quantile(s, n, 0.75);
	sp->low = sp->q1 - 1.5 * (sp->q3 - sp->q1);
	sp->high = sp->q3 + 1.5 * (sp->q3 - sp->q1);
	for (size_t i = 0; i < n; i++)
		sp->outliers += s[i].v < sp->low || s[i].v > sp->high;
	/* the farthest first: from both ends inward */
	for (lo = 0, hi = n; sp->named < sp->outliers && sp->named < RANK_SPREAD_NAMED && lo < hi;) {
		int take_low = s[lo].v < sp->low &&
			       (!(s[hi - 1].v > sp->high) || sp->low - s[lo].v >= s[hi - 1].v - sp->high);
		const struct ranked *r;

		if (!take_low && !(s[hi - 1].v > sp->high))
			break;
		r = take_low ? &s[lo++] : &s[--hi];
		sp->outlier[sp->named].rank = r->rank;
		sp->outlier[sp->named++].value = r->v;
	}
	width = (sp->max - sp->min) / RANK_SPREAD_BINS;
	for (size_t i = 0; i < n; i++) {
		size_t b = width > 0 ? (size_t)((s[i].v - sp->min) / width) : 0;

		sp->bins[b < RANK_SPREAD_BINS ? b : RANK_SPREAD_BINS - 1]++;
	}
	free(s);
	return 0;
}

static void value(FILE *out, const char *fmt, double v)
{
	fprintf(out, fmt, v);
}

void rank_spread_write(FILE *out, const char *label, const struct rank_spread *sp,
		       const char *fmt)
{
	if (sp->n == 0) {
		fprintf(out, "  %s: no ranks\n", label);
		return;
	}
	fprintf(out, "  %s over %zu ranks: min ", label, sp->n);
	value(out, fmt, sp->min);
	fprintf(out, " (rank %" PRId64 "), quartiles ", sp->min_rank);
	value(out, fmt, sp->q1);
	fputs(" / ", out);
	value(out, fmt, sp->median);
	fputs(" / ", out);
	value(out, fmt, sp->q3);
	fputs(", max ", out);
	value(out, fmt, sp->max);
	fprintf(out, " (rank %" PRId64 ")\n", sp->max_rank);
	fprintf(out, "    outliers (beyond 1.5 interquartile ranges): %zu", sp->outliers);
	for (size_t i = 0; i < sp->named; i++) {
		fprintf(out, "%s rank %" PRId64 " ", i ? "," : ":", sp->outlier[i].rank);
		value(out, fmt, sp->outlier[i].value);
	}
	if (sp->outliers > sp->named)
		fprintf(out, " and %zu more", sp->outliers - sp->named);
	fputc('\n', out);
	fprintf(out, "    ranks in %d equal bins from min to max:", RANK_SPREAD_BINS);
	for (size_t b = 0; b < RANK_SPREAD_BINS; b++)
		fprintf(out, " %zu", sp->bins[b]);
	fputc('\n', out);
}

int rank_spread_print(FILE *out, const char *label, const double *v, const int64_t *ranks,
		      size_t n, const char *fmt)
{
	struct rank_spread sp;

	if (rank_spread_of(&sp, v, ranks, n) != 0)
		return -1;
	rank_spread_write(out, label, &sp, fmt);
	return 0;
}

int rank_spread_print_field(FILE *out, const char *label, const void *base, size_t n,
			    size_t size, size_t rank_at, size_t value_at, const char *fmt)
{
	double *v = malloc((n ? n : 1) * sizeof *v);
	int64_t *ranks = malloc((n ? n : 1) * sizeof *ranks);
	size_t known = 0;
	int rc = v && ranks ? 0 : -1;

	for (size_t i = 0; rc == 0 && i < n; i++) {
		const char *at = (const char *)base + i * size;

		memcpy(&v[known], at + value_at, sizeof *v);
		memcpy(&ranks[known], at + rank_at, sizeof *ranks);
		known += v[known] >= 0;
	}
	if (rc == 0 && known)
		rc = rank_spread_print(out, label, v, ranks, known, fmt);
	free(v);
	free(ranks);
	return rc;
}
