/* short-writes.c - LD_PRELOADed by a test: write() to a file (fd > 2)
 * writes at most 7 bytes per call, as a write interrupted by a signal or a
 * network file system may, so that every buffer is finished in pieces. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <unistd.h>

ssize_t write(int fd, const void *buf, size_t count)
{
	static ssize_t (*real_write)(int, const void *, size_t);

	if (!real_write)
		real_write = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
	if (fd > 2 && count > 7)
		count = 7;
	return real_write(fd, buf, count);
}
