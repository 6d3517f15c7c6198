/*
 * gmon-read.h - read and validate gmon v1 files and add them into a
 * struct profile (profile.h).
 */
#ifndef GPROF_PAR_GMON_READ_H
#define GPROF_PAR_GMON_READ_H

#include <stddef.h>

#include "profile.h"

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

/*
 * Tracing: from now on, profile_add_file() notes what each file held as it
 * adds it, for a consumer that needs each file on its own (the load
 * balance): each arc record's index in p->arcs and count, and each
 * histogram record's place with the blocks of PROFILE_TRACE_BLOCK bins
 * that hold samples (found by the adding loop itself, so that the
 * consumer need not look at empty bins).  Costs a few stores per record.
 * Files are traced only while batching (profile_begin_batch): adding one
 * outside a batch is refused.
 * Returns 0, or -1 with a message (out of memory).
 */
#define PROFILE_TRACE_BLOCK 32

struct profile_arc_trace {
	uint32_t index;          /* in p->arcs */
	uint32_t count;
};

struct profile_hist_trace {
	gmon_addr_t low_pc, high_pc;
	uint32_t nbins;
	const unsigned char *bins;   /* the record's 16-bit bins, in the file image */
	size_t first_block, nblocks; /* its entries of the block list */
};

struct profile_trace {
	const struct profile_arc_trace *arcs;
	size_t narcs;
	const struct profile_hist_trace *hists;
	size_t nhists;
	const uint32_t *blocks;  /* indexes of blocks with samples, by record */
};

int profile_trace_files(struct profile *p, char *err, size_t errlen);
/* profile_trace_files for the histograms only: the trace holds no arcs
 * (a consumer of the samples alone: the load balance without its calls,
 * where tracing each arc record was most of what tracing cost). */
int profile_trace_histograms(struct profile *p, char *err, size_t errlen);
/* The trace of the file added last (valid until the next call on p);
 * returns -1 when p is not traced. */
int profile_last_trace(const struct profile *p, struct profile_trace *t);

/*
 * Shapes only: from now on, the files added to p are read and checked as
 * before, and give p their histogram ranges, fingerprint, file names and
 * counts of files and skipped records, but none of their bins or arcs: for
 * a profile that only follows what later files are checked against (the
 * parallel sum's serial state, where adding a 30,000-function file's
 * 60,000 arcs and 850,000 bins was most of the time).  Returns 0, or -1
 * with a message (out of memory).
 */
int profile_shapes_only(struct profile *p, char *err, size_t errlen);

/*
 * Arc classes, for a consumer of the trace that sums a file's arc counts
 * by a class of its own (the load balance: calls by called function).
 * Once arc i of p->arcs has a class (profile_set_arc_class), its records
 * add their counts into (*sums)[class] while the file is added, and are
 * not in the trace's arcs: only the records of arcs without a class yet
 * are, for the consumer to classify.  A trace entry written and read
 * again for every arc record was most of what tracing cost.  *sums is
 * read when each file starts (the consumer may point it elsewhere
 * between files); sums NULL: no classes used, every record is traced.
 * profile_set_arc_class returns 0, or -1 when out of memory or p has no
 * arc index.
 */
#define PROFILE_NO_CLASS UINT32_MAX

void profile_trace_arc_sums(struct profile *p, uint64_t *const *sums);
int profile_set_arc_class(struct profile *p, size_t index, uint32_t arc_class);

/*
 * Adding many files: between profile_begin_batch() and profile_end_batch(),
 * histogram bins are added into 32-bit partial sums, widened into the
 * 64-bit p->hists[i].bins before they could overflow and at the end; in
 * between, p->hists[i].bins lags behind.  Half the memory traffic of
 * adding into 64-bit sums, which for large histograms do not fit in the
 * caches.  profile_end_batch() cannot fail.
 */
int profile_begin_batch(struct profile *p, char *err, size_t errlen);  /* 0, or -1: no memory */
void profile_end_batch(struct profile *p);

/* From now on, measure where profile_add_file() spends its time (a few
 * clock_gettime calls per file); profile_times_get() says how much.
 * Returns 0, or -1 with a message (out of memory). */
int profile_time_files(struct profile *p, char *err, size_t errlen);
void profile_times_get(const struct profile *p, struct profile_times *t);

/* How many records of each kind one gmon file holds (GNU gprof -i). */
struct gmon_record_counts {
	int version;             /* the header's; 0 for a BSD file (as GNU) */
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

/*
 * Like profile_add_file, for a gmon file already in memory (e.g. received
 * from another MPI rank).  name is used in messages only.
 */
int profile_add_buffer(struct profile *p, const void *data, size_t len, const char *name,
		       char *err, size_t errlen);

#endif /* GPROF_PAR_GMON_READ_H */
