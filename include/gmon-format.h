/*
 * gmon-format.h - the gmon.out on-disk format (version 1), as glibc writes
 * it and GNU gprof reads it, plus gmon-mpi's build fingerprint.
 *
 * Shared by the runtime (libgmon-mpi) and the analyzer (gprof-par).
 * Everything is in native byte order with no padding; addresses are the
 * size of a pointer on the profiled machine (8 bytes on x86_64).
 */
#ifndef GMON_FORMAT_H
#define GMON_FORMAT_H

#include <stdint.h>

#define GMON_MAGIC "gmon"
#define GMON_MAGIC_LEN 4
#define GMON_VERSION 1

/* File header: magic, int32 version, 12 spare bytes. */
#define GMON_HEADER_SIZE 20
#define GMON_SPARE_OFFSET 8
#define GMON_SPARE_SIZE 12

/*
 * The build fingerprint lives in the header's spare bytes, which GNU gprof
 * reads and ignores: a 2-byte marker followed by the first 10 bytes of the
 * executable's GNU build-id.  All-zero spare bytes (glibc's files, or an
 * executable without a build-id) mean "no fingerprint".
 */
#define GMON_FINGERPRINT_MARKER0 'B'
#define GMON_FINGERPRINT_MARKER1 'I'
#define GMON_FINGERPRINT_SIZE 10

/* Record tags. */
enum gmon_tag {
	GMON_TAG_TIME_HIST = 0,
	GMON_TAG_CG_ARC = 1,
	GMON_TAG_BB_COUNT = 2,
};

typedef uint64_t gmon_addr_t;

/* Histogram record, after its tag byte: low_pc, high_pc, int32 bin count,
 * int32 rate, dimen[15], dimen_abbrev, then bin_count 16-bit bins. */
#define GMON_DIMEN_LEN 15
#define GMON_HIST_HEADER_SIZE (2 * sizeof(gmon_addr_t) + 4 + 4 + GMON_DIMEN_LEN + 1)
#define GMON_HIST_BIN_MAX 0xffffu
/* The dimension names the clock the samples were taken on (the
 * abbreviation is 's' for both): CPU time, as glibc writes it, or elapsed
 * (wall-clock) time, BG_GMON_CLOCK=wall.  GNU gprof prints it ("Each sample
 * counts as 0.01 wall-sec.") and, as gprof-par, refuses to add histograms
 * of different dimensions. */
#define GMON_DIMEN_CPU "seconds"
#define GMON_DIMEN_WALL "wall-sec"

/* Arc record, after its tag byte: from_pc, self_pc, 32-bit count. */
#define GMON_ARC_SIZE (2 * sizeof(gmon_addr_t) + 4)
#define GMON_ARC_COUNT_MAX 0xffffffffu

#endif /* GMON_FORMAT_H */
