/*
 * test-read-full.c - read_full (support/files.c), the read of a whole
 * buffer in as many read(2) calls as it takes (issue 40): --dump of a
 * library section read its dense form back with one pread(2), which
 * returns at most 2 GiB - 4 KiB on Linux; past that it failed with another
 * call's errno ("Not a directory").  A read that returns less than asked
 * is made here without 2 GiB: a SOCK_SEQPACKET socket returns one record
 * a read.  And read_whole_file, which takes a regular file's read that
 * stops at the size fstat said as its end (one read(2) a companion, not
 * two): files of sizes around its buffer's, and a /proc file, whose size
 * says 0 while it holds more (its buffer grown as it reads).
 */
#include <CUnit/Basic.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "files.h"
#include "../cunit-run.h"

static void test_short_reads(void)
{
	int sv[2];
	char buf[16];

	CU_ASSERT_EQUAL_FATAL(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
	CU_ASSERT_EQUAL(write(sv[1], "abcd", 4), 4);
	CU_ASSERT_EQUAL(write(sv[1], "efgh", 4), 4);
	CU_ASSERT_EQUAL(write(sv[1], "ij", 2), 2);
	/* three reads of 4, 4 and 2 bytes: all 10 */
	memset(buf, 0, sizeof buf);
	CU_ASSERT_EQUAL(read_full(sv[0], buf, 10), 10);
	CU_ASSERT_STRING_EQUAL(buf, "abcdefghij");
	/* the end of the stream: what there was */
	CU_ASSERT_EQUAL(write(sv[1], "kl", 2), 2);
	close(sv[1]);
	memset(buf, 0, sizeof buf);
	CU_ASSERT_EQUAL(read_full(sv[0], buf, 10), 2);
	CU_ASSERT_STRING_EQUAL(buf, "kl");
	close(sv[0]);
	/* an error: -1 and errno */
	errno = 0;
	CU_ASSERT_EQUAL(read_full(-1, buf, 1), -1);
	CU_ASSERT_EQUAL(errno, EBADF);
}

static void test_whole_files(void)
{
	static const size_t sizes[] = { 0, 1, 2, 4095, 4096, 4097, 65537 };
	char path[] = "/tmp/test-read-full.XXXXXX", err[256];

	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		int fd = mkstemp(path);
		char *want = malloc(sizes[k] + 1), *got;
		size_t len = 12345;

		CU_ASSERT_FATAL(fd >= 0 && want != NULL);
		for (size_t i = 0; i < sizes[k]; i++)
			want[i] = (char)('a' + (i * 7 + k) % 26);
		CU_ASSERT_EQUAL(write(fd, want, sizes[k]), (ssize_t)sizes[k]);
		close(fd);
		got = read_whole_file(path, "a test file", &len, err, sizeof err);
		CU_ASSERT_PTR_NOT_NULL_FATAL(got);
		CU_ASSERT_EQUAL(len, sizes[k]);
		CU_ASSERT(memcmp(got, want, sizes[k]) == 0);
		CU_ASSERT_EQUAL(got[len], '\0');
		free(got);
		free(want);
		unlink(path);
		strcpy(path, "/tmp/test-read-full.XXXXXX");
	}
}

/* /proc/self/status: a regular file of size 0 that holds a page of text */
static void test_proc_file(void)
{
	char err[256], *got, line[512];
	size_t len = 0, stdio_len = 0;
	FILE *f = fopen("/proc/self/status", "r");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	while (fgets(line, sizeof line, f))
		stdio_len += strlen(line);
	fclose(f);
	got = read_whole_file("/proc/self/status", "a proc file", &len, err, sizeof err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT(len > 100);
	/* (its counters may change between the two reads: not its length
	 * by more than a few bytes) */
	CU_ASSERT(len + 64 > stdio_len && stdio_len + 64 > len);
	CU_ASSERT(strncmp(got, "Name:", 5) == 0);
	CU_ASSERT_EQUAL(got[len - 1], '\n');
	free(got);
}

static const struct cunit_test tests[] = {
	{ "short reads, the end, an error", test_short_reads },
	{ "read_whole_file: regular files of sizes around its buffer's", test_whole_files },
	{ "read_whole_file: a /proc file larger than its size", test_proc_file },
};

int main(void)
{
	return cunit_run("read_full and read_whole_file", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
