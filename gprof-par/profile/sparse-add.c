/*
 * sparse-add.c - adds a library's section of a rank's companion
 * (include/gmon-companion.h: a gmon header, one sparse histogram record,
 * arc records) into a profile, as profile_add_buffer adds a dense file:
 * checked whole first (header, fingerprint, the histogram's range against
 * p's, every pair and arc), room reserved, then added, so that a bad
 * section leaves p as it was.  Its bins are added where they have samples
 * only: summing a libc section costs its pairs, not libc's 342,000 bins.
 */
#include "sparse-add.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "errors.h"
#include "gmon-companion.h"
#include "gmon-write.h"
#include "profile-internal.h"

/* The most bytes the dense histogram a section stands for may take, its
 * bins above 65535 written as stacked records of every bin: 1 GiB (libc's
 * 342,000 bins 1,570 times: 10^8 samples in one bin of one rank).  More is
 * refused, so that a few bytes cannot ask for gigabytes of output (a
 * count of 2^32 - 1 in a bin of a 118,000-bin section was 15.5 GB). */
#define SPARSE_MAX_DENSE ((uint64_t)1 << 30)

/* The most bins a section may have: 2^26, a text of 256 MB at glibc's 4
 * bytes a bin (libxul's is 140 MB), 512 MiB of 64-bit bins in memory.  Its
 * bytes do not say (the bins without samples are not in it): without a
 * bound 60 bytes asked for 32 GiB. */
#define SPARSE_MAX_BINS ((uint32_t)1 << 26)

/* What checking a section found. */
struct sparse_scan {
	struct hist_header h;
	const unsigned char *pairs;
	uint32_t npairs;
	const unsigned char *arcs;
	size_t narcs;
};

static int check_sparse(const unsigned char *data, size_t len, struct file_scan *scan,
			struct sparse_scan *s, char *err, size_t errlen)
{
	const unsigned char *q;
	size_t at = GMON_HEADER_SIZE, rest;
	uint32_t last = 0, most = 0;
	uint64_t layers, dense;
	char msg[256];

	if (len < GMON_HEADER_SIZE || memcmp(data, GMON_MAGIC, GMON_MAGIC_LEN) != 0 ||
	    load_u32(data + GMON_MAGIC_LEN) != GMON_VERSION) {
		set_error(err, errlen, "%s: not a library's samples (no gmon header)", scan->name);
		return -1;
	}
	scan->has_fingerprint = gmon_fingerprint_from_spare(data + GMON_SPARE_OFFSET,
							    scan->fingerprint);
	if (len - at < 1 + GMON_HIST_HEADER_SIZE + 4 || data[at] != GMON_TAG_SPARSE_HIST) {
		set_error(err, errlen, "%s: no sparse histogram after the header", scan->name);
		return -1;
	}
	q = data + at + 1;
	gmon_decode_hist_header(q, &s->h);
	if (gmon_check_hist_shape(&s->h, msg, sizeof msg) != 0) {
		set_error(err, errlen, "%s: a bad histogram: %s", scan->name, msg);
		return -1;
	}
	if (s->h.nbins > SPARSE_MAX_BINS) {
		set_error(err, errlen, "%s: too many bins: %" PRIu32 "; a library's section may "
			  "have %" PRIu32, scan->name, s->h.nbins, SPARSE_MAX_BINS);
		return -1;
	}
	s->npairs = load_u32(q + GMON_HIST_HEADER_SIZE);
	at += 1 + GMON_HIST_HEADER_SIZE + 4;
	rest = len - at;
	if (rest / GMON_SPARSE_PAIR_SIZE < s->npairs) {
		set_error(err, errlen, "%s: cut short: %" PRIu32 " pairs of bins announced, room "
			  "for %zu", scan->name, s->npairs, rest / GMON_SPARSE_PAIR_SIZE);
		return -1;
	}
	s->pairs = data + at;
	for (uint32_t k = 0; k < s->npairs; k++) {
		uint32_t bin = load_u32(s->pairs + (size_t)k * GMON_SPARSE_PAIR_SIZE);
		uint32_t count = load_u32(s->pairs + (size_t)k * GMON_SPARSE_PAIR_SIZE + 4);

		if (bin >= s->h.nbins || (k > 0 && bin < last)) {
			set_error(err, errlen, "%s: pair %" PRIu32 ": bin %" PRIu32 " %s", scan->name,
				  k, bin, bin >= s->h.nbins ? "past the histogram's bins"
							    : "out of order");
			return -1;
		}
		last = bin;
		if (count > most)
			most = count;
	}
	/* the dense file it stands for: a bin above 65535 is written as
	 * stacked records of every bin (gmon_write_histogram) */
	layers = most / GMON_HIST_BIN_MAX + (most % GMON_HIST_BIN_MAX != 0);
	dense = (layers ? layers : 1) * (1 + GMON_HIST_HEADER_SIZE + (uint64_t)s->h.nbins * 2);
	if (dense > SPARSE_MAX_DENSE) {
		set_error(err, errlen, "%s: too many samples: %" PRIu32 " bins, one of %" PRIu32
			  " samples, would be written as %" PRIu64 " bytes of stacked 16-bit "
			  "histograms; a library's section may stand for %" PRIu64 " MiB",
			  scan->name, s->h.nbins, most, dense, SPARSE_MAX_DENSE >> 20);
		return -1;
	}
	at += (size_t)s->npairs * GMON_SPARSE_PAIR_SIZE;
	s->arcs = data + at;
	rest = len - at;
	if (rest % (1 + GMON_ARC_SIZE) != 0) {
		set_error(err, errlen, "%s: %zu bytes after the histogram are not whole arc "
			  "records", scan->name, rest);
		return -1;
	}
	s->narcs = rest / (1 + GMON_ARC_SIZE);
	for (size_t k = 0; k < s->narcs; k++)
		if (s->arcs[k * (1 + GMON_ARC_SIZE)] != GMON_TAG_CG_ARC) {
			set_error(err, errlen, "%s: record %zu after the histogram is not an arc",
				  scan->name, k + 1);
			return -1;
		}
	return 0;
}

int profile_add_sparse(struct profile *p, const void *bytes, size_t len, const char *name,
		       char *err, size_t errlen)
{
	const unsigned char *data = bytes;
	struct file_scan scan;
	struct sparse_scan s;
	char msg[512];
	int i, rc = -1;

	memset(&scan, 0, sizeof scan);
	scan.name = name_or_unnamed(name);
	if (profile_ensure_private(p, err, errlen) != 0)
		return -1;
	if (p->priv->tracing) {
		set_error(err, errlen, "%s: a library's samples are not traced", scan.name);
		return -1;
	}
	if (check_sparse(data, len, &scan, &s, err, errlen) != 0)
		goto out;
	if (gmon_check_histogram(p, &scan, &s.h, msg, sizeof msg) != 0) {
		set_error(err, errlen, "%s: %s", scan.name, msg);
		goto out;
	}
	if (scan.has_fingerprint &&
	    fingerprint_check_same(p, scan.fingerprint, scan.name, err, errlen) != 0)
		goto out;
	if (profile_reserve_scan(p, &scan, p->priv->shapes_only ? 0 : s.narcs, err, errlen) != 0)
		goto out;
	profile_take_fingerprint(p, scan.has_fingerprint, scan.fingerprint);
	i = profile_find_hist(p, s.h.low_pc, s.h.high_pc);
	if (!p->priv->shapes_only) {
		/* into the 64-bit bins even while batching: the partial sums are
		 * added to them, not over them (gmon-read.c widen) */
		for (uint32_t k = 0; k < s.npairs; k++) {
			const unsigned char *pair = s.pairs + (size_t)k * GMON_SPARSE_PAIR_SIZE;

			p->hists[i].bins[load_u32(pair)] += load_u32(pair + 4);
		}
		for (size_t k = 0; k < s.narcs; k++) {
			const unsigned char *rec = s.arcs + k * (1 + GMON_ARC_SIZE) + 1;

			profile_add_arc(p, load_addr(rec), load_addr(rec + sizeof(gmon_addr_t)),
					load_u32(rec + 2 * sizeof(gmon_addr_t)));
		}
	}
	p->nfiles++;
	p->priv->bytes_read += len;
	rc = 0;
out:
	file_scan_free(&scan);
	return rc;
}
