/*
 * test-flame-svg.c - report/flame-svg.c on synthetic call paths: names
 * with markup characters, invalid UTF-8 and control characters cannot
 * break the XML (escaped, replaced; the file is well-formed to xmllint or
 * python3's xml.etree when one is installed); the root's samples are the
 * paths' sum; boxes as wide as their samples, callees in name order;
 * boxes under 0.1% left out but counted; labels shortened to the box at
 * a character boundary; no paths at all.
 */
#include <CUnit/Basic.h>
#include "../cunit-run.h"
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flame-svg.h"

#define MAX_FRAMES 4

/* A path of names (by index into the test's names), root first. */
struct spec {
	uint64_t samples;
	uint32_t n;
	uint32_t ids[MAX_FRAMES];
};

static struct measured_fn *spec_fns;

static int cmp_spec(const void *a, const void *b)
{
	const struct spec *l = a, *r = b;

	for (uint32_t i = 0; i < l->n && i < r->n; i++) {
		int c = strcmp(spec_fns[l->ids[i]].name, spec_fns[r->ids[i]].name);

		if (c)
			return c;
	}
	return l->n < r->n ? -1 : l->n > r->n;
}

/* m from names and paths, the paths sorted by their names as
 * measured_resolve() sorts them. */
static void build(struct measured *m, const char *const *names, size_t nnames,
		  struct spec *paths, size_t npaths, unsigned rate)
{
	size_t nids = 0;

	memset(m, 0, sizeof *m);
	m->fns = calloc(nnames ? nnames : 1, sizeof *m->fns);
	for (size_t i = 0; i < nnames; i++)
		m->fns[i].name = names[i];
	m->nfns = nnames;
	spec_fns = m->fns;
	qsort(paths, npaths, sizeof *paths, cmp_spec);
	m->ids = calloc(npaths * MAX_FRAMES + 1, sizeof *m->ids);
	m->paths = calloc(npaths ? npaths : 1, sizeof *m->paths);
	for (size_t p = 0; p < npaths; p++) {
		m->paths[p] = (struct measured_path){ paths[p].samples, nids, paths[p].n };
		memcpy(m->ids + nids, paths[p].ids, paths[p].n * sizeof *m->ids);
		nids += paths[p].n;
		m->samples += paths[p].samples;
	}
	m->npaths = npaths;
	m->rate = rate;
}

static void unbuild(struct measured *m)
{
	free(m->fns);
	free(m->ids);
	free(m->paths);
}

/* The SVG of m, malloc'ed. */
static char *draw(const struct measured *m, const char *title)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	CU_ASSERT_FATAL(out != NULL);
	CU_ASSERT_EQUAL(flame_svg_print(out, m, title), 0);
	CU_ASSERT_EQUAL(fclose(out), 0);
	return text;
}

/* Whether s is valid UTF-8 without control characters but newlines. */
static int clean_utf8(const char *s)
{
	const unsigned char *c = (const unsigned char *)s;

	while (*c) {
		size_t n = *c < 0x80 ? 1 : (*c & 0xe0) == 0xc0 ? 2 : (*c & 0xf0) == 0xe0 ? 3
			 : (*c & 0xf8) == 0xf0 ? 4 : 0;

		if (n == 0 || (n == 1 && *c < 0x20 && *c != '\n') || *c == 0x7f)
			return 0;
		if (n == 2 && *c < 0xc2)
			return 0;
		for (size_t i = 1; i < n; i++)
			if ((c[i] & 0xc0) != 0x80)
				return 0;
		c += n;
	}
	return 1;
}

/* Whether xmllint or python3 finds the SVG well-formed: 1 yes, 0 no, -1
 * neither is installed. */
static int well_formed(const char *svg)
{
	const char *path = "test-flame-svg.tmp.svg";
	FILE *f = fopen(path, "w");
	int status;

	CU_ASSERT_FATAL(f != NULL);
	fputs(svg, f);
	CU_ASSERT_FATAL(fclose(f) == 0);
	if (system("command -v xmllint > /dev/null 2>&1") == 0)
		status = system("xmllint --noout test-flame-svg.tmp.svg");
	else if (system("command -v python3 > /dev/null 2>&1") == 0)
		status = system("python3 -c 'import sys, xml.etree.ElementTree as E; "
				"E.parse(sys.argv[1])' test-flame-svg.tmp.svg");
	else
		status = -2;
	remove(path);
	return status == -2 ? -1 : status == 0;
}

/* The box titled "name (" in svg: its <g> element up to its end. */
static const char *box(const char *svg, const char *title_start)
{
	char want[512];
	const char *t;

	snprintf(want, sizeof want, "<title>%s (", title_start);
	t = strstr(svg, want);
	return t;
}

/* The rect width of the box at g (as printed). */
static double box_width(const char *g)
{
	const char *w = g ? strstr(g, "width=\"") : NULL;

	return w ? strtod(w + 7, NULL) : -1;
}

/* The label of the box at g. */
static void box_label(const char *g, char *label, size_t size)
{
	const char *t, *end;

	label[0] = '\0';
	if (!g || !(t = strstr(g, "<text ")) || !(t = strchr(t, '>')) || !(end = strstr(t, "</text>")))
		return;
	t++;
	snprintf(label, size, "%.*s", (int)(end - t), t);
}

static void test_hostile_names(void)
{
	static const char *const names[] = {
		"main",
		"a<&\"b'>",                /* markup */
		"bad\xff\xfe utf8",        /* invalid bytes */
		"ctl\x01\x1b[0m\x7f",      /* control characters */
		"caf\xc3\xa9",             /* valid UTF-8 stays */
		"over\xc0\xaf\xed\xa0\x80",  /* overlong '/', a surrogate */
		"",                        /* no name */
		"]]></title><script>",     /* a CDATA end and tags */
	};
	struct spec paths[] = {
		{ 40, 2, { 0, 1 } }, { 20, 2, { 0, 2 } }, { 10, 2, { 0, 3 } }, { 10, 2, { 0, 4 } },
		{ 5, 2, { 0, 5 } },  { 5, 2, { 0, 6 } },  { 5, 2, { 0, 7 } },  { 5, 1, { 0 } },
	};
	struct measured m;
	char *svg;
	int wf;

	build(&m, names, sizeof names / sizeof names[0], paths, sizeof paths / sizeof paths[0],
	      100);
	svg = draw(&m, "Flame <&> \"graph\"\xff");
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>a&lt;&amp;&quot;b&#39;&gt; (40 samples, 40.00%)"));
	CU_ASSERT_PTR_NULL(strstr(svg, "a<&"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>bad\xef\xbf\xbd\xef\xbf\xbd utf8 (20 samples"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>ctl\xef\xbf\xbd\xef\xbf\xbd[0m\xef\xbf\xbd (10"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>caf\xc3\xa9 (10 samples"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>over\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
					   "\xef\xbf\xbd\xef\xbf\xbd (5 samples"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>? (5 samples"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>]]&gt;&lt;/title&gt;&lt;script&gt; (5 samples"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, ">Flame &lt;&amp;&gt; &quot;graph&quot;\xef\xbf\xbd</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>all (100 samples, 100.00%)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>main (100 samples, 100.00%)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "100 samples at 100 Hz (1.000 s)"));
	CU_ASSERT(clean_utf8(svg));
	/* only the script's CDATA section ends with "]]>" */
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "]]></script>"));
	CU_ASSERT_PTR_EQUAL(strstr(svg, "]]>"), strstr(svg, "]]></script>"));
	wf = well_formed(svg);
	if (wf < 0)
		fprintf(stderr, "\n    (neither xmllint nor python3: well-formedness not checked) ");
	else
		CU_ASSERT_EQUAL(wf, 1);
	free(svg);
	unbuild(&m);
}

static void test_layout(void)
{
	static const char *const names[] = {
		"main", "zeta", "alpha", "leaf", "tiny", "a_function_with_a_rather_long_name_indeed",
		"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
	};
	struct spec paths[] = {
		{ 6000, 2, { 0, 1 } },
		{ 2000, 3, { 0, 1, 3 } },
		{ 1000, 2, { 0, 2 } },
		{ 5, 3, { 0, 2, 4 } },      /* 5 of 10000: under 0.1%, */
		{ 3, 4, { 0, 2, 4, 3 } },   /* and its callee */
		{ 400, 2, { 0, 5 } },
		{ 592, 2, { 0, 6 } },
	};
	struct measured m;
	const char *zeta, *alpha, *longer, *accented, *leaf;
	char label[256];
	char *svg;

	build(&m, names, sizeof names / sizeof names[0], paths, sizeof paths / sizeof paths[0],
	      1000);
	svg = draw(&m, "layout");
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>all (10000 samples, 100.00%)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "; 2 boxes narrower than 0.1% not drawn"));
	CU_ASSERT_PTR_NULL(strstr(svg, "<title>tiny"));
	/* alpha's box counts tiny's samples */
	alpha = box(svg, "alpha");
	zeta = box(svg, "zeta");
	leaf = box(svg, "leaf");
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>alpha (1008 samples, 10.08%)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>zeta (8000 samples, 80.00%)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<title>leaf (2000 samples, 20.00%)"));
	/* widths: 1180 pixels for 10000 samples */
	CU_ASSERT_DOUBLE_EQUAL(box_width(alpha), 1008 * 0.118, 0.006);
	CU_ASSERT_DOUBLE_EQUAL(box_width(zeta), 8000 * 0.118, 0.006);
	CU_ASSERT_DOUBLE_EQUAL(box_width(leaf), 2000 * 0.118, 0.006);
	/* callees left to right by name: a_function..., alpha, zeta, then é... */
	longer = box(svg, names[5]);
	accented = box(svg, names[6]);
	CU_ASSERT_PTR_NOT_NULL_FATAL(longer);
	CU_ASSERT_PTR_NOT_NULL_FATAL(accented);
	CU_ASSERT(strstr(longer, "<rect x=\"10.00\"") == strstr(longer, "<rect"));
	CU_ASSERT(longer < alpha && alpha < zeta && zeta < accented);
	CU_ASSERT_PTR_NOT_NULL(strstr(alpha, "<rect x=\"57.20\""));   /* 10 + 400 * 0.118 */
	/* labels: 47.2 pixels are 6 characters, 4 and ".."; 69.86 are 9 */
	box_label(longer, label, sizeof label);
	CU_ASSERT_STRING_EQUAL(label, "a_fu..");
	box_label(accented, label, sizeof label);
	CU_ASSERT_STRING_EQUAL(label, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9..");
	box_label(zeta, label, sizeof label);
	CU_ASSERT_STRING_EQUAL(label, "zeta");
	CU_ASSERT(clean_utf8(svg));
	CU_ASSERT_NOT_EQUAL(well_formed(svg), 0);
	free(svg);
	unbuild(&m);
}

static void test_no_paths(void)
{
	static const char *const names[] = { "main" };
	struct spec none[1];
	struct measured m;
	char *svg;

	build(&m, names, 1, none, 0, 0);
	svg = draw(&m, NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, "0 samples; no paths to draw"));
	CU_ASSERT_PTR_NULL(strstr(svg, "<g class=\"f\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(svg, ">Flame graph</text>"));
	CU_ASSERT_NOT_EQUAL(well_formed(svg), 0);
	free(svg);
	unbuild(&m);
}

int main(void)
{
	static const struct cunit_test tests[] = {
		{ "hostile names", test_hostile_names },
		{ "layout", test_layout },
		{ "no paths", test_no_paths },
	};

	return cunit_run("flame-svg", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
