/*
 * profile/ - the in-memory profile: the lowest layer of gprof-par (it uses
 * only support/ and the format of include/ and common/).
 *
 * A struct profile is the sum of one or more gmon v1 files with 64-bit
 * counts: histograms (bins by address range) and call arcs (from_pc,
 * self_pc, count).  This layer reads and validates gmon files into it
 * (gmon-read.h, with the checks of gmon-check.c), adds profiles together
 * (this header), packs them for another process (profile-pack.h), writes
 * them back as gmon files GNU gprof reads (profile-write.h) and compares
 * their build fingerprints (fingerprint.h).  It knows nothing of symbols,
 * reports or MPI; everything above it takes its data from here.  The next
 * data (load modules, call paths) comes in as the companion file's reader.
 *
 * profile.h: the structure, the contract between this layer and the ones
 * above, and the in-memory operations (life cycle, merge, clone).
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

/* The first address of bin b of h, exactly: the range times b is taken in
 * 128 bits (a range near 2^64 bytes times a bin index overflows 64). */
static inline gmon_addr_t profile_bin_start(const struct profile_histogram *h, uint32_t b)
{
	unsigned __int128 span = (unsigned __int128)(h->high_pc - h->low_pc) * b;

	return h->low_pc + (gmon_addr_t)(span / h->nbins);
}

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

	/* Private to the profile layer (profile-internal.h): the arc hash
	 * index, capacities and the reusable read buffer.  Never touch; NULL
	 * after profile_init. */
	struct profile_private *priv;
};

/* Where adding files spends its time, in seconds, once profile_time_files()
 * was called on p: opening and reading them (open, fstat, read), checking
 * them (gmon-check.c), and adding them (reserving room included). */
struct profile_times {
	double read;
	double check;
	double add;
};

/* Empties p (no histograms, no arcs, no files).  Call profile_free on a
 * profile that holds anything before initialising it again. */
void profile_init(struct profile *p);
/* Frees what p holds and empties it. */
void profile_free(struct profile *p);

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

/* Bytes profile_add_file has read into p since profile_init (files it
 * rejected included): for progress and throughput reports. */
uint64_t profile_bytes_read(const struct profile *p);

#endif /* GPROF_PAR_PROFILE_H */
