/* csv.c - see csv.h. */
#include "csv.h"

#include <string.h>

#include "utf8.h"

static const char *csv_escape(unsigned char c, char buf[8])
{
	(void)buf;
	return c == '"' ? "\"\"" : NULL;
}

void csv_cell(FILE *out, const char *s)
{
	fputc('"', out);
	if (*s && strchr("=+-@\t\r", *s))
		fputc('\'', out);
	utf8_write_escaped(out, s, UTF8_REPLACEMENT, csv_escape);
	fputc('"', out);
}
