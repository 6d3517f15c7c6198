/*
 * hist.h - credit histogram samples to functions exactly as GNU gprof 2.40
 * does (hist.c hist_assign_samples): a bin that straddles two functions is
 * shared in proportion to the overlap, computed in 2-byte units with GNU's
 * truncations, so that the flat profile matches to the last printed digit.
 */
#ifndef GPROF_PAR_HIST_H
#define GPROF_PAR_HIST_H

#include <stddef.h>
#include <stdio.h>

#include "profile.h"
#include "symtab.h"

/* What the reports need from the histograms besides per-function ticks. */
struct hist_summary {
	int present;             /* the profile has at least one histogram */
	double total_ticks;      /* all samples, minus those of excluded functions */
	long hz;                 /* samples per second, from the first histogram */
	double scale;            /* 2-byte units of text per bin (GNU hist_scale) */
	char dimen[GMON_DIMEN_LEN + 1];  /* "seconds" */
	char dimen_abbrev;       /* 's' */
};

/*
 * Sets the ticks of every function of st from p's histograms and fills sum.
 * Returns 0, or -1 with a message in err when the histograms do not have
 * the same scale (GNU: "different scales in histogram records").
 */
int hist_assign(struct symtab *st, const struct profile *p, struct hist_summary *sum,
		char *err, size_t errlen);

/* The same, printing GNU gprof's -d64 trace of it on trace (NULL: none):
 * each bin with samples ("[assign_samples] bin_low_pc=..."), each function
 * it credits ("... NAME gets T ticks O overlap") and after each histogram
 * the total so far, as GNU's hist_assign_samples does. */
int hist_assign_traced(struct symtab *st, const struct profile *p, struct hist_summary *sum,
		       FILE *trace, char *err, size_t errlen);

/*
 * The samples hist_assign() credits to no function (the report over all
 * modules shows them, never drops them): below the first function, in the
 * last one (GNU never credits it: see hist.c), and above the last one's
 * end_addr, each with the lowest address of a bin holding some (valid
 * when the samples are not 0).  Same histograms and scale as hist_assign.
 */
struct hist_outside {
	double below, last, above;
	gmon_addr_t below_addr, above_addr;
};
void hist_outside(const struct symtab *st, const struct profile *p, struct hist_outside *out);

#endif /* GPROF_PAR_HIST_H */
