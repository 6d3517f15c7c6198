/*
 * function-map.c - GNU gprof's function-to-file map for -R (see
 * function-map.h).
 */
#include "function-map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

/* GNU reads fields of at most BUFSIZE - 1 characters (corefile.c). */
#define FIELD_MAX 1023

static int parse_error(const char *path, char *err, size_t errlen)
{
	snprintf(err, errlen, "unable to parse mapping file %s.", path);
	return -1;
}

static int cmp_function(const void *a, const void *b)
{
	const struct function_map_entry *l = a, *r = b;
	int c = strcmp(l->function_name, r->function_name);

	/* glibc's qsort is a merge sort: equal names keep their order */
	return c ? c : (l->order > r->order) - (l->order < r->order);
}

static int add(struct function_map *m, size_t *cap, char *file, char *function)
{
	if (m->n == *cap) {
		size_t c = *cap ? 2 * *cap : 64;
		struct function_map_entry *grown = realloc(m->entries, c * sizeof(*grown));

		if (!grown)
			return -1;
		m->entries = grown;
		*cap = c;
	}
	m->entries[m->n] = (struct function_map_entry){ function, file, 0, m->n };
	m->n++;
	return 0;
}

/*
 * GNU's read_function_mappings, which scans each line with
 * fscanf("%1023[^\n:]") for the file name and "%1023[^\n]\n" for the rest;
 * the function is the rest's last word.  A line "No symbols in ..." is
 * passed over.  Text is modified in place (NULs end the fields).
 */
static int parse(struct function_map *m, char *text, size_t len, const char *path, char *err,
		 size_t errlen)
{
	char *p = text, *end = text + len;
	size_t cap = 0;

	while (p < end) {
		char *file = p, *rest, *space;
		size_t n = 0;

		while (p < end && *p != '\n' && *p != ':' && n < FIELD_MAX) {
			p++;
			n++;
		}
		if (n == 0)
			return parse_error(path, err, errlen);
		if (n >= 14 && strncmp(file, "No symbols in ", 14) == 0) {
			while (p < end && *p != '\n')
				p++;
			while (p < end && (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r'))
				p++;
			continue;
		}
		if (p == end || *p != ':')
			return parse_error(path, err, errlen);  /* no rest of line */
		rest = p;
		n = 0;
		while (p < end && *p != '\n' && n < FIELD_MAX) {
			p++;
			n++;
		}
		if (n == 0)
			return parse_error(path, err, errlen);
		/* the field ends here: cut it, then skip the white space after */
		{
			char *field_end = p;

			while (p < end && (*p == '\n' || *p == ' ' || *p == '\t' || *p == '\r'))
				p++;
			*field_end = '\0';
		}
		file[rest - file] = '\0';
		/* rest starts with the ':' the file name stopped at */
		space = strrchr(rest + 1, ' ');
		if (!space)
			return parse_error(path, err, errlen);  /* GNU crashes */
		if (add(m, &cap, file, space + 1) != 0) {
			snprintf(err, errlen, "%s: out of memory", path);
			return -1;
		}
	}
	return 0;
}

int function_map_read(struct function_map *m, const char *path, char *err, size_t errlen)
{
	size_t len;

	memset(m, 0, sizeof(*m));
	m->text = read_whole_file(path, "a mapping file", &len, err, errlen);
	if (!m->text)
		return -1;
	if (parse(m, m->text, len, path, err, errlen) != 0) {
		function_map_free(m);
		return -1;
	}
	/* the first function of each run of one file, in the file's order */
	for (size_t i = 0; i < m->n; i++)
		m->entries[i].is_first =
			i == 0 || strcmp(m->entries[i].file_name, m->entries[i - 1].file_name) != 0;
	if (m->n > 1)
		qsort(m->entries, m->n, sizeof(*m->entries), cmp_function);
	return 0;
}

const struct function_map_entry *function_map_find(const struct function_map *m,
						   const char *name)
{
	size_t lo = 0, hi = m->n;

	/* glibc's bsearch: the first probe that matches wins */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(name, m->entries[mid].function_name);

		if (c < 0)
			hi = mid;
		else if (c > 0)
			lo = mid + 1;
		else
			return &m->entries[mid];
	}
	return NULL;
}

void function_map_free(struct function_map *m)
{
	free(m->entries);
	free(m->text);
	memset(m, 0, sizeof(*m));
}
