/*
 * measured.h - the sampled call paths (profile/callpaths.h) given names,
 * and the call graph's children times measured from them instead of
 * gprof's estimate.
 *
 * gprof divides a function's time among its callers in proportion to the
 * calls they made; a sampled path says which callers the time was spent
 * under.  measured_resolve() names every frame: a function of the
 * executable's symbol table (the row charged with it), else a function of
 * the shared library it is in (read from the library's ELF file when that
 * is there and has the build-id the paths recorded), else the module as a
 * whole ("[libfoo.so.1]").  Frames after the first are return addresses, so
 * the call is looked up at the address before them.  Consecutive frames
 * in one unnamed module are one frame.  Paths that name the same functions
 * become one.
 *
 * With MEASURED_INLINES, a frame in code of the executable that the
 * compiler inlined (symbols/inlines.h, from its DWARF) is followed by one
 * frame per inlined function, the outermost first: a sample in stencil's
 * code inlined into main is "main;stencil [inlined]".  Such a frame is
 * named after the function alone (one fn wherever it was inlined); GNU's
 * report, whose rows are the symbol table's, counts it as the function it
 * was inlined into (measured_apply).
 */
#ifndef GPROF_PAR_MEASURED_H
#define GPROF_PAR_MEASURED_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "callpaths.h"

struct symtab;
struct callgraph;
struct resolver;
struct inlines;

/* A named frame: a function or a module. */
struct measured_fn {
	const char *name;        /* as printed (demangled where the table is) */
	const char *module;      /* its module's base name */
	const char *file;        /* source file, or NULL */
	unsigned line;           /* its first line, or 0 */
	size_t sym;              /* the executable's symbol index, or SIZE_MAX */
	uint64_t self;           /* samples with it as the leaf */
	uint64_t total;          /* samples with it on the path (once each) */
	/* Code inlined into the frame before it (MEASURED_INLINES): name is
	 * "NAME [inlined]", file and line where it was inlined (the first
	 * place met, when at several), sym SIZE_MAX. */
	int inlined;
};

/* A path of named frames: ids[first .. first + n), the root first. */
struct measured_path {
	uint64_t samples;
	size_t first;
	uint32_t n;
};

/*
 * Where the executable's named leaves were sampled: the samples of each
 * (function, PC) pair, the PC exact (the runtime records the interrupted
 * instruction), for line-level costs (the callgrind export's lines).
 * file and line are the PC's source line when the caller has looked them
 * up (measured_site_lines), else NULL and 0.
 */
struct measured_site {
	uint32_t fn;
	uint64_t addr;           /* link-time, in the executable */
	uint64_t samples;
	const char *file;
	unsigned line;
};

struct measured {
	struct measured_fn *fns;
	size_t nfns;
	uint32_t *ids;
	struct measured_path *paths;   /* sorted by their names, root first */
	size_t npaths;
	uint64_t samples;              /* over all paths */
	unsigned rate;
	uint64_t profiles;             /* the profiles the paths hold (callpaths.h) */
	struct measured_site *sites;   /* by fn then addr, each pair once */
	size_t nsites;
	/* private */
	size_t sites_cap;
	size_t fns_cap, ids_cap, paths_cap;
	size_t *slots, nslots;
	struct resolver *resolver;     /* names frames (the libraries' symbols) */
	char **owned_names;
	size_t nowned, owned_cap;
};

/* measured_resolve's flags. */
enum {
	MEASURED_DEMANGLE = 1 << 0,  /* the libraries' names (and the inlined
				      * functions') demangled too */
	MEASURED_INLINES = 1 << 1,   /* inlined functions as frames of their
				      * own, from st->path's DWARF (above) */
};

/*
 * Names the frames of cp with st (the executable's table, its names
 * demangled if the report's are, the libraries' names too), as flags say.
 * Returns 0, or -1 with a message in err (out of memory).  A library that
 * cannot be read is named as a module: one warning in warnings (may be
 * NULL) names all of them, once per command (none for a library whose file
 * has no function at all).
 */
int measured_resolve(struct measured *m, const struct symtab *st, const struct callpaths *cp,
		     unsigned flags, FILE *warnings, const char *program, char *err,
		     size_t errlen);

/*
 * Another profile's paths (one rank's, for exports per rank) named with
 * base's names, so that a function has the same id in both: into part,
 * whose fns are a copy of base's with part's samples (base gets any
 * function it did not have yet).  part's names point into base: free part
 * first.  Returns 0, or -1 with a message in err.
 */
int measured_resolve_part(struct measured *base, const struct callpaths *cp,
			  struct measured *part, char *err, size_t errlen);

/*
 * A namer of single frames, as measured_resolve names them: m starts
 * empty, with a resolver of st's names (the executable's module named
 * exe_base; the libraries' names not demangled; no warnings: the report's
 * naming gives them).  Returns 0, or -1 when out of memory (free m all the
 * same).
 */
int measured_namer_init(struct measured *m, const struct symtab *st, const char *exe_base);

/* Frame f of the paths set cp (is_return: a return address, looked up at
 * the call) named: its function in m (valid until m names another), or
 * NULL when out of memory or f is not cp's. */
const struct measured_fn *measured_name_frame(struct measured *m, const struct callpaths *cp,
					      const struct callpath_frame *f, int is_return);

/* The executable's DWARF that m's resolver opened (MEASURED_INLINES;
 * inlines.h), valid until measured_free; NULL: none. */
struct inlines *measured_inlines(const struct measured *m);

void measured_free(struct measured *m);

/*
 * The call graph's children times from the paths (GNU's text and field
 * meanings kept): a function's children time is the samples with it on
 * the path below its callers but not as the leaf (the leaf may be in a
 * shared library: the time under a function includes its MPI and libc
 * time); an arc's self time the samples whose leaf is the child called by
 * that parent directly, its children time those with the parent directly
 * above the child, minus that (recursion counts a sample once per function
 * and arc; a function directly under itself, as its OpenMP region under
 * --regions=parent below libgomp's frames, is one frame, so that the
 * region's samples are its self time on its callers' lines; an inlined
 * frame is the function it was inlined into).  The 100% of the graph
 * becomes every sample, the libraries' included.  A function sampled in the histogram but on no path (its paths
 * were not kept) keeps the estimate, and is marked (cg_node estimated).
 * Updates st's child_ticks (the flat profile's total per call) and the
 * order of the entries.  Returns 0, or -1 when out of memory.
 */
struct measured_outcome {
	long estimated;          /* functions that kept gprof's estimate */
	uint64_t outside;        /* samples whose leaf is not in the executable */
};
int measured_apply(struct callgraph *cg, struct symtab *st, const struct measured *m,
		   struct measured_outcome *out);

/* A call between two named frames, over the paths. */
struct measured_arc {
	uint32_t caller, callee; /* fn ids */
	uint64_t inclusive;      /* samples with caller directly above callee
				  * (once per path) */
	uint64_t calls;          /* the gmon arcs' count, when has_calls */
	int has_calls;           /* both in the executable, and an arc counted */
};

/*
 * The calls between named frames on the paths, sorted by caller then
 * callee, into a malloc'ed *out; calls from cg's arcs (may be NULL).
 * Returns 0, or -1 when out of memory.
 */
int measured_arcs(const struct measured *m, const struct callgraph *cg,
		  const struct symtab *st, struct measured_arc **out, size_t *n);

#endif /* GPROF_PAR_MEASURED_H */
