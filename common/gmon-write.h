/*
 * gmon-write.h - encode gmon v1 records into a caller-supplied buffer and
 * flush them to a file descriptor.  No allocation, no stdio: the runtime
 * calls this at exit, possibly while other threads are inside malloc.
 *
 * Values that do not fit a record field are written losslessly as stacked
 * records whose values add up (GNU gprof adds histogram records with the
 * same range, and arc records for the same pair).
 */
#ifndef GMON_WRITE_H
#define GMON_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"

struct gmon_writer {
	int fd;
	unsigned char *buf;
	size_t cap;
	size_t len;
	uint64_t bytes_written; /* flushed to fd so far */
	int error;              /* first errno seen, 0 if none */
	const char *dimen;      /* the histograms' dimension: GMON_DIMEN_CPU (the
				 * default) or GMON_DIMEN_WALL */
};

/* buf must hold at least 64 bytes; larger buffers mean fewer write(2)s. */
void gmon_writer_init(struct gmon_writer *w, int fd, void *buf, size_t cap);

/* fingerprint: GMON_FINGERPRINT_SIZE bytes, or NULL for none. */
void gmon_write_file_header(struct gmon_writer *w, const unsigned char *fingerprint);

/* bins: nbins counters of bin_size bytes each (2, 4 or 8).  Writes as many
 * records with the same range as the largest bin needs (at least one). */
void gmon_write_histogram(struct gmon_writer *w, gmon_addr_t low_pc, gmon_addr_t high_pc,
			  uint32_t rate, const void *bins, size_t bin_size, uint32_t nbins);

/* Number of histogram records gmon_write_histogram writes for these bins. */
uint64_t gmon_histogram_layers(const void *bins, size_t bin_size, uint32_t nbins);

/* A sparse histogram record (gmon-companion.h's, tag given): the range's
 * header as gmon_write_histogram's, the number of pairs, and one (bin,
 * count) pair per bin with samples, in bin order (a bin above 2^32 - 1 in
 * several pairs whose counts add up). */
void gmon_write_sparse_histogram(struct gmon_writer *w, uint8_t tag, gmon_addr_t low_pc,
				 gmon_addr_t high_pc, uint32_t rate, const void *bins,
				 size_t bin_size, uint32_t nbins);

/* Writes ceil(count / 2^32-1) arc records; nothing for a zero count. */
void gmon_write_arc(struct gmon_writer *w, gmon_addr_t from_pc, gmon_addr_t self_pc,
		    uint64_t count);

/* Flushes the buffer; returns 0, or the first errno seen by any call. */
int gmon_writer_finish(struct gmon_writer *w);

/* Fingerprint helpers, shared by writer and readers. */
void gmon_fingerprint_to_spare(const unsigned char *fingerprint,
			       unsigned char spare[GMON_SPARE_SIZE]);
/* Returns 1 and fills fingerprint if spare holds one, else 0. */
int gmon_fingerprint_from_spare(const unsigned char spare[GMON_SPARE_SIZE],
				unsigned char fingerprint[GMON_FINGERPRINT_SIZE]);

#endif /* GMON_WRITE_H */
