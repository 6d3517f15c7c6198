/*
 * companion-sections.h - the sections of a rank's companion that say
 * where the profile's code is (the calls between modules, the shared
 * libraries' profiles and their list, the call paths), written by one
 * function for the three writes that need them: at exit (_mcleanup), on a
 * flush signal or gmon_flush() (gmon.c), and into memory for the in-job
 * sum (job-sum.c).  Each caller says its own messages from the errors and
 * summaries it gets back.
 *
 * The order is the flush signal's: the paths last, as samples go on while
 * a flush signal's write runs and every sample the profile and the
 * libraries' list hold must have its path (at exit and in the in-job sum
 * sampling has ended: any order would do).
 *
 * At exit and for the in-job sum (from_signal 0) the process's modules
 * are read once (module_map_read: dl_iterate_phdr, each module's build-id,
 * soname and absolute path) and the three writers share that map; before,
 * each read its own.  From a signal handler (from_signal: an address in
 * the executable's text) each writer finds the modules of the addresses
 * it writes itself, async-signal-safe (_dl_find_object, mmap'ed memory,
 * no lock, no malloc): a writer's map there is also what it lists.
 */
#ifndef GMON_MPI_COMPANION_SECTIONS_H
#define GMON_MPI_COMPANION_SECTIONS_H

#include <stdint.h>

#include "callpaths.h"
#include "calls.h"
#include "modules.h"

struct companion_sections {
	int calls_err;                 /* 0 or an errno value, each writer's */
	int modules_err;
	int paths_err;
	struct calls_summary calls;
	struct modules_summary modules;
	struct callpaths_summary paths;
	int map_err;                   /* from_signal 0: the shared map could not
					* be read (each writer then read its own) */
};

/* Writes the sections beside (or into the companion begun for) profile:
 * the calls between modules (with BG_GMON_PROFILE_LIBS none, a calls file
 * of an earlier run removed), the libraries' profiles and their list, the
 * call paths.  Async-signal-safe when from_signal is not 0. */
void companion_sections_write(const char *profile, unsigned rate, uintptr_t from_signal,
			      struct companion_sections *cs);

#endif /* GMON_MPI_COMPANION_SECTIONS_H */
