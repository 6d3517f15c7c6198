/*
 * test-callgraph.c - unit tests of the call graph (gprof-par/analysis/callgraph.c,
 * report/callgraph-print.c) on a hand-made graph: merged arc records, a three-function
 * cycle, self recursion shown as N+M, time propagation, <spontaneous>
 * callers, the index.  The byte-for-byte comparison with GNU gprof on real
 * programs is corpus-gprof.sh.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "callgraph-print.h"
#include "../cunit-run.h"

enum { MAIN, A, B, C, LEAF, REC, LONE, NFUNCS };

static const struct cg_function_in funcs[NFUNCS] = {
	[MAIN] = { "main", 0 }, [A] = { "a", 10 }, [B] = { "b", 20 },
	[C] = { "c", 5 }, [LEAF] = { "leaf", 30 }, [REC] = { "rec", 4 },
	[LONE] = { "lone", 3 },
};

static const struct cg_arc_in arcs[] = {
	{ MAIN, A, 1 }, { A, B, 5 }, { B, C, 5 }, { C, A, 4 },  /* cycle a b c */
	{ C, LEAF, 10 }, { MAIN, REC, 1 }, { REC, REC, 7 },
	{ LONE, LEAF, 2 },
	{ MAIN, A, 1 },                 /* a second record of one arc: added */
	{ MAIN, NFUNCS + 5, 9 },        /* out of range: ignored */
};

static struct callgraph *build(void)
{
	return callgraph_build(funcs, NFUNCS, arcs, sizeof arcs / sizeof arcs[0]);
}

static char *report(const struct callgraph *cg, int brief, int index)
{
	struct cg_report_options o = { .brief = brief, .hz = 100, .sample_bytes = 4 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (index)
		callgraph_print_index(f, cg, &o);
	else
		callgraph_print_graph(f, cg, &o);
	fclose(f);
	return buf;
}

static void test_calls(void)
{
	struct callgraph *cg = build();

	CU_ASSERT_PTR_NOT_NULL_FATAL(cg);
	CU_ASSERT_EQUAL(callgraph_calls(cg, A), 6);       /* 1 + 1 from main, 4 from c */
	CU_ASSERT_EQUAL(callgraph_calls(cg, REC), 1);
	CU_ASSERT_EQUAL(callgraph_self_calls(cg, REC), 7);
	CU_ASSERT_EQUAL(callgraph_calls(cg, LEAF), 12);
	CU_ASSERT_EQUAL(callgraph_calls(cg, MAIN), 0);
	callgraph_free(cg);
}

static void test_graph_text(void)
{
	struct callgraph *cg = build();
	char *text = report(cg, 1, 0);

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	/* 72 ticks in all; main gets the cycle's 35, 10/12 of leaf's 30 and rec's 4. */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\t\t\tCall graph\n\n\ngranularity: each sample hit "
				      "covers 4 byte(s) for 1.39% of 0.72 seconds\n\n"
				      "index % time    self  children    called     name\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text,
		"                                                 <spontaneous>\n"
		"[1]     88.9    0.00    0.64                 main [1]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "<cycle 1 as a whole> ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "       1+7       rec ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "                                  7             rec ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "                0.25    0.00      10/12          leaf ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "a <cycle 1> ["));
	CU_ASSERT_PTR_NULL(strstr(text, "This table describes"));  /* brief */
	CU_ASSERT_EQUAL(text[strlen(text) - 1], '\n');
	free(text);

	text = report(cg, 0, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\t\t     Call graph (explanation follows)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "-----------------------------------------------\n\n"
				      " This table describes the call tree"));
	free(text);
	callgraph_free(cg);
}

static void test_index_text(void)
{
	struct callgraph *cg = build();
	char *text = report(cg, 1, 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(strncmp(text, "\f\nIndex by function name\n\n", 26), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, " <cycle 1>"));
	CU_ASSERT_PTR_NULL(strstr(text, " main\n"));   /* no calls, no time: left out */
	free(text);
	callgraph_free(cg);
}

static void test_empty(void)
{
	struct callgraph *cg = callgraph_build(funcs, NFUNCS, NULL, 0);
	char *text;

	CU_ASSERT_PTR_NOT_NULL_FATAL(cg);
	text = report(cg, 1, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "for 1.39% of 0.72 seconds"));
	CU_ASSERT_EQUAL(callgraph_calls(cg, LEAF), 0);
	free(text);
	callgraph_free(cg);
}

static void test_exclusions(void)
{
	CU_ASSERT_TRUE(callgraph_excluded_by_default("_mcount"));
	CU_ASSERT_TRUE(callgraph_excluded_by_default("__mcount_internal"));
	CU_ASSERT_FALSE(callgraph_excluded_by_default("main"));
}

static const struct cunit_test tests[] = {
	{ "calls and self calls", test_calls },
	{ "call graph text", test_graph_text },
	{ "index text", test_index_text },
	{ "no arcs", test_empty },
	{ "default exclusions", test_exclusions },
};

int main(void)
{
	return cunit_run("callgraph", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
