/*
 * profile.h - an in-memory gmon profile: the sum of one or more gmon v1
 * files, with 64-bit counts.  The contract between the reader/summer
 * (profile.c, gmon-read.c) and the analysis and reports.
 */
#ifndef GPROF_PAR_PROFILE_H
#define GPROF_PAR_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"

/* One histogram range.  Records with the same range are added into one. */
struct profile_histogram {
	gmon_addr_t low_pc;
	gmon_addr_t high_pc;
	uint32_t nbins;
	uint32_t rate;               /* samples per second */
	char dimen[GMON_DIMEN_LEN + 1];
	char dimen_abbrev;
	uint64_t *bins;              /* nbins sums */
};

/* One distinct (from_pc, self_pc) pair; records for the same pair are added. */
struct profile_arc {
	gmon_addr_t from_pc;
	gmon_addr_t self_pc;
	uint64_t count;
};

struct profile_private;

struct profile {
	struct profile_histogram *hists; /* in order of first appearance */
	size_t nhists;
	struct profile_arc *arcs;        /* in order of first appearance */
	size_t narcs;
	int has_fingerprint;
	unsigned char fingerprint[GMON_FINGERPRINT_SIZE];
	size_t nfiles;                   /* files added so far */

	/* Where the data came from, for messages (NULL until known): the first
	 * file added, the file whose histogram ranges every later file must
	 * match, and the file the fingerprint came from. */
	char *first_file;
	char *hist_file;
	char *fingerprint_file;

	/* Basic-block count records (tag 2, from gcc -a / tcov-style tools) are
	 * validated and skipped: gprof-par neither sums nor writes them.  They
	 * are counted here so that the caller can warn about what was left out. */
	uint64_t bb_records_skipped;
	uint64_t bb_counts_skipped;      /* (address, count) pairs in them */

	/* Private to gmon-read.c: the arc hash index, capacities and the
	 * reusable read buffer.  Never touch; NULL after profile_init. */
	struct profile_private *priv;
};

#endif /* GPROF_PAR_PROFILE_H */
