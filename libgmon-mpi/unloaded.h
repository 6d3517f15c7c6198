/*
 * unloaded.h - the load modules dlclose unmapped before the profile was
 * written.
 *
 * Open MPI closes its components (mca_pml_ob1.so, mca_btl_vader.so: where
 * an MPI run's communication time goes) in MPI_Finalize, before exit, and
 * some already in MPI_Init.  The profile is written at exit, from the
 * modules still loaded: without these records the samples in a closed
 * module would be in no module and its call-path frames unnamed.
 *
 * libgmon-mpi.so defines dlclose (the program links it before libc, or
 * gmon-run preloads it, so calls from every module come here): it notes
 * the loaded modules, calls libc's dlclose, and keeps a record of each
 * module that is gone, with what the writers need without its memory: its
 * program headers, path, soname and build-id, and the samples its code had
 * (taken from the table by the hook modules.c sets, unloaded_watch).  A
 * file closed again (a plugin opened and closed in a loop) adds to its
 * record: its samples, and the address it was loaded at if other than the
 * last one's (up to UNLOADED_MAX_LOADS; the call-path frames of the others
 * are unnamed, and counted in loads_dropped), with the generation its load
 * ended with: a call-path frame where two loads overlapped is named after
 * the load mapped when it was sampled.  (A generation ends when the
 * closing dlclose has returned: a library another thread maps over the
 * closed one's range before that has its first samples named after the
 * closed one.)
 *
 * The records live as long as the process, in one mmap'ed array of
 * UNLOADED_MAX, each published complete by a release store of the count
 * (unloaded_count), its loads by a release store of theirs: a flush
 * signal's writer reads them without a lock.  Beyond UNLOADED_MAX distinct
 * files, one more is not kept: its samples stay in the table, outside
 * every module at the write (which says how many).  A module later loaded
 * where a closed one was is found first by module_map_find's callers: the
 * writers put the loaded modules before these.
 */
#ifndef GMON_MPI_UNLOADED_H
#define GMON_MPI_UNLOADED_H

#include <limits.h>
#include <link.h>
#include <stddef.h>
#include <stdint.h>

#define UNLOADED_MAX 512
#define UNLOADED_MAX_LOADS 8
#define UNLOADED_MAX_PHDRS 32
#define UNLOADED_DRAIN_BATCH 64   /* modules given to one unloaded_drain_fn call, at most */

/* A module's samples, in bins of HISTOGRAM_BIN_BYTES from link-time
 * address low (modules.c's histogram of one module). */
struct unloaded_samples {
	uint32_t *bins;          /* mmap'ed; NULL: none taken */
	uint32_t nbins;
	uintptr_t low;
	uint64_t total;
};

struct unloaded_module {
	uintptr_t addr[UNLOADED_MAX_LOADS];      /* its load biases (dlpi_addr), first first */
	/* the generation (unloaded_generation) its load at addr[k] ended
	 * with: its code's samples were taken in generations before it (a
	 * reload at the same address as the last extends it) */
	uint32_t closed[UNLOADED_MAX_LOADS];
	unsigned naddr;                          /* published: release store */
	uint64_t loads_dropped;                  /* loads beyond UNLOADED_MAX_LOADS */
	ElfW(Phdr) phdr[UNLOADED_MAX_PHDRS];     /* a copy of its program headers */
	int phnum;
	char path[PATH_MAX];
	char soname[256];                        /* "": none */
	unsigned char build_id[64];
	size_t build_id_len;                     /* 0: none */
	struct unloaded_samples samples;
};

/* Takes the samples of the n (at most UNLOADED_DRAIN_BATCH) modules dl[i]
 * describes (their memory gone, their program headers copies) out of the
 * table into *samples[i], adding to what they hold.  Called with the
 * records' lock held, outside signal handlers. */
typedef void unloaded_drain_fn(const struct dl_phdr_info *dl, struct unloaded_samples **samples,
			       size_t n);

/* Starts keeping records of the modules dlclose unmaps (on: before
 * sampling starts), with drain for their samples (NULL: none), or stops
 * (off: the final profile is written). */
void unloaded_watch(int on, unloaded_drain_fn *drain);

/* How many records there are (acquire): records [0, count) are complete
 * and stay so (their samples only grow, under the lock).  Async-signal-safe. */
size_t unloaded_count(void);
const struct unloaded_module *unloaded_get(size_t i);

/* The generation of the modules' layout: how many dlcloses unmapped
 * modules so far (a sample's addresses are in the modules mapped in its
 * generation: a library reloaded over the range of one closed is told
 * from it by that; issue 31, item 12).  Async-signal-safe. */
uint32_t unloaded_generation(void);

/* How many load addresses record u has (acquire). */
unsigned unloaded_loads(const struct unloaded_module *u);

/* The record, loaded at its address number load, as dl_iterate_phdr
 * describes a module: its program headers are the copy, its name the path;
 * no memory of the module may be read through it. */
void unloaded_phdr_info(const struct unloaded_module *u, unsigned load, struct dl_phdr_info *dl);

/* Whether two modules are the same file: the same path and build-id. */
int unloaded_same_file(const char *path_a, const unsigned char *id_a, size_t id_a_len,
		       const char *path_b, const unsigned char *id_b, size_t id_b_len);

#endif /* GMON_MPI_UNLOADED_H */
