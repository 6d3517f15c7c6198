/*
 * modules-table.c - see modules-table.h.
 */
#include "config.h"

#include "modules-table.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gmon-calls.h"
#include "gmon-modules.h"

#include "companions.h"
#include "companion-file.h"
#include "gmon-read.h"
#include "module-list.h"
#include "options.h"

void modules_warn(const char *fmt, ...)
{
	va_list ap;

	if (options_quiet)
		return;
	fputs(PROGRAM ": warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

char *modules_xstrdup(const char *s)
{
	char *d = s ? strdup(s) : NULL;

	if (s && !d)
		die("out of memory");
	return d;
}

char *modules_xprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (!s)
		die("out of memory");
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* A module looked for: its path and build-id (or NULL). */
struct module_key {
	const struct modules *ms;
	const char *base, *path, *build_id;
};

/* The same module: its base name, and its path or its build-id (two
 * plug-ins a/libplug.so and b/libplug.so are two modules, issue 31 item 3;
 * one library loaded from two directories, or rebuilt in place, is one). */
static int same_module(const void *ctx, size_t item)
{
	const struct module_key *k = ctx;
	const struct module *m = &k->ms->m[item];

	return strcmp(m->base, k->base) == 0 &&
	       (strcmp(m->path, k->path) == 0 ||
		(m->build_id && k->build_id && strcmp(m->build_id, k->build_id) == 0));
}

/* The module of that base name and path or build-id, or NULL. */
static struct module *module_find(struct modules *ms, const char *path, const char *build_id)
{
	struct module_key key = { ms, base_of(path), path, build_id };
	size_t have;

	if (ms->index.n != ms->n) {
		name_index_free(&ms->index);
		for (size_t i = 0; i < ms->n; i++)
			if (name_index_add(&ms->index, name_hash(ms->m[i].base, NULL), i) != 0)
				die("out of memory");
	}
	have = name_index_find(&ms->index, name_hash(key.base, NULL), same_module, &key);
	return have == SIZE_MAX ? NULL : &ms->m[have];
}

/* The module of that path and build-id (added if new). */
struct module *module_get(struct modules *ms, const char *path, const char *build_id)
{
	const char *base = base_of(path);
	struct module *m = module_find(ms, path, build_id);

	if (m)
		return m;
	if (name_index_add(&ms->index, name_hash(base, NULL), ms->n) != 0)
		die("out of memory");
	if (ms->n == ms->cap) {
		ms->cap = ms->cap ? 2 * ms->cap : 16;
		ms->m = realloc(ms->m, ms->cap * sizeof(*ms->m));
		if (!ms->m)
			die("out of memory");
	}
	m = &ms->m[ms->n++];
	memset(m, 0, sizeof(*m));
	m->base = modules_xstrdup(base);
	m->path = modules_xstrdup(path);
	m->build_id = modules_xstrdup(build_id);
	profile_init(&m->prof);
	m->arc_below = m->arc_above = UINT64_MAX;
	return m;
}

static char *beside(const char *profile, const char *name)
{
	const char *slash = strrchr(profile, '/');

	return modules_xprintf("%.*s%s", slash ? (int)(slash - profile) + 1 : 0, profile, name);
}

/* profile's companion of that kind (companions.h). */
static char *companion(const char *profile, const char *kind)
{
	char *path = companion_input_path(profile, kind);

	if (!path)
		die("out of memory");
	return path;
}

/*
 * Adds the samples of list's lines whose module is known (*added[k] set),
 * or none and -1 with a warning when they would add up past 2^64 - 1: the
 * list is then left out.  (A module new with the list cannot overflow: a
 * list's samples add up to at most 2^64 - 1, module-list.h.)
 */
static int add_known_samples(struct modules *ms, const struct module_list *list,
			     const char *path, char **added)
{
	*added = calloc(list->n ? list->n : 1, 1);
	if (!*added)
		die("out of memory");
	for (size_t k = 0; k < list->n; k++) {
		const struct module_entry *e = &list->entries[k];
		struct module *m = module_find(ms, e->path, e->build_id);

		if (!m)
			continue;
		if (m->list_samples > UINT64_MAX - e->samples) {
			modules_warn("%s: too many samples to add: those of %s would add up past 2^64 - 1 "
			     "with the earlier lists' (the list is left out)", path, e->base);
			for (size_t j = 0; j < k; j++)
				if ((*added)[j])
					module_find(ms, list->entries[j].path,
						    list->entries[j].build_id)->list_samples -=
						list->entries[j].samples;
			free(*added);
			*added = NULL;
			return -1;
		}
		m->list_samples += e->samples;
		(*added)[k] = 1;
	}
	return 0;
}

/* The list beside profile: its modules, their samples and profiles. */
static void read_list(struct modules *ms, const char *profile)
{
	char *path = companion(profile, GMON_MODULE_LIST_NAME);
	struct module_list list;
	char err[1024], *added;

	if (!companion_input_exists(path)) {
		free(path);
		return;
	}
	if (module_list_read(path, &list, err, sizeof err) != 0) {
		modules_warn("%s", err);
		ms->status = 1;
		free(path);
		return;
	}
	if (add_known_samples(ms, &list, path, &added) != 0) {
		ms->status = 1;
		module_list_free(&list);
		free(path);
		return;
	}
	for (size_t k = 0; k < list.n; k++) {
		const struct module_entry *e = &list.entries[k];
		struct module *m = module_get(ms, e->path, e->build_id);

		if (e->build_id && m->build_id && strcmp(e->build_id, m->build_id) != 0)
			modules_warn("%s: %s has build-id %s here, %s in an earlier list: its samples are "
			     "added all the same", path, e->base, e->build_id, m->build_id);
		if (!added[k])   /* a module new with this list: its total fits */
			m->list_samples += e->samples;
		if (e->soname && !m->soname)
			m->soname = modules_xstrdup(e->soname);
		if (e->file) {
			/* beside the list: a file, or a section of its companion */
			char *file = beside(path, e->file);

			m->chosen = 1;
			if (!m->bad_profile &&
			    profile_add_file(&m->prof, file, err, sizeof err) != 0) {
				modules_warn("%s (the module's samples are its list's)", err);
				m->bad_profile = 1;
				ms->status = 1;
			}
			free(file);
		}
	}
	module_list_free(&list);
	free(added);
	free(path);
}

static void read_calls(struct module_calls *mc, const char *profile, const char *name,
		       int *status)
{
	char *path = companion(profile, name);
	char err[1024];

	if (module_calls_add_file(mc, path, err, sizeof err) < 0) {
		modules_warn("%s (its calls are left out)", err);
		*status = 1;
	}
	free(path);
}

void modules_read_companions(struct modules *ms, const char *profile)
{
	read_list(ms, profile);
	read_calls(&ms->calls, profile, GMON_CALLS_NAME, &ms->status);
	read_calls(&ms->plt, profile, GMON_PLT_CALLS_NAME, &ms->status);
}

void modules_free(struct modules *ms)
{
	for (size_t i = 0; i < ms->n; i++) {
		struct module *m = &ms->m[i];

		free(m->base);
		free(m->path);
		free(m->build_id);
		free(m->soname);
		profile_free(&m->prof);
		if (m->st == &m->own)
			symtab_free(&m->own);
		free(m->debug_file);
		free(m->why);
	}
	free(ms->m);
	name_index_free(&ms->index);
	module_calls_free(&ms->calls);
	module_calls_free(&ms->plt);
}
