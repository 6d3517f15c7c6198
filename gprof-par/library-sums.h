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
 * into OUTPUT+calls and OUTPUT+plt-calls, in a canonical order.  On process 0 only,
 * after the main sum, serially: the same bytes whatever the number of
 * processes.
 */
#ifndef GPROF_PAR_LIBRARY_SUMS_H
#define GPROF_PAR_LIBRARY_SUMS_H

#include <stddef.h>
#include <stdio.h>

/* files: the main sum's files; messages and the summary line go to msg.
 * Returns 0, or 1 if a library could not be summed or written (the
 * others are). */
int library_sums_write(FILE *msg, const char *program, char *const *files, size_t nfiles,
		       const char *output, int skip_bad);

#endif /* GPROF_PAR_LIBRARY_SUMS_H */
