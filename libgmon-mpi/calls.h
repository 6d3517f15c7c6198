/*
 * calls.h - the calls between load modules that mcount counted (the
 * executable calling a -pg shared library, such a library calling back
 * into the executable, libc calling main): a gmon file's arcs are in one
 * module's addresses, so output.c leaves them out of every gmon file; at
 * exit (and on a flush signal) they are written next to the profile as
 * PROFILE+calls (include/gmon-calls.h).
 */
#ifndef GMON_MPI_CALLS_H
#define GMON_MPI_CALLS_H

#include <stdint.h>

struct module_map;

struct calls_summary {
	uint64_t arcs;         /* call lines written */
	uint64_t calls;        /* the calls they count */
	unsigned modules;      /* module lines written */
};

/* Writes PROFILE+calls beside profile_path through output.c's temporary
 * if any arc is not inside one module (nothing, and no file, otherwise: a
 * file of an earlier run under that name is removed, so that it is never
 * taken for this run's): at exit, after the arcs were closed (from_signal
 * 0: dl_iterate_phdr's modules), or from a signal handler (from_signal: an
 * address in the executable's text; the modules of the arcs' ends are
 * found with _dl_find_object; no malloc, no stdio, no lock).  At exit,
 * shared (if not NULL) is the process's modules as module_map_read read
 * them, used rather than read again (its modules are left marked:
 * module_map_unnumber).  Returns 0 or an errno value. */
int calls_write(const char *profile_path, uintptr_t from_signal, struct module_map *shared,
		struct calls_summary *summary);

#endif /* GMON_MPI_CALLS_H */
