/*
 * test-regions.c - CUnit tests of OpenMP regions and compiler clones
 * (gprof-par/symbols/regions.c, with symtab.c and analysis/counts.c):
 * which names are regions, the table each --regions mode makes of this
 * test program, the labels, and which arcs count.
 *
 * This program defines functions under the names a compiler gives regions
 * and clones (with asm labels), and reads its own symbol table.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "counts.h"
#include "regions.h"
#include "symtab.h"
#include "../cunit-run.h"

#define DEFINE(fn, label, k)                                                        \
	__attribute__((noinline, used)) static int fn(int x) __asm__(label);        \
	static int fn(int x) { return x * (k) + 1; }

__attribute__((noinline, used)) int work(int x)
{
	return x + 3;
}
DEFINE(work_region, "work._omp_fn.3", 5)
DEFINE(work_part, "work.part.0", 7)
DEFINE(work_constprop, "work.constprop.0", 11)        /* GNU keeps this one */
DEFINE(lonely_isra, "lonely.isra.0", 13)               /* no "lonely" */
DEFINE(lonely_cold, "lonely.part.1.cold", 17)
DEFINE(cxx_region, "_ZN2ns4workEi._omp_fn.1", 19)      /* no ns::work(int) */
DEFINE(llvm_region, ".omp_outlined..4", 23)
DEFINE(not_region, "work.str.1", 29)                   /* unknown suffix */

int regions_b_anchor(int x);   /* test-regions-b.c */

static char self_path[4096];

static int init_suite(void)
{
	ssize_t n = readlink("/proc/self/exe", self_path, sizeof(self_path) - 1);

	if (n <= 0)
		return -1;
	self_path[n] = '\0';
	return 0;
}

static int clean_suite(void)
{
	return 0;
}

static struct sym *find(struct symtab *st, const char *name)
{
	for (size_t i = 0; i < st->nsyms; i++)
		if (strcmp(st->syms[i].name, name) == 0)
			return &st->syms[i];
	return NULL;
}

static void read_self(struct symtab *st, unsigned flags, int mode, int demangle)
{
	char err[1024];

	CU_ASSERT_EQUAL_FATAL(symtab_read(st, self_path, flags, err, sizeof(err)), 0);
	if (flags & SYMTAB_REGIONS)
		CU_ASSERT_EQUAL_FATAL(regions_apply(st, (enum regions_mode)mode, demangle, err,
						    sizeof(err)), 0);
}

static void test_parse(void)
{
	static const struct {
		const char *name;
		int is_region;
		enum region_kind kind;
		const char *base;
		long line;
	} cases[] = {
		{ "main._omp_fn.0", 1, REGION_OMP, "main", 0 },
		{ "_ZN4Mesh5sweepEv._omp_fn.12", 1, REGION_OMP, "_ZN4Mesh5sweepEv", 0 },
		{ "f._omp_cpyfn.2", 1, REGION_OMP, "f", 0 },
		{ "f.part.0", 1, REGION_CLONE, "f", 0 },
		{ "f.cold", 1, REGION_CLONE, "f", 0 },
		{ "f.isra.0.cold", 1, REGION_CLONE, "f", 0 },
		{ "f.constprop.3", 1, REGION_CLONE, "f", 0 },
		{ "f.lto_priv.0", 1, REGION_CLONE, "f", 0 },
		{ "f.llvm.1234567", 1, REGION_CLONE, "f", 0 },
		{ "f._omp_fn.1.cold", 1, REGION_OMP, "f", 0 },
		{ "main.omp_outlined", 1, REGION_OMP, "main", 0 },
		{ ".omp_outlined.", 1, REGION_OMP, "", 0 },
		{ ".omp_outlined..7", 1, REGION_OMP, "", 0 },
		{ "__omp_offloading_fd02_4a1b2c_saxpy_l42", 1, REGION_OMP_TARGET, "saxpy", 42 },
		{ "__omp_offloading_10_20__Z4axpyPdi_l7", 1, REGION_OMP_TARGET, "_Z4axpyPdi", 7 },
		{ "main", 0, 0, NULL, 0 },
		{ "f.0", 0, 0, NULL, 0 },
		{ "f.str.1", 0, 0, NULL, 0 },
		{ "f.cold$x", 0, 0, NULL, 0 },
		{ ".part.0", 0, 0, NULL, 0 },        /* a clone of nothing named */
		{ "__omp_offloading_zz_1_f_l2", 0, 0, NULL, 0 },
		{ "__omp_offloading_1_2_f_lx", 0, 0, NULL, 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct region_name r;
		int got = region_parse(cases[i].name, &r);

		CU_ASSERT_EQUAL(got, cases[i].is_region);
		if (got != cases[i].is_region)
			printf("\n  %s: region_parse says %d\n", cases[i].name, got);
		if (!got || !cases[i].is_region)
			continue;
		CU_ASSERT_EQUAL(r.kind, cases[i].kind);
		CU_ASSERT_EQUAL(r.base_len, strlen(cases[i].base));
		CU_ASSERT_EQUAL(strncmp(r.base, cases[i].base, r.base_len), 0);
		CU_ASSERT_EQUAL(r.line, cases[i].line);
	}
}

static void test_modes_parse(void)
{
	enum regions_mode m;

	CU_ASSERT(regions_parse_mode("gnu", &m) == 0 && m == REGIONS_GNU);
	CU_ASSERT(regions_parse_mode("parent", &m) == 0 && m == REGIONS_PARENT);
	CU_ASSERT(regions_parse_mode("separate", &m) == 0 && m == REGIONS_SEPARATE);
	CU_ASSERT_EQUAL(regions_parse_mode("Parent", &m), -1);
	CU_ASSERT_EQUAL(regions_parse_mode("", &m), -1);
}

/* --regions=gnu: exactly the table read without regions, the hidden ones in all. */
static void test_gnu_table(void)
{
	/* work.str.1 is no region; work.constprop.0 is one that GNU keeps
	 * (unless the string stored after its name has a non-numeric suffix:
	 * then GNU's rule drops it too, and it is hidden). */
	static const char *const ours[] = {
		"work._omp_fn.3", "work.part.0", "lonely.isra.0", "lonely.part.1.cold",
		"_ZN2ns4workEi._omp_fn.1", ".omp_outlined..4",
	};
	struct symtab plain, gnu;
	size_t hidden = 0;

	read_self(&plain, 0, 0, 0);
	read_self(&gnu, SYMTAB_REGIONS, REGIONS_GNU, 0);
	CU_ASSERT_EQUAL_FATAL(gnu.nsyms, plain.nsyms);
	for (size_t i = 0; i < plain.nsyms; i++) {
		CU_ASSERT_STRING_EQUAL(gnu.syms[i].name, plain.syms[i].name);
		CU_ASSERT_EQUAL(gnu.syms[i].addr, plain.syms[i].addr);
		CU_ASSERT_EQUAL(gnu.syms[i].end_addr, plain.syms[i].end_addr);
		CU_ASSERT_EQUAL(gnu.syms[i].index, i);
		CU_ASSERT_PTR_EQUAL(gnu.syms[i].owner, &gnu.syms[i]);
	}
	CU_ASSERT_PTR_NULL(plain.all);
	CU_ASSERT_PTR_NOT_NULL_FATAL(gnu.all);
	for (size_t i = 0; i < gnu.nall; i++)
		hidden += gnu.all[i].gnu_hidden;
	/* Each of ours is there, hidden (libiberty, linked in, has more). */
	for (size_t k = 0; k < sizeof(ours) / sizeof(ours[0]); k++) {
		int seen = 0;

		for (size_t i = 0; i < gnu.nall; i++)
			if (strcmp(gnu.all[i].name, ours[k]) == 0)
				seen = gnu.all[i].gnu_hidden;
		CU_ASSERT(seen);
		if (!seen)
			printf("\n  %s: not kept as a hidden symbol\n", ours[k]);
	}
	CU_ASSERT_EQUAL(gnu.nall, gnu.nsyms + hidden);
	CU_ASSERT_PTR_NULL(find(&gnu, "work._omp_fn.3"));
	CU_ASSERT_PTR_NULL(find(&gnu, "work.str.1"));
	symtab_free(&plain);
	symtab_free(&gnu);
}

static void test_parent(void)
{
	struct symtab st;
	struct sym *w, *r, *isra, *cold, *cxx, *llvm;

	read_self(&st, SYMTAB_REGIONS, REGIONS_PARENT, 1);
	w = find(&st, "work");
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT(sym_is_row(w));
	r = find(&st, "work._omp_fn.3");
	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	CU_ASSERT_PTR_EQUAL(r->owner, w);
	CU_ASSERT_PTR_EQUAL(find(&st, "work.part.0")->owner, w);
	CU_ASSERT_PTR_EQUAL(find(&st, "work.constprop.0")->owner, w);
	CU_ASSERT_PTR_NULL(find(&st, "work.str.1"));   /* dropped, as GNU does */
	/* No "lonely": the first of its clones stands for it, by its name. */
	isra = find(&st, "lonely.isra.0");
	cold = find(&st, "lonely.part.1.cold");
	CU_ASSERT_PTR_NOT_NULL_FATAL(isra);
	CU_ASSERT_PTR_NOT_NULL_FATAL(cold);
	{
		struct sym *first = isra->addr < cold->addr ? isra : cold;
		struct sym *second = first == isra ? cold : isra;

		CU_ASSERT(sym_is_row(first));
		CU_ASSERT_STRING_EQUAL(sym_print_name(first), "lonely");
		CU_ASSERT_PTR_EQUAL(second->owner, first);
	}
	cxx = find(&st, "_ZN2ns4workEi._omp_fn.1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(cxx);
	CU_ASSERT(sym_is_row(cxx));
	CU_ASSERT_STRING_EQUAL(sym_print_name(cxx), "ns::work(int)");
	/* LLVM's old names say nothing of their function: they stay rows. */
	llvm = find(&st, ".omp_outlined..4");
	CU_ASSERT_PTR_NOT_NULL_FATAL(llvm);
	CU_ASSERT(sym_is_row(llvm));
	CU_ASSERT_STRING_EQUAL(sym_print_name(llvm), ".omp_outlined..4");
	symtab_free(&st);
}

/* The syms of st named name, by address: up to max of them, how many. */
static size_t find_all(struct symtab *st, const char *name, struct sym **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < st->nsyms; i++)
		if (strcmp(st->syms[i].name, name) == 0 && n < max)
			out[n++] = &st->syms[i];
	return n;
}

/* Two static work() in two files (test-regions-b.c), each with its clone
 * work.part.0: each clone is its nearest work's, not both the first's. */
static void test_two_statics(void)
{
	struct symtab st;
	struct sym *w[3], *c[3];

	read_self(&st, SYMTAB_REGIONS, REGIONS_PARENT, 1);
	CU_ASSERT_EQUAL_FATAL(find_all(&st, "work", w, 3), 2);
	CU_ASSERT_EQUAL_FATAL(find_all(&st, "work.part.0", c, 3), 2);
	for (int k = 0; k < 2; k++) {
		gmon_addr_t d0 = c[k]->addr > w[0]->addr ? c[k]->addr - w[0]->addr
							 : w[0]->addr - c[k]->addr;
		gmon_addr_t d1 = c[k]->addr > w[1]->addr ? c[k]->addr - w[1]->addr
							 : w[1]->addr - c[k]->addr;

		CU_ASSERT_PTR_EQUAL(c[k]->owner, d0 < d1 ? w[0] : w[1]);
	}
	/* the construction tells them apart: each file's clone is nearer its
	 * own work */
	CU_ASSERT_PTR_NOT_EQUAL(c[0]->owner, c[1]->owner);
	CU_ASSERT_EQUAL(regions_b_anchor(1), 32 + 38);
	symtab_free(&st);
}

static void test_separate_labels(void)
{
	struct symtab st;

	read_self(&st, SYMTAB_REGIONS, REGIONS_SEPARATE, 1);
	for (size_t i = 0; i < st.nsyms; i++)
		CU_ASSERT(sym_is_row(&st.syms[i]));
	CU_ASSERT_STRING_EQUAL(sym_print_name(find(&st, "work._omp_fn.3")), "work [omp region 3]");
	CU_ASSERT_STRING_EQUAL(sym_print_name(find(&st, "work.part.0")), "work [clone .part.0]");
	CU_ASSERT_STRING_EQUAL(sym_print_name(find(&st, "lonely.part.1.cold")),
			       "lonely [clone .part.1] [clone .cold]");
	CU_ASSERT_STRING_EQUAL(sym_print_name(find(&st, "_ZN2ns4workEi._omp_fn.1")),
			       "ns::work(int) [omp region 1]");
	CU_ASSERT_STRING_EQUAL(sym_print_name(find(&st, ".omp_outlined..4")), ".omp_outlined..4");
	CU_ASSERT_STRING_EQUAL(sym_print_name(find(&st, "work")), "work");
	symtab_free(&st);
	/* Without demangling, the mangled base. */
	read_self(&st, SYMTAB_REGIONS, REGIONS_SEPARATE, 0);
	CU_ASSERT_STRING_EQUAL(sym_print_name(find(&st, "_ZN2ns4workEi._omp_fn.1")),
			       "_ZN2ns4workEi [omp region 1]");
	symtab_free(&st);
}

/* -a reads no local symbol: regions are local, so none is read. */
static void test_no_static(void)
{
	struct symtab st;

	read_self(&st, SYMTAB_REGIONS | SYMTAB_NO_STATIC, REGIONS_PARENT, 0);
	CU_ASSERT_PTR_NULL(find(&st, "work._omp_fn.3"));
	CU_ASSERT_PTR_NULL(st.all);
	symtab_free(&st);
}

/* A call from work into its own part is no call of the source under
 * parent, and is one under separate; a call into work.part.0 from
 * elsewhere is a call of work. */
static void test_arcs(void)
{
	struct symtab st;
	struct sym *caller, *callee, *w, *part, *other;

	read_self(&st, SYMTAB_REGIONS, REGIONS_PARENT, 0);
	w = find(&st, "work");
	part = find(&st, "work.part.0");
	other = find(&st, "_ZN2ns4workEi._omp_fn.1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT_PTR_NOT_NULL_FATAL(part);
	CU_ASSERT_PTR_NOT_NULL_FATAL(other);
	CU_ASSERT_EQUAL(arc_functions(&st, w->addr + 1, part->addr, &caller, &callee), 0);
	CU_ASSERT_EQUAL(arc_functions(&st, find(&st, "work._omp_fn.3")->addr + 1, part->addr,
				      &caller, &callee), 0);
	CU_ASSERT_EQUAL_FATAL(arc_functions(&st, other->addr + 1, part->addr, &caller, &callee), 1);
	CU_ASSERT_PTR_EQUAL(caller, other);
	CU_ASSERT_PTR_EQUAL(callee, w);
	/* A recursive call from the part to work's entry is a call of work. */
	CU_ASSERT_EQUAL_FATAL(arc_functions(&st, part->addr + 1, w->addr, &caller, &callee), 1);
	CU_ASSERT_PTR_EQUAL(caller, w);
	CU_ASSERT_PTR_EQUAL(callee, w);
	symtab_free(&st);

	read_self(&st, SYMTAB_REGIONS, REGIONS_SEPARATE, 0);
	w = find(&st, "work");
	part = find(&st, "work.part.0");
	CU_ASSERT_EQUAL_FATAL(arc_functions(&st, w->addr + 1, part->addr, &caller, &callee), 1);
	CU_ASSERT_PTR_EQUAL(caller, w);
	CU_ASSERT_PTR_EQUAL(callee, part);
	symtab_free(&st);
}

static const struct cunit_test tests[] = {
	{ "names of regions and clones", test_parse },
	{ "--regions modes", test_modes_parse },
	{ "gnu: GNU's table, hidden symbols kept aside", test_gnu_table },
	{ "parent: owners and stand-ins", test_parent },
	{ "parent: two static functions of one name, each with a clone", test_two_statics },
	{ "separate: labels", test_separate_labels },
	{ "-a: no regions", test_no_static },
	{ "arcs into a function's own parts", test_arcs },
};

int main(void)
{
	if (work(1) + work_region(1) + work_part(1) + work_constprop(1) + lonely_isra(1) +
	    lonely_cold(1) + cxx_region(1) + llvm_region(1) + not_region(1) == 12345)
		puts("");
	return cunit_run("regions", init_suite, clean_suite, tests, sizeof tests / sizeof tests[0]);
}
