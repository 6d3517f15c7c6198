/*
 * gmon-records.c - the records of one gmon file in its order (see
 * gmon-records.h).  The file is checked whole first (gmon-check.c), so the
 * walk below meets only records whose sizes fit.
 */
#include "gmon-records.h"

#include <stdlib.h>
#include <string.h>

#include "bsd-format.h"
#include "gmon-write.h"
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
	if (profile_ensure_private(&empty, err, errlen) != 0 ||
	    profile_read_file(&empty, path, &len, err, errlen) != 0)
		goto out;
	data = empty.priv->read_buf;
	if (gmon_read_as_bsd(data, len, len)) {
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
