/*
 * companion-text.c - see companion-text.h.
 */
#include "companion-text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "files.h"
#include "grow.h"
#include "text-escape.h"

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
	*path = text_unescape(rest);      /* written escaped: text-escape.h */
	return 0;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

int companion_same_module(const struct companion_module *m, const char *path,
			  const char *build_id)
{
	if (strcmp(m->base, base_of(path)) != 0)
		return 0;
	if (!m->build_id || !build_id)
		return !m->build_id && !build_id;
	return strcmp(m->build_id, build_id) == 0;
}

struct module_key {
	const struct companion_module *modules;
	const char *path, *build_id;
};

static int same_key(const void *ctx, size_t item)
{
	const struct module_key *k = ctx;

	return companion_same_module(&k->modules[item], k->path, k->build_id);
}

/* ix holding modules[0 .. n), rebuilt if it holds another number.  -1: no
 * memory (ix is then empty). */
static int index_modules(struct name_index *ix, const struct companion_module *modules,
			 size_t n)
{
	if (ix->n == n)
		return 0;
	name_index_free(ix);
	for (size_t i = 0; i < n; i++)
		if (name_index_add(ix, name_hash(modules[i].base, modules[i].build_id), i) != 0) {
			name_index_free(ix);
			return -1;
		}
	return 0;
}

int64_t companion_module_find(const struct companion_module *modules, size_t n,
			      struct name_index *ix, const char *path, const char *build_id)
{
	struct module_key key = { modules, path, build_id };
	size_t i;

	if (index_modules(ix, modules, n) != 0) {
		for (i = 0; i < n; i++)
			if (companion_same_module(&modules[i], path, build_id))
				return (int64_t)i;
		return -1;
	}
	i = name_index_find(ix, name_hash(base_of(path), build_id), same_key, &key);
	return i == SIZE_MAX ? -1 : (int64_t)i;
}

int64_t companion_module_index(struct companion_module **modules, size_t *n, size_t *cap,
			       struct name_index *ix, const char *path, const char *build_id)
{
	struct companion_module *grown, *m;
	int64_t have = companion_module_find(*modules, *n, ix, path, build_id);

	if (have >= 0)
		return have;
	if (ix->n != *n)
		return -1;   /* no memory for the index */
	grown = grow_array(*modules, cap, *n + 1, sizeof *grown, 8);
	if (!grown)
		return -1;
	*modules = grown;
	m = &grown[*n];
	m->path = strdup(path);
	m->build_id = build_id ? strdup(build_id) : NULL;
	if (!m->path || (build_id && !m->build_id)) {
		free(m->path);
		free(m->build_id);
		return -1;
	}
	m->base = base_of(m->path);
	if (name_index_add(ix, name_hash(m->base, m->build_id), *n) != 0) {
		free(m->path);
		free(m->build_id);
		return -1;
	}
	return (int64_t)(*n)++;
}

void companion_modules_free(struct companion_module *modules, size_t n)
{
	for (size_t m = 0; m < n; m++) {
		free(modules[m].build_id);
		free(modules[m].path);
	}
	free(modules);
}

static const struct companion_module *sorting;   /* qsort has no context argument */

static int cmp_modules(const void *a, const void *b)
{
	const struct companion_module *l = &sorting[*(const uint32_t *)a];
	const struct companion_module *r = &sorting[*(const uint32_t *)b];
	int c = strcmp(l->base, r->base);

	if (c == 0)
		c = strcmp(l->build_id ? l->build_id : "", r->build_id ? r->build_id : "");
	return c ? c : strcmp(l->path, r->path);
}

void companion_modules_order(const struct companion_module *modules, size_t n,
			     uint32_t *by_name, uint32_t *rank)
{
	for (uint32_t m = 0; m < n; m++)
		by_name[m] = m;
	sorting = modules;
	if (n > 1)   /* the executable stays first */
		qsort(by_name + 1, n - 1, sizeof *by_name, cmp_modules);
	for (uint32_t m = 0; m < n; m++)
		rank[by_name[m]] = m;
}

int companion_order_init(struct companion_order *o, const struct companion_module *modules,
			 size_t nmodules, size_t nitems)
{
	o->by_name = malloc((nmodules ? nmodules : 1) * sizeof *o->by_name);
	o->rank = malloc((nmodules ? nmodules : 1) * sizeof *o->rank);
	o->items = malloc((nitems ? nitems : 1) * sizeof *o->items);
	if (!o->by_name || !o->rank || !o->items) {
		companion_order_free(o);
		errno = ENOMEM;
		return -1;
	}
	companion_modules_order(modules, nmodules, o->by_name, o->rank);
	for (size_t i = 0; i < nitems; i++)
		o->items[i] = i;
	return 0;
}

void companion_order_free(struct companion_order *o)
{
	free(o->by_name);
	free(o->rank);
	free(o->items);
	*o = (struct companion_order){ NULL, NULL, NULL };
}

void companion_print_modules(FILE *out, const struct companion_module *modules, size_t n,
			     const uint32_t *by_name)
{
	for (uint32_t m = 0; m < n; m++) {
		const struct companion_module *mod = &modules[by_name[m]];

		fprintf(out, "module\t%u\t%s\t", m, mod->build_id ? mod->build_id : "-");
		companion_put_name(out, mod->path);
		fputc('\n', out);
	}
}

void companion_put_name(FILE *out, const char *name)
{
	char one[2] = {0}, escaped[8];

	for (; *name; name++) {
		one[0] = *name;
		text_escape(escaped, sizeof escaped, one);
		fputs(escaped, out);
	}
}
