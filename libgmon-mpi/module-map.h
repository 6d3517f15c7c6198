/*
 * module-map.h - the load modules of the process, for the text
 * companion files that name code in several modules (PROFILE+paths,
 * PROFILE+calls): the frames MODULE:ADDRESS of include/gmon-callpaths.h
 * and their module lines.
 *
 * The modules are read with dl_iterate_phdr (or given one by one), the
 * executable first; each spans its PT_LOAD segments.  A file numbers only the modules its frames
 * use: the executable is index 0 always, the others marked by the frames
 * that use them get 1, 2, ... in dl_iterate_phdr's order.  The map's
 * memory is mmap'ed (module_map_grow): no malloc; module_map_read itself
 * calls dl_iterate_phdr, which is not for signal handlers (module_map_add
 * is, given the module).
 */
#ifndef GMON_MPI_MODULE_MAP_H
#define GMON_MPI_MODULE_MAP_H

#include <limits.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>

#include "text-out.h"

#define MODULE_MAX_PHDRS 32

/* A module, with copies of what the writers need of it: nothing of its
 * memory is read through it (a flush signal's writer may find a module
 * that another thread's dlclose unmaps meanwhile: issue 31, item 11). */
struct module {
	uintptr_t low, high;     /* runtime, over its PT_LOAD segments */
	uintptr_t bias;          /* runtime minus link-time address */
	ElfW(Phdr) phdr[MODULE_MAX_PHDRS];  /* copies of its PT_LOAD, PT_NOTE, PT_DYNAMIC */
	int phnum;
	char path[PATH_MAX];
	char soname[256];        /* "": none */
	unsigned char id[64];    /* its build-id's bytes */
	size_t id_len;           /* 0: none */
	char build_id[2 * 64 + 1];
	int index;               /* in the file; -1: not used (yet) */
	int unloaded;            /* dlclose unmapped it: phdr is a copy, no memory to read */
	uint32_t closed;         /* the generation its load ended with (unloaded.h); loaded:
				  * MODULE_MAP_ANY_TIME */
};

struct module_map {
	struct module *m;        /* in dl_iterate_phdr's order: the executable first */
	size_t n, cap;
};

/* Fills map with the loaded modules of the caller's link namespace, then
 * those dlclose unmapped (module_map_add_unloaded).  Returns 0 or an errno
 * value (map is empty then). */
int module_map_read(struct module_map *map);

/* Adds one module (the first added is the executable, whose path is
 * /proc/self/exe's): for a reader of other namespaces (the rtld-audit
 * library, which dl_iterate_phdr shows its own).  map starts zeroed.
 * Returns 0 or ENOMEM. */
int module_map_add(struct module_map *map, const struct dl_phdr_info *dl);

/*
 * Adds the module holding pc, if not in map yet, found with glibc's
 * _dl_find_object (async-signal-safe, no lock; its ELF header at the start
 * of its first mapping; its memory and link map read by a copy that
 * cannot fault, process_vm_readv, and the module found again after: one
 * that another thread unmaps meanwhile is skipped, as if in no module),
 * or else the module dlclose unmapped that held it
 * (unloaded.h): the map of a signal handler, built from the addresses it
 * will write, the executable's first (map starts zeroed).
 * Returns 0 (also when pc is in no module) or ENOMEM.
 */
int module_map_add_pc(struct module_map *map, uintptr_t pc);

/* Adds the modules dlclose unmapped (unloaded.h), after the loaded ones
 * (module_map_read does): a frame where a module is loaded now is that
 * module's.  Async-signal-safe.  Returns 0 or ENOMEM. */
int module_map_add_unloaded(struct module_map *map);

/* The module as dl_iterate_phdr describes one (for image.h's readers). */
void module_map_phdr_info(const struct module *m, struct dl_phdr_info *dl);

void module_map_free(struct module_map *map);

/* An mmap'ed array of need items of size bytes, holding the n of *items
 * (unmapped): a realloc for the runtime's exit and signal paths.  *cap is
 * in items, *items NULL at first.  Returns 0 or ENOMEM (*items kept). */
int module_map_grow(void *items, size_t *cap, size_t n, size_t need, size_t size);
void module_map_unmap(void *items, size_t cap, size_t size);

/* A generation (unloaded_generation) after every one: a frame of no
 * known time. */
#define MODULE_MAP_ANY_TIME UINT32_MAX

/* The module holding a frame, or NULL.  A return address (is_return)
 * belongs to its call, which ends just before it: it is looked up one
 * byte lower.  Where loads overlap (a library closed and loaded again over
 * its range), the module mapped in generation gen, the frame's (that is,
 * the first load to end after gen; a loaded module never ends); for a
 * frame of MODULE_MAP_ANY_TIME, the first in the map. */
struct module *module_map_find_at(const struct module_map *map, uintptr_t frame, int is_return,
				  uint32_t gen);
struct module *module_map_find(const struct module_map *map, uintptr_t frame, int is_return);

/* Marks the module holding a frame (of generation gen) as used. */
void module_map_mark_at(struct module_map *map, uintptr_t frame, int is_return, uint32_t gen);
void module_map_mark(struct module_map *map, uintptr_t frame, int is_return);

/* Numbers the used modules (the executable is 0), one number for the
 * modules of one file (path and build-id: unloaded and loaded again
 * elsewhere; their frames are written in link-time addresses); returns how
 * many numbers there are, the executable's included. */
unsigned module_map_number(struct module_map *map);

/* Unmarks every module but the executable: the map is then as read, for
 * another file's frames (companion-sections.h shares one among writers). */
void module_map_unnumber(struct module_map *map);

/* The lines "module<TAB>INDEX<TAB>BUILD-ID<TAB>PATH" of the numbered
 * modules, one per number, the executable first. */
void module_map_print_modules(struct text_out *o, const struct module_map *map);

/* The frame "INDEX:ADDRESS" (link-time, lower-case hex) or "-:ADDRESS"
 * (runtime, in no module or in one not numbered), then end (" ", "\t",
 * "\n"). */
void module_map_print_frame(struct text_out *o, const struct module_map *map, uintptr_t frame,
			    int is_return, const char *end);
void module_map_print_frame_at(struct text_out *o, const struct module_map *map, uintptr_t frame,
			       int is_return, uint32_t gen, const char *end);

#endif /* GMON_MPI_MODULE_MAP_H */
