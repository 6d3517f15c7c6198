/*
 * timing.h - --timing: this process's phases outside the sum (init and
 * list, every process's; write and report, process 0's; the sum's come
 * with it, parallel/sum.h) and the table printed at the end on standard
 * error, a row per process and a column per phase, then how many files'
 * runs each process read in the list.
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

struct plan;

extern struct timing timing;

/* Adds the seconds since `since' (sum_now()) to *phase, with --timing. */
void timing_add(double *phase, double since);

/* The table of --timing, from the sum's phases and process 0's own, and
 * the plan's files whose runs each process read (plan.h). */
void timing_print(const struct sum_outcome *sum, const struct plan *plan);

#endif /* GPROF_PAR_TIMING_H */
