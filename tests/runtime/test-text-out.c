/* test-text-out.c - unit tests of text-out.c: its own formatting gives
 * snprintf's bytes for every conversion the companion files use (extremes,
 * signs, cuts at every buffer size), and the writer puts exactly the lines
 * formatted into its file, or refuses a line longer than it can hold. */
#include <CUnit/Basic.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text-escape.h"
#include "text-out.h"
#include "../cunit-run.h"

static const long long signed_values[] = {
	0, 1, -1, 9, 10, -10, 99, 12345, -98765, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN,
};
static const unsigned long long unsigned_values[] = {
	0, 1, 9, 10, 15, 16, 255, 4096, 0xdeadbeef, UINT32_MAX, 0x7f0012345678ull, UINT64_MAX,
};

/* Our bytes and snprintf's for one format and its arguments, also cut at
 * every size up to the full length. */
#define SAME_AS_SNPRINTF(fmt, ...)                                                     \
	do {                                                                           \
		char ours[256], theirs[256];                                            \
		size_t n = text_format(ours, sizeof ours, fmt, __VA_ARGS__);          \
		int m = snprintf(theirs, sizeof theirs, fmt, __VA_ARGS__);            \
		CU_ASSERT_EQUAL(n, (size_t)m);                                          \
		CU_ASSERT_STRING_EQUAL(ours, theirs);                                   \
		for (size_t cut = 0; cut <= (size_t)m + 1; cut++) {                      \
			char a[256], b[256];                                            \
			memset(a, 'x', sizeof a);                                       \
			memset(b, 'x', sizeof b);                                       \
			CU_ASSERT_EQUAL(text_format(a, cut, fmt, __VA_ARGS__), (size_t)m); \
			snprintf(b, cut, fmt, __VA_ARGS__);                             \
			CU_ASSERT(memcmp(a, b, sizeof a) == 0);                         \
		}                                                                      \
	} while (0)

static void test_integers(void)
{
	for (size_t i = 0; i < sizeof signed_values / sizeof signed_values[0]; i++) {
		long long v = signed_values[i];

		SAME_AS_SNPRINTF("%lld", v);
		SAME_AS_SNPRINTF("%ld", (long)v);
		if (v >= INT32_MIN && v <= INT32_MAX)
			SAME_AS_SNPRINTF("[%d]", (int)v);
	}
	for (size_t i = 0; i < sizeof unsigned_values / sizeof unsigned_values[0]; i++) {
		unsigned long long v = unsigned_values[i];

		SAME_AS_SNPRINTF("%llu", v);
		SAME_AS_SNPRINTF("%lu", (unsigned long)v);
		SAME_AS_SNPRINTF("0x%lx", (unsigned long)v);
		SAME_AS_SNPRINTF("%llx", v);
		SAME_AS_SNPRINTF("%u %x", (unsigned)v, (unsigned)v);
	}
}

/* The companion files' own lines. */
static void test_companion_lines(void)
{
	SAME_AS_SNPRINTF("%s %d\n%s\n", "# gmon-mpi modules", 2, "# file\tsamples");
	SAME_AS_SNPRINTF("%s\t%llu\t%s\t0x%lx\t0x%lx\t0x%lx\t%s\t%s\n", "gmon.out+libm.so.6",
			 812ull, "3f1c", 0x1000ul, 0x1175ul, 0x7f12345000ul, "libm.so.6",
			 "/usr/lib/x86_64-linux-gnu/libm.so.6");
	SAME_AS_SNPRINTF("%d:%lx%s", 3, 0x59a60ul, " ");
	SAME_AS_SNPRINTF("-:%lx%s", 0x7ffe12ul, "\n");
	SAME_AS_SNPRINTF("# samples: %llu; cut at %d frames: %llu%%\n", 100ull, 128, 7ull);
	SAME_AS_SNPRINTF("%s", "");
}

static void test_writer(void)
{
	static char line[70000];   /* more than the whole buffer */
	char name[] = "/tmp/test-text-out.XXXXXX", back[256];
	int fd = mkstemp(name);
	struct text_out *o;
	FILE *f;

	CU_ASSERT_FATAL(fd >= 0);
	o = text_out_open(fd);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	/* more than the 64 KiB buffer: flushed on the way, nothing lost */
	for (int i = 0; i < 5000; i++)
		text_out_printf(o, "call\t%d\t%d:%lx\n", i, i % 7, (unsigned long)i * 4096);
	CU_ASSERT_EQUAL(text_out_close(o), 0);
	f = fdopen(fd, "r");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	rewind(f);
	for (int i = 0; i < 5000; i++) {
		char want[64];

		snprintf(want, sizeof want, "call\t%d\t%d:%lx\n", i, i % 7, (unsigned long)i * 4096);
		if (!fgets(back, sizeof back, f) || strcmp(back, want) != 0) {
			CU_FAIL("a line differs");
			break;
		}
	}
	CU_ASSERT_PTR_NULL(fgets(back, sizeof back, f));
	fclose(f);
	/* a line longer than the buffer: refused, never cut */
	fd = open(name, O_WRONLY | O_TRUNC);
	CU_ASSERT_FATAL(fd >= 0);
	o = text_out_open(fd);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	memset(line, 'a', sizeof line - 1);
	line[sizeof line - 1] = '\0';
	text_out_printf(o, "%s\n", "a short line first");
	text_out_printf(o, "%s\n", line);
	CU_ASSERT_EQUAL(text_out_close(o), EOVERFLOW);
	close(fd);
	unlink(name);
}

/* common/text-escape.h: the names of the companion files (issue 31, item 5) */
static void test_escape(void)
{
	char all[256], escaped[4 * 256], small[8];
	const char *forged = "/x/inj\npath\t99999999\t0:1234\n# /lib.so";

	CU_ASSERT_EQUAL(text_escape(escaped, sizeof escaped, forged), strlen(forged) + 4);
	CU_ASSERT_STRING_EQUAL(escaped, "/x/inj\\npath\\t99999999\\t0:1234\\n# /lib.so");
	CU_ASSERT_PTR_NULL(strpbrk(escaped, "\t\n"));
	CU_ASSERT_STRING_EQUAL(text_unescape(escaped), forged);
	/* every byte but NUL round-trips; no control byte is left */
	for (int c = 1; c < 256; c++)
		all[c - 1] = (char)c;
	all[255] = '\0';
	text_escape(escaped, sizeof escaped, all);
	for (const char *e = escaped; *e; e++)
		CU_ASSERT((unsigned char)*e >= 0x20 && *e != 0x7f);
	CU_ASSERT_STRING_EQUAL(text_unescape(escaped), all);
	text_escape(escaped, sizeof escaped, "a\\b\x01\x7f");
	CU_ASSERT_STRING_EQUAL(escaped, "a\\\\b\\x01\\x7f");
	/* cut as snprintf, the full length returned */
	CU_ASSERT_EQUAL(text_escape(small, sizeof small, "\n\n\n\n\n"), 10);
	CU_ASSERT_STRING_EQUAL(small, "\\n\\n\\n\\");
	/* a backslash before anything else, or a bad \x, is itself */
	strcpy(escaped, "c:\\dir\\q\\x4g\\");
	CU_ASSERT_STRING_EQUAL(text_unescape(escaped), "c:\\dir\\q\\x4g\\");
}

static const struct cunit_test tests[] = {
	{ "integers as snprintf", test_integers },
	{ "the companion files' lines", test_companion_lines },
	{ "the writer", test_writer },
	{ "names escaped", test_escape },
};

int main(void)
{
	return cunit_run("text-out", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
