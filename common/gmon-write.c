/* gmon-write.c - lossless gmon v1 record encoder; see gmon-write.h. */
#include "gmon-write.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "write-all.h"

void gmon_writer_init(struct gmon_writer *w, int fd, void *buf, size_t cap)
{
	w->fd = fd;
	w->buf = buf;
	w->cap = cap;
	w->len = 0;
	w->bytes_written = 0;
	w->error = 0;
	w->dimen = GMON_DIMEN_CPU;
}

static void flush(struct gmon_writer *w)
{
	if (!w->error && w->len > 0 && (w->error = write_all(w->fd, w->buf, w->len)) == 0)
		w->bytes_written += w->len;
	w->len = 0;
}

static void put(struct gmon_writer *w, const void *data, size_t size)
{
	const unsigned char *p = data;

	while (size > 0 && !w->error) {
		size_t room = w->cap - w->len;
		size_t n = size < room ? size : room;

		memcpy(w->buf + w->len, p, n);
		w->len += n;
		p += n;
		size -= n;
		if (w->len == w->cap)
			flush(w);
	}
}

static void put_u8(struct gmon_writer *w, uint8_t v) { put(w, &v, sizeof v); }
static void put_u16(struct gmon_writer *w, uint16_t v) { put(w, &v, sizeof v); }
static void put_u32(struct gmon_writer *w, uint32_t v) { put(w, &v, sizeof v); }
static void put_addr(struct gmon_writer *w, gmon_addr_t v) { put(w, &v, sizeof v); }

void gmon_fingerprint_to_spare(const unsigned char *fingerprint,
			       unsigned char spare[GMON_SPARE_SIZE])
{
	memset(spare, 0, GMON_SPARE_SIZE);
	if (!fingerprint)
		return;
	spare[0] = GMON_FINGERPRINT_MARKER0;
	spare[1] = GMON_FINGERPRINT_MARKER1;
	memcpy(spare + 2, fingerprint, GMON_FINGERPRINT_SIZE);
}

int gmon_fingerprint_from_spare(const unsigned char spare[GMON_SPARE_SIZE],
				unsigned char fingerprint[GMON_FINGERPRINT_SIZE])
{
	if (spare[0] != GMON_FINGERPRINT_MARKER0 || spare[1] != GMON_FINGERPRINT_MARKER1)
		return 0;
	memcpy(fingerprint, spare + 2, GMON_FINGERPRINT_SIZE);
	return 1;
}

void gmon_write_file_header(struct gmon_writer *w, const unsigned char *fingerprint)
{
	unsigned char spare[GMON_SPARE_SIZE];

	put(w, GMON_MAGIC, GMON_MAGIC_LEN);
	put_u32(w, GMON_VERSION);
	gmon_fingerprint_to_spare(fingerprint, spare);
	put(w, spare, sizeof spare);
}

static uint64_t bin_value(const void *bins, size_t bin_size, uint32_t i)
{
	switch (bin_size) {
	case 2: return ((const uint16_t *)bins)[i];
	case 4: return ((const uint32_t *)bins)[i];
	default: return ((const uint64_t *)bins)[i];
	}
}

uint64_t gmon_histogram_layers(const void *bins, size_t bin_size, uint32_t nbins)
{
	uint64_t max = 0;

	for (uint32_t i = 0; i < nbins; i++) {
		uint64_t v = bin_value(bins, bin_size, i);

		if (v > max)
			max = v;
	}
	if (max == 0)
		return 1;
	return max / GMON_HIST_BIN_MAX + (max % GMON_HIST_BIN_MAX != 0);
}

/* A histogram record's tag and header (its dimension NUL-padded, as
 * glibc's). */
static void put_hist_header(struct gmon_writer *w, uint8_t tag, gmon_addr_t low_pc,
			    gmon_addr_t high_pc, uint32_t nbins, uint32_t rate)
{
	char dimen[GMON_DIMEN_LEN] = {0};
	size_t dimen_len = strlen(w->dimen);

	memcpy(dimen, w->dimen, dimen_len < sizeof dimen ? dimen_len : sizeof dimen);
	put_u8(w, tag);
	put_addr(w, low_pc);
	put_addr(w, high_pc);
	put_u32(w, nbins);
	put_u32(w, rate);
	put(w, dimen, sizeof dimen);
	put_u8(w, 's');
}

void gmon_write_histogram(struct gmon_writer *w, gmon_addr_t low_pc, gmon_addr_t high_pc,
			  uint32_t rate, const void *bins, size_t bin_size, uint32_t nbins)
{
	uint64_t layers = gmon_histogram_layers(bins, bin_size, nbins);

	/* Layer k holds what is left of each bin after k full layers, capped. */
	for (uint64_t k = 0; k < layers && !w->error; k++) {
		uint64_t below = k * GMON_HIST_BIN_MAX;

		put_hist_header(w, GMON_TAG_TIME_HIST, low_pc, high_pc, nbins, rate);
		for (uint32_t i = 0; i < nbins; i++) {
			uint64_t v = bin_value(bins, bin_size, i);
			uint64_t rest = v > below ? v - below : 0;

			put_u16(w, (uint16_t)(rest > GMON_HIST_BIN_MAX ? GMON_HIST_BIN_MAX : rest));
		}
	}
}

void gmon_write_sparse_histogram(struct gmon_writer *w, uint8_t tag, gmon_addr_t low_pc,
				 gmon_addr_t high_pc, uint32_t rate, const void *bins,
				 size_t bin_size, uint32_t nbins)
{
	uint64_t pairs = 0;

	for (uint32_t i = 0; i < nbins; i++) {
		uint64_t v = bin_value(bins, bin_size, i);

		pairs += v / UINT32_MAX + (v % UINT32_MAX != 0);
	}
	put_hist_header(w, tag, low_pc, high_pc, nbins, rate);
	put_u32(w, pairs > UINT32_MAX ? UINT32_MAX : (uint32_t)pairs);
	if (pairs > UINT32_MAX && !w->error)
		w->error = EOVERFLOW;
	for (uint32_t i = 0; i < nbins && !w->error; i++) {
		uint64_t v = bin_value(bins, bin_size, i);

		while (v > 0) {
			uint32_t part = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;

			put_u32(w, i);
			put_u32(w, part);
			v -= part;
		}
	}
}

void gmon_write_arc(struct gmon_writer *w, gmon_addr_t from_pc, gmon_addr_t self_pc,
		    uint64_t count)
{
	while (count > 0 && !w->error) {
		uint32_t part = count > GMON_ARC_COUNT_MAX ? GMON_ARC_COUNT_MAX : (uint32_t)count;

		put_u8(w, GMON_TAG_CG_ARC);
		put_addr(w, from_pc);
		put_addr(w, self_pc);
		put_u32(w, part);
		count -= part;
	}
}

int gmon_writer_finish(struct gmon_writer *w)
{
	if (!w->error)
		flush(w);
	return w->error;
}
