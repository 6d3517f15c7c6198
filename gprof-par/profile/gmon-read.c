/*
 * gmon-read.c - read gmon v1 files (or images of them in memory) and add
 * them into a profile.
 *
 * Every file is read with one read(2) into a buffer that is reused from
 * file to file, then looked at twice:
 *
 *   1. gmon_check_file() (gmon-check.c) walks all records and checks
 *      everything against what p already holds, without changing p;
 *   2. profile_reserve() allocates all the memory the file can need, still
 *      without changing what p holds;
 *   3. apply_records() adds the records into p; it cannot fail.
 *
 * So a bad or unreadable file leaves p exactly as it was.  Arc records for
 * the same (from_pc, self_pc) are added; distinct pairs are kept in order
 * of first appearance (GNU gprof appends a new arc to its arcs array in the
 * order it reads them, after mapping the pcs to symbols; the analysis layer
 * does that mapping).
 */
#include "gmon-read.h"
#include "companion-file.h"
#include "companions.h"
#include "gmon-companion.h"
#include "sparse-add.h"
#include "bsd-format.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "errors.h"
#include "files.h"
#include "grow.h"
#include "profile-internal.h"

/* Files larger than this are checked as they are read (read_file). */
#define PREFIX_BYTES ((size_t)1 << 20)

/*
 * The hot loop of summing thousands of files.  Blocks of a fixed number of
 * bins let GCC vectorize it at -O2 (its "very cheap" cost model wants a trip
 * count it knows): about 3x faster than the plain loop.  (Skipping all-zero
 * blocks was measured too: no faster on clustered samples, 20% slower on
 * scattered ones.)
 */
#define BIN_BLOCK PROFILE_TRACE_BLOCK   /* 32: gmon-read.h */

static void add_bin_block(uint64_t *restrict sums, const unsigned char *restrict bins)
{
	for (int k = 0; k < BIN_BLOCK; k++)
		sums[k] += load_u16(bins + k * HIST_BIN_SIZE);
}

static void add_bins(uint64_t *restrict sums, const unsigned char *restrict bins, uint32_t n)
{
	uint32_t i = 0;

	for (; i + BIN_BLOCK <= n; i += BIN_BLOCK)
		add_bin_block(sums + i, bins + (size_t)i * HIST_BIN_SIZE);
	for (; i < n; i++)
		sums[i] += load_u16(bins + (size_t)i * HIST_BIN_SIZE);
}

/* add_bins into 32-bit partial sums. */
static void add_bin_block32(uint32_t *restrict sums, const unsigned char *restrict bins)
{
	for (int k = 0; k < BIN_BLOCK; k++)
		sums[k] += load_u16(bins + k * HIST_BIN_SIZE);
}

/* add_bin_block32 for a traced file: also whether the block holds a
 * sample, ORed in the same vector loop as the adding (a second pass over
 * the block's bytes made tracing cost a fifth of the adding). */
static int add_bin_block32_traced(uint32_t *restrict sums, const unsigned char *restrict bins)
{
	uint16_t or = 0;

	for (int k = 0; k < BIN_BLOCK; k++) {
		uint16_t c = load_u16(bins + k * HIST_BIN_SIZE);

		sums[k] += c;
		or |= c;
	}
	return or != 0;
}

/* With blocks (tracing), notes the index of every block with samples. */
static void add_bins32(uint32_t *restrict sums, const unsigned char *restrict bins, uint32_t n,
		       uint32_t *blocks, size_t *nblocks)
{
	uint32_t i = 0;

	if (blocks) {
		for (; i + BIN_BLOCK <= n; i += BIN_BLOCK) {
			/* Without a branch: whether a block has samples is noise. */
			blocks[*nblocks] = i / BIN_BLOCK;
			*nblocks += add_bin_block32_traced(sums + i, bins + (size_t)i * HIST_BIN_SIZE);
		}
	} else {
		for (; i + BIN_BLOCK <= n; i += BIN_BLOCK)
			add_bin_block32(sums + i, bins + (size_t)i * HIST_BIN_SIZE);
	}
	if (i < n) {
		uint16_t or = 0;

		for (uint32_t j = i; j < n; j++) {
			uint16_t c = load_u16(bins + (size_t)j * HIST_BIN_SIZE);

			sums[j] += c;
			or |= c;
		}
		if (blocks) {
			blocks[*nblocks] = i / BIN_BLOCK;
			*nblocks += or != 0;
		}
	}
}

/* Adds histogram i's partial sums into its bins and clears them. */
static void widen(struct profile *p, size_t i)
{
	uint64_t *sums = p->hists[i].bins;
	uint32_t *partial = p->priv->partial[i];

	for (uint32_t b = 0; b < p->hists[i].nbins; b++) {
		sums[b] += partial[b];
		partial[b] = 0;
	}
	p->priv->partial_records[i] = 0;
}

int profile_begin_batch(struct profile *p, char *err, size_t errlen)
{
	if (profile_ensure_private(p, err, errlen) != 0)
		return -1;
	p->priv->batching = 1;
	return 0;
}

void profile_end_batch(struct profile *p)
{
	if (!p->priv)
		return;
	for (size_t i = 0; i < p->priv->npartial && i < p->nhists; i++)
		if (p->priv->partial[i] && p->priv->partial_records[i] > 0)
			widen(p, i);
	p->priv->batching = 0;
}

/* Batching: partial sums for every histogram of p (before applying). */
static int reserve_partial(struct profile_private *priv, const struct profile *p)
{
	if (priv->npartial < p->nhists) {
		uint32_t **grown = realloc(priv->partial, p->nhists * sizeof(*grown));
		uint32_t *counts;

		if (!grown)
			return -1;
		priv->partial = grown;
		counts = realloc(priv->partial_records, p->nhists * sizeof(*counts));
		if (!counts)
			return -1;
		priv->partial_records = counts;
		for (size_t i = priv->npartial; i < p->nhists; i++) {
			priv->partial[i] = NULL;
			priv->partial_records[i] = 0;
		}
		priv->npartial = p->nhists;
	}
	for (size_t i = 0; i < p->nhists; i++)
		if (!priv->partial[i]) {
			priv->partial[i] = calloc(p->hists[i].nbins ? p->hists[i].nbins : 1,
						  sizeof(uint32_t));
			if (!priv->partial[i])
				return -1;
		}
	return 0;
}

static void apply_hist_record(struct profile *p, const unsigned char *rec)
{
	gmon_addr_t low = load_addr(rec), high = load_addr(rec + sizeof(gmon_addr_t));
	int i = profile_find_hist(p, low, high);
	const unsigned char *bins = rec + GMON_HIST_HEADER_SIZE;
	struct profile_private *priv = p->priv;
	struct profile_hist_trace *t = NULL;

	if (priv->batching) {
		size_t nblocks = 0;

		if (priv->tracing) {
			t = &priv->hist_trace[priv->hist_trace_len++];
			*t = (struct profile_hist_trace){ low, high, p->hists[i].nbins, bins,
							  priv->block_trace_len, 0 };
		}
		add_bins32(priv->partial[i], bins, p->hists[i].nbins,
			   priv->tracing ? priv->block_trace + priv->block_trace_len : NULL, &nblocks);
		if (priv->tracing) {
			t->nblocks = nblocks;
			priv->block_trace_len += nblocks;
		}
		/* 65,535 more records of 16-bit bins could overflow 32 bits. */
		if (++priv->partial_records[i] == UINT16_MAX)
			widen(p, (size_t)i);
		return;
	}
	add_bins(p->hists[i].bins, bins, p->hists[i].nbins);
}

/*
 * Adds the run of arc records from data + offset on; returns the offset
 * after it.  With class sums (traced files, profile_trace_arc_sums), a
 * classed arc's count goes into sums[class], any other arc is traced.
 * The sums are restrict: else each store into them could change p's
 * fields, to be read again for the next record.
 */
static size_t apply_arc_run(struct profile *p, const unsigned char *data, size_t offset,
			    size_t len, uint64_t *restrict sums, const uint32_t *restrict classes,
			    size_t nclasses)
{
	struct profile_private *priv = p->priv;
	int tracing = priv->tracing && !priv->untraced_arcs;

	for (; offset < len && data[offset] == GMON_TAG_CG_ARC; offset += TAG_SIZE + GMON_ARC_SIZE) {
		const unsigned char *rec = data + offset + TAG_SIZE;
		uint32_t count = load_u32(rec + 2 * sizeof(gmon_addr_t));
		uint32_t i = profile_add_arc(p, load_addr(rec), load_addr(rec + sizeof(gmon_addr_t)),
					     count);

		if (tracing) {
			uint32_t c = i < nclasses ? classes[i] : PROFILE_NO_CLASS;

			if (c != PROFILE_NO_CLASS)
				sums[c] += count;
			else
				priv->arc_trace[priv->arc_trace_len++] =
					(struct profile_arc_trace){ i, count };
		}
	}
	return offset;
}

/* Adds the records of a file that gmon_check_file accepted and
 * profile_reserve prepared. */
static void apply_records(struct profile *p, const unsigned char *data, size_t len)
{
	struct profile_private *priv = p->priv;
	/* Classes are set between files only. */
	uint64_t *class_sums = priv->tracing && priv->class_sums ? *priv->class_sums : NULL;
	size_t nclasses = class_sums ? priv->narc_class : 0;
	size_t offset = GMON_HEADER_SIZE;

	while (offset < len) {
		const unsigned char *rec = data + offset + TAG_SIZE;

		switch (data[offset]) {
		case GMON_TAG_TIME_HIST:
			apply_hist_record(p, rec);
			offset += TAG_SIZE + GMON_HIST_HEADER_SIZE +
				  (size_t)load_u32(rec + 2 * sizeof(gmon_addr_t)) * HIST_BIN_SIZE;
			break;
		case GMON_TAG_CG_ARC:
			offset = apply_arc_run(p, data, offset, len, class_sums, priv->arc_class,
					       nclasses);
			break;
		default: /* GMON_TAG_BB_COUNT, counted by check_file */
			offset += TAG_SIZE + BB_COUNT_SIZE + (size_t)load_u32(rec) * BB_PAIR_SIZE;
			break;
		}
	}
}

/* Room for the trace of a file of len bytes with these records. */
static int reserve_trace(struct profile_private *priv, size_t len, const struct file_scan *scan)
{
	/* A block of bins takes 64 bytes of the file; each record may end
	 * with a partial block. */
	size_t blocks = len / (BIN_BLOCK * HIST_BIN_SIZE) + scan->hist_records;
	size_t arcs = priv->untraced_arcs ? 0 : scan->arc_records;
	void *a = grow_array(priv->arc_trace, &priv->arc_trace_cap, arcs + 1,
			     sizeof(*priv->arc_trace), 1024);

	if (!a)
		return -1;
	priv->arc_trace = a;
	a = grow_array(priv->hist_trace, &priv->hist_trace_cap, scan->hist_records + 1,
		       sizeof(*priv->hist_trace), 4);
	if (!a)
		return -1;
	priv->hist_trace = a;
	a = grow_array(priv->block_trace, &priv->block_trace_cap, blocks + 1,
		       sizeof(*priv->block_trace), 1024);
	if (!a)
		return -1;
	priv->block_trace = a;
	priv->arc_trace_len = priv->hist_trace_len = priv->block_trace_len = 0;
	return 0;
}

int profile_trace_files(struct profile *p, char *err, size_t errlen)
{
	if (profile_ensure_private(p, err, errlen) != 0)
		return -1;
	p->priv->tracing = 1;
	return 0;
}

int profile_trace_histograms(struct profile *p, char *err, size_t errlen)
{
	if (profile_trace_files(p, err, errlen) != 0)
		return -1;
	p->priv->untraced_arcs = 1;
	return 0;
}

int profile_last_trace(const struct profile *p, struct profile_trace *t)
{
	const struct profile_private *priv = p->priv;

	if (!priv || !priv->tracing)
		return -1;
	t->arcs = priv->arc_trace;
	t->narcs = priv->arc_trace_len;
	t->hists = priv->hist_trace;
	t->nhists = priv->hist_trace_len;
	t->blocks = priv->block_trace;
	return 0;
}

int profile_shapes_only(struct profile *p, char *err, size_t errlen)
{
	if (profile_ensure_private(p, err, errlen) != 0)
		return -1;
	p->priv->shapes_only = 1;
	return 0;
}

void profile_trace_arc_sums(struct profile *p, uint64_t *const *sums)
{
	if (p->priv)
		p->priv->class_sums = sums;
}

int profile_set_arc_class(struct profile *p, size_t index, uint32_t arc_class)
{
	struct profile_private *priv = p->priv;

	if (!priv || index >= p->narcs)
		return -1;
	if (index >= priv->narc_class) {
		uint32_t *grown = grow_array(priv->arc_class, &priv->arc_class_cap, p->narcs,
					     sizeof(*grown), 1024);

		if (!grown)
			return -1;
		priv->arc_class = grown;
		for (size_t k = priv->narc_class; k < p->narcs; k++)
			grown[k] = PROFILE_NO_CLASS;
		priv->narc_class = p->narcs;
	}
	priv->arc_class[index] = arc_class;
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int profile_time_files(struct profile *p, char *err, size_t errlen)
{
	if (profile_ensure_private(p, err, errlen) != 0)
		return -1;
	p->priv->timing = 1;
	return 0;
}

void profile_times_get(const struct profile *p, struct profile_times *t)
{
	if (p->priv)
		*t = p->priv->times;
	else
		memset(t, 0, sizeof(*t));
}

int profile_add_buffer(struct profile *p, const void *data, size_t len, const char *name,
		       char *err, size_t errlen)
{
	struct file_scan scan;
	double checked = 0.0;

	memset(&scan, 0, sizeof scan);
	scan.name = name_or_unnamed(name);
	if (profile_ensure_private(p, err, errlen) != 0)
		return -1;
	if (p->priv->timing)
		checked = now();
	if (gmon_check_file(p, data, len, &scan, err, errlen) != 0)
		goto fail;
	if (p->priv->timing) {
		double t = now();

		p->priv->times.check += t - checked;
		checked = t;
	}
	if (profile_reserve_scan(p, &scan, p->priv->shapes_only ? 0 : scan.arc_records, err,
				 errlen) != 0)
		goto fail;
	if (p->priv->batching && reserve_partial(p->priv, p) != 0) {
		snprintf(err, errlen, "%s: out of memory", scan.name);
		goto fail;
	}
	if (p->priv->tracing && !p->priv->batching) {
		snprintf(err, errlen, "%s: a traced profile adds files in a batch only "
			 "(profile_begin_batch)", scan.name);
		goto fail;
	}
	if (p->priv->tracing && reserve_trace(p->priv, len, &scan) != 0) {
		snprintf(err, errlen, "%s: out of memory", scan.name);
		goto fail;
	}
	profile_take_fingerprint(p, scan.has_fingerprint, scan.fingerprint);
	if (!p->priv->shapes_only)
		apply_records(p, data, len);
	p->bb_records_skipped += scan.bb_records;
	p->bb_counts_skipped += scan.bb_counts;
	p->nfiles++;
	file_scan_free(&scan);
	if (p->priv->timing)
		p->priv->times.add += now() - checked;
	return 0;
fail:
	file_scan_free(&scan);
	return -1;
}

/* ---- Reading a file with one read(2) into the reusable buffer. ----- */

/* Grows the buffer to at least need bytes, keeping its contents. */
static int grow_read_buffer(struct profile_private *priv, size_t need)
{
	unsigned char *grown = grow_array(priv->read_buf, &priv->read_cap, need, 1, 64 * 1024);

	if (!grown)
		return -1;
	priv->read_buf = grown;
	return 0;
}

/* Reads on from got bytes until EOF or until expected bytes are in (for
 * a regular file, its size: one read(2)). */
static int read_all_from(int fd, struct profile_private *priv, size_t got, size_t expected,
			 size_t *len, const char *path, char *err, size_t errlen)
{
	for (;;) {
		size_t want;
		ssize_t n;

		if (expected > 0 && got == expected)
			break;
		if (got == priv->read_cap && grow_read_buffer(priv, got + 1) != 0) {
			set_error(err, errlen, "%s: out of memory after reading %zu bytes", path,
				  got);
			return -1;
		}
		want = priv->read_cap - got;
		if (expected > 0 && expected - got < want)
			want = expected - got;
		n = read(fd, priv->read_buf + got, want);
		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			set_error(err, errlen, "%s: cannot read: %s", path, strerror(errno));
			return -1;
		}
		got += (size_t)n;
	}
	*len = got;
	return 0;
}

/*
 * Reads the regular file or pipe at path into p's buffer.  A file larger
 * than PREFIX_BYTES, or a pipe, is validated as it arrives: its first
 * PREFIX_BYTES are checked (gmon_check_prefix) before the rest is read, so
 * that a huge file or an endless stream whose first records are bad is
 * refused after a megabyte, not read whole.
 */
static int read_all(int fd, struct profile_private *priv, size_t expected, size_t *len,
		    const char *path, char *err, size_t errlen)
{
	return read_all_from(fd, priv, 0, expected, len, path, err, errlen);
}

/* See profile-internal.h. */
int profile_read_file(struct profile *p, const char *path, size_t *len, char *err, size_t errlen)
{
	struct profile_private *priv = p->priv;
	struct stat st;
	size_t expected, got = 0;
	int fd, rc;

	fd = open_input(path, "a gmon file", INPUT_REGULAR_OR_PIPE, &st, err, errlen);
	if (fd < 0)
		return -1;
	expected = S_ISREG(st.st_mode) ? (size_t)st.st_size : 0; /* a pipe: unknown */
	if (expected == 0 || expected > PREFIX_BYTES) {
		rc = grow_read_buffer(priv, PREFIX_BYTES);
		if (rc != 0)
			set_error(err, errlen, "%s: out of memory", path);
		else
			rc = read_all(fd, priv, PREFIX_BYTES, &got, path, err, errlen);
		/* (a BSD file is checked once converted) */
		if (rc == 0 && got == PREFIX_BYTES && !gmon_read_as_bsd(priv->read_buf, got, expected) &&
		    gmon_check_prefix(p, priv->read_buf, got, expected ? expected : SIZE_MAX / 2,
				      path, err, errlen) != 0)
			rc = -1;
		if (rc != 0) {
			close(fd);
			return -1;
		}
	}
	if (grow_read_buffer(priv, expected > 0 ? expected : 1) != 0) {
		set_error(err, errlen, "%s: out of memory for its %zu bytes", path, expected);
		close(fd);
		return -1;
	}
	rc = read_all_from(fd, priv, got, expected, len, path, err, errlen);
	close(fd);
	return rc;
}

/* path is no file: a library's section of a companion
 * (companion-file.h), added sparse; else read_file's error stands. */
static int add_library_section(struct profile *p, const char *path, int open_errno, char *err,
			       size_t errlen)
{
	const struct companion_file *cf;
	const struct companion_section *s = NULL;
	char why[1024];
	int rc;

	if (open_errno != ENOTDIR && open_errno != ENOENT)
		return -1;
	rc = companion_member(path, &cf, &s, why, sizeof why);
	if (rc == 0)
		return -1;
	if (rc < 0 || !s || s->type != GMON_SECTION_LIBRARY) {
		if (rc >= 0)
			snprintf(why, sizeof why, "%s: %s", path, !s ? "no such section"
				 : "not a library's section");
		set_error(err, errlen, "%s", why);
		return -1;
	}
	return profile_add_sparse(p, s->data, s->size, path, err, errlen);
}

int profile_add_file(struct profile *p, const char *path, char *err, size_t errlen)
{
	size_t len;
	double start;

	if (profile_ensure_private(p, err, errlen) != 0)
		return -1;
	if (companion_member_in_memory(path))
		return add_library_section(p, path, ENOTDIR, err, errlen);
	start = p->priv->timing ? now() : 0.0;
	if (profile_read_file(p, path, &len, err, errlen) != 0)
		return add_library_section(p, path, errno, err, errlen);
	if (p->priv->timing)
		p->priv->times.read += now() - start;
	p->priv->bytes_read += len;
	/* a rank's profile and its companion: one pair (companions.h); a
	 * check, timed as one (the profile's checksum: a fifth of a sum of
	 * sum-bench's files, in no phase of --timing before, and in a
	 * parallel sum's "reduce", the rest of each process's time) */
	start = p->priv->timing ? now() : 0.0;
	if (companion_pair_check(path, p->priv->read_buf, len, err, errlen) != 0)
		return -1;
	if (p->priv->timing)
		p->priv->times.check += now() - start;
	if (gmon_read_as_bsd(p->priv->read_buf, len, len)) {
		size_t converted_len;
		unsigned char *converted = gmon_bsd_convert(p->priv->read_buf, len, path,
							    &converted_len, err, errlen);
		if (!converted)
			return -1;
		free(p->priv->bsd_converted);
		p->priv->bsd_converted = converted;
		return profile_add_buffer(p, converted, converted_len, path, err, errlen);
	}
	return profile_add_buffer(p, p->priv->read_buf, len, path, err, errlen);
}

int gmon_count_records(const char *path, struct gmon_record_counts *counts, char *err,
		       size_t errlen)
{
	struct profile empty;
	struct file_scan scan;
	size_t len;
	int rc = -1;

	profile_init(&empty);
	memset(&scan, 0, sizeof scan);
	scan.name = path;
	if (profile_ensure_private(&empty, err, errlen) == 0 &&
	    profile_read_file(&empty, path, &len, err, errlen) == 0) {
		if (gmon_read_as_bsd(empty.priv->read_buf, len, len)) {
			rc = gmon_bsd_counts(empty.priv->read_buf, len, path, &counts->hist,
					     &counts->arcs, err, errlen);
			counts->bb = 0;
			counts->version = 0;
		} else if (gmon_check_file(&empty, empty.priv->read_buf, len, &scan, err,
					   errlen) == 0) {
			counts->hist = scan.hist_records;
			counts->arcs = scan.arc_records;
			counts->bb = scan.bb_records;
			counts->version = GMON_VERSION;
			rc = 0;
		}
	}
	file_scan_free(&scan);
	profile_free(&empty);
	return rc;
}

