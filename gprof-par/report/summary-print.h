/*
 * summary-print.h - the job summary (analysis/summary.h) as text, the page
 * a user reads first (its first screen: the run, where the time went, the
 * hot function, the slowest rank and the sentences; then the tables), and
 * as JSON (its schema: docs/summary.md).
 */
#ifndef GPROF_PAR_SUMMARY_PRINT_H
#define GPROF_PAR_SUMMARY_PRINT_H

#include <stdio.h>

#include "summary.h"

void summary_print_text(FILE *out, const struct summary *s);

/* Without the MPI profile, on the CPU clock, in an MPI run: that MPI's
 * blocked time was not seen, and the one command that measures it (issue
 * 38: the README's path said "6% of the ranks' time is in MPI" where it was
 * half the wall time); between before and after. */
void summary_print_mpi_blind(FILE *out, const struct summary *s, const char *before,
			     const char *after);

/* The task clock's CPU time no sample stands for (or the samples' excess),
 * where it is SUMMARY_UNPLACED_SHARE or more: a sentence between before and
 * after; nothing otherwise. */
void summary_print_unplaced(FILE *out, const struct summary *s, const char *before,
			    const char *after);
void summary_print_json(FILE *out, const struct summary *s);

/* The run's facts on one line, without the program: "3 ranks profiled of
 * 3, cpu clock at 100 Hz, 268 samples, 2.053 s elapsed, DATE". */
void summary_print_run(FILE *out, const struct summary *s);

/* Whether the slowest and fastest ranks differ beyond sampling noise, as
 * words for the line that names them: where the extremes test alone
 * found it (rank-noise.h), the rank(s) it found, "rank 139 is an outlier
 * beyond sampling noise".  In buf (size bytes) when it names ranks;
 * returned. */
const char *summary_rank_noise(const struct summary *s, char *buf, size_t size);

/* A function's or category's verdict where the extremes test alone made
 * it (rank-noise.h): " (rank 139 an outlier)"; "" otherwise.  In buf
 * (size bytes); returned. */
const char *summary_noise_named(const struct balance_noise *v, char *buf, size_t size);

/* Past a screen of ranks (RANK_ROWS_MAX), the spread of every rank's time
 * in the program (the slowest rank is its max) and in MPI, under a line
 * that says so (rank-spread.h); nothing for fewer.  Returns 0, or -1 when
 * out of memory. */
int summary_print_rank_spread(FILE *out, const struct summary *s);

/* A number as JSON: %.6g, or null when not finite. */
void summary_json_number(FILE *out, double v);

#endif /* GPROF_PAR_SUMMARY_PRINT_H */
