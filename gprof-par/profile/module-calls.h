/*
 * module-calls.h - the calls between load modules (PROFILE+calls from
 * mcount, PROFILE+plt-calls from the rtld-audit library; the format is
 * include/gmon-calls.h): read, added up, written.
 *
 * Reading a file adds it to a set: its modules are matched to the set's
 * by base name and build-id (the executable is module 0 and must be the
 * same in every file), and a (FROM, TO) pair already in the set only adds
 * its count.  module_calls_print() prints the set in a canonical order
 * (the executable, then the modules by name; the calls by their frames),
 * so a sum is the same bytes whatever order its files came in.
 */
#ifndef GPROF_PAR_MODULE_CALLS_H
#define GPROF_PAR_MODULE_CALLS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "companion-text.h"

#define MODULE_CALLS_NO_MODULE UINT32_MAX   /* a frame's "-": in no module */


struct module_call {
	uint32_t from_module, to_module;   /* or MODULE_CALLS_NO_MODULE */
	uint64_t from, to;                 /* link-time (runtime in no module) */
	uint64_t count;
};

struct module_calls {
	struct companion_module *modules;   /* [0]: the executable */
	size_t nmodules;
	struct module_call *calls;   /* distinct (from, to), in order of first sight */
	size_t ncalls;
	size_t nfiles;
	/* private */
	size_t modules_cap, calls_cap;
	struct name_index module_index;   /* of modules (companion-text.h) */
	size_t *slots;
	size_t nslots;
};

void module_calls_init(struct module_calls *mc);
void module_calls_free(struct module_calls *mc);

/*
 * Adds the calls file at path to mc, read and checked whole first: a bad
 * file, one of another executable, or one whose counts would add up past
 * 2^64 - 1 with mc's, leaves mc as it was.  Returns 0; 1 when there is no
 * such file; -1 with a message naming the file (and line) in err; -2 with
 * "too many calls to add" (the file was good on its own).
 */
int module_calls_add_file(struct module_calls *mc, const char *path, char *err,
			  size_t errlen);

/* Adds a calls file's text (len bytes, changed while read; name: the
 * file's name in messages) to mc, as module_calls_add_file: 0, or -1 or -2
 * with a message in err. */
int module_calls_add_text(struct module_calls *mc, char *text, size_t len, const char *name,
			  char *err, size_t errlen);

/* Writes mc in the file format, canonical order.  Returns 0, or -1 with
 * errno set. */
int module_calls_print(FILE *out, const struct module_calls *mc);

/* Writes what later files are judged against, in the file format: the
 * executable (module 0) alone, no call; nothing of it when mc is empty.
 * Returns 0, or -1 with errno set. */
int module_calls_print_state(FILE *out, const struct module_calls *mc);


#endif /* GPROF_PAR_MODULE_CALLS_H */
