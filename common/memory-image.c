/* memory-image.c - see memory-image.h. */
#define _GNU_SOURCE
#include "memory-image.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int memory_image(int (*fill)(int fd, void *ctx), void *ctx, void **data, size_t *len)
{
	int fd = memfd_create("gmon-mpi-image", MFD_CLOEXEC), err;
	struct stat st;
	char *copy = NULL;
	size_t got = 0;

	if (fd < 0)
		return errno;
	err = fill(fd, ctx);
	if (err == 0 && fstat(fd, &st) != 0)
		err = errno;
	if (err == 0 && !(copy = malloc(st.st_size > 0 ? (size_t)st.st_size : 1)))
		err = ENOMEM;
	while (err == 0 && got < (size_t)st.st_size) {
		ssize_t n = pread(fd, copy + got, (size_t)st.st_size - got, (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			err = n < 0 ? errno : EIO;
		else
			got += (size_t)n;
	}
	close(fd);
	if (err != 0) {
		free(copy);
		return err;
	}
	*data = copy;
	*len = got;
	return 0;
}
