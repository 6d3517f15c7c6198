/*
 * gmon-records.h - the records of one gmon file, one at a time and in the
 * file's order, for what needs a file as it is rather than its sum: GNU
 * gprof's -d traces of the raw data (analysis/gnu-debug.h) and --dump.
 *
 * The file is read and checked as profile_add_file() checks a first file
 * (gmon-read.h); a file in one of the BSD formats is converted first, as it
 * is for summing, so its records are the converted ones.
 */
#ifndef GPROF_PAR_GMON_RECORDS_H
#define GPROF_PAR_GMON_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"

/* A histogram record: its header, and its bins as the file holds them
 * (native-order 16-bit counts, unaligned: read them with gmon_record_bin). */
struct gmon_hist_record {
	gmon_addr_t low_pc, high_pc;
	uint32_t nbins;
	uint32_t rate;
	char dimen[GMON_DIMEN_LEN + 1];
	char dimen_abbrev;
	const unsigned char *bins;
};

/* A basic-block record: count (address, count) pairs, unaligned. */
struct gmon_bb_record {
	uint32_t nblocks;
	const unsigned char *pairs;
};

/* What to call for each record; a NULL member skips that kind.  A
 * callback returning non-zero stops the walk (gmon_visit_file returns it). */
struct gmon_visitor {
	int (*header)(void *ctx, uint32_t version, int has_fingerprint,
		      const unsigned char *fingerprint);
	int (*hist)(void *ctx, const struct gmon_hist_record *h);
	int (*arc)(void *ctx, gmon_addr_t from_pc, gmon_addr_t self_pc, uint32_t count);
	int (*bb)(void *ctx, const struct gmon_bb_record *b);
};

uint16_t gmon_record_bin(const struct gmon_hist_record *h, uint32_t i);
void gmon_record_block(const struct gmon_bb_record *b, uint32_t i, gmon_addr_t *addr,
		       gmon_addr_t *count);

/*
 * Reads and checks the gmon file at path, then calls v for its header and
 * each record in order.  Returns 0; -1 with a message naming the file in
 * err when it cannot be read or is not a valid gmon file (nothing is
 * visited then); or what a callback returned.
 */
int gmon_visit_file(const char *path, const struct gmon_visitor *v, void *ctx, char *err,
		    size_t errlen);

#endif /* GPROF_PAR_GMON_RECORDS_H */
