/* text-out.c - see text-out.h. */
#include "text-out.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "text-escape.h"
#include "write-all.h"

#define BUFFER_SIZE (1u << 16)
#define MAX_LINE 8192            /* room kept free before a line is formatted */

struct text_out {
	int fd;
	int err;
	size_t len;
	char buf[BUFFER_SIZE];
};

/* ---- Formatting: the conversions the companion files use. ---------- */

struct sink {
	char *at, *end;
	size_t need;             /* the whole result's length */
};

static void put_char(struct sink *s, char c)
{
	if (s->at < s->end)
		*s->at++ = c;
	s->need++;
}

static void put_text(struct sink *s, const char *text)
{
	while (*text)
		put_char(s, *text++);
}

static void put_number(struct sink *s, uint64_t v, unsigned base, int negative)
{
	char digits[24];
	int n = 0;

	do {
		digits[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v != 0);
	if (negative)
		put_char(s, '-');
	while (n > 0)
		put_char(s, digits[--n]);
}

size_t text_vformat(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct sink s = { buf, buf + (size ? size - 1 : 0), 0 };

	for (const char *p = fmt; *p; p++) {
		int longs = 0;

		if (*p != '%') {
			put_char(&s, *p);
			continue;
		}
		p++;
		while (*p == 'l') {
			longs++;
			p++;
		}
		switch (*p) {
		case 's':
			put_text(&s, va_arg(ap, const char *));
			break;
		case 'd': {
			long long v = longs == 0 ? va_arg(ap, int)
				      : longs == 1 ? va_arg(ap, long) : va_arg(ap, long long);

			put_number(&s, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, 10, v < 0);
			break;
		}
		case 'u':
		case 'x': {
			unsigned long long v = longs == 0 ? va_arg(ap, unsigned)
					       : longs == 1 ? va_arg(ap, unsigned long)
							    : va_arg(ap, unsigned long long);

			put_number(&s, v, *p == 'x' ? 16 : 10, 0);
			break;
		}
		case '%':
			put_char(&s, '%');
			break;
		default:             /* not one of ours: shown, never guessed */
			put_text(&s, "%?");
			if (!*p)
				p--;
			break;
		}
	}
	if (size)
		*s.at = '\0';
	return s.need;
}

size_t text_format(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = text_vformat(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* ---- The writer. ---------------------------------------------------- */

struct text_out *text_out_open(int fd)
{
	struct text_out *o = mmap(NULL, sizeof *o, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (o == MAP_FAILED)
		return NULL;
	o->fd = fd;
	o->err = 0;
	o->len = 0;
	return o;
}

static void flush(struct text_out *o)
{
	if (o->err == 0)
		o->err = write_all(o->fd, o->buf, o->len);
	o->len = 0;
}

/* Keeps the n bytes formatted at the buffer's end, if they fit. */
static void keep(struct text_out *o, size_t n)
{
	if (n < sizeof o->buf - o->len)
		o->len += n;
	else if (o->err == 0)
		o->err = EOVERFLOW;     /* never a cut line: the file is refused */
}

void text_out_printf(struct text_out *o, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	if (sizeof o->buf - o->len < MAX_LINE)
		flush(o);
	va_start(ap, fmt);
	n = text_vformat(o->buf + o->len, sizeof o->buf - o->len, fmt, ap);
	va_end(ap);
	keep(o, n);
}

void text_out_escaped(struct text_out *o, const char *s)
{
	if (sizeof o->buf - o->len < MAX_LINE)
		flush(o);
	keep(o, text_escape(o->buf + o->len, sizeof o->buf - o->len, s));
}

int text_out_close(struct text_out *o)
{
	int err;

	flush(o);
	err = o->err;
	munmap(o, sizeof *o);
	return err;
}
