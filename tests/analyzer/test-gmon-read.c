/*
 * test-gmon-read.c - CUnit tests of gprof-par's gmon reader and summer
 * (gprof-par/profile/): bad files refused with a message naming the file
 * and the problem, good ones added, merged and cloned, on files crafted
 * byte by byte (gmon-craft.h).  The writer and the packing:
 * test-profile-write.c.
 */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include "../cunit-run.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gmon-craft.h"
#include "profile-pack.h"

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
	char *rate, *range, *nbins, *dimen, *range_rate;

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
	put_hist_header_dimen(&b, 0x1000, 0x2000, 1024, 100, "cycles", 'c');
	for (int i = 0; i < 1024; i++)
		put_u16(&b, 1);
	dimen = save("other-dimen", &b);
	/* another program's range at another rate: the range is said, which
	 * names another program (glibc's 100 Hz profile among gmon-mpi's
	 * 1000 Hz ones said only the rate, and to set BG_GMON_HZ) */
	put_header(&b, NULL);
	put_hist(&b, 0x1800, 0x2800, 1024, 1000, 0);
	range_rate = save("other-range-rate", &b);

	REJECT_AFTER(good_first, rate, "profiling rate 1000 Hz differs from the 100 Hz",
		     good_first);
	REJECT_AFTER(good_first, range,
		     "histogram range 0x1800-0x2800 (1024 bins) differs from the first file's "
		     "0x1000-0x2000 (1024 bins)", good_first);
	REJECT_AFTER(good_first, nbins,
		     "histogram range 0x1000-0x2000 (512 bins) differs from the first file's "
		     "0x1000-0x2000 (1024 bins)", good_first);
	REJECT_AFTER(good_first, dimen, "dimension 'cycles' ('c') differs from 'seconds' ('s')");
	REJECT_AFTER(good_first, range_rate,
		     "histogram range 0x1800-0x2800 (1024 bins) differs from the first file's "
		     "0x1000-0x2000 (1024 bins)", "another program");
	free(range_rate);
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

static int suite_init(void)
{
	if (craft_tmpdir_make("test-gmon-read") != 0)
		return -1;
	good_first = save_good("good-first", NULL);
	return 0;
}

static int suite_clean(void)
{
	free(good_first);
	return craft_tmpdir_remove();
}

int main(void)
{
	static const struct cunit_test tests[] = {
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
	};

	return cunit_run("gmon-read", suite_init, suite_clean, tests, sizeof tests / sizeof tests[0]);
}
