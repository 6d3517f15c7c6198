/*
 * gmon-records.c - the records of one gmon file in its order (see
 * gmon-records.h).  The file is checked whole first (gmon-check.c), so the
 * walk below meets only records whose sizes fit.
 */
#define _GNU_SOURCE
#include "gmon-records.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <string.h>

#include "bsd-format.h"
#include "errors.h"
#include "files.h"
#include "gmon-read.h"
#include "gmon-write.h"
#include "profile-write.h"
#include "profile-internal.h"

uint16_t gmon_record_bin(const struct gmon_hist_record *h, uint32_t i)
{
	return load_u16(h->bins + (size_t)i * HIST_BIN_SIZE);
}

void gmon_record_block(const struct gmon_bb_record *b, uint32_t i, gmon_addr_t *addr,
		       gmon_addr_t *count)
{
	const unsigned char *q = b->pairs + (size_t)i * BB_PAIR_SIZE;

	*addr = load_addr(q);
	*count = load_addr(q + sizeof(gmon_addr_t));
}

static int visit_hist(const struct gmon_visitor *v, void *ctx, const unsigned char *rec,
		      size_t *size)
{
	struct hist_header hh;
	struct gmon_hist_record h;

	gmon_decode_hist_header(rec, &hh);
	*size = GMON_HIST_HEADER_SIZE + (size_t)hh.nbins * HIST_BIN_SIZE;
	if (!v->hist)
		return 0;
	h.low_pc = hh.low_pc;
	h.high_pc = hh.high_pc;
	h.nbins = hh.nbins;
	h.rate = hh.rate;
	memcpy(h.dimen, hh.dimen, sizeof h.dimen);
	h.dimen_abbrev = hh.dimen_abbrev;
	h.bins = rec + GMON_HIST_HEADER_SIZE;
	return v->hist(ctx, &h);
}

/* Calls v for each record of the checked image data. */
static int walk(const unsigned char *data, size_t len, const struct gmon_visitor *v, void *ctx)
{
	size_t offset = GMON_HEADER_SIZE;
	int rc = 0;

	if (v->header) {
		unsigned char fingerprint[GMON_FINGERPRINT_SIZE];
		int has = gmon_fingerprint_from_spare(data + GMON_SPARE_OFFSET, fingerprint);

		rc = v->header(ctx, load_u32(data + GMON_MAGIC_LEN), has, fingerprint);
	}
	while (rc == 0 && offset < len) {
		const unsigned char *rec = data + offset + TAG_SIZE;
		size_t size = 0;

		switch (data[offset]) {
		case GMON_TAG_TIME_HIST:
			rc = visit_hist(v, ctx, rec, &size);
			break;
		case GMON_TAG_CG_ARC:
			size = GMON_ARC_SIZE;
			if (v->arc)
				rc = v->arc(ctx, load_addr(rec), load_addr(rec + sizeof(gmon_addr_t)),
					    load_u32(rec + 2 * sizeof(gmon_addr_t)));
			break;
		default: {       /* GMON_TAG_BB_COUNT: the check knows no other */
			struct gmon_bb_record b = { load_u32(rec), rec + BB_COUNT_SIZE };

			size = BB_COUNT_SIZE + (size_t)b.nblocks * BB_PAIR_SIZE;
			if (v->bb)
				rc = v->bb(ctx, &b);
			break;
		}
		}
		offset += TAG_SIZE + size;
	}
	return rc;
}

/* The gmon bytes of the library section at path (companion-file.h),
 * malloc'ed, *len their size; NULL with a message (the one about path
 * already in err when it names no section). */
static unsigned char *library_section_as_gmon(const char *path, size_t *len, char *err,
					      size_t errlen)
{
	struct profile p;
	unsigned char *bytes = NULL;
	int fd = -1, e;
	off_t size = 0;
	ssize_t got;

	profile_init(&p);
	if (profile_add_file(&p, path, err, errlen) != 0)
		goto out;
	/* (one pread(2) of the whole returned at most 2 GiB - 4 KiB, and
	 * errno was then another call's: "Not a directory") */
	fd = memfd_create("gprof-par-dump", MFD_CLOEXEC);
	e = fd < 0 ? errno : profile_write_fd(&p, fd);
	if (e == 0 && ((size = lseek(fd, 0, SEEK_END)) < 0 || lseek(fd, 0, SEEK_SET) < 0))
		e = errno;
	if (e == 0 && !(bytes = malloc((size_t)size ? (size_t)size : 1)))
		e = ENOMEM;
	if (e == 0 && (got = read_full(fd, bytes, (size_t)size)) != (ssize_t)size)
		e = got < 0 ? errno : EIO;
	if (e != 0) {
		set_error(err, errlen, "%s: cannot convert it: %s", path, strerror(e));
		free(bytes);
		bytes = NULL;
		goto out;
	}
	*len = (size_t)size;
out:
	if (fd >= 0)
		close(fd);
	profile_free(&p);
	return bytes;
}

int gmon_visit_file(const char *path, const struct gmon_visitor *v, void *ctx, char *err,
		    size_t errlen)
{
	struct profile empty;
	struct file_scan scan;
	unsigned char *converted = NULL;
	const unsigned char *data;
	size_t len;
	int rc = -1;

	profile_init(&empty);
	memset(&scan, 0, sizeof scan);
	scan.name = path;
	if (profile_ensure_private(&empty, err, errlen) != 0)
		goto out;
	if (profile_read_file(&empty, path, &len, err, errlen) != 0) {
		/* a library's section of a companion: its records as the
		 * library's gmon file (dense) has them */
		converted = library_section_as_gmon(path, &len, err, errlen);
		if (!converted)
			goto out;
		data = converted;
	} else {
		data = empty.priv->read_buf;
	}
	if (!converted && gmon_read_as_bsd(data, len, len)) {
		converted = gmon_bsd_convert(data, len, path, &len, err, errlen);
		if (!converted)
			goto out;
		data = converted;
	}
	if (gmon_check_file(&empty, data, len, &scan, err, errlen) == 0)
		rc = walk(data, len, v, ctx);
out:
	free(converted);
	file_scan_free(&scan);
	profile_free(&empty);
	return rc;
}
