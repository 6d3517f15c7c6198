/*
 * rank-spread.h - a figure over many ranks, told in a few lines of text
 * (issue 39): a report of 16,384 ranks printed one row a rank (673 KB
 * before anything else); past a screen of ranks the text reports give the
 * distribution instead, and their CSV and JSON keep every rank.
 */
#ifndef GPROF_PAR_RANK_SPREAD_H
#define GPROF_PAR_RANK_SPREAD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Ranks a text report lists one row each; more are told by their spread. */
#define RANK_ROWS_MAX 32

#define RANK_SPREAD_NAMED 8     /* outliers named */
#define RANK_SPREAD_BINS 10     /* the histogram's bins */

/* The distribution of a figure over n ranks. */
struct rank_spread {
	size_t n;
	double min, q1, median, q3, max;   /* the quartiles interpolated
					    * between neighbours */
	int64_t min_rank, max_rank;        /* the lowest rank on ties */
	double low, high;                  /* beyond them, an outlier: 1.5
					    * interquartile ranges from the
					    * quartiles */
	size_t outliers, named;            /* how many; named of them below */
	struct {
		int64_t rank;
		double value;
	} outlier[RANK_SPREAD_NAMED];      /* the farthest first */
	size_t bins[RANK_SPREAD_BINS];     /* equal bins from min to max */
};

/* The spread of values v[0 .. n) of the ranks ranks[0 .. n) into *sp.
 * Returns 0, or -1 when out of memory. */
int rank_spread_of(struct rank_spread *sp, const double *v, const int64_t *ranks, size_t n);

/* Three lines after "  LABEL": the minimum, the quartiles and the maximum
 * (with their ranks), the outliers (the farthest first, up to
 * RANK_SPREAD_NAMED named with their ranks and the number of the others),
 * and the histogram; each value printed with fmt ("%.1f").  One line
 * "  LABEL: no ranks" for none. */
void rank_spread_write(FILE *out, const char *label, const struct rank_spread *sp,
		       const char *fmt);

/* rank_spread_of, then rank_spread_write.  Returns 0, or -1 when out of
 * memory (nothing printed). */
int rank_spread_print(FILE *out, const char *label, const double *v, const int64_t *ranks,
		      size_t n, const char *fmt);

/* rank_spread_print of a field of n structures of size bytes at base: the
 * double at value_at of each, of the rank (an int64_t) at rank_at; those
 * whose value is negative (not known) left out, nothing printed when none
 * is known.  Returns 0, or -1 when out of memory (nothing printed). */
int rank_spread_print_field(FILE *out, const char *label, const void *base, size_t n,
			    size_t size, size_t rank_at, size_t value_at, const char *fmt);

#endif /* GPROF_PAR_RANK_SPREAD_H */
