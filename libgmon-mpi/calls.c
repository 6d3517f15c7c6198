/*
 * calls.c - see calls.h.
 *
 * The arcs are gathered first (one pass over the arc tables into an mmap'ed
 * array) and written from that copy: the modules numbered from it are then
 * exactly those the lines use, even if a thread still inside mcount when
 * the arcs were closed finishes an entry meanwhile.  An arc is written
 * when its two ends are not in one module: the caller's return address
 * (from_pc, looked up one byte lower, where its call is) and the callee
 * (self_pc, just after its entry).  An end in no module is "-:ADDRESS".
 * A (from, self) pair counted by several threads gets a line per thread,
 * as the format allows.
 */
#define _GNU_SOURCE
#include "calls.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "arcs.h"
#include "gmon-calls.h"
#include "module-map.h"
#include "output.h"
#include "profile-name.h"
#include "text-out.h"

struct crossing {
	uintptr_t from_pc, self_pc;
	uint64_t count;
};

struct gathering {
	const struct module_map *map;
	struct crossing *arcs;
	size_t n, cap;
	int err;
};

static void gather(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct gathering *g = ctx;

	if (count == 0 || g->err != 0)
		return;
	if (module_map_find(g->map, from_pc, 1) == module_map_find(g->map, self_pc, 0) &&
	    module_map_find(g->map, self_pc, 0) != NULL)
		return;                 /* inside one module: in its gmon file, if any */
	if (module_map_grow(&g->arcs, &g->cap, g->n, g->n + 1, sizeof *g->arcs) != 0) {
		g->err = ENOMEM;
		return;
	}
	g->arcs[g->n++] = (struct crossing){ from_pc, self_pc, count };
}

struct calls_pass {
	const struct module_map *map;
	const struct gathering *gathered;
	struct calls_summary *summary;
};

static int fill_calls(int fd, void *ctx)
{
	struct calls_pass *cp = ctx;
	struct text_out *o = text_out_open(fd);

	if (!o)
		return ENOMEM;
	text_out_printf(o, "%s %d\n", GMON_CALLS_MAGIC, GMON_CALLS_VERSION);
	module_map_print_modules(o, cp->map);
	for (size_t i = 0; i < cp->gathered->n; i++) {
		const struct crossing *c = &cp->gathered->arcs[i];

		text_out_printf(o, "call\t%llu\t", (unsigned long long)c->count);
		module_map_print_frame(o, cp->map, c->from_pc, 1, "\t");
		module_map_print_frame(o, cp->map, c->self_pc, 0, "\n");
		cp->summary->arcs++;
		cp->summary->calls += c->count;
	}
	return text_out_close(o);
}

struct finding {
	struct module_map *map;
	int err;
};

static void find_ends(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx)
{
	struct finding *f = ctx;

	if (count && f->err == 0 &&
	    (module_map_add_pc(f->map, from_pc - 1) != 0 || module_map_add_pc(f->map, self_pc) != 0))
		f->err = ENOMEM;
}

int calls_write(const char *profile_path, uintptr_t from_signal, struct module_map *shared,
		struct calls_summary *summary)
{
	struct module_map own, *map = shared && !from_signal ? shared : &own;
	struct gathering g = { map, NULL, 0, 0, 0 };
	struct calls_pass cp = { map, &g, summary };
	char path[4096];
	int err;

	*summary = (struct calls_summary){0};
	if (companion_name(profile_path, GMON_CALLS_NAME, path, sizeof path) >= sizeof path)
		return ENAMETOOLONG;
	if (from_signal) {
		/* a signal handler's map: the modules of the arcs' ends */
		struct finding f = { map, 0 };

		own = (struct module_map){0};
		err = module_map_add_pc(map, from_signal);
		if (err == 0 && map->n == 0)
			err = ENOENT;
		if (err == 0)
			arcs_for_each(find_ends, &f);
		if (err == 0)
			err = f.err;
	} else if (map == &own) {
		err = module_map_read(map);
	} else {
		err = 0;
	}
	if (err != 0) {
		module_map_free(&own);
		return err;
	}
	arcs_for_each(gather, &g);
	err = g.err;
	if (err == 0 && g.n == 0 && unlink(path) != 0 && errno != ENOENT)
		err = errno;            /* an earlier run's file would pass for this one's */
	if (err == 0 && g.n > 0) {
		for (size_t i = 0; i < g.n; i++) {
			module_map_mark(map, g.arcs[i].from_pc, 1);
			module_map_mark(map, g.arcs[i].self_pc, 0);
		}
		summary->modules = module_map_number(map);
		err = output_write_with(path, fill_calls, &cp);
	}
	module_map_unmap(g.arcs, g.cap, sizeof *g.arcs);
	if (map == &own)
		module_map_free(&own);
	return err;
}
