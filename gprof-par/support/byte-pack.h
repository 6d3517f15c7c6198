/*
 * byte-pack.h - a structure's numbers and strings in bytes, to move it
 * between processes (the parallel sum's libraries, parallel/sum-mpi*.c;
 * the in-job sum's partial companions, pmpi/job-sum-companions.c): a
 * uint64 in native byte order, a string as its length (UINT64_MAX: none)
 * then its bytes.  Written to a stream (open_memstream), read from a
 * buffer by a reader that fails softly: a short or bad buffer sets
 * r->bad and the readers then return 0 / NULL, to be checked once at the
 * end.
 */
#ifndef GPROF_PAR_BYTE_PACK_H
#define GPROF_PAR_BYTE_PACK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

void pack_u64(FILE *f, uint64_t v);

/* A string, or NULL. */
void pack_text(FILE *f, const char *text);

/* len bytes (a length, then the bytes). */
void pack_bytes(FILE *f, const void *data, size_t len);

struct unpacker {
	const char *at, *end;
	int bad;               /* 1: the buffer ended short (or a string was
				* not NUL-free); 2: out of memory */
};

void unpacker_init(struct unpacker *r, const void *data, size_t len);
uint64_t unpack_u64(struct unpacker *r);

/* A string packed by pack_text, malloc'ed; NULL for NULL (or when r->bad). */
char *unpack_text(struct unpacker *r);

/* Bytes packed by pack_bytes: where they are in the buffer, *len of them
 * (NULL when r->bad). */
const void *unpack_bytes(struct unpacker *r, size_t *len);

/* "ended short" or "out of memory", for a message on r->bad. */
const char *unpacker_error(const struct unpacker *r);

#endif /* GPROF_PAR_BYTE_PACK_H */
