/* test-image.c - image.c's reads of memory that may be unmapped (issue 31,
 * items 10 and 11) and its absolute paths (item 4). */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "image.h"
#include "../cunit-run.h"

typedef int copy_fn(void *to, uintptr_t from, size_t n);

/* A copy of mapped bytes (one page and across pages) is whole; one of
 * unmapped bytes, or running into them, fails, with errno kept. */
static void check_copy(copy_fn *copy)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *map = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			 -1, 0), *to;

	CU_ASSERT_FATAL(map != MAP_FAILED);
	to = mmap(NULL, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CU_ASSERT_FATAL(to != MAP_FAILED);
	for (size_t i = 0; i < 3 * page; i++)
		map[i] = (char)(i * 7 + 1);
	CU_ASSERT_EQUAL(copy(to, (uintptr_t)map + 5, 16), 1);
	CU_ASSERT_EQUAL(memcmp(to, map + 5, 16), 0);
	CU_ASSERT_EQUAL(copy(to, (uintptr_t)map + 100, 2 * page + 50), 1);
	CU_ASSERT_EQUAL(memcmp(to, map + 100, 2 * page + 50), 0);
	munmap(map + page, 2 * page);       /* the first page stays */
	errno = 1234;
	CU_ASSERT_EQUAL(copy(to, (uintptr_t)map + page, 8), 0);
	CU_ASSERT_EQUAL(copy(to, (uintptr_t)map + page - 8, 16), 0);
	CU_ASSERT_EQUAL(errno, 1234);
	CU_ASSERT_EQUAL(copy(to, (uintptr_t)map, 8), 1);
	munmap(map, page);
	munmap(to, 3 * page);
}

static void test_copy_mapped(void)
{
	check_copy(image_copy_mapped);
}

static void test_copy_through_pipe(void)
{
	check_copy(image_copy_through_pipe);
}

/* libc's module as dl_iterate_phdr gives it. */
static int find_libc(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	(void)size;
	if (strstr(dl->dlpi_name, "/libc.so")) {
		*(struct dl_phdr_info *)ctx = *dl;
		return 1;
	}
	return 0;
}

static void test_absolute_path(void)
{
	struct dl_phdr_info libc = {0}, relative;
	char path[4096];

	CU_ASSERT_FATAL(dl_iterate_phdr(find_libc, &libc) == 1);
	image_absolute_path(&libc, path, sizeof path);
	CU_ASSERT_STRING_EQUAL(path, libc.dlpi_name);
	/* named relatively, as dlopen("./x.so") names it: the file mapped */
	relative = libc;
	relative.dlpi_name = "./libc.so.6";
	image_absolute_path(&relative, path, sizeof path);
	CU_ASSERT_EQUAL(path[0], '/');
	CU_ASSERT_PTR_NOT_NULL(strstr(path, "libc"));
	/* no file there: the name as it is */
	relative.dlpi_addr = 0;
	relative.dlpi_phnum = 0;
	image_absolute_path(&relative, path, sizeof path);
	CU_ASSERT_STRING_EQUAL(path, "./libc.so.6");
	/* cut at size */
	image_absolute_path(&libc, path, 4);
	CU_ASSERT_EQUAL(strlen(path), 3);
}

static const struct cunit_test tests[] = {
	{ "copies of memory that may be unmapped", test_copy_mapped },
	{ "the same through a pipe", test_copy_through_pipe },
	{ "absolute paths", test_absolute_path },
};

int main(void)
{
	return cunit_run("image", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
