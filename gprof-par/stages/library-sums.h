/*
 * library-sums.h - -s and -S with the shared libraries' profiles the
 * runtime wrote beside the rank files (BG_GMON_PROFILE_LIBS,
 * include/gmon-modules.h): each library's files, found through each rank's
 * PROFILE+modules list, are summed in the main sum's order with the same
 * rules (sum.h: validation, the build fingerprint that must agree, so a
 * library rebuilt between runs is refused, --skip-bad) into a LIBRARY
 * section of the sum's companion (sum-companion.h: OUTPUT+gmon-mpi/BASE),
 * and its "modules" section lists them (and, with "-", the modules
 * sampled without a profile); the calls between modules (PROFILE+calls,
 * PROFILE+plt-calls: include/gmon-calls.h) are added up into its sections
 * "calls" and "plt-calls", in a canonical order.  Both are summed with the
 * main sum, in the same pass (in parallel under a launcher: sum.h, struct
 * sum_libraries and struct sum_calls); this makes their sections on
 * process 0 after the main sum: the same bytes and messages whatever the
 * number of processes.
 */
#ifndef GPROF_PAR_LIBRARY_SUMS_H
#define GPROF_PAR_LIBRARY_SUMS_H

#include <stddef.h>
#include <stdio.h>

#include "sum.h"
#include "sum-companion.h"

/* out: the main sum, with the libraries and the calls between modules it
 * summed (sum_outcome.libraries and .calls), as sections of comp, the
 * companion of output; messages and the summary lines go to msg.  Returns
 * 0, or 1 if a library or the calls could not be summed (the others are
 * added). */
int library_sums_sections(FILE *msg, const char *program, const struct sum_outcome *out,
			  const char *output, int skip_bad, struct sum_companion *comp);

#endif /* GPROF_PAR_LIBRARY_SUMS_H */
