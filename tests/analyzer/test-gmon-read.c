/*
 * test-gmon-read.c - CUnit tests of gprof-par's gmon reader, summer and
 * writer (gprof-par/profile/) on files crafted byte by byte.
 */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fingerprint.h"
#include "gmon-read.h"
#include "profile-pack.h"
#include "profile-write.h"
#include "gmon-write.h"

#define ERRLEN 1024

static char tmpdir[64];

/* ------------------------------------------------------------------ */
/* Crafting files.                                                     */

struct buf {
	unsigned char *data;
	size_t len, cap;
};

static void put(struct buf *b, const void *data, size_t size)
{
	if (b->len + size > b->cap) {
		b->cap = (b->len + size) * 2 + 64;
		b->data = realloc(b->data, b->cap);
		if (!b->data)
			abort();
	}
	memcpy(b->data + b->len, data, size);
	b->len += size;
}

static void put_u8(struct buf *b, uint8_t v) { put(b, &v, sizeof v); }
static void put_u16(struct buf *b, uint16_t v) { put(b, &v, sizeof v); }
static void put_u32(struct buf *b, uint32_t v) { put(b, &v, sizeof v); }
static void put_u64(struct buf *b, uint64_t v) { put(b, &v, sizeof v); }

static const unsigned char FP_A[GMON_FINGERPRINT_SIZE] = { 0xa1, 0xa2, 0xa3, 0xa4, 0xa5,
							   0xa6, 0xa7, 0xa8, 0xa9, 0xaa };
static const unsigned char FP_B[GMON_FINGERPRINT_SIZE] = { 0xb1, 0xb2, 0xb3, 0xb4, 0xb5,
							   0xb6, 0xb7, 0xb8, 0xb9, 0xba };

static void put_header_version(struct buf *b, uint32_t version, const unsigned char *fp)
{
	unsigned char spare[GMON_SPARE_SIZE];

	put(b, "gmon", 4);
	put_u32(b, version);
	gmon_fingerprint_to_spare(fp, spare);
	put(b, spare, sizeof spare);
}

static void put_header(struct buf *b, const unsigned char *fp)
{
	put_header_version(b, GMON_VERSION, fp);
}

/* Histogram header claiming nbins; the caller adds the bins. */
static void put_hist_header_dimen(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins,
				  uint32_t rate, const char *dimen, char abbrev)
{
	char d[GMON_DIMEN_LEN] = { 0 };
	size_t n = strlen(dimen);

	memcpy(d, dimen, n < sizeof d ? n : sizeof d);
	put_u8(b, GMON_TAG_TIME_HIST);
	put_u64(b, low);
	put_u64(b, high);
	put_u32(b, nbins);
	put_u32(b, rate);
	put(b, d, sizeof d);
	put_u8(b, (uint8_t)abbrev);
}

static void put_hist_header(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins,
			    uint32_t rate)
{
	put_hist_header_dimen(b, low, high, nbins, rate, "seconds", 's');
}

/* A histogram whose bin i holds value(i) = base + i. */
static void put_hist(struct buf *b, uint64_t low, uint64_t high, uint32_t nbins, uint32_t rate,
		     uint16_t base)
{
	put_hist_header(b, low, high, nbins, rate);
	for (uint32_t i = 0; i < nbins; i++)
		put_u16(b, (uint16_t)(base + i));
}

static void put_arc(struct buf *b, uint64_t from, uint64_t self, uint32_t count)
{
	put_u8(b, GMON_TAG_CG_ARC);
	put_u64(b, from);
	put_u64(b, self);
	put_u32(b, count);
}

static void put_bb(struct buf *b, uint32_t nblocks)
{
	put_u8(b, GMON_TAG_BB_COUNT);
	put_u32(b, nblocks);
	for (uint32_t i = 0; i < nblocks; i++) {
		put_u64(b, 0x1000 + 16 * i);
		put_u64(b, 1000 + i);
	}
}

static char *path_in_tmpdir(const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", tmpdir, name) < 0)
		abort();
	return path;
}

/* Writes b to tmpdir/name and frees b; returns the path (free it). */
static char *save(const char *name, struct buf *b)
{
	char *path = path_in_tmpdir(name);
	FILE *f = fopen(path, "wb");

	/* Also used by the suite's init, where CUnit assertions are not allowed. */
	if (!f || (b->len && fwrite(b->data, 1, b->len, f) != b->len) || fclose(f) != 0) {
		perror(path);
		abort();
	}
	free(b->data);
	memset(b, 0, sizeof *b);
	return path;
}

/* The ordinary file most tests start from: one histogram of 1024 bins over
 * 0x1000-0x2000 at 100 Hz, three arcs, fingerprint fp. */
static char *save_good(const char *name, const unsigned char *fp)
{
	struct buf b = { 0 };

	put_header(&b, fp);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 1);
	put_arc(&b, 0x1100, 0x1800, 7);
	put_arc(&b, 0x1200, 0x1900, 8);
	put_arc(&b, 0x1100, 0x1a00, 9);
	return save(name, &b);
}

/* ------------------------------------------------------------------ */
/* Comparing profiles.                                                  */

static int same_string(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static int same_data(const struct profile *a, const struct profile *b)
{
	if (a->nhists != b->nhists || a->narcs != b->narcs ||
	    a->has_fingerprint != b->has_fingerprint ||
	    (a->has_fingerprint && memcmp(a->fingerprint, b->fingerprint, GMON_FINGERPRINT_SIZE)) ||
	    a->bb_records_skipped != b->bb_records_skipped ||
	    a->bb_counts_skipped != b->bb_counts_skipped)
		return 0;
	for (size_t i = 0; i < a->nhists; i++) {
		const struct profile_histogram *x = &a->hists[i], *y = &b->hists[i];

		if (x->low_pc != y->low_pc || x->high_pc != y->high_pc || x->nbins != y->nbins ||
		    x->rate != y->rate || strcmp(x->dimen, y->dimen) ||
		    x->dimen_abbrev != y->dimen_abbrev ||
		    memcmp(x->bins, y->bins, x->nbins * sizeof *x->bins))
			return 0;
	}
	for (size_t i = 0; i < a->narcs; i++)
		if (a->arcs[i].from_pc != b->arcs[i].from_pc ||
		    a->arcs[i].self_pc != b->arcs[i].self_pc || a->arcs[i].count != b->arcs[i].count)
			return 0;
	return 1;
}

static int same_profile(const struct profile *a, const struct profile *b)
{
	return same_data(a, b) && a->nfiles == b->nfiles && same_string(a->first_file, b->first_file) &&
	       same_string(a->hist_file, b->hist_file) &&
	       same_string(a->fingerprint_file, b->fingerprint_file);
}

static int contains(const char *haystack, const char *needle)
{
	if (!strstr(haystack, needle)) {
		fprintf(stderr, "\n    message: %s\n    lacks:   %s\n", haystack, needle);
		return 0;
	}
	return 1;
}

/* ------------------------------------------------------------------ */
/* Bad input: -1, a message naming the file and the problem, p unchanged. */

#define MAX_PHRASES 6

/* Adds path to a profile that already holds a good file (and, if given,
 * second) and checks the rejection. */
static void expect_rejected_after(const char *first, const char *path,
				  const char *const phrases[MAX_PHRASES])
{
	struct profile p, before;
	char err[ERRLEN] = "";

	profile_init(&p);
	if (first)
		CU_ASSERT_FATAL(profile_add_file(&p, first, err, sizeof err) == 0);
	CU_ASSERT_FATAL(profile_clone(&before, &p, err, sizeof err) == 0);
	CU_ASSERT(profile_add_file(&p, path, err, sizeof err) == -1);
	CU_ASSERT(contains(err, path));
	for (int i = 0; i < MAX_PHRASES && phrases[i]; i++)
		CU_ASSERT(contains(err, phrases[i]));
	CU_ASSERT(same_profile(&p, &before));
	profile_free(&p);
	profile_free(&before);
}

static char *good_first;

static void expect_rejected(const char *path, const char *const phrases[MAX_PHRASES])
{
	expect_rejected_after(good_first, path, phrases);
	expect_rejected_after(NULL, path, phrases);
}

#define REJECT(path, ...)                                                      \
	do {                                                                   \
		const char *const phrases_[MAX_PHRASES] = { __VA_ARGS__ };     \
		expect_rejected(path, phrases_);                               \
	} while (0)

#define REJECT_AFTER(first, path, ...)                                         \
	do {                                                                   \
		const char *const phrases_[MAX_PHRASES] = { __VA_ARGS__ };     \
		expect_rejected_after(first, path, phrases_);                  \
	} while (0)

static void test_missing_and_unreadable(void)
{
	char *missing = path_in_tmpdir("no-such-file");
	char *dir = path_in_tmpdir("a-directory");

	CU_ASSERT_FATAL(mkdir(dir, 0755) == 0);
	REJECT(missing, "cannot open", "No such file");
	REJECT(dir, "is a directory");
	free(missing);
	free(dir);
}

static void test_empty_and_short_header(void)
{
	struct buf b = { 0 };
	char *empty = save("empty", &b);
	char *shorth;

	put(&b, "gmon\1\0\0\0\0\0", 10);
	shorth = save("short-header", &b);
	REJECT(empty, "empty file (0 bytes)");
	REJECT(shorth, "truncated header", "10 of 20 bytes", "10 missing");
	free(empty);
	free(shorth);
}

static void test_bad_magic_and_version(void)
{
	struct buf b = { 0 };
	char *magic, *version;

	put(&b, "GMON", 4);
	put_u32(&b, 1);
	put(&b, "\0\0\0\0\0\0\0\0\0\0\0\0", 12);
	magic = save("bad-magic", &b);
	put_header_version(&b, 2, NULL);
	version = save("bad-version", &b);
	REJECT(magic, "bad magic", "at its start: not a gmon file");
	REJECT(version, "unsupported gmon version 2");
	free(magic);
	free(version);
}

static void test_unknown_tag(void)
{
	struct buf b = { 0 };
	char *path;

	put_header(&b, NULL);
	put_arc(&b, 0x1100, 0x1800, 1);
	put_u8(&b, 7);
	put_arc(&b, 0x1100, 0x1800, 1);
	path = save("unknown-tag", &b);
	/* The tag follows the header (20 bytes) and one arc (21 bytes). */
	REJECT(path, "record #2 at offset 41", "unknown tag 7");
	free(path);
}

static void test_truncated_records(void)
{
	struct buf b = { 0 };
	char *hist_head, *hist_bins, *arc, *bb;

	put_header(&b, NULL);
	put_hist_header(&b, 0x1000, 0x2000, 1024, 100);
	b.len -= 30; /* keep 10 of the 40 header bytes */
	hist_head = save("cut-hist-header", &b);

	put_header(&b, NULL);
	put_arc(&b, 0x1100, 0x1800, 1);
	put_hist_header(&b, 0x1000, 0x2000, 100, 100);
	for (int i = 0; i < 50; i++)
		put_u16(&b, 1);
	hist_bins = save("cut-hist-bins", &b);

	put_header(&b, NULL);
	put_arc(&b, 0x1100, 0x1800, 1);
	put_arc(&b, 0x1100, 0x1800, 1);
	b.len -= 13;
	arc = save("cut-arc", &b);

	put_header(&b, NULL);
	put_bb(&b, 3);
	b.len -= 1;
	bb = save("cut-bb", &b);

	REJECT(hist_head, "histogram record #1 at offset 20", "truncated",
	       "needs 40 bytes after its tag, only 10 remain (30 missing)");
	REJECT(hist_bins, "histogram record #2 at offset 41",
	       "100 bins need 200 bytes, only 100 remain (100 missing");
	REJECT(arc, "arc record #2 at offset 41", "truncated",
	       "needs 20 bytes after its tag, only 7 remain (13 missing)");
	REJECT(bb, "basic-block record #1 at offset 20", "3 blocks need 48 bytes, only 47 remain");
	free(hist_head);
	free(hist_bins);
	free(arc);
	free(bb);
}

static void test_absurd_bin_count(void)
{
	struct buf b = { 0 };
	char *path;

	put_header(&b, NULL);
	put_hist_header(&b, 0x1000, 0x2000, 0xffffffffu, 100);
	put_u16(&b, 1);
	path = save("absurd-bins", &b);
	/* Must be refused before anything is allocated for 4G bins. */
	REJECT(path, "histogram record #1 at offset 20", "4294967295 bins need 8589934590 bytes",
	       "only 2 remain");
	free(path);
}

static void test_bad_histogram_fields(void)
{
	struct buf b = { 0 };
	char *inverted, *empty_range, *no_bins, *no_rate;

	put_header(&b, NULL);
	put_hist(&b, 0x2000, 0x1000, 4, 100, 0);
	inverted = save("inverted-range", &b);
	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x1000, 4, 100, 0);
	empty_range = save("empty-range", &b);
	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 0, 100, 0);
	no_bins = save("no-bins", &b);
	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 1024, 0, 0);
	no_rate = save("zero-rate", &b);

	REJECT(inverted, "histogram record #1", "low_pc 0x2000 is not below high_pc 0x1000");
	REJECT(empty_range, "low_pc 0x1000 is not below high_pc 0x1000");
	REJECT(no_bins, "has 0 bins");
	REJECT(no_rate, "profiling rate is 0 Hz");
	free(inverted);
	free(empty_range);
	free(no_bins);
	free(no_rate);
}

static void test_histogram_mismatch_across_files(void)
{
	struct buf b = { 0 };
	char *rate, *range, *nbins, *dimen;

	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 1024, 1000, 0);
	rate = save("other-rate", &b);
	put_header(&b, NULL);
	put_hist(&b, 0x1800, 0x2800, 1024, 100, 0);
	range = save("other-range", &b);
	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 512, 100, 0);
	nbins = save("other-nbins", &b);
	put_header(&b, NULL);
	put_hist_header_dimen(&b, 0x1000, 0x2000, 1, 100, "cycles", 'c');
	put_u16(&b, 1);
	dimen = save("other-dimen", &b);

	REJECT_AFTER(good_first, rate, "profiling rate 1000 Hz differs from the 100 Hz",
		     good_first);
	REJECT_AFTER(good_first, range,
		     "histogram range 0x1800-0x2800 (1024 bins) differs from the first file's "
		     "0x1000-0x2000 (1024 bins)", good_first);
	REJECT_AFTER(good_first, nbins,
		     "histogram range 0x1000-0x2000 (512 bins) differs from the first file's "
		     "0x1000-0x2000 (1024 bins)", good_first);
	REJECT_AFTER(good_first, dimen, "dimension 'cycles' ('c') differs from 'seconds' ('s')");
	free(rate);
	free(range);
	free(nbins);
	free(dimen);
}

static void test_histogram_mismatch_in_one_file(void)
{
	struct buf b = { 0 };
	char *overlap, *scale, *rate;

	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 0);
	put_hist(&b, 0x1800, 0x2800, 1024, 100, 0);
	overlap = save("overlap", &b);
	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 0);
	put_hist(&b, 0x3000, 0x4000, 512, 100, 0);
	scale = save("other-scale", &b);
	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 0);
	put_hist(&b, 0x1000, 0x2000, 1024, 1000, 0);
	rate = save("rate-changes", &b);

	REJECT_AFTER(NULL, overlap, "histogram record #2 at offset 2109",
		     "0x1800-0x2800 (1024 bins) partly overlaps the earlier histogram "
		     "0x1000-0x2000 (1024 bins)");
	REJECT_AFTER(NULL, scale, "8 bytes per bin", "0x1000-0x2000 (1024 bins)");
	REJECT_AFTER(NULL, rate, "histogram record #2", "profiling rate 1000 Hz differs");
	free(overlap);
	free(scale);
	free(rate);
}

static void test_fingerprint_mismatch(void)
{
	char *a = save_good("fingerprint-a", FP_A);
	char *b = save_good("fingerprint-b", FP_B);

	REJECT_AFTER(a, b, "build fingerprint b1b2b3b4b5b6b7b8b9ba differs",
		     "a1a2a3a4a5a6a7a8a9aa", a);
	free(a);
	free(b);
}

/* ------------------------------------------------------------------ */
/* Good input.                                                          */

static void add_ok(struct profile *p, const char *path)
{
	char err[ERRLEN] = "";
	int rc = profile_add_file(p, path, err, sizeof err);

	if (rc != 0)
		fprintf(stderr, "\n    unexpected error: %s\n", err);
	CU_ASSERT_FATAL(rc == 0);
}

static void test_header_only_is_empty(void)
{
	struct buf b = { 0 };
	struct profile p;
	char *path;

	put_header(&b, NULL);
	path = save("header-only", &b);
	profile_init(&p);
	add_ok(&p, path);
	CU_ASSERT(p.nfiles == 1 && p.nhists == 0 && p.narcs == 0 && !p.has_fingerprint);
	CU_ASSERT(same_string(p.first_file, path));
	profile_free(&p);
	free(path);
}

static void test_sum_in_one_file(void)
{
	struct buf b = { 0 };
	struct profile p;
	char *path;

	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 1);
	put_arc(&b, 0x1100, 0x1800, 5);
	put_arc(&b, 0x1200, 0x1900, 6);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 2);
	put_arc(&b, 0x1100, 0x1800, 7);
	put_hist(&b, 0x3000, 0x3100, 64, 100, 3); /* disjoint, same 4 bytes/bin: kept apart */
	path = save("sum-in-one", &b);
	profile_init(&p);
	add_ok(&p, path);
	CU_ASSERT_FATAL(p.nhists == 2 && p.narcs == 2);
	CU_ASSERT(p.hists[0].bins[0] == 3 && p.hists[0].bins[1023] == 1024 + 1025);
	CU_ASSERT(p.hists[1].low_pc == 0x3000 && p.hists[1].bins[63] == 66);
	CU_ASSERT(p.arcs[0].from_pc == 0x1100 && p.arcs[0].count == 12);
	CU_ASSERT(p.arcs[1].from_pc == 0x1200 && p.arcs[1].count == 6);
	CU_ASSERT(same_string(p.hist_file, path));
	profile_free(&p);
	free(path);
}

/* Three files of stacked records: bins and arcs beyond 16 and 32 bits. */
static void test_sum_across_files_stacked(void)
{
	struct buf b = { 0 };
	struct profile p;
	char *paths[3];

	for (int f = 0; f < 3; f++) {
		put_header(&b, NULL);
		for (int layer = 0; layer < 2; layer++) {
			put_hist_header(&b, 0x1000, 0x1010, 4, 100);
			put_u16(&b, 0xffff);
			put_u16(&b, 0);
			put_u16(&b, (uint16_t)(f + 1));
			put_u16(&b, 0x8000);
		}
		put_arc(&b, 0x10 * (uint64_t)(3 - f), 0x1000, 0xffffffffu); /* new arc per file */
		put_arc(&b, 0x1004, 0x1008, 0xffffffffu);
		put_arc(&b, 0x1004, 0x1008, 2);
		paths[f] = save(f == 0 ? "stacked-0" : f == 1 ? "stacked-1" : "stacked-2", &b);
	}
	profile_init(&p);
	for (int f = 0; f < 3; f++)
		add_ok(&p, paths[f]);
	CU_ASSERT(p.nfiles == 3);
	CU_ASSERT_FATAL(p.nhists == 1 && p.hists[0].nbins == 4);
	CU_ASSERT(p.hists[0].bins[0] == 6 * 65535ull);
	CU_ASSERT(p.hists[0].bins[1] == 0);
	CU_ASSERT(p.hists[0].bins[2] == 2 * (1 + 2 + 3));
	CU_ASSERT(p.hists[0].bins[3] == 6 * 0x8000ull);
	/* First-appearance order: file 0's arcs, then each file's new one. */
	CU_ASSERT_FATAL(p.narcs == 4);
	CU_ASSERT(p.arcs[0].from_pc == 0x30 && p.arcs[0].count == 0xffffffffull);
	CU_ASSERT(p.arcs[1].from_pc == 0x1004 && p.arcs[1].count == 3 * (0xffffffffull + 2));
	CU_ASSERT(p.arcs[2].from_pc == 0x20);
	CU_ASSERT(p.arcs[3].from_pc == 0x10);
	profile_free(&p);
	for (int f = 0; f < 3; f++)
		free(paths[f]);
}

static void test_basic_block_records_skipped(void)
{
	struct buf b = { 0 };
	struct profile p;
	char *path;

	put_header(&b, NULL);
	put_bb(&b, 3);
	put_arc(&b, 0x1100, 0x1800, 5);
	put_bb(&b, 0);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 1);
	path = save("basic-blocks", &b);
	profile_init(&p);
	add_ok(&p, path);
	CU_ASSERT(p.bb_records_skipped == 2 && p.bb_counts_skipped == 3);
	CU_ASSERT(p.narcs == 1 && p.nhists == 1 && p.hists[0].bins[5] == 6);
	profile_free(&p);
	free(path);
}

static void test_fingerprints(void)
{
	char *none = save_good("fp-none", NULL);
	char *a = save_good("fp-a", FP_A);
	struct profile p;
	char err[ERRLEN] = "", hex[2 * GMON_FINGERPRINT_SIZE + 1];
	unsigned char build_id[20];

	profile_init(&p);
	add_ok(&p, none);
	CU_ASSERT(!p.has_fingerprint);
	CU_ASSERT(profile_check_build_id(&p, FP_B, sizeof FP_B, "exe", err, sizeof err) == 0);
	add_ok(&p, a);
	add_ok(&p, none);
	CU_ASSERT(p.has_fingerprint && memcmp(p.fingerprint, FP_A, sizeof FP_A) == 0);
	CU_ASSERT(same_string(p.fingerprint_file, a));
	profile_format_fingerprint(p.fingerprint, hex);
	CU_ASSERT_STRING_EQUAL(hex, "a1a2a3a4a5a6a7a8a9aa");

	memcpy(build_id, FP_A, sizeof FP_A);
	memset(build_id + sizeof FP_A, 0x55, sizeof build_id - sizeof FP_A);
	CU_ASSERT(profile_check_build_id(&p, build_id, sizeof build_id, "exe", err, sizeof err) == 0);
	CU_ASSERT(profile_check_build_id(&p, FP_B, sizeof FP_B, "/bin/exe", err, sizeof err) == -1);
	CU_ASSERT(contains(err, "/bin/exe") && contains(err, a) &&
		  contains(err, "a1a2a3a4a5a6a7a8a9aa") && contains(err, "b1b2b3b4b5b6b7b8b9ba"));
	profile_free(&p);
	free(none);
	free(a);
}

/* Enough distinct arcs to grow the index several times, each seen twice. */
static void test_many_arcs(void)
{
	enum { N = 50000 };
	struct buf b = { 0 };
	struct profile p;
	char *path;
	int ok = 1;

	put_header(&b, NULL);
	for (int round = 0; round < 2; round++)
		for (uint32_t i = 0; i < N; i++)
			put_arc(&b, 0x400000 + 16 * (uint64_t)(i % 997), 0x500000 + 32 * (uint64_t)i,
				i + 1);
	path = save("many-arcs", &b);
	profile_init(&p);
	add_ok(&p, path);
	add_ok(&p, path);
	CU_ASSERT_FATAL(p.narcs == N);
	for (uint32_t i = 0; i < N; i++)
		ok &= p.arcs[i].self_pc == 0x500000 + 32 * (uint64_t)i &&
		      p.arcs[i].count == 4 * (uint64_t)(i + 1);
	CU_ASSERT(ok);
	profile_free(&p);
	free(path);
}

/*
 * Files of one program list their arcs in nearly the same order, and the
 * adding tries the arc after the last one found before the hash table: a
 * guess that shares only the caller, or only the callee, with the record
 * must not take its count, wherever the orders differ.
 */
static void test_arcs_in_other_orders(void)
{
	static const uint64_t from[4] = { 0x1100, 0x1100, 0x1200, 0x1200 };
	static const uint64_t self[4] = { 0x1800, 0x1900, 0x1900, 0x1800 };
	static const int order[3][4] = { { 0, 1, 2, 3 }, { 0, 2, 1, 3 }, { 3, 0, 1, 2 } };
	struct profile p;
	char *paths[3];
	int ok = 1;

	for (int f = 0; f < 3; f++) {
		struct buf b = { 0 };
		char name[32];

		put_header(&b, NULL);
		for (int k = 0; k < 4; k++) {
			int a = order[f][k];

			put_arc(&b, from[a], self[a], (uint32_t)((a + 1) * 10 + f));
		}
		snprintf(name, sizeof name, "arc-order-%d", f);
		paths[f] = save(name, &b);
	}
	profile_init(&p);
	for (int f = 0; f < 3; f++)
		add_ok(&p, paths[f]);
	CU_ASSERT_FATAL(p.narcs == 4);
	for (int a = 0; a < 4; a++)
		ok &= p.arcs[a].from_pc == from[a] && p.arcs[a].self_pc == self[a] &&
		      p.arcs[a].count == (uint64_t)(3 * (a + 1) * 10 + 0 + 1 + 2);
	CU_ASSERT(ok);
	profile_free(&p);
	for (int f = 0; f < 3; f++)
		free(paths[f]);
}

/* Shapes only: ranges, fingerprint, names and counts; no bins, no arcs;
 * later files still checked against the shapes. */
static void test_shapes_only(void)
{
	char *a = save_good("shapes-a", FP_A), *b = save_good("shapes-b", FP_B);
	char err[ERRLEN] = "";
	struct profile p;
	uint64_t nonzero = 0;

	profile_init(&p);
	CU_ASSERT_FATAL(profile_shapes_only(&p, err, sizeof err) == 0);
	add_ok(&p, a);
	add_ok(&p, a);
	CU_ASSERT_FATAL(p.nhists == 1);
	CU_ASSERT(p.hists[0].low_pc == 0x1000 && p.hists[0].high_pc == 0x2000 &&
		  p.hists[0].nbins == 1024);
	for (uint32_t i = 0; i < p.hists[0].nbins; i++)
		nonzero += p.hists[0].bins[i] != 0;
	CU_ASSERT(nonzero == 0);
	CU_ASSERT(p.narcs == 0);
	CU_ASSERT(p.nfiles == 2 && p.has_fingerprint && same_string(p.first_file, a) &&
		  same_string(p.hist_file, a) && same_string(p.fingerprint_file, a));
	CU_ASSERT(profile_add_file(&p, b, err, sizeof err) == -1);
	CU_ASSERT(contains(err, "build fingerprint b1b2b3b4b5b6b7b8b9ba differs"));
	CU_ASSERT(p.nfiles == 2);
	profile_free(&p);
	free(a);
	free(b);
}

/* ------------------------------------------------------------------ */
/* Merge and clone.                                                      */

/*
 * Batches (profile_begin_batch): 70,000 files whose bins hold 65,535 (and
 * 1, 0, and 65,535 in a partial last block) add up beyond 32 bits, exactly,
 * because the 32-bit partial sums are widened before they could overflow.
 */
static void test_batch_beyond_32_bits(void)
{
	struct buf b = { NULL, 0, 0 };
	struct profile p;
	char err[1024];
	const uint32_t nbins = 35;        /* a block of 32 and 3 more */
	const unsigned files = 70000;

	put_header(&b, NULL);
	put_hist_header(&b, 0x1000, 0x1000 + 4 * nbins, nbins, 100);
	for (uint32_t i = 0; i < nbins; i++)
		put_u16(&b, i == 1 ? 1 : i == 2 ? 0 : 65535);
	profile_init(&p);
	CU_ASSERT_EQUAL_FATAL(profile_begin_batch(&p, err, sizeof err), 0);
	for (unsigned k = 0; k < files; k++)
		if (profile_add_buffer(&p, b.data, b.len, "batch", err, sizeof err) != 0) {
			CU_FAIL("a file of the batch was refused");
			break;
		}
	profile_end_batch(&p);
	CU_ASSERT_EQUAL_FATAL(p.nhists, 1);
	CU_ASSERT_EQUAL(p.hists[0].bins[0], (uint64_t)65535 * files);
	CU_ASSERT_EQUAL(p.hists[0].bins[1], (uint64_t)files);
	CU_ASSERT_EQUAL(p.hists[0].bins[2], 0);
	CU_ASSERT_EQUAL(p.hists[0].bins[34], (uint64_t)65535 * files);
	/* After the batch, adding goes straight into the sums again. */
	CU_ASSERT_EQUAL(profile_add_buffer(&p, b.data, b.len, "after", err, sizeof err), 0);
	CU_ASSERT_EQUAL(p.hists[0].bins[0], (uint64_t)65535 * (files + 1));
	/* A traced profile adds files in a batch only: else its trace would
	 * miss the histograms. */
	CU_ASSERT_EQUAL(profile_trace_files(&p, err, sizeof err), 0);
	CU_ASSERT_EQUAL(profile_add_buffer(&p, b.data, b.len, "traced", err, sizeof err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "batch"));
	CU_ASSERT_EQUAL(p.hists[0].bins[0], (uint64_t)65535 * (files + 1));
	profile_free(&p);
	free(b.data);
}

/*
 * Arc classes (profile_trace_arc_sums): a classed arc's counts go into
 * (*sums)[class], read when each file starts, and out of the trace; arcs
 * without a class, and every arc without sums, are traced.
 */
static void test_arc_classes(void)
{
	struct buf one = { 0 }, two = { 0 };
	struct profile p;
	struct profile_trace t;
	char err[1024];
	uint64_t rows[2][3] = { { 0 } }, *sums = rows[0];

	put_header(&one, NULL);
	put_arc(&one, 0x1100, 0x1800, 5);
	put_arc(&one, 0x1200, 0x1900, 6);
	put_header(&two, NULL);
	put_arc(&two, 0x1200, 0x1900, 7);
	put_arc(&two, 0x1300, 0x1800, 8);   /* new: no class yet */
	put_arc(&two, 0x1100, 0x1800, 9);
	profile_init(&p);
	CU_ASSERT_EQUAL_FATAL(profile_begin_batch(&p, err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(profile_trace_files(&p, err, sizeof err), 0);
	profile_trace_arc_sums(&p, &sums);
	/* Nothing classed yet: both traced. */
	CU_ASSERT_EQUAL_FATAL(profile_add_buffer(&p, one.data, one.len, "one", err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(profile_last_trace(&p, &t), 0);
	CU_ASSERT_EQUAL(t.narcs, 2);
	CU_ASSERT_EQUAL(profile_set_arc_class(&p, 0, 2), 0);
	CU_ASSERT_EQUAL(profile_set_arc_class(&p, 1, 0), 0);
	CU_ASSERT_EQUAL(profile_set_arc_class(&p, 2, 0), -1);  /* no such arc */
	/* The second file into the second row: the new arc alone traced. */
	sums = rows[1];
	CU_ASSERT_EQUAL_FATAL(profile_add_buffer(&p, two.data, two.len, "two", err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(profile_last_trace(&p, &t), 0);
	CU_ASSERT_EQUAL_FATAL(t.narcs, 1);
	CU_ASSERT(t.arcs[0].index == 2 && t.arcs[0].count == 8);
	CU_ASSERT(rows[0][0] == 0 && rows[0][1] == 0 && rows[0][2] == 0);
	CU_ASSERT(rows[1][0] == 7 && rows[1][1] == 0 && rows[1][2] == 9);
	/* Without sums, every arc is traced again, and no row changes. */
	profile_trace_arc_sums(&p, NULL);
	CU_ASSERT_EQUAL_FATAL(profile_add_buffer(&p, two.data, two.len, "two", err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(profile_last_trace(&p, &t), 0);
	CU_ASSERT_EQUAL(t.narcs, 3);
	CU_ASSERT(rows[1][0] == 7 && rows[1][2] == 9);
	profile_end_batch(&p);
	/* The sum itself is as without classes. */
	CU_ASSERT_FATAL(p.narcs == 3);
	CU_ASSERT(p.arcs[0].count == 5 + 9 + 9 && p.arcs[1].count == 6 + 7 + 7 &&
		  p.arcs[2].count == 8 + 8);
	profile_free(&p);
	free(one.data);
	free(two.data);
}

static void test_merge_equals_sequential_read(void)
{
	char *a = save_good("merge-a", FP_A);
	struct buf b = { 0 };
	char *c, err[ERRLEN] = "";
	struct profile seq, pa, pc, merged;

	put_header(&b, NULL);
	put_arc(&b, 0x1300, 0x1800, 1);
	put_hist(&b, 0x1000, 0x2000, 1024, 100, 50000);
	put_arc(&b, 0x1100, 0x1800, 2);
	c = save("merge-c", &b);

	profile_init(&seq);
	add_ok(&seq, a);
	add_ok(&seq, c);
	add_ok(&seq, a);
	profile_init(&pa);
	add_ok(&pa, a);
	profile_init(&pc);
	add_ok(&pc, c);
	profile_init(&merged);
	CU_ASSERT(profile_merge(&merged, &pa, err, sizeof err) == 0);
	CU_ASSERT(profile_merge(&merged, &pc, err, sizeof err) == 0);
	CU_ASSERT(profile_merge(&merged, &pa, err, sizeof err) == 0);
	CU_ASSERT(same_profile(&seq, &merged));
	CU_ASSERT(merged.hists[0].bins[1023] == 2 * 1024 + 50000 + 1023);
	profile_free(&seq);
	profile_free(&pa);
	profile_free(&pc);
	profile_free(&merged);
	free(a);
	free(c);
}

static void test_merge_rejects_and_keeps_dst(void)
{
	char *a = save_good("mergebad-a", FP_A);
	char *b_path = save_good("mergebad-b", FP_B);
	struct buf b = { 0 };
	char *range, err[ERRLEN] = "";
	struct profile dst, before, other;

	put_header(&b, NULL);
	put_hist(&b, 0x1000, 0x3000, 2048, 100, 0);
	range = save("mergebad-range", &b);

	profile_init(&dst);
	add_ok(&dst, a);
	CU_ASSERT_FATAL(profile_clone(&before, &dst, err, sizeof err) == 0);
	CU_ASSERT(same_profile(&dst, &before));

	profile_init(&other);
	add_ok(&other, b_path);
	CU_ASSERT(profile_merge(&dst, &other, err, sizeof err) == -1);
	CU_ASSERT(contains(err, a) && contains(err, b_path) && contains(err, "fingerprint"));
	CU_ASSERT(same_profile(&dst, &before));
	profile_free(&other);

	profile_init(&other);
	add_ok(&other, range);
	CU_ASSERT(profile_merge(&dst, &other, err, sizeof err) == -1);
	CU_ASSERT(contains(err, range) && contains(err, a) &&
		  contains(err, "0x1000-0x3000 (2048 bins) differs from the first file's "
				"0x1000-0x2000 (1024 bins)"));
	CU_ASSERT(same_profile(&dst, &before));
	profile_free(&other);

	profile_free(&dst);
	profile_free(&before);
	free(a);
	free(b_path);
	free(range);
}

/* ------------------------------------------------------------------ */
/* Writing.                                                              */

struct record_counts {
	size_t hists, arcs;
};

static struct record_counts count_records(const char *path)
{
	struct record_counts n = { 0, 0 };
	FILE *f = fopen(path, "rb");
	unsigned char tag;

	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT_FATAL(fseek(f, GMON_HEADER_SIZE, SEEK_SET) == 0);
	while (fread(&tag, 1, 1, f) == 1) {
		if (tag == GMON_TAG_TIME_HIST) {
			unsigned char head[GMON_HIST_HEADER_SIZE];
			uint32_t nbins;

			CU_ASSERT_FATAL(fread(head, sizeof head, 1, f) == 1);
			memcpy(&nbins, head + 16, 4);
			CU_ASSERT_FATAL(fseek(f, 2L * nbins, SEEK_CUR) == 0);
			n.hists++;
		} else {
			CU_ASSERT_FATAL(tag == GMON_TAG_CG_ARC);
			CU_ASSERT_FATAL(fseek(f, GMON_ARC_SIZE, SEEK_CUR) == 0);
			n.arcs++;
		}
	}
	fclose(f);
	return n;
}

/* A profile built directly, with values no single record can hold. */
static void make_big_profile(struct profile *p)
{
	static const uint64_t bins[5] = { 0, 65535, 65536, 10000000, 131070 };
	struct buf b = { 0 };
	char *seed, err[ERRLEN];

	put_header(&b, FP_A);
	put_hist(&b, 0x1000, 0x1014, 5, 100, 0);
	put_arc(&b, 0x1000, 0x1004, 1);
	put_arc(&b, 0x1004, 0x1008, 1);
	put_arc(&b, 0x1008, 0x100c, 1);
	seed = save("big-seed", &b);
	profile_init(p);
	CU_ASSERT_FATAL(profile_add_file(p, seed, err, sizeof err) == 0);
	memcpy(p->hists[0].bins, bins, sizeof bins);
	p->arcs[0].count = 0xffffffffull + 1;            /* 2 records */
	p->arcs[1].count = (1ull << 40) + 5;             /* 257 records */
	p->arcs[2].count = 3;                            /* 1 record */
	free(seed);
}

static void test_write_read_back_exact(void)
{
	struct profile p, back;
	char *out = path_in_tmpdir("big.gmon"), err[ERRLEN] = "";
	struct record_counts n;

	make_big_profile(&p);
	CU_ASSERT_FATAL(profile_write(&p, out, err, sizeof err) == 0);
	n = count_records(out);
	CU_ASSERT(n.hists == (10000000 + 65534) / 65535); /* 153 layers */
	CU_ASSERT(n.arcs == 2 + 257 + 1);
	profile_init(&back);
	add_ok(&back, out);
	CU_ASSERT(same_data(&p, &back));
	CU_ASSERT(back.hists[0].bins[3] == 10000000 && back.arcs[1].count == (1ull << 40) + 5);
	profile_free(&p);
	profile_free(&back);
	free(out);
}

static void test_round_trip(void)
{
	char *in = save_good("round-trip-in", FP_B);
	char *out = path_in_tmpdir("round-trip-out"), err[ERRLEN] = "";
	struct profile p, back;

	profile_init(&p);
	add_ok(&p, in);
	add_ok(&p, in);
	CU_ASSERT_FATAL(profile_write(&p, out, err, sizeof err) == 0);
	profile_init(&back);
	add_ok(&back, out);
	CU_ASSERT(same_data(&p, &back));
	/* Writing over an existing file replaces it. */
	CU_ASSERT_FATAL(profile_write(&back, out, err, sizeof err) == 0);
	profile_free(&back);
	profile_init(&back);
	add_ok(&back, out);
	CU_ASSERT(same_data(&p, &back));
	profile_free(&p);
	profile_free(&back);
	free(in);
	free(out);
}

static void test_pack_round_trip(void)
{
	struct profile p, q, before;
	void *data;
	size_t len;
	char err[ERRLEN] = "";
	int all_refused = 1, all_unchanged = 1;

	make_big_profile(&p);
	CU_ASSERT_FATAL(profile_pack(&p, &data, &len, err, sizeof err) == 0);
	profile_init(&q);
	CU_ASSERT(profile_add_packed(&q, data, len, "rank 3", err, sizeof err) == 0);
	CU_ASSERT(same_profile(&p, &q));
	CU_ASSERT(profile_add_packed(&q, data, len, "rank 3", err, sizeof err) == 0);
	CU_ASSERT(q.nfiles == 2 && q.hists[0].bins[3] == 20000000 &&
		  q.arcs[1].count == 2 * ((1ull << 40) + 5));

	/* Every truncation, and a wrong magic, is refused and changes nothing. */
	CU_ASSERT_FATAL(profile_clone(&before, &q, err, sizeof err) == 0);
	for (size_t cut = 0; cut < len; cut++) {
		all_refused &= profile_add_packed(&q, data, cut, "rank 4", err, sizeof err) == -1 &&
			       strstr(err, "rank 4") != NULL;
		all_unchanged &= same_profile(&q, &before);
	}
	CU_ASSERT(all_refused);
	CU_ASSERT(all_unchanged);
	((unsigned char *)data)[0] ^= 1;
	CU_ASSERT(profile_add_packed(&q, data, len, "rank 5", err, sizeof err) == -1);
	CU_ASSERT(contains(err, "rank 5") && contains(err, "not a packed profile"));
	CU_ASSERT(same_profile(&q, &before));
	free(data);
	profile_free(&p);
	profile_free(&q);
	profile_free(&before);
}

/*
 * Bins travel packed as runs of nonzero bins: every pattern of zeros and
 * samples (none, all, alternating, single gaps and longer ones, at either
 * end) comes back exactly, mostly zeros take little room, NULL bins are
 * zeros, and runs that overlap or leave the histogram are refused.
 */
static void test_pack_runs(void)
{
	enum { NBINS = 64 };
	static const char *const patterns[] = {
		"",                       /* all zero */
		"x",                      /* all set (x: every bin) */
		"0 63", "0", "63", "5 6 7 9 12 13 40 41 42 63", "1 3 5 7 9 11 13 15",
	};
	char err[ERRLEN] = "";
	int all_same = 1;
	size_t sparse_len = 0, dense_len = 0;

	for (size_t k = 0; k < sizeof(patterns) / sizeof(patterns[0]); k++) {
		struct profile p, q;
		void *data;
		size_t len;
		const char *c = patterns[k];

		make_big_profile(&p);
		free(p.hists[0].bins);
		p.hists[0].bins = calloc(NBINS, sizeof(uint64_t));
		p.hists[0].nbins = NBINS;
		p.hists[0].high_pc = p.hists[0].low_pc + 4 * NBINS;
		if (strcmp(c, "x") == 0)
			for (int i = 0; i < NBINS; i++)
				p.hists[0].bins[i] = 1000 + (uint64_t)i;
		else
			for (char *end; *c; c = end)
				p.hists[0].bins[strtoul(c, &end, 10)] = (1ull << 40) + 7;
		CU_ASSERT_FATAL(profile_pack(&p, &data, &len, err, sizeof err) == 0);
		profile_init(&q);
		CU_ASSERT_FATAL(profile_add_packed(&q, data, len, "runs", err, sizeof err) == 0);
		all_same &= same_profile(&p, &q);
		if (k == 0)
			sparse_len = len;
		if (k == 1)
			dense_len = len;
		free(data);
		profile_free(&q);
		profile_free(&p);
	}
	CU_ASSERT(all_same);
	CU_ASSERT(dense_len - sparse_len >= NBINS * sizeof(uint64_t));

	/* NULL bins: zeros. */
	{
		struct profile p, q;
		void *data;
		size_t len;
		uint64_t *bins;

		make_big_profile(&p);
		bins = p.hists[0].bins;
		p.hists[0].bins = NULL;
		CU_ASSERT_FATAL(profile_pack(&p, &data, &len, err, sizeof err) == 0);
		p.hists[0].bins = bins;
		memset(bins, 0, p.hists[0].nbins * sizeof(*bins));
		profile_init(&q);
		CU_ASSERT_FATAL(profile_add_packed(&q, data, len, "zeros", err, sizeof err) == 0);
		CU_ASSERT(same_profile(&p, &q));
		free(data);
		profile_free(&q);
		profile_free(&p);
	}

	/* Corrupt runs: the second run moved onto the first, or past the end. */
	{
		struct profile p, q;
		void *data;
		size_t len, at;
		uint32_t first;
		unsigned char *b;

		make_big_profile(&p);   /* bins 0, 65535, 65536, 10000000, 131070: one run 1..4 */
		p.hists[0].bins[2] = 0;
		p.hists[0].bins[3] = 0;  /* runs 1..1 and 4..4 */
		CU_ASSERT_FATAL(profile_pack(&p, &data, &len, err, sizeof err) == 0);
		b = data;
		/* Find the second run's header: first bin 4, count 1. */
		for (at = 0; at + 8 <= len; at++) {
			uint32_t h[2];

			memcpy(h, b + at, 8);
			if (h[0] == 4 && h[1] == 1)
				break;
		}
		CU_ASSERT_FATAL(at + 8 <= len);
		for (int bad = 0; bad < 2; bad++) {
			first = bad == 0 ? 1 : 5;   /* overlaps the first; ends past bin 4 */
			memcpy(b + at, &first, 4);
			profile_init(&q);
			CU_ASSERT(profile_add_packed(&q, data, len, "bad runs", err, sizeof err) == -1);
			CU_ASSERT(contains(err, "bad runs") && contains(err, "run of bins"));
			CU_ASSERT(q.nhists == 0);
			profile_free(&q);
		}
		free(data);
		profile_free(&p);
	}
}

/* No file named name, and nothing left over from a temporary, in dir. */
static int dir_lacks_leftovers(const char *dir, const char *name)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int clean = 1;

	if (!d)
		return 1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, name) == 0 || strstr(e->d_name, ".tmp")) {
			fprintf(stderr, "\n    left behind: %s/%s\n", dir, e->d_name);
			clean = 0;
		}
	closedir(d);
	return clean;
}

static void expect_write_fails(const struct profile *p, const char *dir, const char *name,
			       const char *phrase)
{
	char *path, err[ERRLEN] = "";

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		abort();
	CU_ASSERT(profile_write(p, path, err, sizeof err) == -1);
	CU_ASSERT(contains(err, path) && contains(err, phrase));
	CU_ASSERT(dir_lacks_leftovers(dir, name));
	free(path);
}

static void test_write_failures_leave_nothing(void)
{
	char *gone = path_in_tmpdir("no-such-dir");
	char *wdir = path_in_tmpdir("write-dir");
	char *blocker, *plain_file = save_good("plain-file", NULL);
	struct profile p;
	struct rlimit old, small;
	void (*old_handler)(int);
	char err[ERRLEN];

	make_big_profile(&p);
	/* Directory missing; a "directory" that is a file. */
	expect_write_fails(&p, gone, "out.gmon", "cannot create the temporary file");
	expect_write_fails(&p, plain_file, "out.gmon", "Not a directory");

	/* The target is a directory: it is not replaced (only a regular file
	 * is), and nothing is left. */
	CU_ASSERT_FATAL(mkdir(wdir, 0755) == 0);
	if (asprintf(&blocker, "%s/out.gmon", wdir) < 0)
		abort();
	CU_ASSERT_FATAL(mkdir(blocker, 0755) == 0);
	CU_ASSERT(profile_write(&p, blocker, err, sizeof err) == -1);
	CU_ASSERT(contains(err, "is a directory, not a regular file: not replaced") &&
		  contains(err, blocker));
	CU_ASSERT(dir_lacks_leftovers(wdir, "out.gmon.tmp"));
	CU_ASSERT(rmdir(blocker) == 0);

	/* A write fails half-way (file size limit): nothing is left. */
	CU_ASSERT_FATAL(getrlimit(RLIMIT_FSIZE, &old) == 0);
	small = old;
	small.rlim_cur = 1000;
	old_handler = signal(SIGXFSZ, SIG_IGN);
	CU_ASSERT_FATAL(setrlimit(RLIMIT_FSIZE, &small) == 0);
	expect_write_fails(&p, wdir, "out.gmon", "File too large");
	CU_ASSERT(setrlimit(RLIMIT_FSIZE, &old) == 0);
	signal(SIGXFSZ, old_handler);

	/* A directory we may not write into (root may write anywhere). */
	if (geteuid() != 0) {
		CU_ASSERT_FATAL(chmod(wdir, 0555) == 0);
		expect_write_fails(&p, wdir, "out.gmon", "Permission denied");
		CU_ASSERT(chmod(wdir, 0755) == 0);
	}
	profile_free(&p);
	free(gone);
	free(wdir);
	free(blocker);
	free(plain_file);
}

static void test_write_refuses_other_dimension(void)
{
	struct buf b = { 0 };
	struct profile p;
	char *in, *out = path_in_tmpdir("cycles-out"), err[ERRLEN] = "";

	put_header(&b, NULL);
	put_hist_header_dimen(&b, 0x1000, 0x2000, 1, 100, "cycles", 'c');
	put_u16(&b, 1);
	in = save("cycles-in", &b);
	profile_init(&p);
	add_ok(&p, in);
	CU_ASSERT(profile_write(&p, out, err, sizeof err) == -1);
	CU_ASSERT(contains(err, out) && contains(err, "dimension 'cycles'"));
	CU_ASSERT(access(out, F_OK) != 0);
	profile_free(&p);
	free(in);
	free(out);
}

/* Not a regular file (no size known ahead): read until EOF, growing the
 * buffer past its first 64 KB. */
static void test_read_from_pipe(void)
{
	enum { NARCS = 20000 };
	struct buf b = { 0 };
	struct profile p;
	char path[64];
	int fds[2];
	pid_t child;

	put_header(&b, NULL);
	for (uint32_t i = 0; i < NARCS; i++)
		put_arc(&b, 0x1000, 0x2000 + 16 * (uint64_t)i, 1);
	CU_ASSERT_FATAL(pipe(fds) == 0);
	child = fork();
	CU_ASSERT_FATAL(child >= 0);
	if (child == 0) {
		close(fds[0]);
		_exit(write(fds[1], b.data, b.len) == (ssize_t)b.len ? 0 : 1);
	}
	close(fds[1]);
	snprintf(path, sizeof path, "/proc/self/fd/%d", fds[0]);
	profile_init(&p);
	add_ok(&p, path);
	CU_ASSERT(p.narcs == NARCS && p.arcs[NARCS - 1].self_pc == 0x2000 + 16 * (NARCS - 1));
	close(fds[0]);
	CU_ASSERT(waitpid(child, NULL, 0) == child);
	profile_free(&p);
	free(b.data);
}

static void test_add_buffer(void)
{
	struct buf b = { 0 };
	struct profile p;
	char err[ERRLEN] = "";

	put_header(&b, NULL);
	put_arc(&b, 1, 2, 3);
	profile_init(&p);
	CU_ASSERT(profile_add_buffer(&p, b.data, b.len, "rank 7", err, sizeof err) == 0);
	CU_ASSERT(p.narcs == 1 && same_string(p.first_file, "rank 7"));
	CU_ASSERT(profile_add_buffer(&p, b.data, b.len - 1, "rank 8", err, sizeof err) == -1);
	CU_ASSERT(contains(err, "rank 8: arc record #1 at offset 20") && contains(err, "1 missing"));
	CU_ASSERT(p.narcs == 1 && p.arcs[0].count == 3 && p.nfiles == 1);
	profile_free(&p);
	free(b.data);
}

/* ------------------------------------------------------------------ */

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int suite_init(void)
{
	strcpy(tmpdir, "/tmp/test-gmon-read.XXXXXX");
	if (!mkdtemp(tmpdir))
		return -1;
	good_first = save_good("good-first", NULL);
	return 0;
}

static int suite_clean(void)
{
	free(good_first);
	return nftw(tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
	static const struct {
		const char *name;
		CU_TestFunc fn;
	} tests[] = {
		{ "missing and unreadable files", test_missing_and_unreadable },
		{ "empty file, truncated header", test_empty_and_short_header },
		{ "bad magic, bad version", test_bad_magic_and_version },
		{ "unknown tag", test_unknown_tag },
		{ "records truncated inside", test_truncated_records },
		{ "absurd bin count", test_absurd_bin_count },
		{ "bad histogram fields", test_bad_histogram_fields },
		{ "histogram mismatch across files", test_histogram_mismatch_across_files },
		{ "histogram mismatch in one file", test_histogram_mismatch_in_one_file },
		{ "fingerprint mismatch", test_fingerprint_mismatch },
		{ "batches add beyond 32 bits exactly", test_batch_beyond_32_bits },
		{ "header-only file is empty", test_header_only_is_empty },
		{ "sum within one file", test_sum_in_one_file },
		{ "sum across files, stacked", test_sum_across_files_stacked },
		{ "basic-block records skipped", test_basic_block_records_skipped },
		{ "fingerprints", test_fingerprints },
		{ "many arcs", test_many_arcs },
		{ "arcs in other orders", test_arcs_in_other_orders },
		{ "arc classes", test_arc_classes },
		{ "shapes only", test_shapes_only },
		{ "merge equals sequential read", test_merge_equals_sequential_read },
		{ "merge rejects, keeps dst", test_merge_rejects_and_keeps_dst },
		{ "write and read back > 16/32 bits", test_write_read_back_exact },
		{ "pack and unpack", test_pack_round_trip },
		{ "pack runs of bins", test_pack_runs },
		{ "round trip", test_round_trip },
		{ "write failures leave nothing", test_write_failures_leave_nothing },
		{ "write refuses another dimension", test_write_refuses_other_dimension },
		{ "read from a pipe", test_read_from_pipe },
		{ "add from a buffer", test_add_buffer },
	};
	CU_pSuite suite;
	unsigned failed;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return CU_get_error();
	suite = CU_add_suite("gmon-read", suite_init, suite_clean);
	if (!suite)
		goto out;
	for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
		if (!CU_add_test(suite, tests[i].name, tests[i].fn))
			goto out;
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
out:
	failed = CU_get_number_of_failures() + CU_get_number_of_suites_failed();
	if (CU_get_error() != CUE_SUCCESS)
		failed++;
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
