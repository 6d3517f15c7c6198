/*
 * companion-write.h - the one writer of the companion container
 * (include/gmon-companion.h): its header, its table of sections and its
 * checksum.  Used by the runtime (libgmon-mpi/output-file.c: a rank's
 * companion, written in a signal handler too), by gprof-par's sums
 * (gprof-par/profile/sum-companion.h: gmon.sum+gmon-mpi, also the in-job
 * sum's) and by the tests' tools (tests/analyzer/replicate-ranks.c).
 *
 * libc only, no malloc, no stdio: async-signal-safe.  The caller gives the
 * table's room (max entries) and the file descriptor, opened for reading
 * and writing (the checksum is taken through a read-only mapping of the
 * file as written).  The sections go one after another from the header's
 * end; a caller that writes a section's name and data itself (the
 * runtime, filling it as it comes) records it with companion_writer_record,
 * and may move or drop the entries it recorded (w->table, w->hashes, w->n)
 * before the end, as long as the table then says where each one is.
 */
#ifndef GMON_COMPANION_WRITE_H
#define GMON_COMPANION_WRITE_H

#include <stddef.h>
#include <stdint.h>

/* One entry of the table, exactly as in the file (24 bytes, no padding). */
struct gmon_companion_entry {
	uint32_t type;
	uint32_t name_len;
	uint64_t offset;       /* of its name; its data follow */
	uint64_t size;         /* of its data */
};

struct companion_writer {
	int fd;
	uint64_t end;          /* the bytes of the file so far */
	struct gmon_companion_entry *table;
	uint64_t *hashes;      /* of the entries' names (companion_name_hash) */
	unsigned n, max;
};

/* The size and gmon_profile_checksum of the file at fd as written (read
 * back through a mapping): the "profile" line a companion names its
 * profile by.  Returns 0 or an errno value. */
int companion_profile_identity(int fd, uint64_t *size, uint64_t *checksum);

/* The hash of a section's name, to find a name already in the table. */
uint64_t companion_name_hash(const char *name, size_t len);

/* Starts the file at fd (empty, at offset 0): its header's 48 bytes, as
 * zeros until the end.  table and hashes hold max entries.  Returns 0 or
 * an errno value. */
int companion_writer_begin(struct companion_writer *w, int fd, struct gmon_companion_entry *table,
			   uint64_t *hashes, unsigned max);

/* Whether a section of that name may be added: 0, EEXIST (a section of
 * that name is in the table), ENOSPC (the table is full) or EINVAL (a
 * name of 0 or more than GMON_COMPANION_MAX_NAME bytes). */
int companion_writer_check(const struct companion_writer *w, const char *name, size_t len);

/* Records a section whose name (len bytes) the caller wrote at offset,
 * its size bytes of data after it.  Returns companion_writer_check's
 * value (0: recorded). */
int companion_writer_record(struct companion_writer *w, unsigned type, const char *name,
			    size_t len, uint64_t offset, uint64_t size);

/* Writes a section (its name, then size bytes of data) at the file's end
 * and records it.  Returns 0 or an errno value (then nothing is recorded,
 * and the file's bytes past w->end are to be cut). */
int companion_writer_add(struct companion_writer *w, unsigned type, const char *name,
			 const void *data, size_t size);

/* Writes the table at w->end, then the header and the checksum of the
 * whole file; with durable, fsyncs it.  The file is not closed.  Returns
 * 0 or an errno value. */
int companion_writer_finish(struct companion_writer *w, int durable);

#endif /* GMON_COMPANION_WRITE_H */
