/* csv.c - see csv.h. */
#include "csv.h"

#include <string.h>

void csv_cell(FILE *out, const char *s)
{
	fputc('"', out);
	if (*s && strchr("=+-@\t\r", *s))
		fputc('\'', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}
