/*
 * library-sums.h - -s and -S with the shared libraries' profiles the
 * runtime wrote beside the rank files (BG_GMON_PROFILE_LIBS,
 * include/gmon-modules.h): each library's files, found through each rank's
 * PROFILE+modules list, are summed in the main sum's order with the same
 * rules (sum.h: validation, the build fingerprint that must agree, so a
 * library rebuilt between runs is refused, --skip-bad) into
 * OUTPUT+BASENAME, and OUTPUT+modules lists them (and, with "-", the
 * modules sampled without a profile); the calls between modules
 * (PROFILE+calls, PROFILE+plt-calls: include/gmon-calls.h) are added up
 * into OUTPUT+calls and OUTPUT+plt-calls, in a canonical order.  Both are
 * summed with the main sum, in the same pass (in parallel under a
 * launcher: sum.h, struct sum_libraries and struct sum_calls); this writes
 * them, their list and the calls' sums on process 0 after the main sum:
 * the same bytes and messages whatever the number of processes.
 */
#ifndef GPROF_PAR_LIBRARY_SUMS_H
#define GPROF_PAR_LIBRARY_SUMS_H

#include <stddef.h>
#include <stdio.h>

#include "sum.h"

/* out: the main sum, with the libraries and the calls between modules it
 * summed (sum_outcome.libraries and .calls); messages and the summary
 * lines go to msg.  Returns 0, or 1 if a library or the calls could not
 * be summed or written (the others are). */
int library_sums_write(FILE *msg, const char *program, const struct sum_outcome *out,
		       const char *output, int skip_bad);

#endif /* GPROF_PAR_LIBRARY_SUMS_H */
