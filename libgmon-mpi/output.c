/*
 * output.c - see output.h.
 *
 * Everything here is async-signal-safe, so that a flush signal's handler
 * can write the profile: no stdio, no malloc (the buffer is mmap'ed), no
 * locks.  The temporary file gets a name no other user can predict (a
 * random suffix from getrandom) and is created with O_EXCL|O_NOFOLLOW: a
 * symlink or file planted at such a name in a shared directory is never
 * followed or reused.  The rename that puts the profile in place replaces
 * whatever entry has the final name (a planted symlink itself, never its
 * target).  A file-size limit (ulimit -f) fails the write with EFBIG,
 * reported like a full disk, instead of killing the program (xfsz-guard.h).
 */
#define _GNU_SOURCE
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "arcs.h"
#include "gmon-write.h"
#include "histogram.h"
#include "xfsz-guard.h"

#define WRITE_BUFFER_SIZE (1u << 16)
#define TMP_NAME_TRIES 16

struct arc_writing {
	struct gmon_writer *writer;
	struct output_summary *summary;
	uintptr_t low_pc, high_pc;   /* link-time range both ends must be in */
	uintptr_t load_bias;         /* runtime minus link-time address */
};

static void write_one_arc(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct arc_writing *aw = ctx;
	uintptr_t from = from_pc - aw->load_bias;
	uintptr_t self = self_pc - aw->load_bias;

	if (count == 0)
		return;
	if (from < aw->low_pc || from >= aw->high_pc || self < aw->low_pc || self >= aw->high_pc) {
		aw->summary->arcs_outside++;
		aw->summary->calls_outside += count;
		return;
	}
	aw->summary->arcs_written++;
	aw->summary->calls_written += count;
	gmon_write_arc(aw->writer, from, self, count);
}

/* What one file holds: a histogram over [low_pc, high_pc), and the arcs
 * whose two ends are in that range (a module's: the calls inside it). */
struct file_content {
	gmon_addr_t low_pc, high_pc;
	const uint32_t *bins;
	uint32_t nbins;
	unsigned rate;
	const unsigned char *fingerprint;   /* NULL: none */
	uintptr_t load_bias;
	struct output_summary *summary;
};

static int write_records(int fd, const struct file_content *c, enum output_sync sync)
{
	struct gmon_writer w;
	struct arc_writing aw = {&w, c->summary, c->low_pc, c->high_pc, c->load_bias};
	void *buffer = mmap(NULL, WRITE_BUFFER_SIZE, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int err;

	if (buffer == MAP_FAILED)
		return errno;
	gmon_writer_init(&w, fd, buffer, WRITE_BUFFER_SIZE);
	gmon_write_file_header(&w, c->fingerprint);
	gmon_write_histogram(&w, c->low_pc, c->high_pc, c->rate, c->bins, sizeof c->bins[0],
			     c->nbins);
	arcs_for_each(write_one_arc, &aw);
	err = gmon_writer_finish(&w);
	if (err == 0 && sync == OUTPUT_DURABLE && fsync(fd) != 0 && errno != EINVAL)
		err = errno;
	munmap(buffer, WRITE_BUFFER_SIZE);
	return err;
}

/* A suffix no other user can predict: 16 hex digits from getrandom, or
 * from the clock, a counter and the pid where getrandom fails. */
static void random_suffix(char out[17])
{
	static const char hex[] = "0123456789abcdef";
	static unsigned counter;
	uint64_t r = 0;

	if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		r = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^ (uint64_t)ts.tv_sec ^
		    ((uint64_t)__atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED) << 40) ^
		    (uint64_t)getpid() << 20;
	}
	for (int i = 0; i < 16; i++, r >>= 4)
		out[i] = hex[r & 15];
	out[16] = '\0';
}

/* tmp = path ".tmp" suffix, without snprintf (not async-signal-safe). */
static int temporary_name(char *tmp, size_t size, const char *path)
{
	size_t len = strlen(path);
	char suffix[17];

	random_suffix(suffix);
	if (len + 4 + 16 + 1 > size)
		return ENAMETOOLONG;
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".tmp", 4);
	memcpy(tmp + len + 4, suffix, 17);
	return 0;
}

static int create_temporary(char *tmp, size_t size, const char *path, int *fd)
{
	for (int tries = 0; tries < TMP_NAME_TRIES; tries++) {
		int err = temporary_name(tmp, size, path);

		if (err != 0)
			return err;
		*fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (*fd >= 0)
			return 0;
		if (errno != EEXIST)
			return errno;
	}
	return EEXIST;
}

int output_write_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx)
{
	char tmp[4096];
	struct xfsz_guard guard;
	int fd, err;

	xfsz_guard_begin(&guard);
	err = create_temporary(tmp, sizeof tmp, path, &fd);
	if (err == 0) {
		err = fill(fd, ctx);
		if (close(fd) != 0 && err == 0)
			err = errno;
		if (err == 0 && rename(tmp, path) != 0)
			err = errno;
		if (err != 0)
			unlink(tmp);
	}
	xfsz_guard_end(&guard);
	return err;
}

struct records {
	const struct file_content *content;
	enum output_sync sync;
};

static int fill_records(int fd, void *ctx)
{
	const struct records *r = ctx;

	return write_records(fd, r->content, r->sync);
}

static int write_file(const char *path, const struct file_content *c, enum output_sync sync)
{
	struct records r = { c, sync };

	return output_write_with(path, fill_records, &r);
}

int output_write_profile(const char *path, unsigned rate, const struct image_info *image,
			 enum output_sync sync, struct output_summary *summary)
{
	const struct histogram *h = &gmon_histogram;
	struct file_content c = { h->low_pc, h->high_pc, h->bins, h->nbins, rate,
				  image->has_build_id ? image->build_id_prefix : NULL, h->load_bias,
				  summary };

	*summary = (struct output_summary){0};
	return write_file(path, &c, sync);
}

int output_write_module(const char *path, unsigned rate, uintptr_t low_pc, uintptr_t high_pc,
			uintptr_t load_bias, const uint32_t *bins, uint32_t nbins,
			const unsigned char *fingerprint, struct output_summary *summary)
{
	struct file_content c = { low_pc, high_pc, bins, nbins, rate, fingerprint, load_bias,
				  summary };

	*summary = (struct output_summary){0};
	return write_file(path, &c, OUTPUT_DURABLE);
}
