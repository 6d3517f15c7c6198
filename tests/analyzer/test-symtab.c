/*
 * test-symtab.c - CUnit tests of gprof-par's ELF symbol table (symtab.c):
 * which symbols become functions, aliases, address ranges, lookup, and the
 * errors for missing, non-ELF and stripped executables.
 *
 * The executable read is this test program itself, which defines the
 * functions and aliases checked below.
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "symtab.h"
#include "../cunit-run.h"

/* Functions the tests look for in this executable. */
__attribute__((noinline, used)) static int local_helper(int x)
{
	return x * 3 + 1;
}

__attribute__((noinline, used)) int real_function(int x)
{
	return x + local_helper(x);
}
/* A global alias with a leading underscore: GNU keeps "real_function". */
int _real_function_alias(int x) __attribute__((alias("real_function")));

__attribute__((noinline, used)) static int static_target(int x)
{
	return x - 7;
}
/* A weak alias of a static function: weak counts as global and wins. */
int weak_alias(int x) __attribute__((weak, alias("static_target")));

/* Local functions whose names GNU gprof rejects. */
__attribute__((noinline, used)) static int cold_named(int x) __asm__("cold_named.cold");
static int cold_named(int x)
{
	return x ^ 5;
}
__attribute__((noinline, used)) static int dollar_named(int x) __asm__("has$dollar");
static int dollar_named(int x)
{
	return x ^ 9;
}

static struct symtab st;
static char self_path[4096];

static const struct sym *find(const char *name)
{
	size_t i;

	for (i = 0; i < st.nsyms; i++)
		if (strcmp(st.syms[i].name, name) == 0)
			return &st.syms[i];
	return NULL;
}

static int init_suite(void)
{
	char err[512];
	ssize_t n = readlink("/proc/self/exe", self_path, sizeof(self_path) - 1);

	if (n <= 0)
		return -1;
	self_path[n] = '\0';
	if (symtab_read(&st, self_path, 0, err, sizeof(err)) != 0) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	return 0;
}

static int clean_suite(void)
{
	symtab_free(&st);
	return 0;
}

static void test_functions_found(void)
{
	const struct sym *m = find("main"), *l = find("local_helper");

	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_FALSE(m->is_static);
	CU_ASSERT_TRUE(m->is_func);
	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_TRUE(l->is_static);
	CU_ASSERT_TRUE(l->is_func);
	CU_ASSERT_PTR_NOT_NULL(st.path);
	CU_ASSERT(st.text_size > 0);
	/* Debian's gcc links a GNU build-id note. */
	CU_ASSERT(st.build_id == NULL || st.build_id_len >= 8);
}

static void test_aliases(void)
{
	const struct sym *r = find("real_function"), *w = find("weak_alias");

	CU_ASSERT_PTR_NOT_NULL(r);
	CU_ASSERT_PTR_NULL(find("_real_function_alias"));
	CU_ASSERT_PTR_NOT_NULL(w);
	if (w)
		CU_ASSERT_FALSE(w->is_static);
	CU_ASSERT_PTR_NULL(find("static_target"));
}

static void test_rejected_local_names(void)
{
	CU_ASSERT_PTR_NULL(find("cold_named.cold"));
	CU_ASSERT_PTR_NULL(find("has$dollar"));
}

static void test_sorted_and_ranges(void)
{
	size_t i;

	CU_ASSERT_FATAL(st.nsyms > 2);
	for (i = 0; i < st.nsyms; i++) {
		CU_ASSERT_EQUAL(st.syms[i].index, i);
		if (i + 1 < st.nsyms) {
			CU_ASSERT(st.syms[i].addr < st.syms[i + 1].addr);
			CU_ASSERT_EQUAL(st.syms[i].end_addr, st.syms[i + 1].addr - 1);
		}
	}
	CU_ASSERT_EQUAL(st.syms[st.nsyms - 1].end_addr, st.text_addr + st.text_size - 1);
}

static void test_lookup(void)
{
	const struct sym *l = find("local_helper");
	size_t i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_PTR_EQUAL(symtab_lookup(&st, l->addr), l);
	CU_ASSERT_PTR_EQUAL(symtab_lookup(&st, l->addr + 1), l);
	CU_ASSERT_PTR_EQUAL(symtab_lookup(&st, l->end_addr), l);
	for (i = 0; i + 1 < st.nsyms; i++)
		CU_ASSERT_PTR_EQUAL(symtab_lookup(&st, st.syms[i].addr), &st.syms[i]);
	if (st.syms[0].addr > 0)
		CU_ASSERT_PTR_NULL(symtab_lookup(&st, st.syms[0].addr - 1));
	CU_ASSERT_PTR_NULL(symtab_lookup(&st, ~(gmon_addr_t)0));
}

/* -a (SYMTAB_NO_STATIC): no local symbol is kept, so an address in a
 * static function maps to the global function before it. */
static void test_no_static(void)
{
	const struct sym *l = find("local_helper");
	struct symtab t;
	char err[512];
	size_t globals = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	for (size_t i = 0; i < st.nsyms; i++)
		globals += !st.syms[i].is_static;
	CU_ASSERT_EQUAL_FATAL(symtab_read(&t, self_path, SYMTAB_NO_STATIC, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(t.nsyms, globals);
	for (size_t i = 0; i < t.nsyms; i++) {
		CU_ASSERT_FALSE(t.syms[i].is_static);
		CU_ASSERT_STRING_NOT_EQUAL(t.syms[i].name, "local_helper");
	}
	const struct sym *owner = symtab_lookup(&t, l->addr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(owner);
	CU_ASSERT(owner->addr < l->addr);
	CU_ASSERT_PTR_EQUAL(symtab_lookup(&t, owner->end_addr), owner);
	symtab_free(&t);
}

static void test_missing_file(void)
{
	struct symtab t;
	char err[512] = "";

	CU_ASSERT_EQUAL(symtab_read(&t, "/nonexistent/prog", 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "/nonexistent/prog"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "cannot open"));
	CU_ASSERT_EQUAL(t.nsyms, 0);
	symtab_free(&t);
}

static void test_not_elf(void)
{
	char path[] = "/tmp/test-symtab-XXXXXX";
	int fd = mkstemp(path);
	struct symtab t;
	char err[512] = "";

	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL(write(fd, "#!/bin/sh\necho hi\n", 18), 18);
	close(fd);
	CU_ASSERT_EQUAL(symtab_read(&t, path, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, path));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "not an ELF"));
	unlink(path);
}

static void test_stripped(void)
{
	char path[] = "/tmp/test-symtab-XXXXXX";
	char cmd[8400], err[512] = "";
	int fd = mkstemp(path);
	struct symtab t;

	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	snprintf(cmd, sizeof(cmd), "strip -o '%s' '%s' 2>/dev/null", path, self_path);
	if (system(cmd) != 0) {
		unlink(path);
		return;          /* no strip(1): the shell test covers it */
	}
	CU_ASSERT_EQUAL(symtab_read(&t, path, 0, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, path));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "stripped"));
	unlink(path);
}

/* SYMTAB_KEEP_LINES: lines_at looks up in the line table read with the
 * functions' lines, and finds what reading the DWARF again finds. */
static void test_keep_lines(void)
{
	struct symtab kept, plain;
	char err[512] = "";
	gmon_addr_t *addrs;
	const char **f1, **f2;
	unsigned *l1, *l2;
	size_t n, found = 0;

	CU_ASSERT_EQUAL_FATAL(symtab_read(&kept, self_path, SYMTAB_KEEP_LINES, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL_FATAL(symtab_read(&plain, self_path, 0, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NULL(plain.line_cache);
	if (!kept.has_line_info) {   /* built without -g: nothing to compare */
		symtab_free(&kept);
		symtab_free(&plain);
		return;
	}
	CU_ASSERT_PTR_NOT_NULL(kept.line_cache);
	n = 3 * kept.nsyms;
	addrs = calloc(n, sizeof(*addrs));
	f1 = calloc(n, sizeof(*f1));
	f2 = calloc(n, sizeof(*f2));
	l1 = calloc(n, sizeof(*l1));
	l2 = calloc(n, sizeof(*l2));
	CU_ASSERT_FATAL(addrs && f1 && f2 && l1 && l2);
	for (size_t i = 0; i < kept.nsyms; i++) {
		addrs[3 * i] = kept.syms[i].addr;
		addrs[3 * i + 1] = kept.syms[i].addr + 7;
		addrs[3 * i + 2] = kept.syms[i].end_addr;
	}
	CU_ASSERT_EQUAL(lines_at(&kept, addrs, n, f1, l1), 0);
	CU_ASSERT_EQUAL(lines_at(&plain, addrs, n, f2, l2), 0);
	for (size_t i = 0; i < n; i++) {
		CU_ASSERT_EQUAL(l1[i], l2[i]);
		CU_ASSERT((!f1[i] && !f2[i]) || (f1[i] && f2[i] && strcmp(f1[i], f2[i]) == 0));
		found += l1[i] > 0;
	}
	CU_ASSERT(found > 0);
	free(addrs);
	free(f1);
	free(f2);
	free(l1);
	free(l2);
	symtab_free(&kept);
	symtab_free(&plain);
}

static const struct cunit_test tests[] = {
	{ "functions of this executable", test_functions_found },
	{ "aliases at one address", test_aliases },
	{ "local names GNU rejects", test_rejected_local_names },
	{ "sorted, ranges end at the next function", test_sorted_and_ranges },
	{ "lookup as GNU sym_lookup", test_lookup },
	{ "-a: no static functions", test_no_static },
	{ "missing executable", test_missing_file },
	{ "not an ELF file", test_not_elf },
	{ "stripped executable", test_stripped },
	{ "the line table kept for lines_at", test_keep_lines },
};

int main(void)
{
	/* Keep the functions above (and their aliases) in the binary. */
	if (real_function(1) + weak_alias(2) + cold_named(3) + dollar_named(4) == 12345)
		puts("");
	return cunit_run("symtab", init_suite, clean_suite, tests, sizeof tests / sizeof tests[0]);
}
