/*
 * module-list.h - the list of a rank's sampled shared libraries that the
 * runtime writes next to its profile, PROFILE+modules (its format and the
 * names: include/gmon-modules.h), read and checked: its version line first
 * (2, or 1 without the soname column; another version is refused), eight
 * tab-separated fields a line (seven in version 1).
 */
#ifndef GPROF_PAR_MODULE_LIST_H
#define GPROF_PAR_MODULE_LIST_H

#include <stddef.h>
#include <stdint.h>

struct module_entry {
	char *file;              /* the library's profile, or NULL ("-": none) */
	uint64_t samples;
	char *build_id;          /* hex, or NULL ("-") */
	uint64_t low, high;      /* link-time range of its executable segments */
	uint64_t load;           /* its load address */
	char *soname;            /* its DT_SONAME, or NULL (none, or version 1) */
	char *path;
	char *base;              /* points into path: its base name */
};

struct module_list {
	struct module_entry *entries;
	size_t n;
};

/* Reads path into l.  Returns 0, or -1 with "PATH:LINE: what is wrong" in
 * err (l is then empty); the samples of a list's lines add up to at most
 * 2^64 - 1 (else "too many samples"). */
int module_list_read(const char *path, struct module_list *l, char *err, size_t errlen);

void module_list_free(struct module_list *l);

#endif /* GPROF_PAR_MODULE_LIST_H */
