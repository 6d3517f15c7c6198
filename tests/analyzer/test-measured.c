/*
 * test-measured.c - the sampled call paths named (analysis/measured.c) on
 * a hand-made symbol table and paths text with known answers (issue 40):
 *   - the leaf is the interrupted PC, looked up where it is: 10 samples on
 *     mcount's first byte are mcount's, not cfi_unwind's (the function
 *     before it); the other frames are return addresses, looked up one
 *     byte before: main's call as its last instruction returns to
 *     cfi_unwind's first byte and is main's;
 *   - a function's inclusive samples count once per path: 100 samples of
 *     rec 21 frames deep under main are 100 of rec's (100% of the run),
 *     not 2,100.
 */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callpaths.h"
#include "measured.h"
#include "symtab.h"
#include "../cunit-run.h"

/* main 0x1000, cfi_unwind 0x1100, mcount 0x1200, rec 0x1300, each 256 bytes */
static const char *const names[] = { "main", "cfi_unwind", "mcount", "rec" };
enum { NSYMS = 4 };

static void table(struct symtab *st, struct sym syms[NSYMS])
{
	memset(st, 0, sizeof *st);
	memset(syms, 0, NSYMS * sizeof *syms);
	for (size_t i = 0; i < NSYMS; i++) {
		syms[i].name = names[i];
		syms[i].addr = 0x1000 + 0x100 * i;
		syms[i].end_addr = syms[i].addr + 0xff;
		syms[i].size = 0x100;
		syms[i].index = i;
		syms[i].is_func = 1;
	}
	st->syms = syms;
	st->nsyms = NSYMS;
	st->path = "/x/app";
	st->text_addr = 0x1000;
	st->text_size = 0x100 * NSYMS;
}

/* The fn of that name, or NULL. */
static const struct measured_fn *fn_named(const struct measured *m, const char *name)
{
	for (size_t i = 0; i < m->nfns; i++)
		if (strcmp(m->fns[i].name, name) == 0)
			return &m->fns[i];
	return NULL;
}

/* Path p's names, root first, separated by ';'. */
static void path_names(const struct measured *m, size_t p, char *out, size_t len)
{
	const struct measured_path *path = &m->paths[p];
	size_t at = 0;

	out[0] = '\0';
	for (uint32_t k = 0; k < path->n && at < len; k++)
		at += (size_t)snprintf(out + at, len - at, "%s%s", k ? ";" : "",
				       m->fns[m->ids[path->first + k]].name);
}

static void test_named_paths(void)
{
	struct symtab st;
	struct sym syms[NSYMS];
	struct callpaths cp;
	struct measured m;
	char err[1024] = "", *text = NULL, got[2][512];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	const struct measured_fn *mcount, *unwind, *rec, *main_fn;

	CU_ASSERT_FATAL(f != NULL);
	fprintf(f, "# gmon-mpi paths 1\nrate\t100\nmodule\t0\t-\t/x/app\n");
	/* sampled on mcount's first byte, under cfi_unwind, under main (whose
	 * call is its last instruction) */
	fprintf(f, "path\t10\t0:1200 0:1180 0:1100\n");
	/* rec 21 deep: the leaf, 20 returns into rec, main's */
	fprintf(f, "path\t100\t0:1310");
	for (int k = 0; k < 20; k++)
		fprintf(f, " 0:1320");
	fprintf(f, " 0:1010\n");
	CU_ASSERT_FATAL(fclose(f) == 0);

	table(&st, syms);
	callpaths_init(&cp);
	CU_ASSERT_EQUAL_FATAL(callpaths_add_text(&cp, text, len, "paths", err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(measured_resolve(&m, &st, &cp, 0, NULL, "app", err, sizeof err), 0);
	CU_ASSERT_EQUAL(m.samples, 110);
	CU_ASSERT_EQUAL_FATAL(m.npaths, 2);
	path_names(&m, 0, got[0], sizeof got[0]);
	path_names(&m, 1, got[1], sizeof got[1]);
	CU_ASSERT_STRING_EQUAL(got[0], "main;cfi_unwind;mcount");
	CU_ASSERT_STRING_EQUAL(got[1], "main;rec;rec;rec;rec;rec;rec;rec;rec;rec;rec;rec;rec;rec;"
			       "rec;rec;rec;rec;rec;rec;rec;rec");
	if (strcmp(got[0], "main;cfi_unwind;mcount") != 0)
		printf("\n  the paths: %s | %s\n", got[0], got[1]);

	mcount = fn_named(&m, "mcount");
	unwind = fn_named(&m, "cfi_unwind");
	rec = fn_named(&m, "rec");
	main_fn = fn_named(&m, "main");
	CU_ASSERT_FATAL(mcount && unwind && rec && main_fn);
	CU_ASSERT_EQUAL(mcount->self, 10);
	CU_ASSERT_EQUAL(unwind->self, 0);
	CU_ASSERT_EQUAL(unwind->total, 10);
	CU_ASSERT_EQUAL(rec->self, 100);
	CU_ASSERT_EQUAL(rec->total, 100);
	CU_ASSERT_EQUAL(main_fn->total, 110);
	if (rec->total != 100)
		printf("\n  rec: %llu samples inclusive of %llu\n", (unsigned long long)rec->total,
		       (unsigned long long)m.samples);
	measured_free(&m);
	callpaths_free(&cp);
	free(text);
}

static const struct cunit_test tests[] = {
	{ "paths named, counted once each", test_named_paths },
};

int main(void)
{
	return cunit_run("measured", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
