/* text-out.c - see text-out.h. */
#include "text-out.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define BUFFER_SIZE (1u << 16)
#define MAX_LINE 8192            /* room kept free before a line is formatted */

struct text_out {
	int fd;
	int err;
	size_t len;
	char buf[BUFFER_SIZE];
};

struct text_out *text_out_open(int fd)
{
	struct text_out *o = malloc(sizeof *o);

	if (o) {
		o->fd = fd;
		o->err = 0;
		o->len = 0;
	}
	return o;
}

static void flush(struct text_out *o)
{
	size_t done = 0;

	while (o->err == 0 && done < o->len) {
		ssize_t n = write(o->fd, o->buf + done, o->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			o->err = n < 0 ? errno : EIO;
		else
			done += (size_t)n;
	}
	o->len = 0;
}

void text_out_printf(struct text_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (sizeof o->buf - o->len < MAX_LINE)
		flush(o);
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->len, sizeof o->buf - o->len, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof o->buf - o->len)
		o->len += (size_t)n;
	else if (o->err == 0)
		o->err = EOVERFLOW;     /* never a cut line: the file is refused */
}

int text_out_close(struct text_out *o)
{
	int err;

	flush(o);
	err = o->err;
	free(o);
	return err;
}
