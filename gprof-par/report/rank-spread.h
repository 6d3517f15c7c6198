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

/* For values v[0 .. n) of the ranks ranks[0 .. n), three lines after
 * "  LABEL": the minimum, the quartiles and the maximum (with their
 * ranks), the outliers (beyond 1.5 interquartile ranges from the
 * quartiles, the farthest first, up to 8 named with their ranks and the
 * number of the others), and a histogram of 10 equal bins from the
 * minimum to the maximum; each value printed with fmt ("%.1f").  Returns
 * 0, or -1 when out of memory (nothing printed). */
int rank_spread_print(FILE *out, const char *label, const double *v, const int64_t *ranks,
		      size_t n, const char *fmt);

#endif /* GPROF_PAR_RANK_SPREAD_H */
