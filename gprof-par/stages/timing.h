/*
 * timing.h - --timing: process 0's own phases (list, write, report; the
 * others' come with the sum, parallel/sum.h) and the table printed at the
 * end on standard error, a row per process and a column per phase.
 */
#ifndef GPROF_PAR_TIMING_H
#define GPROF_PAR_TIMING_H

#include "sum.h"

struct timing {
	int on;
	int prepared_early;  /* the preparation ran while MPI started */
	double start;
	double init, list, write, report;
};

extern struct timing timing;

/* Adds the seconds since `since' (sum_now()) to *phase, with --timing. */
void timing_add(double *phase, double since);

/* The table of --timing, from the sum's phases and process 0's own. */
void timing_print(const struct sum_outcome *sum);

#endif /* GPROF_PAR_TIMING_H */
