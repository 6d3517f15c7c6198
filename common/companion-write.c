/* companion-write.c - see companion-write.h. */
#define _GNU_SOURCE
#include "companion-write.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gmon-companion.h"
#include "write-all.h"

_Static_assert(sizeof(struct gmon_companion_entry) == GMON_COMPANION_ENTRY_SIZE,
	       "the table's entries are written as they are in memory");

int companion_profile_identity(int fd, uint64_t *size, uint64_t *checksum)
{
	off_t end = lseek(fd, 0, SEEK_END);
	void *map;

	if (end < 0)
		return errno;
	*size = (uint64_t)end;
	if (end == 0) {
		*checksum = gmon_profile_checksum("", 0);
		return 0;
	}
	map = mmap(NULL, (size_t)end, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return errno;
	*checksum = gmon_profile_checksum(map, (size_t)end);
	munmap(map, (size_t)end);
	return 0;
}

uint64_t companion_name_hash(const char *name, size_t len)
{
	return gmon_companion_checksum(GMON_COMPANION_FNV_START ^ len, name, len);
}

int companion_writer_begin(struct companion_writer *w, int fd, struct gmon_companion_entry *table,
			   uint64_t *hashes, unsigned max)
{
	static const unsigned char zeros[GMON_COMPANION_HEADER_SIZE];

	*w = (struct companion_writer){ .fd = fd, .table = table, .hashes = hashes, .max = max };
	w->end = GMON_COMPANION_HEADER_SIZE;
	return write_all(fd, zeros, sizeof zeros);
}

int companion_writer_check(const struct companion_writer *w, const char *name, size_t len)
{
	uint64_t hash = companion_name_hash(name, len);

	if (len == 0 || len > GMON_COMPANION_MAX_NAME)
		return EINVAL;
	for (unsigned i = 0; i < w->n; i++)
		if (w->hashes[i] == hash && w->table[i].name_len == len)
			return EEXIST;
	return w->n == w->max ? ENOSPC : 0;
}

int companion_writer_record(struct companion_writer *w, unsigned type, const char *name,
			    size_t len, uint64_t offset, uint64_t size)
{
	int err = companion_writer_check(w, name, len);

	if (err != 0)
		return err;
	w->hashes[w->n] = companion_name_hash(name, len);
	w->table[w->n++] = (struct gmon_companion_entry){ type, (uint32_t)len, offset, size };
	return 0;
}

int companion_writer_add(struct companion_writer *w, unsigned type, const char *name,
			 const void *data, size_t size)
{
	size_t len = strlen(name);
	int err = companion_writer_check(w, name, len);

	if (err == 0)
		err = write_all(w->fd, name, len);
	if (err == 0)
		err = write_all(w->fd, data, size);
	if (err == 0)
		err = companion_writer_record(w, type, name, len, w->end, size);
	if (err == 0)
		w->end += len + size;
	return err;
}

int companion_writer_finish(struct companion_writer *w, int durable)
{
	unsigned char header[GMON_COMPANION_HEADER_SIZE];
	uint64_t table_offset = w->end, size, sum;
	uint32_t u32;
	void *map;
	int err = write_all(w->fd, w->table, w->n * sizeof w->table[0]);

	if (err != 0)
		return err;
	size = table_offset + w->n * sizeof w->table[0];
	memset(header, 0, sizeof header);
	memcpy(header, GMON_COMPANION_MAGIC, GMON_COMPANION_MAGIC_LEN);
	u32 = GMON_COMPANION_VERSION;
	memcpy(header + 8, &u32, 4);
	u32 = GMON_COMPANION_HEADER_SIZE;
	memcpy(header + 12, &u32, 4);
	memcpy(header + 16, &size, 8);
	memcpy(header + 24, &table_offset, 8);
	memcpy(header + 32, &w->n, 4);
	if (pwrite(w->fd, header, sizeof header, 0) != (ssize_t)sizeof header)
		return errno ? errno : EIO;
	map = mmap(NULL, (size_t)size, PROT_READ, MAP_SHARED, w->fd, 0);
	if (map == MAP_FAILED)
		return errno;
	sum = gmon_companion_checksum(GMON_COMPANION_FNV_START, map, (size_t)size);
	munmap(map, (size_t)size);
	if (pwrite(w->fd, &sum, sizeof sum, GMON_COMPANION_CHECKSUM_OFFSET) != (ssize_t)sizeof sum)
		return errno ? errno : EIO;
	if (durable && fsync(w->fd) != 0 && errno != EINVAL)
		return errno;
	return 0;
}
