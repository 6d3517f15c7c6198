/*
 * modules.h - samples outside the executable, in shared libraries
 * (BG_GMON_PROFILE_LIBS): the signal handler keeps their PCs in a bounded
 * lock-free table; at exit (and on a flush signal) they are given to the
 * loaded modules (and to those dlclose unmapped earlier: unloaded.h) and each chosen module's are written as a standard gmon
 * file in that module's link-time addresses, PROFILE+BASENAME (gprof
 * LIBRARY PROFILE+BASENAME reads it), with the list of modules in
 * PROFILE+modules
 * (include/gmon-modules.h; "+KIND" goes before a rank's ".N":
 * gmon.out+libmpi.so.40.3 and gmon.out+modules.3 beside gmon.out.3,
 * companion_name() in profile-name.h).
 */
#ifndef GMON_MPI_MODULES_H
#define GMON_MPI_MODULES_H

#include <stdint.h>

struct module_map;

struct modules_summary {
	int enabled;
	uint64_t outside;          /* samples in the table */
	uint64_t attributed;       /* of those, in a loaded module */
	uint64_t lost;             /* samples the full table could not keep */
	unsigned modules_sampled;  /* modules with samples */
	unsigned modules_written;  /* profiles written */
	uint64_t calls_written;    /* calls inside the libraries written */
	uint64_t names_matched;    /* at exit, of a list of names: the entries
				    * (lib_list_matches) some module had */
};

/* Maps the table and has the histogram give it the samples outside the
 * text, unless selection (a well-formed BG_GMON_PROFILE_LIBS) is NULL or
 * "none".  Returns 0 or an errno value.  Before sampling starts. */
int modules_init(const char *selection);

/* Async-signal-safe: counts weight samples at runtime address pc, outside
 * the executable's text.  Returns 0 if libraries are not profiled (the
 * caller counts the sample as outside). */
int modules_add_sample(uintptr_t pc, uint32_t weight);

/* Starts (on) or stops keeping the modules dlclose unmaps before the
 * profile is written, with their samples taken from the table
 * (unloaded.h): on when the libraries or the call paths are profiled. */
void modules_watch_unloaded(int on);

/* Whether the libraries are profiled (BG_GMON_PROFILE_LIBS not none). */
int modules_enabled(void);

/* Writes the chosen modules' profiles and the list next to profile_path:
 * at exit (from_signal 0: the modules dl_iterate_phdr lists), or from a
 * signal handler (from_signal: an address in the executable's text; the
 * modules are found from the sampled PCs and the arcs' ends with
 * _dl_find_object, async-signal-safe, and the files are not fsync'ed, as
 * the profile on a flush signal).  At exit, shared (if not NULL) is the
 * process's modules as module_map_read read them (the same modules, in
 * dl_iterate_phdr's order, with what visiting them would read: build-id,
 * soname, absolute path), listed rather than visited again.  Returns 0 or
 * the first errno value met. */
int modules_write(const char *profile_path, unsigned rate, uintptr_t from_signal,
		  const struct module_map *shared, struct modules_summary *summary);

#endif /* GMON_MPI_MODULES_H */
