/*
 * test-flat.c - CUnit tests of histogram assignment (hist.c), call counts
 * and -C (counts.c) and the flat profile text (flat.c), on hand-made
 * symbol tables and profiles whose numbers are worked out by hand.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counts.h"
#include "exec-counts.h"
#include "flat.h"
#include "hist.h"
#include "symspec.h"
#include "../cunit-run.h"

/* Functions A [0x1000,0x1010), B [0x1010,0x1020), C at 0x1020 (last). */
static struct sym syms[3];
static struct symtab st;

static void make_symtab(void)
{
	static const char *names[] = { "alpha", "beta", "gamma" };
	size_t i;

	memset(syms, 0, sizeof(syms));
	for (i = 0; i < 3; i++) {
		syms[i].name = names[i];
		syms[i].addr = 0x1000 + 0x10 * i;
		syms[i].end_addr = syms[i].addr + 0xf;
		syms[i].index = i;
		syms[i].is_func = 1;
	}
	memset(&st, 0, sizeof(st));
	st.syms = syms;
	st.nsyms = 3;
	st.text_addr = 0x1000;
	st.text_size = 0x30;
}

/* 48 bytes in 8 bins: 6 bytes (3 units) per bin. */
static uint64_t bins[8];
static struct profile_histogram hist;
static struct profile prof;

static void make_profile(void)
{
	memset(bins, 0, sizeof(bins));
	memset(&hist, 0, sizeof(hist));
	hist.low_pc = 0x1000;
	hist.high_pc = 0x1030;
	hist.nbins = 8;
	hist.rate = 100;
	strcpy(hist.dimen, "seconds");
	hist.dimen_abbrev = 's';
	hist.bins = bins;
	memset(&prof, 0, sizeof(prof));
	prof.hists = &hist;
	prof.nhists = 1;
}

static void test_straddling_bin(void)
{
	struct hist_summary hs;

	make_symtab();
	make_profile();
	bins[0] = 4;     /* [0x1000,0x1006): alpha */
	bins[2] = 3;     /* [0x100c,0x1012): 2 units alpha, 1 unit beta */
	bins[6] = 5;     /* [0x1024,0x102a): gamma, the last: GNU credits nobody */
	CU_ASSERT_EQUAL(hist_assign(&st, &prof, &hs, NULL, 0), 0);
	CU_ASSERT_TRUE(hs.present);
	CU_ASSERT_EQUAL(hs.hz, 100);
	CU_ASSERT_DOUBLE_EQUAL(hs.scale, 3.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(syms[0].ticks, 6.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(syms[1].ticks, 1.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(syms[2].ticks, 0.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(hs.total_ticks, 12.0, 1e-12);
}

static void test_excluded_function(void)
{
	struct hist_summary hs;

	make_symtab();
	make_profile();
	/* e.g. mcount: symtab_read puts it in EXCL_FLAT */
	syms[1].spec = SYMSPEC_BIT(SYMSPEC_EXCL_FLAT);
	bins[2] = 3;
	bins[4] = 2;             /* [0x1018,0x101e): beta */
	CU_ASSERT_EQUAL(hist_assign(&st, &prof, &hs, NULL, 0), 0);
	CU_ASSERT_DOUBLE_EQUAL(syms[0].ticks, 2.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(syms[1].ticks, 0.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(hs.total_ticks, 2.0, 1e-12);
}

/* -pbeta: only beta is credited; the EXCL_FLAT table no longer counts. */
static void test_included_function(void)
{
	struct hist_summary hs;
	struct symspec spec = { SYMSPEC_INCL_FLAT, "beta" };
	char err[256];

	make_symtab();
	make_profile();
	syms[0].excluded = 1;    /* a default exclusion: ignored once INCL_FLAT holds beta */
	bins[2] = 3;             /* 2 units alpha, 1 unit beta */
	bins[4] = 2;             /* beta */
	CU_ASSERT_EQUAL(symspec_apply(&st, &spec, 1, err, sizeof err), 0);
	CU_ASSERT_EQUAL(hist_assign(&st, &prof, &hs, NULL, 0), 0);
	CU_ASSERT_DOUBLE_EQUAL(syms[0].ticks, 0.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(syms[1].ticks, 3.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(hs.total_ticks, 3.0, 1e-12);
	CU_ASSERT_TRUE(symspec_included(&st, &syms[1], SYMSPEC_INCL_FLAT));
	CU_ASSERT_FALSE(symspec_included(&st, &syms[2], SYMSPEC_INCL_FLAT));
	symspec_free(&st);
}

static void test_no_histogram(void)
{
	struct hist_summary hs;

	make_symtab();
	make_profile();
	prof.nhists = 0;
	CU_ASSERT_EQUAL(hist_assign(&st, &prof, &hs, NULL, 0), 0);
	CU_ASSERT_FALSE(hs.present);
}

static void test_counts(void)
{
	struct profile_arc arcs[] = {
		{ 0x1004, 0x1010, 7 },   /* alpha -> beta */
		{ 0x1014, 0x1010, 3 },   /* beta -> beta: self-recursive */
		{ 0x9000, 0x1000, 2 },   /* from outside any function: dropped */
		{ 0x1004, 0x1022, 4 },   /* into gamma, which is not STT_FUNC here: beta */
	};

	make_symtab();
	make_profile();
	syms[2].is_func = 0;
	prof.arcs = arcs;
	prof.narcs = 4;
	counts_tally(&st, &prof);
	CU_ASSERT_EQUAL(syms[0].calls, 0);
	CU_ASSERT_EQUAL(syms[1].calls, 11);
	CU_ASSERT_EQUAL(syms[1].self_calls, 3);
	CU_ASSERT_EQUAL(syms[2].calls, 0);
}

static char *capture_flat(const struct hist_summary *hs, int brief, int zeros)
{
	struct flat_options fo = { .brief = brief, .show_zeros = zeros };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	flat_print(f, &st, hs, &fo);
	fclose(f);
	return buf;
}

static void test_flat_text(void)
{
	struct hist_summary hs;
	char *out;
	const char *expect =
		"Flat profile:\n"
		"\n"
		"Each sample counts as 0.01 seconds.\n"
		"  %   cumulative   self              self     total           \n"
		" time   seconds   seconds    calls  ms/call  ms/call  name    \n"
		" 66.67      0.04     0.04        2    20.00    20.00  beta\n"
		" 33.33      0.06     0.02                             alpha\n";

	make_symtab();
	make_profile();
	bins[0] = 2;
	bins[4] = 4;
	hist_assign(&st, &prof, &hs, NULL, 0);
	syms[1].calls = 2;
	out = capture_flat(&hs, 1, 0);
	CU_ASSERT_STRING_EQUAL(out, expect);
	free(out);

	/* Without -b the explanations follow, ending with GNU's notice. */
	out = capture_flat(&hs, 0, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "name       the name of the function."));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\f\nCopyright (C) 2012-2023 Free Software Foundation"));
	free(out);
}

static void test_ties_and_units(void)
{
	struct hist_summary hs;
	char *out;
	/* No time at all, calls to beta only: GNU's "Ts/call" and zeros. */
	const char *expect =
		"Flat profile:\n"
		"\n"
		"Each sample counts as 0.01 seconds.\n"
		" no time accumulated\n"
		"\n"
		"  %   cumulative   self              self     total           \n"
		" time   seconds   seconds    calls  Ts/call  Ts/call  name    \n"
		"  0.00      0.00     0.00        5     0.00     0.00  beta\n"
		"  0.00      0.00     0.00                             alpha\n"
		"  0.00      0.00     0.00                             gamma\n";

	make_symtab();
	make_profile();
	hist_assign(&st, &prof, &hs, NULL, 0);
	syms[1].calls = 5;
	out = capture_flat(&hs, 1, 1);
	CU_ASSERT_STRING_EQUAL(out, expect);
	free(out);
}

static void test_exec_counts(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	make_symtab();
	syms[0].calls = 3;
	counts_print(f, &st, 0);
	fclose(f);
	CU_ASSERT_STRING_EQUAL(buf, "<unknown>:0: (alpha:0x1000) 3 executions\n");
	free(buf);
}

static const struct cunit_test tests[] = {
	{ "a bin straddling two functions", test_straddling_bin },
	{ "excluded functions leave the total", test_excluded_function },
	{ "-pNAME: only it is credited", test_included_function },
	{ "no histogram", test_no_histogram },
	{ "calls from arcs", test_counts },
	{ "flat profile text", test_flat_text },
	{ "no time: Ts/call, ties by name", test_ties_and_units },
	{ "-C lines", test_exec_counts },
};

int main(void)
{
	return cunit_run("hist, counts, flat", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
