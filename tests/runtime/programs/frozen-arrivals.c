/* frozen-arrivals.c - preloaded (LD_PRELOAD), alone or beside
 * no-perf-events.so: a kernel whose count of a thread's arrivals on a CPU
 * misses its runs.
 * Every read of a /proc/.../schedstat ("RUN_NS WAIT_NS ARRIVALS\n", three
 * decimal numbers) comes back with its arrivals 1, whatever the thread
 * did: the extreme of what Linux 6.18 here does once in about 6 runs of
 * wall-race.c (a thread that ran, its arrivals unchanged).  Every other
 * read goes through untouched. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

/* Whether buf's n bytes are three decimal numbers, blank-separated, and a
 * newline: the offset of the third into *third. */
static int schedstat_like(const char *buf, ssize_t n, ssize_t *third)
{
	int fields = 0, in_number = 0;

	if (n < 6 || buf[n - 1] != '\n')
		return 0;
	for (ssize_t i = 0; i < n - 1; i++) {
		if (buf[i] >= '0' && buf[i] <= '9') {
			if (!in_number && ++fields == 3)
				*third = i;
			in_number = 1;
		} else if (buf[i] == ' ' && in_number) {
			in_number = 0;
		} else {
			return 0;
		}
	}
	return fields == 3;
}

static ssize_t frozen(char *buf, ssize_t n, size_t size)
{
	ssize_t third = 0;

	if (n > 0 && schedstat_like(buf, n, &third) && (size_t)third + 2 <= size) {
		memcpy(buf + third, "1\n", 2);
		n = third + 2;
	}
	return n;
}

ssize_t pread64(int fd, void *buf, size_t size, off_t offset)
{
	static ssize_t (*real)(int, void *, size_t, off_t);

	if (!real)
		real = (ssize_t (*)(int, void *, size_t, off_t))dlsym(RTLD_NEXT, "pread64");
	return frozen(buf, real(fd, buf, size, offset), size);
}

ssize_t pread(int fd, void *buf, size_t size, off_t offset)
{
	return pread64(fd, buf, size, offset);
}
