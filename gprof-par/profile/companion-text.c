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
