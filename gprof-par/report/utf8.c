/* utf8.c - see utf8.h. */
#include "utf8.h"

size_t utf8_decode(const unsigned char *s, uint32_t *cp)
{
	uint32_t v, min;
	size_t n;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2, v = s[0] & 0x1f, min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3, v = s[0] & 0x0f, min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4, v = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)        /* the terminating NUL too */
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return n;
}

void utf8_write_escaped(FILE *out, const char *s, const char *invalid,
			const char *(*escape)(unsigned char c, char buf[8]))
{
	const unsigned char *c = (const unsigned char *)s;

	while (*c) {
		uint32_t cp;
		size_t n = utf8_decode(c, &cp);
		char buf[8];
		const char *e;

		if (n == 0) {
			fputs(invalid, out);
			n = 1;
		} else if (n > 1) {
			fwrite(c, 1, n, out);
		} else if ((e = escape(*c, buf)) != NULL) {
			fputs(e, out);
		} else {
			fputc(*c, out);
		}
		c += n;
	}
}
