/*
 * output-file.c - see output-file.h.
 *
 * Async-signal-safe (a flush signal's handler writes the profile through
 * it): no stdio, no malloc, no locks.  The temporary file gets a name no
 * other user can predict (a random suffix from getrandom) and is created
 * with O_EXCL|O_NOFOLLOW: a symlink or file planted at such a name in a
 * shared directory is never followed or reused.  The rename that puts the
 * file in place replaces whatever entry has the final name (a planted
 * symlink itself, never its target).  A file-size limit (ulimit -f) fails
 * the write with EFBIG, reported like a full disk, instead of killing the
 * program (xfsz-guard.h).
 */
#define _GNU_SOURCE
#include "output-file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "companion-name.h"
#include "companion-write.h"
#include "gmon-companion.h"
#include "xfsz-guard.h"
#include "write-all.h"

#define TMP_NAME_TRIES 16

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

static int create_temporary(char *tmp, size_t size, const char *path, int *fd, int mode)
{
	for (int tries = 0; tries < TMP_NAME_TRIES; tries++) {
		int err = temporary_name(tmp, size, path);

		if (err != 0)
			return err;
		*fd = open(tmp, mode | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		if (*fd >= 0)
			return 0;
		if (errno != EEXIST)
			return errno;
	}
	return EEXIST;
}

static int write_file_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx)
{
	char tmp[4096];
	struct xfsz_guard guard;
	int fd, err;

	xfsz_guard_begin(&guard);
	err = create_temporary(tmp, sizeof tmp, path, &fd, O_WRONLY);
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

int output_write_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx)
{
	return output_write_section(path, GMON_SECTION_TEXT, fill, ctx);
}

/* ---- The profile, held until its companion is written. ---------------- */

static struct {
	int held;
	uint64_t size, checksum;
	char path[4096];
	char tmp[4096];
} held;

int output_hold_with(const char *path, int (*fill)(int fd, void *ctx), void *ctx)
{
	struct xfsz_guard guard;
	size_t len = strlen(path);
	int fd, err;

	if (held.held)
		output_held_commit();
	if (len >= sizeof held.path)
		return ENAMETOOLONG;
	xfsz_guard_begin(&guard);
	err = create_temporary(held.tmp, sizeof held.tmp, path, &fd, O_RDWR);
	if (err == 0) {
		err = fill(fd, ctx);
		if (err == 0)
			err = companion_profile_identity(fd, &held.size, &held.checksum);
		if (close(fd) != 0 && err == 0)
			err = errno;
		if (err != 0)
			unlink(held.tmp);
	}
	xfsz_guard_end(&guard);
	if (err == 0) {
		memcpy(held.path, path, len + 1);
		held.held = 1;
	}
	return err;
}

int output_held_identity(uint64_t *size, uint64_t *checksum)
{
	if (!held.held)
		return 0;
	*size = held.size;
	*checksum = held.checksum;
	return 1;
}

int output_held_commit(void)
{
	int err = 0;

	if (!held.held)
		return 0;
	held.held = 0;
	if (rename(held.tmp, held.path) != 0) {
		err = errno;
		unlink(held.tmp);
	}
	return err;
}

/* ---- The one companion (gmon-companion.h). ---------------------------- */

#define MAX_SECTIONS 1024

static struct {
	int active;
	struct companion_writer w; /* the file, its table (companion-write.h) */
	struct gmon_companion_entry table[MAX_SECTIONS];
	uint64_t hashes[MAX_SECTIONS];  /* of their names */
	unsigned char in_side[MAX_SECTIONS]; /* offset in side, not yet in fd */
	int fd;
	int memory;                /* output_companion_begin_fd: fd is the
				    * caller's, no temporary, no rename */
	int depth;                 /* sections being filled */
	int side;                  /* nested sections (add_section), or -1 */
	uint64_t side_end;
	char profile[4096];
	char path[4096];
	char tmp[4096];
} comp = { .side = -1 };

int output_companion_active(void)
{
	return comp.active;
}

/* Begins the companion of profile into fd: a temporary beside it
 * (memory_fd < 0), or the caller's memory_fd. */
static int companion_begin_into(const char *profile, int memory_fd)
{
	struct xfsz_guard guard;
	size_t len = strlen(profile);
	int err = 0;

	if (comp.active)
		return EBUSY;
	if (len >= sizeof comp.profile)
		return ENAMETOOLONG;
	if (companion_name(profile, GMON_COMPANION_KIND, comp.path, sizeof comp.path) >=
	    sizeof comp.path)
		return ENAMETOOLONG;
	memcpy(comp.profile, profile, len + 1);
	comp.memory = memory_fd >= 0;
	comp.fd = memory_fd;
	xfsz_guard_begin(&guard);
	if (!comp.memory)
		err = create_temporary(comp.tmp, sizeof comp.tmp, comp.path, &comp.fd, O_RDWR);
	if (err == 0) {
		err = companion_writer_begin(&comp.w, comp.fd, comp.table, comp.hashes,
					     MAX_SECTIONS);
		if (err != 0 && !comp.memory) {
			close(comp.fd);
			unlink(comp.tmp);
		}
	}
	xfsz_guard_end(&guard);
	if (err != 0)
		return err;
	comp.side = -1;            /* made when needed, closed at the end: a
				    * program may close descriptors it did not
				    * open, and one kept would be reused */
	comp.side_end = 0;
	comp.depth = 0;
	comp.active = 1;
	return 0;
}

int output_companion_begin(const char *profile)
{
	return companion_begin_into(profile, -1);
}

int output_companion_begin_fd(const char *profile, int fd)
{
	return fd < 0 ? EBADF : companion_begin_into(profile, fd);
}

/* The KIND of path if it is the companion of kind KIND of the profile
 * being written (companion_name's rule read backwards): its start and
 * length; 0 if it is not one. */
static size_t kind_of(const char *path, const char **kind)
{
	size_t plen = strlen(comp.profile), stem = companion_stem(comp.profile);
	size_t len = strlen(path), slen = plen - stem;

	if (len < stem + 2 + slen || memcmp(path, comp.profile, stem) != 0 || path[stem] != '+' ||
	    memcmp(path + len - slen, comp.profile + stem, slen) != 0)
		return 0;
	*kind = path + stem + 1;
	len = len - stem - 1 - slen;
	return len <= GMON_COMPANION_MAX_NAME && memchr(*kind, '/', len) == NULL ? len : 0;
}

/* A section begun while another is being written (a library's, while
 * the list of modules that names it is filled) goes to comp.side first,
 * and follows the outer one once that is whole. */
static int side_file(void)
{
	if (comp.side < 0) {
		comp.side = memfd_create("gmon-mpi-section", MFD_CLOEXEC);
		if (comp.side < 0)
			return errno;
	}
	return 0;
}

/* Moves the nested sections (entries marked in_side) after the outer
 * one; or drops them (keep 0). */
static int flush_side(int keep)
{
	struct companion_writer *w = &comp.w;
	off_t from = 0;
	unsigned kept = 0;
	int err = 0;

	while (keep && (uint64_t)from < comp.side_end) {
		ssize_t n = sendfile(comp.fd, comp.side, &from, (size_t)(comp.side_end - (uint64_t)from));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : EIO;
			break;
		}
	}
	if (err != 0) {
		keep = 0;
		if (ftruncate(comp.fd, (off_t)w->end) != 0 ||
		    lseek(comp.fd, (off_t)w->end, SEEK_SET) < 0)
			comp.active = 2;
	}
	for (unsigned i = 0; i < w->n; i++) {
		if (comp.in_side[i] && keep)
			w->table[i].offset += w->end;
		if (comp.in_side[i] && !keep)
			continue;
		w->table[kept] = w->table[i];
		w->hashes[kept] = w->hashes[i];
		comp.in_side[kept++] = 0;
	}
	w->n = kept;
	if (keep)
		w->end += comp.side_end;
	if (comp.side >= 0 && (ftruncate(comp.side, 0) != 0 || lseek(comp.side, 0, SEEK_SET) < 0))
		comp.active = 2;
	comp.side_end = 0;
	return err;
}

static int add_section(const char *kind, size_t klen, unsigned type,
		       int (*fill)(int fd, void *ctx), void *ctx)
{
	struct xfsz_guard guard;
	struct companion_writer *w = &comp.w;
	int nested = comp.depth > 0, fd, err = companion_writer_check(w, kind, klen);
	uint64_t start;
	off_t end = -1;

	if (err != 0)
		return err;
	if (nested && (err = side_file()) != 0)
		return err;
	fd = nested ? comp.side : comp.fd;
	start = nested ? comp.side_end : w->end;
	xfsz_guard_begin(&guard);
	comp.depth++;
	err = write_all(fd, kind, klen);
	if (err == 0)
		err = fill(fd, ctx);
	comp.depth--;
	if (err == 0 && (end = lseek(fd, 0, SEEK_CUR)) < 0)
		err = errno;
	if (err != 0) {
		/* left out: cut back to where it started */
		if (ftruncate(fd, (off_t)start) != 0 || lseek(fd, (off_t)start, SEEK_SET) < 0)
			comp.active = 2;        /* the file is spoilt: not kept */
		if (!nested)
			flush_side(0);
	} else {
		comp.in_side[w->n] = (unsigned char)nested;
		companion_writer_record(w, type, kind, klen, start, (uint64_t)end - start - klen);
		if (nested) {
			comp.side_end = (uint64_t)end;
		} else {
			w->end = (uint64_t)end;
			if (comp.side_end > 0)
				err = flush_side(1);
		}
	}
	xfsz_guard_end(&guard);
	return err;
}

int output_companion_holds(const char *path)
{
	const char *kind;

	return comp.active && kind_of(path, &kind) != 0;
}

int output_write_section(const char *path, unsigned type, int (*fill)(int fd, void *ctx),
			 void *ctx)
{
	const char *kind;
	size_t klen;

	if (!comp.active || (klen = kind_of(path, &kind)) == 0)
		return write_file_with(path, fill, ctx);
	return add_section(kind, klen, type, fill, ctx);
}

int output_companion_end(int keep, int durable)
{
	struct xfsz_guard guard;
	int err = 0;

	if (!comp.active)
		return 0;
	xfsz_guard_begin(&guard);
	int profile_err;

	if (keep && comp.active == 2)
		err = EIO;
	else if (keep)
		err = companion_writer_finish(&comp.w, durable && !comp.memory);
	if (comp.memory) {   /* the caller's: nothing to close or rename */
		if (comp.side >= 0)
			close(comp.side);
		comp.side = -1;
		comp.active = 0;
		comp.memory = 0;
		xfsz_guard_end(&guard);
		return keep ? err : 0;
	}
	if (close(comp.fd) != 0 && err == 0 && keep)
		err = errno;
	/* the pair: the profile held, then at once its companion (a kill in
	 * between leaves a pair whose "profile" line does not match: refused
	 * by the readers) */
	profile_err = output_held_commit();
	if (keep && err == 0 && profile_err == 0 && rename(comp.tmp, comp.path) != 0)
		err = errno;
	if (!keep || err != 0 || profile_err != 0)
		unlink(comp.tmp);
	/* the new profile with no companion of its own: the earlier one would
	 * not match it */
	if (profile_err == 0 && (!keep || err != 0))
		unlink(comp.path);
	if (err == 0)
		err = profile_err;
	xfsz_guard_end(&guard);
	if (comp.side >= 0)
		close(comp.side);
	comp.side = -1;
	comp.active = 0;
	return err;
}
