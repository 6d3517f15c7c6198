/* section-lines.c - see section-lines.h. */
#include "section-lines.h"

#include <string.h>

#include "errors.h"

void section_cursor_init(struct section_cursor *c, const char *text, size_t len)
{
	c->p = text;
	c->end = text + len;
	c->line[0] = '\0';
	c->lineno = 0;
	c->ended = 0;
}

int section_next_line(struct section_cursor *c)
{
	const char *nl;
	size_t n;

	if (c->p >= c->end) {
		c->ended = 1;
		return 0;
	}
	nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
	n = (size_t)((nl ? nl : c->end) - c->p);
	c->lineno++;
	if (n >= sizeof c->line)
		return -1;
	memcpy(c->line, c->p, n);
	c->line[n] = '\0';
	c->p = nl ? nl + 1 : c->end;
	return 1;
}

int section_field_u128(const char **s, unsigned __int128 *v)
{
	const char *p = *s;

	*v = 0;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned __int128 next = *v * 10 + (unsigned)(*p - '0');

		if (next / 10 != *v)
			return -1;
		*v = next;
	}
	if (*p != '\t' && *p != '\0')
		return -1;
	*s = *p ? p + 1 : p;
	return 0;
}

int section_field_u64(const char **s, uint64_t *v)
{
	unsigned __int128 w;

	if (section_field_u128(s, &w) != 0 || w > UINT64_MAX)
		return -1;
	*v = (uint64_t)w;
	return 0;
}

int section_field_rank(const char **s, int64_t *v)
{
	uint64_t u;

	if (section_field_u64(s, &u) != 0 || u > INT64_MAX)
		return -1;
	*v = (int64_t)u;
	return 0;
}

const char *section_after(const char *line, const char *keyword)
{
	size_t n = strlen(keyword);

	return strncmp(line, keyword, n) == 0 && line[n] == '\t' ? line + n + 1 : NULL;
}

int section_bad(const struct section_cursor *c, const char *name, const char *what, char *err,
		size_t errlen)
{
	if (c->ended)
		set_error(err, errlen, "%s: cut after line %zu: %s", name, c->lineno, what);
	else
		set_error(err, errlen, "%s: line %zu: %s", name, c->lineno, what);
	return -1;
}
