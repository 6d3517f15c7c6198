/* text-escape.c - see text-escape.h. */
#include "text-escape.h"

static const char hex_digits[] = "0123456789abcdef";

size_t text_escape(char *buf, size_t size, const char *s)
{
	size_t n = 0;

	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		char e[4];
		size_t len = 2;

		e[0] = '\\';
		if (c == '\\')
			e[1] = '\\';
		else if (c == '\n')
			e[1] = 'n';
		else if (c == '\t')
			e[1] = 't';
		else if (c < 0x20 || c == 0x7f) {
			e[1] = 'x';
			e[2] = hex_digits[c >> 4];
			e[3] = hex_digits[c & 15];
			len = 4;
		} else {
			e[0] = (char)c;
			len = 1;
		}
		for (size_t k = 0; k < len; k++, n++)
			if (n + 1 < size)
				buf[n] = e[k];
	}
	if (size > 0)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}

static int hex_value(char c)
{
	for (int d = 0; d < 16; d++)
		if (hex_digits[d] == c)
			return d;
	return -1;
}

char *text_unescape(char *s)
{
	char *to = s;

	for (const char *from = s; *from; from++) {
		if (*from == '\\' && (from[1] == '\\' || from[1] == 'n' || from[1] == 't')) {
			from++;
			*to++ = *from == 'n' ? '\n' : *from == 't' ? '\t' : '\\';
		} else if (*from == '\\' && from[1] == 'x' && hex_value(from[2]) >= 0 &&
			   hex_value(from[3]) >= 0) {
			*to++ = (char)(hex_value(from[2]) << 4 | hex_value(from[3]));
			from += 3;
		} else {
			*to++ = *from;
		}
	}
	*to = '\0';
	return s;
}
