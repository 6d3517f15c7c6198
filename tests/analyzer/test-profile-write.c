/*
 * test-profile-write.c - CUnit tests of gprof-par's gmon writer and the
 * packing of partial sums (gprof-par/profile/profile-write.c,
 * profile-pack.c): values past 16 and 32 bits written exactly, round
 * trips, failures that leave nothing behind, reading from a pipe and from
 * a buffer, on files crafted byte by byte (gmon-craft.h).
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
#include "gmon-write.h"
#include "profile-pack.h"
#include "profile-write.h"

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

static int suite_init(void)
{
	return craft_tmpdir_make("test-profile-write");
}

static int suite_clean(void)
{
	return craft_tmpdir_remove();
}

int main(void)
{
	static const struct cunit_test tests[] = {
		{ "write and read back > 16/32 bits", test_write_read_back_exact },
		{ "pack and unpack", test_pack_round_trip },
		{ "pack runs of bins", test_pack_runs },
		{ "round trip", test_round_trip },
		{ "write failures leave nothing", test_write_failures_leave_nothing },
		{ "write refuses another dimension", test_write_refuses_other_dimension },
		{ "read from a pipe", test_read_from_pipe },
		{ "add from a buffer", test_add_buffer },
	};

	return cunit_run("profile-write", suite_init, suite_clean, tests, sizeof tests / sizeof tests[0]);
}
