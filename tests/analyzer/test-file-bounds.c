/*
 * test-file-bounds.c - where the profile layer's readers stop, on files
 * crafted byte by byte whose answer is known (issue 40):
 *   - a companion file's section (profile/companion-file.c) ends where the
 *     table of sections starts: its name and its data both before it, so
 *     a section whose data run 1 or 3 bytes (its name's length) into the
 *     table is refused, and one that ends right at the table is read;
 *   - the same companion handed over in memory (companion_file_adopt, the
 *     in-job sum's): read under its file's name where no file is;
 *   - a BSD file whose last arc is cut short (profile/bsd-format.c): the
 *     whole arcs only, as GNU gprof reads it, the cut arc's first bytes
 *     naming the same pair as the whole one and a count of 5 (read, it
 *     would show 12 calls, or 8 as one more call, instead of 7).
 */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bsd-format.h"
#include "companion-file.h"
#include "companions.h"
#include "gmon-companion.h"
#include "gmon-format.h"
#include "gmon-read.h"
#include "profile.h"
#include "../cunit-run.h"

#define ERRLEN 1024

static char tmpdir[64];

/* Writes len bytes to tmpdir/name; returns the path (malloc'ed). */
static char *write_file(const char *name, const void *data, size_t len)
{
	char *path = NULL;
	FILE *f;

	CU_ASSERT_FATAL(asprintf(&path, "%s/%s", tmpdir, name) > 0);
	f = fopen(path, "wb");
	CU_ASSERT_FATAL(f != NULL);
	CU_ASSERT_FATAL(fwrite(data, 1, len, f) == len);
	CU_ASSERT_FATAL(fclose(f) == 0);
	return path;
}

static void set32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }
static void set64(unsigned char *p, uint64_t v) { memcpy(p, &v, 8); }

/* ------------------------------------------------------------------ */
/* A companion file of one TEXT section "run" holding "abcde": the
 * header (48 bytes), the name at 48, its data at 51, the table at 56 (one
 * entry of 24 bytes), 80 bytes in all; the entry says data_size bytes. */
enum { NAME_AT = 48, TABLE_AT = 56, FILE_SIZE = 80 };

static void companion_bytes(unsigned char b[FILE_SIZE], uint64_t data_size)
{
	uint64_t sum;

	memset(b, 0, FILE_SIZE);

	memcpy(b, GMON_COMPANION_MAGIC, GMON_COMPANION_MAGIC_LEN);
	set32(b + 8, GMON_COMPANION_VERSION);
	set32(b + 12, GMON_COMPANION_HEADER_SIZE);
	set64(b + 16, FILE_SIZE);
	set64(b + 24, TABLE_AT);
	set32(b + 32, 1);
	memcpy(b + NAME_AT, "runabcde", 8);
	set32(b + TABLE_AT, GMON_SECTION_TEXT);
	set32(b + TABLE_AT + 4, 3);
	set64(b + TABLE_AT + 8, NAME_AT);
	set64(b + TABLE_AT + 16, data_size);
	/* the checksum, its own 8 bytes taken as zeros */
	sum = gmon_companion_checksum(GMON_COMPANION_FNV_START, b, GMON_COMPANION_CHECKSUM_OFFSET);
	sum = gmon_companion_checksum(sum, (const unsigned char[8]){ 0 }, 8);
	sum = gmon_companion_checksum(sum, b + GMON_COMPANION_HEADER_SIZE,
				      FILE_SIZE - GMON_COMPANION_HEADER_SIZE);
	set64(b + GMON_COMPANION_CHECKSUM_OFFSET, sum);
}

static char *companion_with(const char *name, uint64_t data_size)
{
	unsigned char b[FILE_SIZE];

	companion_bytes(b, data_size);
	return write_file(name, b, sizeof b);
}

/* The companion of data_size adopted under path: companion_file_adopt's
 * answer (err: its message). */
static int adopt(const char *path, uint64_t data_size, char *err)
{
	unsigned char *b = malloc(FILE_SIZE);

	CU_ASSERT_FATAL(b != NULL);
	companion_bytes(b, data_size);
	return companion_file_adopt(path, b, FILE_SIZE, err, ERRLEN);
}

/* The same companion handed over in memory (the in-job sum): found under
 * its file's name where no file is, by companion_input_path too; a
 * damaged one refused as its file would be; a name already read kept. */
static void test_companion_adopt(void)
{
	char err[ERRLEN] = "", *profile = NULL, *path = NULL, *member, *text, want[256];
	size_t len = 0;

	CU_ASSERT_FATAL(asprintf(&profile, "%s/gmon.out.7", tmpdir) > 0);
	CU_ASSERT_FATAL(asprintf(&path, "%s/gmon.out+gmon-mpi.7", tmpdir) > 0);
	CU_ASSERT_FALSE(companion_file_in_memory(path));
	CU_ASSERT_EQUAL_FATAL(adopt(path, TABLE_AT - NAME_AT - 3, err), 0);
	CU_ASSERT_TRUE(companion_file_in_memory(path));
	CU_ASSERT_NOT_EQUAL(access(path, F_OK), 0);   /* no file */
	member = companion_input_path(profile, "run");
	CU_ASSERT_FATAL(member != NULL);
	snprintf(want, sizeof want, "%s/run", path);
	CU_ASSERT_STRING_EQUAL(member, want);
	text = companion_read_whole(member, "a run", &len, err, sizeof err);
	CU_ASSERT_FATAL(text != NULL);
	CU_ASSERT_EQUAL(len, 5);
	CU_ASSERT_EQUAL(memcmp(text, "abcde", 5), 0);
	free(text);
	free(member);

	/* the same name again: refused, the first one kept */
	CU_ASSERT_EQUAL(adopt(path, TABLE_AT - NAME_AT - 3, err), -1);
	snprintf(want, sizeof want, "%s: read already: not replaced", path);
	CU_ASSERT_STRING_EQUAL(err, want);

	/* damaged: refused with the file's message */
	free(path);
	CU_ASSERT_FATAL(asprintf(&path, "%s/gmon.out+gmon-mpi.8", tmpdir) > 0);
	CU_ASSERT_EQUAL(adopt(path, TABLE_AT - NAME_AT - 2, err), -1);
	snprintf(want, sizeof want, "%s: section 1 lies outside the file's sections", path);
	CU_ASSERT_STRING_EQUAL(err, want);
	CU_ASSERT_FALSE(companion_file_in_memory(path));
	free(path);
	free(profile);
}

static void test_companion_section_bounds(void)
{
	struct companion_file cf;
	char err[ERRLEN] = "", *path;

	/* up to the table: read, its data the 5 bytes after its name */
	path = companion_with("to-the-table", TABLE_AT - NAME_AT - 3);
	CU_ASSERT_EQUAL_FATAL(companion_file_read(path, &cf, err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(cf.nsections, 1);
	CU_ASSERT_STRING_EQUAL(cf.sections[0].name, "run");
	CU_ASSERT_EQUAL(cf.sections[0].size, 5);
	CU_ASSERT_EQUAL(memcmp(cf.sections[0].data, "abcde", 5), 0);
	companion_file_free(&cf);
	free(path);

	/* 1 byte, and the name's 3 bytes, into the table: refused */
	for (uint64_t over = 1; over <= 3; over += 2) {
		char want[256];

		path = companion_with(over == 1 ? "one-byte-over" : "name-length-over",
				      TABLE_AT - NAME_AT - 3 + over);
		snprintf(want, sizeof want, "%s: section 1 lies outside the file's sections", path);
		err[0] = '\0';
		CU_ASSERT_EQUAL(companion_file_read(path, &cf, err, sizeof err), -1);
		CU_ASSERT_STRING_EQUAL(err, want);
		if (strcmp(err, want) != 0)
			printf("\n  %" PRIu64 " bytes into the table: \"%s\"\n", over, err);
		free(path);
	}
}

/* ------------------------------------------------------------------ */
/* An old BSD file (gmon-format's low_pc, high_pc, ncnt; the header 20
 * bytes): 1 bin of 1 sample, the arc 0x1000 -> 0x1002 counting 7, then the
 * same pair counting 5, cut after cut bytes of its 24. */
enum { BSD_HEADER = 20, BSD_ARCS_AT = 22, BSD_ARC = 24 };

static size_t bsd_file(unsigned char b[BSD_ARCS_AT + 2 * BSD_ARC], size_t cut)
{
	memset(b, 0, BSD_ARCS_AT + 2 * BSD_ARC);
	set64(b, 0x1000);
	set64(b + 8, 0x1004);
	set32(b + 16, BSD_HEADER + 2);
	b[20] = 1;
	for (int a = 0; a < 2; a++) {
		unsigned char *arc = b + BSD_ARCS_AT + a * BSD_ARC;

		set64(arc, 0x1000);
		set64(arc + 8, 0x1002);
		set64(arc + 16, a == 0 ? 7 : 5);
	}
	return BSD_ARCS_AT + BSD_ARC + cut;
}

static void test_bsd_cut_arc(void)
{
	unsigned char b[BSD_ARCS_AT + 2 * BSD_ARC];
	const size_t one_arc = GMON_HEADER_SIZE + 1 + GMON_HIST_HEADER_SIZE + 2 + 1 + GMON_ARC_SIZE;
	char err[ERRLEN] = "";

	gmon_set_file_format(GMON_FORMAT_BSD);   /* -O b: the size is no whole arcs */
	for (size_t cut = 4; cut < BSD_ARC; cut += 8) {
		size_t len = bsd_file(b, cut), outlen = 0;
		unsigned char *out = gmon_bsd_convert(b, len, "cut", &outlen, err, sizeof err);
		struct gmon_record_counts counts;
		struct profile p;
		char *path;
		uint32_t count;

		/* converted: the histogram and one arc record, counting 7 */
		CU_ASSERT_PTR_NOT_NULL_FATAL(out);
		CU_ASSERT_EQUAL(outlen, one_arc);
		CU_ASSERT_EQUAL(out[one_arc - 1 - GMON_ARC_SIZE], GMON_TAG_CG_ARC);
		memcpy(&count, out + one_arc - 4, 4);
		CU_ASSERT_EQUAL(count, 7);
		free(out);

		/* read from a file of that many bytes: one arc, 7 calls; -i's 1 */
		path = write_file("bsd-cut", b, len);
		profile_init(&p);
		CU_ASSERT_EQUAL_FATAL(profile_add_file(&p, path, err, sizeof err), 0);
		CU_ASSERT_EQUAL(p.narcs, 1);
		if (p.narcs >= 1)
			CU_ASSERT_EQUAL(p.arcs[0].count, 7);
		if (p.narcs != 1 || p.arcs[0].count != 7)
			printf("\n  cut %zu bytes into the arc: %zu arcs, the first of %llu calls\n",
			       cut, p.narcs, (unsigned long long)p.arcs[0].count);
		CU_ASSERT_EQUAL(p.nhists, 1);
		profile_free(&p);
		CU_ASSERT_EQUAL_FATAL(gmon_count_records(path, &counts, err, sizeof err), 0);
		CU_ASSERT_EQUAL(counts.arcs, 1);
		CU_ASSERT_EQUAL(counts.hist, 1);
		unlink(path);
		free(path);
	}
	gmon_set_file_format(GMON_FORMAT_AUTO);
}

static int cleanup(void)
{
	char *cmd = NULL;
	int rc;

	if (asprintf(&cmd, "rm -rf '%s'", tmpdir) < 0)
		return -1;
	rc = system(cmd);
	free(cmd);
	return rc == 0 ? 0 : -1;
}

static const struct cunit_test tests[] = {
	{ "a companion's section ends at its table", test_companion_section_bounds },
	{ "a companion handed over in memory", test_companion_adopt },
	{ "a BSD file's cut last arc", test_bsd_cut_arc },
};

int main(void)
{
	snprintf(tmpdir, sizeof tmpdir, "/tmp/test-file-bounds.XXXXXX");
	if (!mkdtemp(tmpdir))
		return 1;
	return cunit_run("file bounds", NULL, cleanup, tests, sizeof tests / sizeof tests[0]);
}
