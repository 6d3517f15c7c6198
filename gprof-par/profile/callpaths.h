/*
 * callpaths.h - the sampled call paths of one or more profiles
 * (PROFILE+paths, include/gmon-callpaths.h): read, added up, written.
 *
 * Reading a file adds it to a set: its modules are matched to the set's by
 * their base name and build-id (the executable is always module 0, and
 * must be the same in every file), and a path already in the set only adds
 * its samples.  callpaths_print() prints the set in a canonical order (the
 * modules by name, the paths by their frames), so a sum is the same bytes
 * whatever order the files came in.
 */
#ifndef GPROF_PAR_CALLPATHS_H
#define GPROF_PAR_CALLPATHS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "companion-text.h"

#define CALLPATH_NO_MODULE UINT32_MAX   /* a frame's "-": in no module */


struct callpath_frame {
	uint32_t module;         /* index into modules, or CALLPATH_NO_MODULE */
	uint64_t addr;           /* link-time (runtime for CALLPATH_NO_MODULE) */
};

struct callpath {
	uint64_t samples;
	size_t first;            /* its frames: frames[first .. first + nframes) */
	uint32_t nframes;        /* leaf first, at least 1 */
};

struct callpaths {
	unsigned rate;           /* samples per second; 0 until a file is read */
	struct companion_module *modules;   /* [0]: the executable */
	size_t nmodules;
	struct callpath_frame *frames;
	size_t nframes;
	struct callpath *paths;
	size_t npaths;
	uint64_t samples;        /* over all paths */
	uint64_t lost;           /* samples the runtime had no room for */
	uint64_t cut;            /* paths cut at the depth limit */
	size_t nfiles;           /* files added */
	uint64_t profiles;       /* the profiles they hold: a rank's file 1, a
				  * sum's its "# profiles summed: N" line */
	uint64_t bytes;          /* their sizes (the files read) */
	/* private: capacities and the index of paths by their frames */
	size_t modules_cap, frames_cap, paths_cap;
	struct name_index module_index;   /* of modules (companion-text.h) */
	size_t *slots;
	size_t nslots;
	int unindexed;           /* a path seen again is another entry (a file
				  * read on its own: callpaths_add merges) */
	/* told of each path callpaths_add brings to this set (NULL: none):
	 * its index here and the samples it brought */
	void (*added)(void *ctx, const struct callpaths *cp, size_t path, uint64_t samples);
	void *added_ctx;
};

void callpaths_init(struct callpaths *cp);
void callpaths_free(struct callpaths *cp);

/* Adds the paths text of len bytes at text (as a file holds them; its
 * lines are cut in place), named name in messages, to cp, with the reader
 * of the files: e.g. another process's set that callpaths_print wrote into
 * memory. */
int callpaths_add_text(struct callpaths *cp, char *text, size_t len, const char *name,
		       char *err, size_t errlen);

/* PROFILE+paths, gmon.out+paths.3 beside gmon.out.3 (companions.h;
 * malloc'ed; NULL when out of memory). */
char *callpaths_beside(const char *profile);

/*
 * Adds the paths beside profile (PROFILE+paths) to cp, read and checked
 * on their own first, so that a bad or mismatched file leaves cp as it
 * was.  Returns 0; 1 when there is no such file; -1 with a message naming
 * the file in err; -2 likewise when the file is good but its samples would
 * add up past 2^64 - 1 with cp's ("too many samples to add").
 */
int callpaths_add_beside(struct callpaths *cp, const char *profile, char *err, size_t errlen);

/* Adds the set src to cp (as if src's files were added one by one); a
 * set of another executable or rate is refused (-1), and one whose
 * samples, lost or cut paths would add up past 2^64 - 1 (-2), leaving cp
 * as it was. */
int callpaths_add(struct callpaths *cp, const struct callpaths *src, char *err, size_t errlen);

/* Writes cp in the file format, canonical order.  Returns 0, or -1 with
 * errno set (a write error). */
int callpaths_print(FILE *out, const struct callpaths *cp);

/* Writes what decides whether a later file can be added to cp, in the
 * file format: its rate and its executable (module 0), no paths. */
int callpaths_print_state(FILE *out, const struct callpaths *cp);


#endif /* GPROF_PAR_CALLPATHS_H */
