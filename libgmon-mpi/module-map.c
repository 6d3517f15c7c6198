/* module-map.c - see module-map.h. */
#define _GNU_SOURCE
#include "module-map.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "image.h"
#include "unloaded.h"

struct reading {
	struct module_map *map;
	int err;
};

int module_map_grow(void *items, size_t *cap, size_t n, size_t need, size_t size)
{
	void **p = items, *grown;
	size_t count = *cap ? *cap : 32;

	if (need <= *cap)
		return 0;
	while (count < need)
		count *= 2;
	grown = mmap(NULL, count * size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		     -1, 0);
	if (grown == MAP_FAILED)
		return ENOMEM;
	if (*p) {
		memcpy(grown, *p, n * size);
		munmap(*p, *cap * size);
	}
	*p = grown;
	*cap = count;
	return 0;
}

void module_map_unmap(void *items, size_t cap, size_t size)
{
	if (items)
		munmap(items, cap * size);
}

/* The executable's file as loaded (dl_iterate_phdr names it ""). */
static void executable_path(char *buf, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", buf, size - 1);

	if (n > 0) {
		buf[n] = '\0';
		return;
	}
	strncpy(buf, program_invocation_name, size - 1);
	buf[size - 1] = '\0';
}

/* Adds the module dl describes, whose build-id is id's n bytes and
 * soname soname (NULL: none); its program headers are copied (those the
 * writers read). */
static int add_module_with_id(struct module_map *map, const struct dl_phdr_info *dl,
			      const unsigned char *id, size_t n, const char *soname)
{
	struct module *mod;

	if (module_map_grow(&map->m, &map->cap, map->n, map->n + 1, sizeof *map->m) != 0)
		return ENOMEM;
	mod = &map->m[map->n];
	*mod = (struct module){ .low = UINTPTR_MAX, .bias = dl->dlpi_addr, .index = -1,
				.closed = MODULE_MAP_ANY_TIME };
	for (int i = 0; i < dl->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &dl->dlpi_phdr[i];

		if ((ph->p_type == PT_LOAD || ph->p_type == PT_NOTE || ph->p_type == PT_DYNAMIC) &&
		    mod->phnum < MODULE_MAX_PHDRS)
			mod->phdr[mod->phnum++] = *ph;
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
		executable_path(mod->path, sizeof mod->path);
		mod->index = 0;
	} else {
		image_absolute_path(dl, mod->path, sizeof mod->path);
	}
	if (soname && strlen(soname) < sizeof mod->soname)
		strcpy(mod->soname, soname);
	mod->id_len = n < sizeof mod->id ? n : sizeof mod->id;
	if (mod->id_len > 0)
		memcpy(mod->id, id, mod->id_len);
	image_build_id_hex(id, n, mod->build_id, sizeof mod->build_id);
	map->n++;
	return 0;
}

int module_map_add(struct module_map *map, const struct dl_phdr_info *dl)
{
	const unsigned char *id = NULL;
	size_t n = image_build_id(dl, &id);

	return add_module_with_id(map, dl, id, n, image_soname(dl));
}

/* Adds unloaded record i (unloaded.h) at its address number load: its
 * program headers are a copy, and nothing is read from its memory. */
static int add_unloaded(struct module_map *map, size_t i, unsigned load)
{
	const struct unloaded_module *u = unloaded_get(i);
	struct dl_phdr_info dl;

	unloaded_phdr_info(u, load, &dl);
	if (add_module_with_id(map, &dl, u->build_id, u->build_id_len,
			       u->soname[0] ? u->soname : NULL) != 0)
		return ENOMEM;
	map->m[map->n - 1].unloaded = 1;
	map->m[map->n - 1].closed = __atomic_load_n(&u->closed[load], __ATOMIC_ACQUIRE);
	return 0;
}

int module_map_add_unloaded(struct module_map *map)
{
	size_t n = unloaded_count();

	for (size_t i = 0; i < n; i++)
		for (unsigned k = 0, loads = unloaded_loads(unloaded_get(i)); k < loads; k++)
			if (add_unloaded(map, i, k) != 0)
				return ENOMEM;
	return 0;
}

/* A string at from of fewer than size bytes, through image_copy_mapped.
 * Returns 0 if it could not be read whole. */
static int copy_mapped_string(char *to, uintptr_t from, size_t size)
{
	for (size_t k = 0; k < size;) {
		size_t chunk = 4096 - (from + k) % 4096;      /* to the page's end */

		if (chunk > size - k)
			chunk = size - k;
		if (!image_copy_mapped(to + k, from + k, chunk))
			return 0;
		if (memchr(to + k, '\0', chunk))
			return 1;
		k += chunk;
	}
	return 0;
}

/* Adds the module _dl_find_object found for pc (found), reading its
 * link map and memory through image_copy_mapped, if it is still the module
 * there after. */
static int add_found(struct module_map *map, uintptr_t pc, const struct dl_find_object *found)
{
	struct link_map lm;
	ElfW(Ehdr) eh;
	ElfW(Phdr) ph[MODULE_MAX_PHDRS];
	struct dl_phdr_info dl = { .dlpi_phdr = ph };
	struct dl_find_object again;
	unsigned char id[64];
	char soname[256], *path;
	size_t id_len;
	int has_soname, err;

	if (!image_copy_mapped(&lm, (uintptr_t)found->dlfo_link_map, sizeof lm) ||
	    !image_copy_mapped(&eh, (uintptr_t)found->dlfo_map_start, sizeof eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_phentsize != sizeof(ElfW(Phdr)))
		return 0;
	for (unsigned i = 0; i < eh.e_phnum && dl.dlpi_phnum < MODULE_MAX_PHDRS; i++) {
		ElfW(Phdr) *p = &ph[dl.dlpi_phnum];

		if (!image_copy_mapped(p, (uintptr_t)found->dlfo_map_start + eh.e_phoff + i * sizeof *p,
				 sizeof *p))
			return 0;
		if (p->p_type == PT_LOAD || p->p_type == PT_NOTE || p->p_type == PT_DYNAMIC)
			dl.dlpi_phnum++;
	}
	dl.dlpi_addr = lm.l_addr;
	id_len = image_build_id_copy(&dl, image_copy_mapped, id, sizeof id);
	has_soname = image_soname_copy(&dl, image_copy_mapped, soname, sizeof soname);
	/* the path in the entry after the new one, a scratch (PATH_MAX is
	 * much for a signal handler's stack) */
	if (module_map_grow(&map->m, &map->cap, map->n, map->n + 2, sizeof *map->m) != 0)
		return ENOMEM;
	path = map->m[map->n + 1].path;
	if (!lm.l_name || !copy_mapped_string(path, (uintptr_t)lm.l_name, sizeof map->m->path))
		return 0;
	/* still the same module there: nothing read was another's */
	if (_dl_find_object((void *)pc, &again) != 0 ||
	    again.dlfo_link_map != found->dlfo_link_map ||
	    again.dlfo_map_start != found->dlfo_map_start)
		return 0;
	dl.dlpi_name = path;
	err = add_module_with_id(map, &dl, id, id_len, has_soname ? soname : NULL);
	return err;
}

int module_map_add_pc(struct module_map *map, uintptr_t pc)
{
	struct dl_find_object found;

	if (_dl_find_object((void *)pc, &found) == 0 && found.dlfo_link_map) {
		/* a loaded module: unless in the map already (a closed load
		 * there may hold pc too) */
		for (size_t i = 0; i < map->n; i++)
			if (!map->m[i].unloaded && pc >= map->m[i].low && pc < map->m[i].high)
				return 0;
		return add_found(map, pc, &found);
	}
	if (module_map_find(map, pc, 0))
		return 0;
	/* in a module dlclose unmapped, if one was there */
	for (size_t i = 0, n = unloaded_count(); i < n; i++) {
		const struct unloaded_module *u = unloaded_get(i);

		for (unsigned k = 0, loads = unloaded_loads(u); k < loads; k++)
			for (int p = 0; p < u->phnum; p++)
				if (u->phdr[p].p_type == PT_LOAD &&
				    pc - u->addr[k] - u->phdr[p].p_vaddr < u->phdr[p].p_memsz)
					return add_unloaded(map, i, k);
	}
	return 0;
}

void module_map_phdr_info(const struct module *m, struct dl_phdr_info *dl)
{
	*dl = (struct dl_phdr_info){ .dlpi_addr = m->bias, .dlpi_name = m->path,
				     .dlpi_phdr = m->phdr, .dlpi_phnum = (ElfW(Half))m->phnum };
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
	if (r.err == 0)
		r.err = module_map_add_unloaded(map);
	if (r.err != 0)
		module_map_free(map);
	return r.err;
}

void module_map_free(struct module_map *map)
{
	module_map_unmap(map->m, map->cap, sizeof *map->m);
	*map = (struct module_map){0};
}

struct module *module_map_find_at(const struct module_map *map, uintptr_t frame, int is_return,
				  uint32_t gen)
{
	uintptr_t at = is_return ? frame - 1 : frame;
	struct module *best = NULL;

	for (size_t i = 0; i < map->n; i++) {
		struct module *m = &map->m[i];

		if (at < m->low || at >= m->high)
			continue;
		if (gen == MODULE_MAP_ANY_TIME)
			return m;
		/* the first to end after the frame's generation */
		if (m->closed > gen && (!best || m->closed < best->closed))
			best = m;
	}
	return best;
}

struct module *module_map_find(const struct module_map *map, uintptr_t frame, int is_return)
{
	return module_map_find_at(map, frame, is_return, MODULE_MAP_ANY_TIME);
}

void module_map_mark_at(struct module_map *map, uintptr_t frame, int is_return, uint32_t gen)
{
	struct module *m = module_map_find_at(map, frame, is_return, gen);

	if (m && m->index < 0)
		m->index = 0;           /* marked: numbered by module_map_number */
}

void module_map_mark(struct module_map *map, uintptr_t frame, int is_return)
{
	module_map_mark_at(map, frame, is_return, MODULE_MAP_ANY_TIME);
}

/* The first used module before i of the same file as i (a module
 * dlclose unmapped and loaded again elsewhere), or NULL. */
static const struct module *earlier_same_file(const struct module_map *map, size_t i)
{
	for (size_t j = 1; j < i; j++)
		if (map->m[j].index >= 0 && strcmp(map->m[j].path, map->m[i].path) == 0 &&
		    strcmp(map->m[j].build_id, map->m[i].build_id) == 0)
			return &map->m[j];
	return NULL;
}

unsigned module_map_number(struct module_map *map)
{
	unsigned next = 1;

	for (size_t i = 1; i < map->n; i++) {
		const struct module *same;

		if (map->m[i].index < 0)
			continue;
		same = earlier_same_file(map, i);
		map->m[i].index = same ? same->index : (int)next++;
	}
	return next;
}

void module_map_unnumber(struct module_map *map)
{
	for (size_t i = 1; i < map->n; i++)
		map->m[i].index = -1;
}

void module_map_print_modules(struct text_out *o, const struct module_map *map)
{
	for (size_t i = 0; i < map->n; i++) {
		const struct module *m = &map->m[i];

		if (m->index < 0 || (i > 0 && earlier_same_file(map, i)))
			continue;
		/* the path escaped (text-escape.h): it may hold a newline */
		text_out_printf(o, "module\t%d\t%s\t", m->index, m->build_id);
		text_out_escaped(o, m->path);
		text_out_printf(o, "\n");
	}
}

void module_map_print_frame(struct text_out *o, const struct module_map *map, uintptr_t frame,
			    int is_return, const char *end)
{
	module_map_print_frame_at(o, map, frame, is_return, MODULE_MAP_ANY_TIME, end);
}

void module_map_print_frame_at(struct text_out *o, const struct module_map *map, uintptr_t frame,
			       int is_return, uint32_t gen, const char *end)
{
	const struct module *m = module_map_find_at(map, frame, is_return, gen);

	if (m && m->index >= 0)
		text_out_printf(o, "%d:%lx%s", m->index, (unsigned long)(frame - m->bias), end);
	else
		text_out_printf(o, "-:%lx%s", (unsigned long)frame, end);
}
