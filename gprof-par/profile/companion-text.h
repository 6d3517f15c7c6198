/*
 * companion-text.h - what the text files beside a profile share
 * (PROFILE+paths, include/gmon-callpaths.h; PROFILE+calls and
 * PROFILE+plt-calls, include/gmon-calls.h): numbers, the module lines
 * "module<TAB>INDEX<TAB>BUILD-ID<TAB>PATH" and the MODULE:ADDRESS frames,
 * scanned by hand (a sum reads millions of frames: strtoull with strchr
 * took 70% of its time).
 */
#ifndef GPROF_PAR_COMPANION_TEXT_H
#define GPROF_PAR_COMPANION_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "name-index.h"

#define COMPANION_NO_MODULE UINT64_MAX   /* a frame's "-": in no module */

/* A load module of a set read from such files (module 0: the executable). */
struct companion_module {
	char *build_id;          /* lower-case hex, NULL if "-" */
	char *path;              /* as loaded */
	const char *base;        /* into path: after the last '/' */
};

/*
 * The index in (*modules)[0 .. *n) of the module with path's base name and
 * build_id (the same module, wherever each rank loaded it), appended with
 * copies of both when new (growing *cap).  ix indexes the modules by that
 * key (rebuilt when it does not hold all *n).  Returns -1 when out of
 * memory.
 */
int64_t companion_module_index(struct companion_module **modules, size_t *n, size_t *cap,
			       struct name_index *ix, const char *path, const char *build_id);

/* The same without appending: the index, or -1 when there is none (or no
 * memory for the index: then it is looked for one by one). */
int64_t companion_module_find(const struct companion_module *modules, size_t n,
			      struct name_index *ix, const char *path, const char *build_id);

/* Whether m is the module with path's base name and build_id. */
int companion_same_module(const struct companion_module *m, const char *path,
			  const char *build_id);

void companion_modules_free(struct companion_module *modules, size_t n);

/*
 * The canonical order of modules[0 .. n), the same whatever order the files
 * came in: the executable first, then by base name, build-id and path.
 * by_name[k] is the k-th module, rank[i] the place of module i.
 */
void companion_modules_order(const struct companion_module *modules, size_t n,
			     uint32_t *by_name, uint32_t *rank);

/*
 * What a printer of a set needs for its canonical order: the modules'
 * (by_name, rank: companion_modules_order) and its nitems items numbered
 * 0 .. nitems in items, for the printer to sort.  Returns 0, or -1 with
 * errno ENOMEM (nothing to free then).
 */
struct companion_order {
	uint32_t *by_name, *rank;
	size_t *items;
};

int companion_order_init(struct companion_order *o, const struct companion_module *modules,
			 size_t nmodules, size_t nitems);
void companion_order_free(struct companion_order *o);

/* name escaped (text-escape.h), as the runtime writes a library's path,
 * soname or file name in these files. */
void companion_put_name(FILE *out, const char *name);

/* The module lines of modules in that order (by_name). */
void companion_print_modules(FILE *out, const struct companion_module *modules, size_t n,
			     const uint32_t *by_name);

/* s as an unsigned number in base (no sign, no space, nothing after it).
 * Returns 0, or -1. */
int companion_parse_u64(const char *s, int base, uint64_t *v);

/*
 * The fields of a module line after its keyword, "INDEX<TAB>BUILD-ID<TAB>PATH"
 * (cut in place): INDEX must be expected (module lines count up from 0),
 * BUILD-ID lower-case hex or "-" (*build_id is then NULL), PATH not empty
 * (the rest of the line, unescaped in place: text-escape.h).  Returns 0, or -1 with what is wrong in *why.
 */
int companion_parse_module(char *fields, uint64_t expected, const char **build_id,
			   const char **path, const char **why);

/*
 * One frame "MODULE:ADDRESS" at *text (MODULE a decimal index below
 * nmodules, or "-": *module is then COMPANION_NO_MODULE; ADDRESS 1 to 16
 * lower-case hex digits), ending at end or at the end of the string;
 * *text is left after it (and after end).  Returns 0, or -1.  Inline: a
 * sum scans millions of them.
 */
static inline int companion_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static inline int companion_scan_frame(const char **text, char end, uint64_t nmodules,
				       uint64_t *module, uint64_t *addr)
{
	const char *c = *text;
	uint64_t m = 0, a = 0;
	int digits = 0, d;

	if (*c == '-') {
		m = COMPANION_NO_MODULE;
		c++;
	} else {
		for (; *c >= '0' && *c <= '9' && digits < 10; c++, digits++)
			m = m * 10 + (uint64_t)(*c - '0');
		if (digits == 0 || m >= nmodules)
			return -1;
	}
	if (*c++ != ':')
		return -1;
	for (digits = 0; (d = companion_hex_digit(*c)) >= 0; c++, digits++) {
		if (digits == 16)
			return -1;
		a = a << 4 | (uint64_t)d;
	}
	if (digits == 0 || (*c != end && *c != '\0'))
		return -1;
	*module = m;
	*addr = a;
	*text = *c == end && end != '\0' ? c + 1 : c;
	return 0;
}

#endif /* GPROF_PAR_COMPANION_TEXT_H */
