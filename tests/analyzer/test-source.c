/*
 * test-source.c - symbols/source.c: where annotated source (-A) finds a
 * source file, as GNU gprof 2.40 does (the name; for a relative name, each
 * directory of the search list joined with it; then, for a name with a
 * directory, each directory joined with its base name), which files it
 * refuses (a FIFO would block, a directory is no source), and its messages.
 */
#include <CUnit/Basic.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source.h"
#include "../cunit-run.h"

static char top[] = "/tmp/test-source.XXXXXX";

/* Writes text into top/rel; 0, or -1 (outside a test: no assertion). */
static int put(const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", top, rel);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f) == 0 ? 0 : -1;
}

static int init_suite(void)
{
	char path[512];

	if (!mkdtemp(top))
		return -1;
	snprintf(path, sizeof(path), "%s/a", top);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/b", top);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/b/sub", top);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/fifo.c", top);
	mkfifo(path, 0644);
	snprintf(path, sizeof(path), "%s/dir.c", top);
	mkdir(path, 0755);
	if (put("a/one.c", "one in a\n") || put("b/one.c", "one in b\n") ||
	    put("b/sub/two.c", "two in b/sub\n") || put("b/three.c", ""))
		return -1;
	return chdir(top);
}

static int clean_suite(void)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	return system(cmd) == 0 ? 0 : -1;
}

/* The text found for name with the directories dirs (colon-separated), or
 * NULL with the message in err. */
static char *find(const char *name, const char *dirs, char *err, size_t errlen)
{
	struct source_path path = { NULL, 0 };
	size_t len = 0;
	char *text;

	if (dirs)
		CU_ASSERT_EQUAL_FATAL(source_path_add(&path, dirs), 0);
	text = source_read(name, &path, &len, err, errlen);
	if (text) {
		CU_ASSERT_EQUAL(strlen(text), len);
	}
	source_path_free(&path);
	return text;
}

static void expect_text(const char *name, const char *dirs, const char *want)
{
	char err[512] = "";
	char *text = find(name, dirs, err, sizeof(err));

	CU_ASSERT_PTR_NOT_NULL(text);
	if (text) {
		CU_ASSERT_STRING_EQUAL(text, want);
	} else {
		fprintf(stderr, "\n%s with %s: %s\n", name, dirs ? dirs : "(no list)", err);
	}
	free(text);
}

static void expect_error(const char *name, const char *dirs, const char *part)
{
	char err[512] = "";
	char *text = find(name, dirs, err, sizeof(err));

	CU_ASSERT_PTR_NULL(text);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, part));
	if (!strstr(err, part))
		fprintf(stderr, "\n%s: got '%s', wanted '%s'\n", name, err, part);
	free(text);
}

static void test_name_first(void)
{
	expect_text("a/one.c", "b", "one in a\n");
	expect_text("b/sub/two.c", NULL, "two in b/sub\n");
}

static void test_directories_in_order(void)
{
	expect_text("one.c", "a:b", "one in a\n");
	expect_text("one.c", "b:a", "one in b\n");
	/* a missing directory and an empty entry are passed over */
	expect_text("one.c", "/no/such::b", "one in b\n");
	expect_text("sub/two.c", "a:b", "two in b/sub\n");
}

static void test_base_name_last(void)
{
	char absolute[600];

	/* a directory + the whole relative name is tried before the base name */
	expect_text("x/one.c", "a:b", "one in a\n");
	/* an absolute name that moved: only its base name in each directory */
	snprintf(absolute, sizeof(absolute), "%s/gone/two.c", top);
	expect_text(absolute, "a:b/sub", "two in b/sub\n");
	expect_text("/elsewhere/one.c", "b", "one in b\n");
}

static void test_empty_file(void)
{
	expect_text("b/three.c", NULL, "");
}

static void test_missing(void)
{
	expect_error("none.c", "a:b", "could not locate `none.c'");
	expect_error("/abs/none.c", NULL, "could not locate `/abs/none.c'");
	/* without a search list, a relative name is not looked for elsewhere */
	expect_error("one.c", NULL, "could not locate `one.c'");
}

static void test_refused_kinds(void)
{
	/* a FIFO would block the reader until someone writes to it */
	expect_error("fifo.c", NULL, "fifo.c: cannot read: is a FIFO");
	expect_error("dir.c", NULL, "dir.c: cannot read: is a directory");
	/* a good candidate later in the list is still found */
	CU_ASSERT_EQUAL_FATAL(put("a/fifo.c", "not a fifo\n"), 0);
	expect_text("fifo.c", "a", "not a fifo\n");
}

static const struct cunit_test tests[] = {
	{ "the name as given first", test_name_first },
	{ "then each directory, in order", test_directories_in_order },
	{ "then the base name in each directory", test_base_name_last },
	{ "an empty file", test_empty_file },
	{ "not found anywhere", test_missing },
	{ "FIFOs and directories refused", test_refused_kinds },
};

int main(void)
{
	return cunit_run("source", init_suite, clean_suite, tests, sizeof tests / sizeof tests[0]);
}
