/*
 * bsd-format.c - the BSD gmon formats GNU gprof 2.40 reads (gmon_io.c
 * gmon_out_read), converted into the "gmon" format the reader checks and
 * adds (see bsd-format.h).
 *
 * Both start with low_pc and high_pc (8 bytes each on a 64-bit host) and
 * ncnt (4 bytes: the header's and the bins' size).  4.4BSD's follows with
 * version 0x00051879, the profiling rate and 12 bytes of padding (a header
 * of 40 bytes); the old format's header ends there (20 bytes) and its rate
 * is the host's (GNU's hertz(): sysconf(_SC_CLK_TCK) on Linux).  Then
 * (ncnt - header) / 2 16-bit bins, then arcs of from_pc, self_pc (8 bytes
 * each) and a 64-bit count up to the end (a partial arc at the end is
 * ignored).  All in the host's byte order, as GNU reads them.  Counts
 * above 2^32 - 1 become stacked records, within BSD_MAX_STACKED_ARCS.
 */
#include "bsd-format.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon-format.h"

#define BSD44_VERSION 0x00051879u
#define BSD_HEADER_START (2 * sizeof(uint64_t) + sizeof(uint32_t))
#define OLDBSD_HEADER_SIZE BSD_HEADER_START
#define BSD44_HEADER_SIZE (BSD_HEADER_START + 4 + 4 + 12)
#define BSD_ARC_SIZE (3 * sizeof(uint64_t))
/* A count above 2^32 - 1 is read as stacked arc records of the "gmon"
 * format (and written so in a sum): at most this many more than the file's
 * arcs, 2^20 (22 MB of records, counts up to 4.5e15 calls in all; a day
 * of calls at 10^9 a second is 8.6e13).  A file asking for more is
 * refused with "too many calls", as the companions' sums are. */
#define BSD_MAX_STACKED_ARCS (UINT64_C(1) << 20)

static enum gmon_file_format file_format = GMON_FORMAT_AUTO;

void gmon_set_file_format(enum gmon_file_format f)
{
	file_format = f;
}

enum gmon_file_format gmon_get_file_format(void)
{
	return file_format;
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof v);
	return v;
}

/* Whether a file without the magic is laid out as a BSD one: a header,
 * low_pc <= high_pc, the bins inside the file and, when its size is
 * known, whole arcs after them.  GNU takes any such file as BSD, garbage
 * included; this keeps the reader's "bad magic" for files that are not. */
static int plausible_bsd(const unsigned char *data, size_t len, size_t total)
{
	size_t header = BSD_HEADER_START;
	uint32_t ncnt;

	if (len < BSD_HEADER_START + 4 || get64(data) > get64(data + 8))
		return 0;
	ncnt = get32(data + 16);
	if (get32(data + 20) == BSD44_VERSION)
		header = BSD44_HEADER_SIZE;
	if (ncnt < header || ((ncnt - header) & 1))
		return 0;
	if (total == 0)
		return 1;
	return total >= ncnt && (total - ncnt) % BSD_ARC_SIZE == 0;
}

int gmon_read_as_bsd(const unsigned char *data, size_t len, size_t total)
{
	switch (file_format) {
	case GMON_FORMAT_BSD:
	case GMON_FORMAT_BSD44:
		return 1;
	case GMON_FORMAT_AUTO:
		/* shorter than the magic header: the reader says so */
		return len >= GMON_HEADER_SIZE && memcmp(data, GMON_MAGIC, GMON_MAGIC_LEN) != 0 &&
		       plausible_bsd(data, len, total);
	default:
		return 0;
	}
}

static unsigned char *put(unsigned char *q, const void *v, size_t n)
{
	memcpy(q, v, n);
	return q + n;
}

unsigned char *gmon_bsd_convert(const unsigned char *data, size_t len, const char *name,
				size_t *outlen, char *err, size_t errlen)
{
	uint64_t low, high, arcs_bytes, extra = 0;
	uint32_t ncnt, rate, nbins;
	size_t header, bins_bytes, narcs, size;
	unsigned char *out, *q;
	const unsigned char *arc;

	if (len < BSD_HEADER_START + 4) {
		snprintf(err, errlen, "%s: file too short to be a gmon file", name);
		return NULL;
	}
	low = get64(data);
	high = get64(data + 8);
	ncnt = get32(data + 16);
	if (get32(data + 20) == BSD44_VERSION) {
		if (len < BSD_HEADER_START + 8) {
			snprintf(err, errlen, "%s: file too short to be a gmon file", name);
			return NULL;
		}
		rate = get32(data + 24);
		header = BSD44_HEADER_SIZE;
	} else if (file_format == GMON_FORMAT_BSD44) {
		snprintf(err, errlen, "file `%s' has bad magic cookie", name);
		return NULL;
	} else {
		long hz = sysconf(_SC_CLK_TCK);

		rate = hz > 0 ? (uint32_t)hz : 1;
		header = OLDBSD_HEADER_SIZE;
	}
	if (ncnt < header || low > high) {
		snprintf(err, errlen, "file '%s' does not appear to be in gmon.out format", name);
		return NULL;
	}
	nbins = (uint32_t)((ncnt - header) / 2);
	bins_bytes = (size_t)nbins * 2;
	if (len < header || len - header < bins_bytes) {
		snprintf(err, errlen, "unexpected EOF after reading %zu/%" PRIu32 " bins",
			 len > header ? (len - header) / 2 : 0, nbins);
		return NULL;
	}
	arc = data + header + bins_bytes;
	narcs = (len - header - bins_bytes) / BSD_ARC_SIZE;
	/* a count above 2^32 - 1 becomes several arc records, which add up;
	 * bounded, so that a few bytes cannot ask for gigabytes */
	for (size_t i = 0; i < narcs; i++) {
		uint64_t count = get64(arc + i * BSD_ARC_SIZE + 16);

		if (count > GMON_ARC_COUNT_MAX)
			extra += count / GMON_ARC_COUNT_MAX;
		if (extra > BSD_MAX_STACKED_ARCS) {
			snprintf(err, errlen, "%s: too many calls: arc #%zu (0x%" PRIx64 " -> 0x%"
				 PRIx64 ") counts %" PRIu64 "; a BSD file's arcs may count about %"
				 PRIu64 " calls in all, read as stacked 32-bit records", name, i + 1,
				 get64(arc + i * BSD_ARC_SIZE), get64(arc + i * BSD_ARC_SIZE + 8), count,
				 (uint64_t)BSD_MAX_STACKED_ARCS * GMON_ARC_COUNT_MAX);
			return NULL;
		}
	}
	arcs_bytes = ((uint64_t)narcs + extra) * (1 + GMON_ARC_SIZE);
	size = GMON_HEADER_SIZE + 1 + GMON_HIST_HEADER_SIZE + bins_bytes + (size_t)arcs_bytes;
	out = malloc(size);
	if (!out) {
		snprintf(err, errlen, "%s: out of memory", name);
		return NULL;
	}
	memset(out, 0, GMON_HEADER_SIZE);
	memcpy(out, GMON_MAGIC, GMON_MAGIC_LEN);
	{
		uint32_t version = GMON_VERSION;

		memcpy(out + GMON_MAGIC_LEN, &version, 4);
	}
	q = out + GMON_HEADER_SIZE;
	{
		unsigned char tag = GMON_TAG_TIME_HIST;
		char dimen[GMON_DIMEN_LEN] = "seconds";
		char abbrev = 's';
		gmon_addr_t lo = low, hi = high;

		q = put(q, &tag, 1);
		q = put(q, &lo, sizeof lo);
		q = put(q, &hi, sizeof hi);
		q = put(q, &nbins, 4);
		q = put(q, &rate, 4);
		q = put(q, dimen, GMON_DIMEN_LEN);
		q = put(q, &abbrev, 1);
		q = put(q, data + header, bins_bytes);
	}
	for (size_t i = 0; i < narcs; i++) {
		const unsigned char *a = arc + i * BSD_ARC_SIZE;
		gmon_addr_t from = get64(a), self = get64(a + 8);
		uint64_t count = get64(a + 16);

		do {
			unsigned char tag = GMON_TAG_CG_ARC;
			uint32_t part = count > GMON_ARC_COUNT_MAX ? GMON_ARC_COUNT_MAX
								   : (uint32_t)count;

			q = put(q, &tag, 1);
			q = put(q, &from, sizeof from);
			q = put(q, &self, sizeof self);
			q = put(q, &part, 4);
			count -= part;
		} while (count > 0);
	}
	*outlen = (size_t)(q - out);
	return out;
}

int gmon_bsd_counts(const unsigned char *data, size_t len, const char *name, uint64_t *hist,
		    uint64_t *arcs, char *err, size_t errlen)
{
	size_t converted_len, header;
	unsigned char *converted = gmon_bsd_convert(data, len, name, &converted_len, err, errlen);
	uint32_t nbins;

	if (!converted)
		return -1;
	free(converted);
	header = get32(data + 20) == BSD44_VERSION ? BSD44_HEADER_SIZE : OLDBSD_HEADER_SIZE;
	nbins = (get32(data + 16) - (uint32_t)header) / 2;
	*hist = nbins != 0;      /* GNU counts a histogram with bins */
	*arcs = (len - header - 2 * (size_t)nbins) / BSD_ARC_SIZE;
	return 0;
}
