/* diag.c - see diag.h. */
#include "diag.h"
#include "xfsz-guard.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void diag(const char *fmt, ...)
{
	static const char prefix[] = "gmon-mpi: ";
	char line[1024];
	size_t len = sizeof prefix - 1;
	int saved_errno = errno;
	va_list ap;
	int n;

	memcpy(line, prefix, len);
	va_start(ap, fmt);
	n = vsnprintf(line + len, sizeof line - len - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	len += (size_t)n < sizeof line - len - 1 ? (size_t)n : sizeof line - len - 2;
	line[len++] = '\n';
	struct xfsz_guard guard;
	xfsz_guard_begin(&guard); /* stderr may be a file under ulimit -f */
	ssize_t written = write(STDERR_FILENO, line, len);
	(void)written; /* nowhere left to report a failure */
	xfsz_guard_end(&guard);
	errno = saved_errno;
}
