/*
 * test-read-full.c - read_full (support/files.c), the read of a whole
 * buffer in as many read(2) calls as it takes (issue 40): --dump of a
 * library section read its dense form back with one pread(2), which
 * returns at most 2 GiB - 4 KiB on Linux; past that it failed with another
 * call's errno ("Not a directory").  A read that returns less than asked
 * is made here without 2 GiB: a SOCK_SEQPACKET socket returns one record
 * a read.
 */
#include <CUnit/Basic.h>
#include <errno.h>
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

static const struct cunit_test tests[] = {
	{ "short reads, the end, an error", test_short_reads },
};

int main(void)
{
	return cunit_run("read_full", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
