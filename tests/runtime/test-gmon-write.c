/* test-gmon-write.c - unit tests of the lossless gmon record encoder
 * (common/gmon-write.c), decoding what it writes byte by byte. */
#include <CUnit/Basic.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon-write.h"
#include "../cunit-run.h"

/* What a buffer-sized run of the encoder produced. */
struct output {
	unsigned char *data;
	size_t size;
};

static unsigned char big_buffer[1 << 16];
static unsigned char tiny_buffer[64];

static int new_temp_fd(void)
{
	char name[] = "/tmp/test-gmon-write-XXXXXX";
	int fd = mkstemp(name);

	CU_ASSERT_FATAL(fd >= 0);
	unlink(name);
	return fd;
}

static struct output read_back(int fd)
{
	struct output out;
	off_t size = lseek(fd, 0, SEEK_END);

	out.size = (size_t)size;
	out.data = malloc(out.size + 1);
	CU_ASSERT_FATAL(out.data != NULL);
	CU_ASSERT_FATAL(pread(fd, out.data, out.size, 0) == (ssize_t)out.size);
	close(fd);
	return out;
}

static uint32_t u32_at(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t u64_at(const unsigned char *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static uint16_t u16_at(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return v; }

static void test_header_without_fingerprint(void)
{
	struct gmon_writer w;
	int fd = new_temp_fd();
	struct output out;

	gmon_writer_init(&w, fd, big_buffer, sizeof big_buffer);
	gmon_write_file_header(&w, NULL);
	CU_ASSERT_EQUAL(gmon_writer_finish(&w), 0);
	out = read_back(fd);
	CU_ASSERT_EQUAL_FATAL(out.size, GMON_HEADER_SIZE);
	CU_ASSERT_EQUAL(memcmp(out.data, "gmon", 4), 0);
	CU_ASSERT_EQUAL(u32_at(out.data + 4), 1);
	for (int i = 0; i < GMON_SPARE_SIZE; i++)
		CU_ASSERT_EQUAL(out.data[GMON_SPARE_OFFSET + i], 0);
	free(out.data);
}

static void test_header_with_fingerprint(void)
{
	const unsigned char id[GMON_FINGERPRINT_SIZE] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 0xfe};
	unsigned char back[GMON_FINGERPRINT_SIZE];
	struct gmon_writer w;
	int fd = new_temp_fd();
	struct output out;

	gmon_writer_init(&w, fd, big_buffer, sizeof big_buffer);
	gmon_write_file_header(&w, id);
	CU_ASSERT_EQUAL(gmon_writer_finish(&w), 0);
	out = read_back(fd);
	CU_ASSERT_EQUAL_FATAL(out.size, GMON_HEADER_SIZE);
	CU_ASSERT_EQUAL(out.data[GMON_SPARE_OFFSET], 'B');
	CU_ASSERT_EQUAL(out.data[GMON_SPARE_OFFSET + 1], 'I');
	CU_ASSERT_EQUAL(gmon_fingerprint_from_spare(out.data + GMON_SPARE_OFFSET, back), 1);
	CU_ASSERT_EQUAL(memcmp(back, id, sizeof id), 0);
	free(out.data);

	/* glibc's all-zero spare bytes hold no fingerprint */
	unsigned char zero[GMON_SPARE_SIZE] = {0};
	CU_ASSERT_EQUAL(gmon_fingerprint_from_spare(zero, back), 0);
}

/* Decodes histogram records and adds their bins into sums; returns the
 * number of records, checking each one's fixed fields. */
static unsigned decode_histograms(const struct output *out, size_t pos, uint64_t low,
				  uint64_t high, uint32_t rate, uint32_t nbins, uint64_t *sums,
				  size_t *end)
{
	unsigned records = 0;

	while (pos < out->size && out->data[pos] == GMON_TAG_TIME_HIST) {
		const unsigned char *r = out->data + pos + 1;

		CU_ASSERT_FATAL(pos + 1 + GMON_HIST_HEADER_SIZE + 2 * (size_t)nbins <= out->size);
		CU_ASSERT_EQUAL(u64_at(r), low);
		CU_ASSERT_EQUAL(u64_at(r + 8), high);
		CU_ASSERT_EQUAL(u32_at(r + 16), nbins);
		CU_ASSERT_EQUAL(u32_at(r + 20), rate);
		CU_ASSERT_EQUAL(memcmp(r + 24, "seconds\0\0\0\0\0\0\0\0", 15), 0);
		CU_ASSERT_EQUAL(r[39], 's');
		for (uint32_t i = 0; i < nbins; i++)
			sums[i] += u16_at(r + GMON_HIST_HEADER_SIZE + 2 * i);
		pos += 1 + GMON_HIST_HEADER_SIZE + 2 * (size_t)nbins;
		records++;
	}
	*end = pos;
	return records;
}

static void check_histogram_round_trip(const void *bins, size_t bin_size, uint32_t nbins,
				       unsigned expected_records, unsigned char *buf,
				       size_t bufsize)
{
	uint64_t sums[16] = {0};
	struct gmon_writer w;
	int fd = new_temp_fd();
	struct output out;
	size_t end;

	gmon_writer_init(&w, fd, buf, bufsize);
	gmon_write_histogram(&w, 0x1000, 0x1000 + 4 * nbins, 250, bins, bin_size, nbins);
	CU_ASSERT_EQUAL(gmon_writer_finish(&w), 0);
	CU_ASSERT_EQUAL(gmon_histogram_layers(bins, bin_size, nbins), expected_records);
	out = read_back(fd);
	CU_ASSERT_EQUAL(w.bytes_written, out.size);
	CU_ASSERT_EQUAL(decode_histograms(&out, 0, 0x1000, 0x1000 + 4 * nbins, 250, nbins, sums, &end),
			expected_records);
	CU_ASSERT_EQUAL(end, out.size);
	for (uint32_t i = 0; i < nbins; i++) {
		uint64_t v = bin_size == 2 ? ((const uint16_t *)bins)[i]
			   : bin_size == 4 ? ((const uint32_t *)bins)[i]
					   : ((const uint64_t *)bins)[i];
		CU_ASSERT_EQUAL(sums[i], v);
	}
	free(out.data);
}

static void test_histogram_fits_one_record(void)
{
	const uint32_t bins[5] = {0, 1, 65535, 7, 0};
	const uint32_t empty[3] = {0, 0, 0};

	check_histogram_round_trip(bins, 4, 5, 1, big_buffer, sizeof big_buffer);
	/* an empty histogram still says its range and rate */
	check_histogram_round_trip(empty, 4, 3, 1, big_buffer, sizeof big_buffer);
}

static void test_histogram_stacks_large_bins(void)
{
	const uint32_t bins32[4] = {65536, 3, 200000, 65535};
	const uint64_t bins64[3] = {0, (1ull << 32) + 5, 131070};

	/* 200000 needs 4 layers of 65535 */
	check_histogram_round_trip(bins32, 4, 4, 4, big_buffer, sizeof big_buffer);
	check_histogram_round_trip(bins64, 8, 3, 65538, big_buffer, sizeof big_buffer);

	/* the layer count does not overflow near 2^64 */
	const uint64_t huge[2] = {UINT64_MAX, UINT64_MAX - 1}; /* 65535 divides 2^64-1 */
	CU_ASSERT_EQUAL(gmon_histogram_layers(huge, 8, 1), UINT64_MAX / 65535);
	CU_ASSERT_EQUAL(gmon_histogram_layers(huge + 1, 8, 1), UINT64_MAX / 65535);
}

static void test_small_buffer_gives_same_bytes(void)
{
	const uint32_t bins[9] = {1, 2, 70000, 4, 5, 6, 7, 8, 9};

	check_histogram_round_trip(bins, 4, 9, 2, tiny_buffer, sizeof tiny_buffer);
}

static void decode_arcs(const struct output *out, uint64_t from, uint64_t self, uint64_t *sum,
			unsigned *records)
{
	size_t pos = 0;

	*sum = 0;
	*records = 0;
	while (pos < out->size) {
		const unsigned char *r = out->data + pos;

		CU_ASSERT_EQUAL_FATAL(r[0], GMON_TAG_CG_ARC);
		CU_ASSERT_FATAL(pos + 1 + GMON_ARC_SIZE <= out->size);
		CU_ASSERT_EQUAL(u64_at(r + 1), from);
		CU_ASSERT_EQUAL(u64_at(r + 9), self);
		*sum += u32_at(r + 17);
		(*records)++;
		pos += 1 + GMON_ARC_SIZE;
	}
}

static void check_arc(uint64_t count, unsigned expected_records)
{
	struct gmon_writer w;
	int fd = new_temp_fd();
	struct output out;
	uint64_t sum;
	unsigned records;

	gmon_writer_init(&w, fd, tiny_buffer, sizeof tiny_buffer);
	gmon_write_arc(&w, 0x401234, 0x405678, count);
	CU_ASSERT_EQUAL(gmon_writer_finish(&w), 0);
	out = read_back(fd);
	decode_arcs(&out, 0x401234, 0x405678, &sum, &records);
	CU_ASSERT_EQUAL(sum, count);
	CU_ASSERT_EQUAL(records, expected_records);
	free(out.data);
}

static void test_arcs(void)
{
	check_arc(0, 0);
	check_arc(1, 1);
	check_arc(0xffffffffull, 1);
	check_arc(0x100000000ull, 2);
	check_arc(3 * 0xffffffffull + 7, 4);
}

static void test_write_error_is_reported(void)
{
	struct gmon_writer w;
	int fd = open("/dev/full", O_WRONLY);

	CU_ASSERT_FATAL(fd >= 0);
	gmon_writer_init(&w, fd, tiny_buffer, sizeof tiny_buffer);
	gmon_write_file_header(&w, NULL);
	for (int i = 0; i < 100; i++)
		gmon_write_arc(&w, 1, 2, 3);
	CU_ASSERT_EQUAL(gmon_writer_finish(&w), ENOSPC);
	close(fd);

	gmon_writer_init(&w, -1, big_buffer, sizeof big_buffer);
	gmon_write_file_header(&w, NULL);
	CU_ASSERT_EQUAL(gmon_writer_finish(&w), EBADF);
}

static const struct cunit_test tests[] = {
	{ "header without fingerprint", test_header_without_fingerprint },
	{ "header with fingerprint", test_header_with_fingerprint },
	{ "histogram in one record", test_histogram_fits_one_record },
	{ "histogram stacked above 65535", test_histogram_stacks_large_bins },
	{ "64-byte buffer gives the same bytes", test_small_buffer_gives_same_bytes },
	{ "arcs stacked above 2^32-1", test_arcs },
	{ "write errors are reported", test_write_error_is_reported },
};

int main(void)
{
	return cunit_run("gmon record writer", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
