/*
 * gmon-read.h - read and validate gmon v1 files and add them into a
 * struct profile; write a profile back as a lossless gmon file.
 */
#ifndef GPROF_PAR_GMON_READ_H
#define GPROF_PAR_GMON_READ_H

#include <stddef.h>

#include "profile.h"

/* Empties p (no histograms, no arcs, no files).  Call profile_free on a
 * profile that holds anything before initialising it again. */
void profile_init(struct profile *p);
/* Frees what p holds and empties it. */
void profile_free(struct profile *p);

/*
 * Reads the gmon file at path and adds it into p.  On any problem (cannot
 * open, truncated, bad magic or version, unknown tag, a histogram whose
 * range overlaps or whose rate differs from what p already holds, absurd
 * sizes) returns -1, leaves p unchanged and puts a message that names the
 * file and the problem into err.  Returns 0 on success.
 *
 * Precisely: the first file with histograms fixes their ranges (disjoint
 * ranges in it are kept apart, as GNU gprof does; partly overlapping ones
 * are an error); a later histogram must have one of those ranges with the
 * same bin count, and every histogram the first one's rate and dimension.
 * Same-range histograms and same-(from_pc, self_pc) arcs are added in 64
 * bits; arcs keep the order in which pairs first appear.  Basic-block
 * records (tag 2) are checked and skipped, and counted in
 * p->bb_records_skipped.  A file without fingerprint may join files with
 * one; two different fingerprints are an error.  A file of a header only
 * is valid and empty.  The file is read with one read(2) into a buffer p
 * keeps for the next file.
 */
int profile_add_file(struct profile *p, const char *path, char *err, size_t errlen);

/* How many records of each kind one gmon file holds (GNU gprof -i). */
struct gmon_record_counts {
	uint64_t hist;
	uint64_t arcs;
	uint64_t bb;
};

/*
 * Reads and checks the gmon file at path on its own (as profile_add_file
 * does for a first file) and counts its records.  Returns 0, or -1 with a
 * message naming the file in err.
 */
int gmon_count_records(const char *path, struct gmon_record_counts *counts, char *err,
		       size_t errlen);

/* Bytes profile_add_file has read into p since profile_init (files it
 * rejected included): for progress and throughput reports. */
uint64_t profile_bytes_read(const struct profile *p);

/*
 * Writes p to path as a gmon v1 file GNU gprof reads (stacked records where
 * a count does not fit), through a temporary name and a rename, so that no
 * half-written file is left.  Returns 0, or -1 with a message in err.
 */
int profile_write(const struct profile *p, const char *path, char *err, size_t errlen);

/*
 * Like profile_add_file, for a gmon file already in memory (e.g. received
 * from another MPI rank).  name is used in messages only.
 */
int profile_add_buffer(struct profile *p, const void *data, size_t len, const char *name,
		       char *err, size_t errlen);

/*
 * Adds src into dst with the same checks as profile_add_file (histogram
 * ranges, rate, dimension, fingerprint).  On a problem returns -1, leaves
 * dst unchanged and explains in err; else 0.  Arcs of src that dst does not
 * hold yet are appended in src's order, so merging per-file profiles in file
 * order gives the same arc order as reading the files in that order.
 */
int profile_merge(struct profile *dst, const struct profile *src, char *err, size_t errlen);

/* Makes dst (not initialised, or freed) a deep copy of src.  Returns 0, or
 * -1 with a message in err (out of memory). */
int profile_clone(struct profile *dst, const struct profile *src, char *err, size_t errlen);

/*
 * Serialises p, 64-bit counts and file names included, into a malloc'ed
 * buffer (*data, *len; free it) for another process of the same machine
 * type, e.g. another MPI rank: much smaller than a gmon file of stacked
 * records once counts are large.  Returns 0, or -1 with a message in err.
 */
int profile_pack(const struct profile *p, void **data, size_t *len, char *err, size_t errlen);

/*
 * Adds a buffer made by profile_pack into p, with profile_merge's checks
 * and a check of the buffer itself (name is used in messages).  Returns 0,
 * or -1 with p unchanged and a message in err.
 */
int profile_add_packed(struct profile *p, const void *data, size_t len, const char *name,
		       char *err, size_t errlen);

/*
 * Compares p's fingerprint with the executable's GNU build-id (build_id of
 * len bytes; the fingerprint holds its first GMON_FINGERPRINT_SIZE bytes,
 * zero-padded if shorter).  Returns 0 when they match or when p has no
 * fingerprint (glibc's files, GNU gprof's gmon.sum); -1 with a message
 * naming exe_path, the profile's file and both values otherwise.
 */
int profile_check_build_id(const struct profile *p, const unsigned char *build_id, size_t len,
			   const char *exe_path, char *err, size_t errlen);

/* Formats a fingerprint as lowercase hex: out needs 2*GMON_FINGERPRINT_SIZE+1. */
void profile_format_fingerprint(const unsigned char fingerprint[GMON_FINGERPRINT_SIZE],
				char *out);

#endif /* GPROF_PAR_GMON_READ_H */
