/*
 * test-exports.c - the callgrind and JSON exports (report/callgrind.c,
 * report/json-export.c) of a synthetic measured profile whose names hold
 * quotes, backslashes, control characters, invalid UTF-8 and a leading
 * '(': JSON strings escaped byte for byte, the documents' fields, callgrind's
 * compressed names and call counts; the load balance's CSV with names that
 * a spreadsheet would take for formulas.
 *
 *   test-exports             the CUnit tests
 *   test-exports json        the synthetic profile's JSON on stdout
 *   test-exports callgrind   its callgrind profile on stdout
 *
 * (exports.sh reads the last two with python3 and callgrind_annotate.)
 */
#include <CUnit/Basic.h>
#include "../cunit-run.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "balance-print.h"
#include "callgrind.h"
#include "json-export.h"
#include "measured.h"

/* The odd names, also spelled out in exports.sh. */
#define ODD_NAME "quote\"back\\slash\nnew\ttab\x01" "ctl\x7f"
#define PAREN_NAME "(anonymous namespace)::f"
#define BAD_UTF8_NAME "caf\xc3\xa9 \xff\xc3 bad"

/*
 * main -> ODD_NAME -> PAREN_NAME (in libfoo.so.1), main -> BAD_UTF8_NAME
 * (in libbar.so); 10 samples at 100 Hz; main -> ODD_NAME counted 7 times
 * by -pg, the calls into the libraries not counted.
 */
static struct measured_fn fns[] = {
	{ "main", "prog", "/src/main.c", 10, 0, 1, 10 },
	{ ODD_NAME, "prog", NULL, 0, 1, 3, 5 },
	{ PAREN_NAME, "libfoo.so.1", NULL, 7, SIZE_MAX, 2, 2 },
	{ BAD_UTF8_NAME, "libbar.so", NULL, 0, SIZE_MAX, 4, 4 },
};
static uint32_t ids[] = { 0, 0, 1, 0, 1, 2, 0, 3 };
static struct measured_path paths[] = {
	{ 1, 0, 1 }, { 3, 1, 2 }, { 2, 3, 3 }, { 4, 6, 2 },
};
static const struct measured_arc arcs[] = {
	{ 0, 1, 5, 7, 1 }, { 0, 3, 4, 0, 0 }, { 1, 2, 2, 0, 0 },
};

static struct measured profile(void)
{
	struct measured m;

	memset(&m, 0, sizeof m);
	m.fns = fns;
	m.nfns = sizeof fns / sizeof fns[0];
	m.ids = ids;
	m.paths = paths;
	m.npaths = sizeof paths / sizeof paths[0];
	m.samples = 10;
	m.rate = 100;
	return m;
}

/* What a printer wrote, as a malloc'ed string. */
struct capture {
	char *text;
	size_t len;
	FILE *f;
};

static FILE *capture_open(struct capture *c)
{
	c->text = NULL;
	c->len = 0;
	c->f = open_memstream(&c->text, &c->len);
	return c->f;
}

static char *capture_close(struct capture *c)
{
	fclose(c->f);
	return c->text;
}

static void expect_string(const char *s, const char *want)
{
	struct capture c;
	char *got;

	json_export_string(capture_open(&c), s);
	got = capture_close(&c);
	CU_ASSERT_STRING_EQUAL(got, want);
	if (strcmp(got, want) != 0)
		fprintf(stderr, "\n    got %s, want %s", got, want);
	free(got);
}

static void test_json_strings(void)
{
	expect_string("main", "\"main\"");
	expect_string("", "\"\"");
	expect_string(NULL, "null");
	expect_string("a\"b\\c/d", "\"a\\\"b\\\\c/d\"");
	expect_string("\n\t\r\b\f\x01\x1f\x7f", "\"\\n\\t\\r\\b\\f\\u0001\\u001f\\u007f\"");
	/* valid UTF-8 as it is */
	expect_string("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf",
		      "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf\"");
	/* each byte of an invalid sequence is U+FFFD */
	expect_string("\xff", "\"\\ufffd\"");
	expect_string("a\xc3", "\"a\\ufffd\"");                    /* cut short */
	expect_string("\xc3(", "\"\\ufffd(\"");                    /* no continuation */
	expect_string("\xc0\xaf", "\"\\ufffd\\ufffd\"");           /* overlong '/' */
	expect_string("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\""); /* overlong */
	expect_string("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""); /* a surrogate */
	expect_string("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* > U+10FFFF */
	expect_string("\x80x", "\"\\ufffdx\"");                    /* a lone continuation */
	expect_string(BAD_UTF8_NAME, "\"caf\xc3\xa9 \\ufffd\\ufffd bad\"");
}

static int contains(const char *text, const char *part)
{
	int found = strstr(text, part) != NULL;

	if (!found)
		fprintf(stderr, "\n    missing: %s", part);
	return found;
}

static int starts_with(const char *text, const char *start)
{
	return strncmp(text, start, strlen(start)) == 0;
}

static int ends_with(const char *text, const char *end)
{
	size_t n = strlen(text), k = strlen(end);

	return n >= k && strcmp(text + n - k, end) == 0;
}

static void test_json_document(void)
{
	struct measured m = profile();
	struct capture c;
	char *doc;

	json_export_print(capture_open(&c), &m, arcs, sizeof arcs / sizeof arcs[0], "./prog");
	doc = capture_close(&c);
	CU_ASSERT(starts_with(doc, "{\n  \"format\": \"gprof-par-profile\",\n  \"version\": 1,\n"));
	CU_ASSERT(contains(doc, "\"program\": \"./prog\",\n  \"rate\": 100,\n  \"samples\": 10,"));
	CU_ASSERT(contains(doc, "{\"id\": 0, \"name\": \"main\", \"module\": \"prog\", \"file\": "
			   "\"/src/main.c\", \"line\": 10, \"self_samples\": 1, \"total_samples\": "
			   "10, \"self_seconds\": 0.01, \"total_seconds\": 0.1}"));
	CU_ASSERT(contains(doc, "{\"id\": 1, \"name\": \"quote\\\"back\\\\slash\\nnew\\ttab"
			   "\\u0001ctl\\u007f\", \"module\": \"prog\", \"file\": null, \"line\": "
			   "null,"));
	CU_ASSERT(contains(doc, "{\"caller\": 0, \"callee\": 1, \"inclusive_samples\": 5, "
			   "\"inclusive_seconds\": 0.05, \"calls\": 7}"));
	CU_ASSERT(contains(doc, "{\"caller\": 1, \"callee\": 2, \"inclusive_samples\": 2, "
			   "\"inclusive_seconds\": 0.02, \"calls\": null}"));
	CU_ASSERT(contains(doc, "{\"frames\": [0, 1, 2], \"samples\": 2}"));
	CU_ASSERT(contains(doc, "{\"frames\": [0], \"samples\": 1}"));
	CU_ASSERT(ends_with(doc, "\"samples\": 4}\n  ]\n}\n"));
	free(doc);

	/* no rate: no seconds; nothing at all: empty lists */
	memset(&m, 0, sizeof m);
	json_export_print(capture_open(&c), &m, NULL, 0, NULL);
	doc = capture_close(&c);
	CU_ASSERT_STRING_EQUAL(doc, "{\n  \"format\": \"gprof-par-profile\",\n  \"version\": 1,\n"
			       "  \"program\": null,\n  \"rate\": null,\n  \"samples\": 0,\n"
			       "  \"functions\": [],\n  \"arcs\": [],\n  \"paths\": []\n}\n");
	free(doc);
	m = profile();
	m.rate = 0;
	json_export_print(capture_open(&c), &m, arcs, 1, NULL);
	doc = capture_close(&c);
	CU_ASSERT(contains(doc, "\"self_seconds\": null, \"total_seconds\": null}"));
	CU_ASSERT(contains(doc, "\"inclusive_seconds\": null, \"calls\": 7}"));
	free(doc);
}

/* --load-balance=csv: a name starting with = + - @ TAB or CR is a
 * formula to a spreadsheet: its cell starts with a ' (OWASP).  Names are
 * bytes: the CSV is valid UTF-8, a byte that starts no sequence U+FFFD
 * (issue 40: they were copied as they were). */
static void test_balance_csv(void)
{
	static const char *const names[] = { "=HYPERLINK(\"http://x\",\"y\")", "+1", "-2",
					      "@SUM(A1)", "\tx", "\rx", "plain=", "",
					      "bad\xff\xfe\"", "caf\xc3\xa9", "\xc3(" };
	static const char *const cells[] = { "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"",
					      "\"'+1\"", "\"'-2\"", "\"'@SUM(A1)\"", "\"'\tx\"",
					      "\"'\rx\"", "\"plain=\"", "\"\"",
					      "\"bad\xef\xbf\xbd\xef\xbf\xbd\"\"\"",
					      "\"caf\xc3\xa9\"", "\"\xef\xbf\xbd(\"" };
	enum { N = sizeof names / sizeof names[0] };
	struct sym syms[N];
	struct balance_function funcs[N];
	struct balance_view v;
	char *text = NULL, *line;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	memset(syms, 0, sizeof syms);
	memset(funcs, 0, sizeof funcs);
	memset(&v, 0, sizeof v);
	for (size_t i = 0; i < N; i++) {
		syms[i].name = (char *)names[i];
		funcs[i].sym = &syms[i];
	}
	v.nranks = 1;
	v.funcs = funcs;
	v.nfuncs = N;
	balance_print(out, &v, BALANCE_CSV, 0);
	fclose(out);
	line = strchr(text, '\n');   /* after the header */
	for (size_t i = 0; i < N && line; i++) {
		size_t n = strlen(cells[i]);

		line++;
		CU_ASSERT(strncmp(line, cells[i], n) == 0 && line[n] == ',');
		if (strncmp(line, cells[i], n) != 0 || line[n] != ',')
			printf("\n  row %zu: %.40s, not %s\n", i, line, cells[i]);
		line = strchr(line, '\n');
	}
	free(text);
}

static void test_callgrind(void)
{
	struct measured m = profile();
	struct capture c;
	char *doc;

	CU_ASSERT_EQUAL(callgrind_print(capture_open(&c), &m, arcs, sizeof arcs / sizeof arcs[0],
					"./prog"), 0);
	doc = capture_close(&c);
	CU_ASSERT(starts_with(doc, "# callgrind format\nversion: 1\ncreator: gprof-par\n"
			      "cmd: ./prog\ndesc: Rate: 100 samples a second\ndesc: Calls: "));
	CU_ASSERT(contains(doc, "positions: line\nevent: Samples : Samples of the call paths\n"
			   "events: Samples\nsummary: 10\n"));
	/* modules, files and names numbered in the order of their text */
	CU_ASSERT(contains(doc, "\nob=(3) prog\nfl=(1) /src/main.c\nfn=(1) main\n10 1\n"
			   "cob=(3)\ncfl=(2) ???\ncfn=(2) quote\"back\\slash_new_tab_ctl_\n"
			   "calls=7 0\n10 5\n"));
	/* a call -pg did not count: 1 */
	CU_ASSERT(contains(doc, "cob=(1) libbar.so\ncfl=(2)\ncfn=(4) " BAD_UTF8_NAME "\n"
			   "calls=1 0\n10 4\n"));
	/* a callee in the caller's file: no cfl= */
	CU_ASSERT(contains(doc, "\nob=(3)\nfl=(2)\nfn=(2)\n0 3\ncob=(2) libfoo.so.1\n"
			   "cfn=(3) " PAREN_NAME "\ncalls=1 7\n0 2\n"));
	CU_ASSERT(contains(doc, "\nob=(2)\nfl=(2)\nfn=(3)\n7 2\n"));
	CU_ASSERT(contains(doc, "\nob=(1)\nfl=(2)\nfn=(4)\n0 4\n"));
	CU_ASSERT(ends_with(doc, "\n\ntotals: 10\n"));
	free(doc);

	/* every call counted: no "desc: Calls:"; nothing at all */
	CU_ASSERT_EQUAL(callgrind_print(capture_open(&c), &m, arcs, 1, NULL), 0);
	doc = capture_close(&c);
	CU_ASSERT(strstr(doc, "desc: Calls:") == NULL);
	CU_ASSERT(strstr(doc, "cmd:") == NULL);
	free(doc);
	memset(&m, 0, sizeof m);
	CU_ASSERT_EQUAL(callgrind_print(capture_open(&c), &m, NULL, 0, NULL), 0);
	doc = capture_close(&c);
	CU_ASSERT_STRING_EQUAL(doc, "# callgrind format\nversion: 1\ncreator: gprof-par\n"
			       "positions: line\nevent: Samples : Samples of the call paths\n"
			       "events: Samples\nsummary: 0\n\ntotals: 0\n");
	free(doc);
}

/* Line-level costs: main's sample on line 12 of its file; ODD_NAME's 3
 * (no file of its own): 2 on line 5 of a header (inlined: fi=/fe=), 1 with
 * no line, at its first line. */
static void test_callgrind_lines(void)
{
	struct measured_site sites[] = {
		{ 0, 0x1010, 1, "/src/main.c", 12 },
		{ 1, 0x2000, 2, "/src/inc.h", 5 },
		{ 1, 0x2004, 1, NULL, 0 },
	};
	struct measured m = profile();
	struct capture c;
	char *doc;

	m.sites = sites;
	m.nsites = sizeof sites / sizeof sites[0];
	CU_ASSERT_EQUAL(callgrind_print(capture_open(&c), &m, arcs, sizeof arcs / sizeof arcs[0],
					"./prog"), 0);
	doc = capture_close(&c);
	/* files: /src/inc.h (1), /src/main.c (2), ??? (3) */
	CU_ASSERT(contains(doc, "\nob=(3) prog\nfl=(2) /src/main.c\nfn=(1) main\n10 0\n12 1\n"
			   "cob=(3)\ncfl=(3) ???\ncfn=(2) "));
	CU_ASSERT(contains(doc, "\nob=(3)\nfl=(3)\nfn=(2)\n0 1\nfi=(1) /src/inc.h\n5 2\nfe=(3)\n"
			   "cob=(2) libfoo.so.1\n"));
	CU_ASSERT(ends_with(doc, "\n\ntotals: 10\n"));
	if (!contains(doc, "fi=(1) /src/inc.h\n5 2\nfe=(3)\n"))
		printf("\n%s\n", doc);
	free(doc);
}

int main(int argc, char **argv)
{
	static const struct cunit_test tests[] = {
		{ "JSON strings", test_json_strings },
		{ "JSON document", test_json_document },
		{ "callgrind profile", test_callgrind },
		{ "callgrind profile: lines", test_callgrind_lines },
		{ "load balance CSV: formulas neutralised", test_balance_csv },
	};

	if (argc == 2) {
		struct measured m = profile();
		size_t n = sizeof arcs / sizeof arcs[0];

		if (strcmp(argv[1], "json") == 0)
			json_export_print(stdout, &m, arcs, n, "./prog");
		else if (strcmp(argv[1], "callgrind") == 0)
			return callgrind_print(stdout, &m, arcs, n, "./prog") != 0;
		else
			return 2;
		return 0;
	}
	return cunit_run("exports", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
