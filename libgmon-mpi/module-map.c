/* module-map.c - see module-map.h. */
#define _GNU_SOURCE
#include "module-map.h"

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "image.h"

struct reading {
	struct module_map *map;
	int err;
};

/* The executable's file as loaded (dl_iterate_phdr names it ""). */
static char *executable_path(void)
{
	char buf[4096];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);

	if (n <= 0)
		return strdup(program_invocation_name);
	buf[n] = '\0';
	return strdup(buf);
}

int module_map_add(struct module_map *map, const struct dl_phdr_info *dl)
{
	struct module *mod;
	const unsigned char *id = NULL;

	if (map->n == map->cap) {
		size_t cap = map->cap ? 2 * map->cap : 32;
		struct module *m = realloc(map->m, cap * sizeof *m);

		if (!m)
			return ENOMEM;
		map->m = m;
		map->cap = cap;
	}
	mod = &map->m[map->n];
	*mod = (struct module){ .low = UINTPTR_MAX, .bias = dl->dlpi_addr, .index = -1 };
	for (int i = 0; i < dl->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &dl->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD)
			continue;
		if (dl->dlpi_addr + ph->p_vaddr < mod->low)
			mod->low = dl->dlpi_addr + ph->p_vaddr;
		if (dl->dlpi_addr + ph->p_vaddr + ph->p_memsz > mod->high)
			mod->high = dl->dlpi_addr + ph->p_vaddr + ph->p_memsz;
	}
	if (map->n == 0) {
		/* the executable (its bias is the profile's, image.c's): its
		 * file, index 0 always */
		mod->path = executable_path();
		mod->index = 0;
	} else
		mod->path = strdup(dl->dlpi_name);
	if (!mod->path)
		return ENOMEM;
	image_build_id_hex(id, image_build_id(dl, &id), mod->build_id, sizeof mod->build_id);
	map->n++;
	return 0;
}

static int add_module(struct dl_phdr_info *dl, size_t size, void *ctx)
{
	struct reading *r = ctx;

	(void)size;
	r->err = module_map_add(r->map, dl);
	return r->err != 0;
}

int module_map_read(struct module_map *map)
{
	struct reading r = { map, 0 };

	*map = (struct module_map){0};
	dl_iterate_phdr(add_module, &r);
	if (r.err == 0 && map->n == 0)
		r.err = ENOENT;         /* no executable: cannot happen in a running program */
	if (r.err != 0)
		module_map_free(map);
	return r.err;
}

void module_map_free(struct module_map *map)
{
	for (size_t i = 0; i < map->n; i++)
		free(map->m[i].path);
	free(map->m);
	*map = (struct module_map){0};
}

struct module *module_map_find(const struct module_map *map, uintptr_t frame, int is_return)
{
	uintptr_t at = is_return ? frame - 1 : frame;

	for (size_t i = 0; i < map->n; i++)
		if (at >= map->m[i].low && at < map->m[i].high)
			return &map->m[i];
	return NULL;
}

void module_map_mark(struct module_map *map, uintptr_t frame, int is_return)
{
	struct module *m = module_map_find(map, frame, is_return);

	if (m && m->index < 0)
		m->index = 0;           /* marked: numbered by module_map_number */
}

unsigned module_map_number(struct module_map *map)
{
	unsigned next = 1;

	for (size_t i = 1; i < map->n; i++)
		if (map->m[i].index >= 0)
			map->m[i].index = (int)next++;
	return next;
}

void module_map_print_modules(struct text_out *o, const struct module_map *map)
{
	for (size_t i = 0; i < map->n; i++) {
		const struct module *m = &map->m[i];

		if (m->index >= 0)
			text_out_printf(o, "module\t%d\t%s\t%s\n", m->index, m->build_id, m->path);
	}
}

void module_map_print_frame(struct text_out *o, const struct module_map *map, uintptr_t frame,
			    int is_return, const char *end)
{
	const struct module *m = module_map_find(map, frame, is_return);

	if (m && m->index >= 0)
		text_out_printf(o, "%d:%lx%s", m->index, (unsigned long)(frame - m->bias), end);
	else
		text_out_printf(o, "-:%lx%s", (unsigned long)frame, end);
}
