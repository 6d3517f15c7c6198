/*
 * regions.h - OpenMP regions and compiler clones: functions the compiler
 * made out of a source function, and what the reports charge them to.
 *
 * GCC outlines each OpenMP construct into "f._omp_fn.N" (task copy
 * functions "f._omp_cpyfn.N") and splits or clones functions into
 * "f.part.N", "f.cold", "f.isra.N", "f.constprop.N", "f.lto_priv.N";
 * LLVM writes "f.omp_outlined" (older: ".omp_outlined..N", which names no
 * function), "f.llvm.N", and "__omp_offloading_<dev>_<file>_f_l<line>" for
 * the host version of a target region.  C++ names keep their mangled base:
 * "_ZN4Mesh5sweepEv._omp_fn.2".
 *
 * GNU gprof keeps a local symbol only if each of its '.' suffixes is
 * numeric (or ".constprop.N"), so most of these are dropped and their
 * samples and calls land on whatever function precedes them in memory.
 * --regions chooses what gprof-par does instead:
 *   gnu       GNU gprof's table exactly (the default: GNU's bytes);
 *   parent    each region and clone is charged to the function it came
 *             from, the name before the first '.' (the nearest symbol of
 *             that name when several files have one); when no such symbol
 *             exists (every call inlined), the first of its regions stands
 *             for it under that name; calls from a function into its own
 *             regions are not calls of the source (see analysis/);
 *   separate  each region and clone is a function of its own, printed as
 *             "f [omp region 3]", "f [clone .part.0]".
 */
#ifndef GPROF_PAR_REGIONS_H
#define GPROF_PAR_REGIONS_H

#include <stddef.h>

#include "symtab.h"

enum regions_mode { REGIONS_GNU, REGIONS_PARENT, REGIONS_SEPARATE };

enum region_kind {
	REGION_OMP = 1,          /* an outlined parallel region or task */
	REGION_OMP_TARGET,       /* the host version of a target region */
	REGION_CLONE,            /* a part, cold part or specialised copy */
};

struct region_name {
	enum region_kind kind;   /* of the first suffix that says */
	const char *base;        /* the source function's name, within the
				  * name parsed, base_len bytes long; */
	size_t base_len;         /* 0 when the name does not say (LLVM's
				  * ".omp_outlined..1") */
	long line;               /* REGION_OMP_TARGET: its source line */
};

/*
 * Whether name is an OpenMP region or a compiler clone, by the forms above;
 * fills *out when out is not NULL.  Names with any other '.' suffix (e.g.
 * "f.0" or "f.str") are not.
 */
int region_parse(const char *name, struct region_name *out);

/*
 * Whether the --regions modes could differ on st: some symbol of its whole
 * table is a region or clone, or GNU's rule hid one.  When not, every
 * mode gives st's rows and owners as they are (most programs without
 * OpenMP: the load balance then needs no table of its own).
 */
int regions_present(const struct symtab *st);

/* "gnu", "parent" or "separate"; returns 0, or -1 for anything else. */
int regions_parse_mode(const char *text, enum regions_mode *mode);

/*
 * Applies the mode to a table read with SYMTAB_REGIONS, before anything
 * is counted: sets each symbol's owner and label (labels demangled when
 * demangle is set, with the style chosen for demangle.h).  Under gnu, the
 * hidden symbols leave syms, which becomes GNU gprof's table exactly, and
 * the whole table stays in st->all (when there was anything hidden).
 * Returns 0, or -1 when out of memory (message in err).
 */
int regions_apply(struct symtab *st, enum regions_mode mode, int demangle, char *err,
		  size_t errlen);

#endif /* GPROF_PAR_REGIONS_H */
