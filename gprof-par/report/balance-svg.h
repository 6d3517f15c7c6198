/*
 * balance-svg.h - the load balance as a picture: a self-contained SVG heat
 * map of the functions that lose the most time to imbalance (rows) by rank
 * (columns; each column the mean of a block of ranks when there are more
 * ranks than columns), colour = self seconds per rank.  Hovering over a
 * cell shows the function, the ranks and the seconds (an SVG <title>).
 */
#ifndef GPROF_PAR_BALANCE_SVG_H
#define GPROF_PAR_BALANCE_SVG_H

#include <stdio.h>

#include "balance-view.h"

/* The rows of the heat map, at most. */
#define BALANCE_SVG_ROWS 24

void balance_svg_print(FILE *out, const struct balance_heat *h);

#endif /* GPROF_PAR_BALANCE_SVG_H */
