/* proc-read.c - see proc-read.h. */
#define _GNU_SOURCE
#include "proc-read.h"

#include <fcntl.h>
#include <unistd.h>

ssize_t proc_read(int fd, char *buf, size_t size)
{
	ssize_t n = pread(fd, buf, size - 1, 0);

	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

ssize_t proc_read_file(int dir, const char *path, char *buf, size_t size)
{
	int fd = openat(dir, path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = proc_read(fd, buf, size);
	close(fd);
	return n;
}
