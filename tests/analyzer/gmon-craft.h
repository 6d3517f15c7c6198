/*
 * gmon-craft.h - gmon files crafted byte by byte for the profile layer's
 * unit tests (test-gmon-read.c: reading, adding, merging; test-profile-
 * write.c: writing, packing), in a temporary directory, and the
 * comparisons of profiles they check with.
 */
#ifndef GMON_CRAFT_H
#define GMON_CRAFT_H

#include <stddef.h>
#include <stdint.h>

#include "fingerprint.h"
#include "gmon-read.h"

#define ERRLEN 1024

/* The directory the files are saved in: craft_tmpdir_make() at the suite's
 * start, craft_tmpdir_remove() at its end. */
extern char craft_tmpdir[64];
int craft_tmpdir_make(const char *name);
int craft_tmpdir_remove(void);

/* A file's bytes, grown by the put_ functions (native byte order). */
struct buf {
	unsigned char *data;
	size_t len, cap;
};

void put(struct buf *b, const void *data, size_t size);
void put_u8(struct buf *b, uint8_t v);
void put_u16(struct buf *b, uint16_t v);
void put_u32(struct buf *b, uint32_t v);
void put_u64(struct buf *b, uint64_t v);

/* Two fingerprints (build-ids) of executables. */
extern const unsigned char FP_A[GMON_FINGERPRINT_SIZE], FP_B[GMON_FINGERPRINT_SIZE];

void put_header_version(struct buf *b, uint32_t version, const unsigned char *fp);
void put_header(struct buf *b, const unsigned char *fp);
/* A histogram's header claiming nbins; the caller adds the bins. */
void put_hist_header_dimen(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins,
			   uint32_t rate, const char *dimen, char abbrev);
void put_hist_header(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins, uint32_t rate);
/* A histogram whose bin i holds base + i. */
void put_hist(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins, uint32_t rate,
	      uint16_t base);
void put_arc(struct buf *b, uint64_t from, uint64_t self, uint32_t count);
void put_bb(struct buf *b, uint32_t nblocks);

/* craft_tmpdir/name (free it). */
char *path_in_tmpdir(const char *name);
/* Writes b to craft_tmpdir/name and frees b; returns the path (free it). */
char *save(const char *name, struct buf *b);
/* The ordinary file most tests start from: one histogram of 1024 bins over
 * 0x1000-0x2000 at 100 Hz, three arcs, fingerprint fp. */
char *save_good(const char *name, const unsigned char *fp);

int same_string(const char *a, const char *b);
/* The same histograms, arcs, fingerprint and skipped records. */
int same_data(const struct profile *a, const struct profile *b);
/* ... and the same files named. */
int same_profile(const struct profile *a, const struct profile *b);
/* Whether haystack holds needle (else says what it lacks on stderr). */
int contains(const char *haystack, const char *needle);
/* Adds the file at path to p, which must succeed (a CUnit fatal assertion). */
void add_ok(struct profile *p, const char *path);

#endif /* GMON_CRAFT_H */
