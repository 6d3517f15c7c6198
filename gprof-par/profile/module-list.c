/*
 * module-list.c - see module-list.h.
 */
#include "module-list.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "companion-file.h"
#include "errors.h"
#include "files.h"
#include "gmon-modules.h"
#include "text-escape.h"

static int number(const char *s, int base, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, base);
	return errno || *end ? -1 : 0;
}

static char *dup_or_null(const char *s)
{
	return strcmp(s, "-") == 0 ? NULL : strdup(s);
}

/* One data line (tab-separated fields, NUL-terminated), into e: version
 * 2's eight (with the soname) or version 1's seven. */
static int parse_line(char *line, int version, struct module_entry *e)
{
	const int nfields = version == 1 ? 7 : 8;
	char *field[8];
	char *slash;
	int n = 0;

	/* cleared first: the caller counts the entry, and frees its pointers,
	 * whatever this returns */
	memset(e, 0, sizeof *e);
	for (char *p = line; p; n++) {
		if (n == nfields)
			return -1;     /* a field more than its version has */
		field[n] = p;
		p = strchr(p, '\t');
		if (p)
			*p++ = '\0';
	}
	if (n != nfields)
		return -1;
	if (number(field[1], 10, &e->samples) != 0 || number(field[3], 16, &e->low) != 0 ||
	    number(field[4], 16, &e->high) != 0 || number(field[5], 16, &e->load) != 0)
		return -1;
	/* the names are written escaped (text-escape.h): a path may hold a
	 * newline or a tab */
	for (int k = 0; k < nfields; k++)
		text_unescape(field[k]);
	e->path = strdup(field[nfields - 1]);
	if (!e->path)
		return -1;
	slash = strrchr(e->path, '/');
	e->base = slash ? slash + 1 : e->path;
	/* a profile beside the list: a name, never a path (a list in a shared
	 * directory must not make gprof-par read elsewhere) */
	if (strchr(field[0], '/') || strcmp(field[0], ".") == 0 || strcmp(field[0], "..") == 0)
		return -1;
	if (strcmp(field[0], "-") != 0 && !(e->file = strdup(field[0])))
		return -1;
	if (strcmp(field[2], "-") != 0 && !(e->build_id = dup_or_null(field[2])))
		return -1;
	if (nfields == 8 && strcmp(field[6], "-") != 0 && !(e->soname = strdup(field[6])))
		return -1;
	return 0;
}

int module_list_read(const char *path, struct module_list *l, char *err, size_t errlen)
{
	FILE *f = companion_fopen(path, "a list of modules", NULL, err, errlen);
	char *line = NULL;
	size_t cap = 0, lineno = 0, have = 0;
	uint64_t total = 0;
	ssize_t len;
	char current[64], older[64];
	int version = 0;

	memset(l, 0, sizeof *l);
	if (!f)
		return -1;
	snprintf(current, sizeof current, "%s %d", GMON_MODULE_LIST_MAGIC,
		 GMON_MODULE_LIST_VERSION);
	snprintf(older, sizeof older, "%s 1", GMON_MODULE_LIST_MAGIC);
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (lineno == 1) {
			version = strcmp(line, current) == 0 ? GMON_MODULE_LIST_VERSION
				  : strcmp(line, older) == 0 ? 1 : 0;
			if (version == 0) {
				set_error(err, errlen, "%s:1: not a list of modules of version 1 or %d "
					  "(\"%s\" expected)", path, GMON_MODULE_LIST_VERSION,
					  current);
				goto fail;
			}
			continue;
		}
		if (line[0] == '#' || line[0] == '\0')
			continue;
		if (l->n == have) {
			size_t c = have ? 2 * have : 16;
			struct module_entry *grown = realloc(l->entries, c * sizeof(*grown));

			if (!grown) {
				set_error(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			l->entries = grown;
			have = c;
		}
		if (parse_line(line, version, &l->entries[l->n]) != 0) {
			l->n++;   /* freed with the others */
			set_error(err, errlen, "%s:%zu: not a module line (%d fields: file, a name "
				  "beside the list; samples, build-id, low, high, load, %spath)", path,
				  lineno, version == 1 ? 7 : 8, version == 1 ? "" : "soname, ");
			goto fail;
		}
		l->n++;
		if (l->entries[l->n - 1].samples > UINT64_MAX - total) {
			set_error(err, errlen, "%s:%zu: too many samples: the list's add up past "
				  "2^64 - 1", path, lineno);
			goto fail;
		}
		total += l->entries[l->n - 1].samples;
	}
	if (lineno == 0) {
		set_error(err, errlen, "%s: empty, not a list of modules", path);
		goto fail;
	}
	free(line);
	fclose(f);
	return 0;
fail:
	free(line);
	fclose(f);
	module_list_free(l);
	return -1;
}

void module_list_free(struct module_list *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->entries[i].file);
		free(l->entries[i].build_id);
		free(l->entries[i].path);
		free(l->entries[i].soname);
	}
	free(l->entries);
	memset(l, 0, sizeof *l);
}
