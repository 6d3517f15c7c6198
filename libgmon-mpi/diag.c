/* diag.c - see diag.h. */
#include "diag.h"
#include "xfsz-guard.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char prefix[] = "gmon-mpi: ";

#define DIAG_LINE 1024

/* A message longer than a line (a path of thousands of bytes): its start
 * and its end, where the reason is ("File name too long"), with " [...] "
 * for the middle; on a stack of its own size only when it is needed (the
 * handlers run on the program's stacks). */
static __attribute__((noinline)) size_t shorten(char *line, const char *fmt, va_list ap)
{
	static const char cut[] = " [...] ";
	char whole[4096 + DIAG_LINE];
	size_t keep = (DIAG_LINE - sizeof prefix - sizeof cut - 2) / 2, len;
	int n = vsnprintf(whole, sizeof whole, fmt, ap);

	if (n < 0)
		return 0;
	len = (size_t)n < sizeof whole ? (size_t)n : sizeof whole - 1;
	memcpy(line, whole, keep);
	memcpy(line + keep, cut, sizeof cut - 1);
	memcpy(line + keep + sizeof cut - 1, whole + len - keep, keep);
	return 2 * keep + sizeof cut - 1;
}

void diag(const char *fmt, ...)
{
	char line[DIAG_LINE];
	size_t len = sizeof prefix - 1;
	int saved_errno = errno;
	va_list ap, again;
	int n;

	memcpy(line, prefix, len);
	va_start(ap, fmt);
	va_copy(again, ap);
	n = vsnprintf(line + len, sizeof line - len - 1, fmt, ap);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof line - len - 1)
		len += shorten(line + len, fmt, again);
	else
		len += (size_t)n;
	va_end(again);
	va_end(ap);
	line[len++] = '\n';
	struct xfsz_guard guard;
	xfsz_guard_begin(&guard); /* stderr may be a file under ulimit -f */
	ssize_t written = write(STDERR_FILENO, line, len);
	(void)written; /* nowhere left to report a failure */
	xfsz_guard_end(&guard);
	errno = saved_errno;
}
