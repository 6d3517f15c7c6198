/*
 * companion-text.c - see companion-text.h.
 */
#include "companion-text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int companion_parse_u64(const char *s, int base, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, base);
	return errno || *end ? -1 : 0;
}

int companion_parse_module(char *fields, uint64_t expected, const char **build_id,
			   const char **path, const char **why)
{
	char *id = strchr(fields, '\t'), *rest = id ? strchr(id + 1, '\t') : NULL;
	uint64_t i;

	if (!rest) {
		*why = "not a module line (module, index, build-id, path)";
		return -1;
	}
	*id++ = '\0';
	*rest++ = '\0';
	if (companion_parse_u64(fields, 10, &i) != 0 || i != expected) {
		*why = "module indexes must count up from 0";
		return -1;
	}
	if (!*rest || !*id || (strcmp(id, "-") != 0 &&
			       strspn(id, "0123456789abcdef") != strlen(id))) {
		*why = "a module needs a path and a build-id in hex or \"-\"";
		return -1;
	}
	*build_id = strcmp(id, "-") == 0 ? NULL : id;
	*path = rest;
	return 0;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int companion_scan_frame(const char **text, char end, uint64_t nmodules, uint64_t *module,
			 uint64_t *addr)
{
	const char *c = *text;
	uint64_t m = 0, a = 0;
	int digits = 0, d;

	if (*c == '-') {
		m = COMPANION_NO_MODULE;
		c++;
	} else {
		for (; *c >= '0' && *c <= '9' && digits < 10; c++, digits++)
			m = m * 10 + (uint64_t)(*c - '0');
		if (digits == 0 || m >= nmodules)
			return -1;
	}
	if (*c++ != ':')
		return -1;
	for (digits = 0; (d = hex_digit(*c)) >= 0; c++, digits++) {
		if (digits == 16)
			return -1;
		a = a << 4 | (uint64_t)d;
	}
	if (digits == 0 || (*c != end && *c != '\0'))
		return -1;
	*module = m;
	*addr = a;
	*text = *c == end && end != '\0' ? c + 1 : c;
	return 0;
}
