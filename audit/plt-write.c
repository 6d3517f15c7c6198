/* plt-write.c - see plt-write.h. */
#define _GNU_SOURCE
#include "plt-write.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gmon-calls.h"
#include "module-map.h"
#include "output-file.h"
#include "plt-table.h"
#include "profile-name.h"
#include "text-out.h"

/* The module of a link map, as dl_iterate_phdr would give it: its ELF
 * header is at the start of its first mapping (dladdr's dli_fbase). */
int plt_link_map_info(const struct link_map *l, struct dl_phdr_info *dl)
{
	const ElfW(Ehdr) *eh;
	Dl_info info;

	memset(dl, 0, sizeof *dl);
	if (!l->l_ld || !dladdr(l->l_ld, &info) || !info.dli_fbase)
		return -1;
	eh = info.dli_fbase;
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 || eh->e_phentsize != sizeof(ElfW(Phdr)))
		return -1;
	dl->dlpi_addr = l->l_addr;
	dl->dlpi_name = l->l_name;
	dl->dlpi_phdr = (const ElfW(Phdr) *)((const char *)eh + eh->e_phoff);
	dl->dlpi_phnum = eh->e_phnum;
	return 0;
}

int plt_module_add(struct module_map *map, const struct link_map *l, int *added)
{
	struct dl_phdr_info dl;
	int err;

	*added = 0;
	if (plt_link_map_info(l, &dl) != 0)
		return 0;               /* not found: its addresses are "-:ADDRESS" */
	err = module_map_add(map, &dl);
	*added = err == 0;
	return err;
}

struct plt_pass {
	const struct module_map *map;
	const struct plt_count *counts;
	size_t n;
	struct plt_write_summary *summary;
};

static int fill(int fd, void *ctx)
{
	struct plt_pass *pp = ctx;
	struct text_out *o = text_out_open(fd);

	if (!o)
		return ENOMEM;
	text_out_printf(o, "%s %d\n", GMON_CALLS_MAGIC, GMON_CALLS_VERSION);
	module_map_print_modules(o, pp->map);
	for (size_t i = 0; i < pp->n; i++) {
		const struct plt_count *c = &pp->counts[i];

		text_out_printf(o, "call\t%llu\t", (unsigned long long)c->count);
		module_map_print_frame_at(o, pp->map, c->from, 1, c->gen, "\t");
		module_map_print_frame_at(o, pp->map, c->to, 0, c->gen, "\n");
		pp->summary->calls += c->count;
		pp->summary->lines++;
	}
	text_out_printf(o, "# calls through the PLT counted: %llu; lost (table full): %llu\n",
			(unsigned long long)pp->summary->calls,
			(unsigned long long)pp->summary->lost);
	return text_out_close(o);
}

int plt_write(const char *profile, struct module_map *map, struct plt_write_summary *summary)
{
	struct plt_count *counts;
	size_t ncounts;
	struct plt_pass pp = { map, NULL, 0, summary };
	char path[4096];
	int err;

	*summary = (struct plt_write_summary){0};
	if (companion_name(profile, GMON_PLT_CALLS_NAME, path, sizeof path) >= sizeof path)
		return ENAMETOOLONG;
	err = plt_table_snapshot(&counts, &ncounts, &summary->lost);
	if (err != 0)
		return err;
	if (ncounts == 0) {
		/* an earlier run's file would pass for this one's */
		return unlink(path) != 0 && errno != ENOENT ? errno : 0;
	}
	for (size_t i = 0; i < ncounts; i++) {
		module_map_mark_at(map, counts[i].from, 1, counts[i].gen);
		module_map_mark_at(map, counts[i].to, 0, counts[i].gen);
	}
	summary->modules = module_map_number(map);
	pp.counts = counts;
	pp.n = ncounts;
	err = output_write_with(path, fill, &pp);
	free(counts);
	return err;
}
