/*
 * plt-write.h - PROFILE+plt-calls (include/gmon-calls.h): the counts of
 * plt-table.h in the modules' link-time addresses, written through the
 * runtime's temporary and rename (output-file.h).
 *
 * An audit library lives in a link namespace of its own, where
 * dl_iterate_phdr shows only that namespace's objects: the program's
 * modules are given by their link maps (la_objopen's), and each one's
 * program headers are found through dladdr (which searches every
 * namespace): the start of its first mapping holds its ELF header.
 */
#ifndef GMON_MPI_PLT_WRITE_H
#define GMON_MPI_PLT_WRITE_H

#include <link.h>
#include <stddef.h>
#include <stdint.h>

#include "module-map.h"

struct plt_write_summary {
	uint64_t calls;      /* counted calls written */
	uint64_t lines;      /* call lines */
	uint64_t lost;       /* calls the full table could not keep */
	unsigned modules;    /* module lines */
};

/* The module of a link map as dl_iterate_phdr describes one (its program
 * headers found through dladdr).  Returns 0, or -1 when not found. */
int plt_link_map_info(const struct link_map *l, struct dl_phdr_info *dl);

/* Adds the module of a link map to map (module_map_add; the executable
 * first).  Returns 0 (also when its headers are not found: then it is not
 * added, *added is 0) or ENOMEM. */
int plt_module_add(struct module_map *map, const struct link_map *l, int *added);

/* Writes profile's companion GMON_PLT_CALLS_NAME (companion_name():
 * gmon.out+plt-calls.3 beside gmon.out.3) with the modules of map (its
 * first the executable; the frames mark the modules used), or, if no call
 * was counted, writes nothing and removes an earlier run's file.  Not
 * from a signal handler.  Returns 0 or an errno value. */
int plt_write(const char *profile, struct module_map *map, struct plt_write_summary *summary);

#endif /* GMON_MPI_PLT_WRITE_H */
