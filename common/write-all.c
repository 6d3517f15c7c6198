/* write-all.c - see write-all.h. */
#include "write-all.h"

#include <errno.h>
#include <unistd.h>

int write_all(int fd, const void *data, size_t size)
{
	const char *p = data;

	while (size > 0) {
		ssize_t n = write(fd, p, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? errno : EIO;
		p += n;
		size -= (size_t)n;
	}
	return 0;
}
