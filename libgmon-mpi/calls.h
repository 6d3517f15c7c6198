/*
 * calls.h - the calls between load modules that mcount counted (the
 * executable calling a -pg shared library, such a library calling back
 * into the executable, libc calling main): a gmon file's arcs are in one
 * module's addresses, so output.c leaves them out of every gmon file; at
 * exit they are written next to the profile as PROFILE+calls
 * (include/gmon-calls.h), whatever BG_GMON_PROFILE_LIBS says.
 */
#ifndef GMON_MPI_CALLS_H
#define GMON_MPI_CALLS_H

#include <stdint.h>

struct calls_summary {
	uint64_t arcs;         /* call lines written */
	uint64_t calls;        /* the calls they count */
	unsigned modules;      /* module lines written */
};

/* At exit, after the arcs were closed: writes PROFILE+calls beside
 * profile_path through output.c's temporary if any arc is not inside one
 * module (nothing, and no file, otherwise: a file of an earlier run under
 * that name is removed, so that it is never taken for this run's).  Not
 * from a signal handler (dl_iterate_phdr, malloc, stdio).  Returns 0 or
 * an errno value. */
int calls_write(const char *profile_path, struct calls_summary *summary);

#endif /* GMON_MPI_CALLS_H */
