/*
 * module-symbols.c - see module-symbols.h.
 */
#include "module-symbols.h"
#include "lines-internal.h"   /* symtab_own */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *module_symbols_debug_path(const char *root, const unsigned char *build_id, size_t len)
{
	size_t size;
	char *path, *p;

	if (!build_id || len < 2)
		return NULL;
	if (!root)
		root = MODULE_SYMBOLS_DEBUG_ROOT;
	size = strlen(root) + sizeof("/.build-id/") + 2 * len + sizeof("/.debug");
	path = malloc(size);
	if (!path)
		return NULL;
	p = path + snprintf(path, size, "%s/.build-id/%02x/", root, build_id[0]);
	for (size_t i = 1; i < len; i++)
		p += snprintf(p, size - (size_t)(p - path), "%02x", build_id[i]);
	snprintf(p, size - (size_t)(p - path), ".debug");
	return path;
}

/* The debug file's table, when it is there, has a .symtab and the same
 * build-id as the library's. */
static int read_debug_file(struct symtab *dbg, const struct symtab *lib, const char *path,
			   unsigned flags)
{
	struct stat sb;
	char err[1024];

	if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode))
		return -1;
	if (symtab_read(dbg, path, flags, err, sizeof err) != 0)
		return -1;
	if (dbg->dynamic_symbols_only || dbg->build_id_len != lib->build_id_len ||
	    memcmp(dbg->build_id, lib->build_id, lib->build_id_len) != 0) {
		symtab_free(dbg);
		return -1;
	}
	return 0;
}

/* The code past syms[i]'s size, up to the next function, is a gap. */
static int has_gap(const struct sym *s)
{
	return s->size > 0 && s->addr + s->size > s->addr && s->addr + s->size <= s->end_addr;
}

static const char gap_format[] = "[%s static code after %s]";

int module_symbols_split_gaps(struct symtab *st, const char *base)
{
	size_t ngaps = 0, len = 0, k = 0;
	struct sym *syms;
	char *names, *p;

	for (size_t i = 0; i < st->nsyms; i++)
		if (has_gap(&st->syms[i])) {
			ngaps++;
			len += snprintf(NULL, 0, gap_format, base, st->syms[i].name) + 1;
		}
	if (ngaps == 0)
		return 0;
	syms = calloc(st->nsyms + ngaps, sizeof(*syms));
	names = malloc(len);
	if (!syms || !names || symtab_own(st, names) != 0) {
		free(syms);
		free(names);
		return -1;
	}
	p = names;
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *s = &st->syms[i];
		struct sym *gap;

		syms[k++] = *s;
		if (!has_gap(s))
			continue;
		syms[k - 1].end_addr = s->addr + s->size - 1;
		gap = &syms[k++];
		gap->name = p;
		p += sprintf(p, gap_format, base, s->name) + 1;
		gap->addr = s->addr + s->size;
		gap->end_addr = s->end_addr;
		gap->is_static = 1;
		gap->is_func = 1;
		gap->elf_order = s->elf_order;
	}
	for (size_t i = 0; i < k; i++) {
		syms[i].index = i;
		syms[i].owner = &syms[i];   /* .dynsym: no regions */
	}
	free(st->syms);
	st->syms = syms;
	st->nsyms = k;
	return 0;
}

const char *module_symbols_debug_root(void)
{
	const char *root = getenv(MODULE_SYMBOLS_DEBUG_ROOT_ENV);

	return root && *root ? root : NULL;
}

int module_symbols_read(struct symtab *st, const char *path, const char *debug_root,
			unsigned flags, enum module_symbols_source *source, char **debug_file,
			char *err, size_t errlen)
{
	struct symtab dbg;
	char *dpath;
	int rc;

	*debug_file = NULL;
	*source = MODULE_SYMBOLS_SYMTAB;
	if ((rc = symtab_read(st, path, flags, err, errlen)) != 0)
		return rc;
	if (!st->dynamic_symbols_only)
		return 0;
	*source = MODULE_SYMBOLS_DYNSYM;
	dpath = module_symbols_debug_path(debug_root, st->build_id, st->build_id_len);
	if (!dpath)
		return 0;
	if (read_debug_file(&dbg, st, dpath, flags) != 0) {
		free(dpath);
		return 0;
	}
	symtab_free(st);
	*st = dbg;
	*source = MODULE_SYMBOLS_DEBUG;
	*debug_file = dpath;
	return 0;
}
