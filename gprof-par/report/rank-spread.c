/* rank-spread.c - see rank-spread.h. */
#include "rank-spread.h"

#include <inttypes.h>
#include <stdlib.h>

#define OUTLIERS_NAMED 8
#define BINS 10

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

static void value(FILE *out, const char *fmt, double v)
{
	fprintf(out, fmt, v);
}

int rank_spread_print(FILE *out, const char *label, const double *v, const int64_t *ranks,
		      size_t n, const char *fmt)
{
	struct ranked *s = malloc((n ? n : 1) * sizeof *s);
	size_t bins[BINS] = { 0 }, outliers = 0, named = 0;
	double q1, q3, low, high, width;

	if (!s)
		return -1;
	for (size_t i = 0; i < n; i++)
		s[i] = (struct ranked){ v[i], ranks[i] };
	qsort(s, n, sizeof *s, by_value);
	if (n == 0) {
		fprintf(out, "  %s: no ranks\n", label);
		free(s);
		return 0;
	}
	q1 = quantile(s, n, 0.25);
	q3 = quantile(s, n, 0.75);
	fprintf(out, "  %s over %zu ranks: min ", label, n);
	value(out, fmt, s[0].v);
	fprintf(out, " (rank %" PRId64 "), quartiles ", s[0].rank);
	value(out, fmt, q1);
	fputs(" / ", out);
	value(out, fmt, quantile(s, n, 0.5));
	fputs(" / ", out);
	value(out, fmt, q3);
	fputs(", max ", out);
	value(out, fmt, s[n - 1].v);
	fprintf(out, " (rank %" PRId64 ")\n", s[n - 1].rank);
	low = q1 - 1.5 * (q3 - q1);
	high = q3 + 1.5 * (q3 - q1);
	for (size_t i = 0; i < n; i++)
		outliers += s[i].v < low || s[i].v > high;
	fprintf(out, "    outliers (beyond 1.5 interquartile ranges): %zu", outliers);
	/* the farthest first: from both ends inward */
	for (size_t lo = 0, hi = n; outliers > 0 && named < OUTLIERS_NAMED && lo < hi;) {
		int take_low = s[lo].v < low && (!(s[hi - 1].v > high) ||
						 low - s[lo].v >= s[hi - 1].v - high);
		const struct ranked *r;

		if (!take_low && !(s[hi - 1].v > high))
			break;
		r = take_low ? &s[lo++] : &s[--hi];
		fprintf(out, "%s rank %" PRId64 " ", named ? "," : ":", r->rank);
		value(out, fmt, r->v);
		named++;
	}
	if (outliers > named)
		fprintf(out, " and %zu more", outliers - named);
	fputc('\n', out);
	width = (s[n - 1].v - s[0].v) / BINS;
	for (size_t i = 0; i < n; i++) {
		size_t b = width > 0 ? (size_t)((s[i].v - s[0].v) / width) : 0;

		bins[b < BINS ? b : BINS - 1]++;
	}
	fputs("    ranks in 10 equal bins from min to max:", out);
	for (size_t b = 0; b < BINS; b++)
		fprintf(out, " %zu", bins[b]);
	fputc('\n', out);
	free(s);
	return 0;
}
