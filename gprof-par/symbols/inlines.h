/*
 * inlines.h - the functions the compiler inlined at an address of a
 * program built with -g: the DW_TAG_inlined_subroutine DIEs whose ranges
 * hold it in its unit (libdw's dwarf_addrdie), the outermost first, one in
 * another as binutils' addr2line -i gives them, each with its name (its
 * linkage name, else its DW_AT_name, from its abstract origin) and the
 * line it was inlined at (DW_AT_call_file, DW_AT_call_line: in the
 * function it was inlined into).  A unit's are read in one walk of its
 * DIEs when one of its addresses is first asked about, then each address
 * is a bisection.
 *
 * The views beyond GNU's report name a sample in code that GCC inlined
 * from stencil into main "main;stencil [inlined]" (analysis/measured.h):
 * the function of the ELF symbol table (GNU's name for the address), then
 * one frame per inlined function, labelled with INLINES_MARK.
 */
#ifndef GPROF_PAR_INLINES_H
#define GPROF_PAR_INLINES_H

#include <stddef.h>

#include "gmon-format.h"

/* How a frame of inlined code is marked after its function's name. */
#define INLINES_MARK " [inlined]"

/* More inlined frames than this at one address are not looked at. */
#define INLINES_MAX_DEPTH 32

struct inline_frame {
	const char *name;        /* the inlined function's, as DWARF names it
				  * (mangled in C++); valid while open */
	const char *call_file;   /* where it was inlined, or NULL; valid while
				  * open */
	unsigned call_line;      /* and the line, or 0 */
};

struct inlines;

/* The DWARF of the ELF file at path, to look addresses up in; NULL when it
 * has none (not built with -g), cannot be read, or out of memory: then no
 * address has inlined frames. */
struct inlines *inlines_open(const char *path);

/* The frames inlined at addr (a link-time address of in's file), the
 * outermost first, at most max of them (the outermost ones) into out.
 * Returns how many; 0 for code of no inlined function, or in NULL. */
size_t inlines_at(struct inlines *in, gmon_addr_t addr, struct inline_frame *out, size_t max);

/* A frame's label, malloc'ed: "NAME [inlined]", NAME demangled when
 * demangle is set and it demangles; NULL when out of memory. */
char *inlines_label(const struct inline_frame *f, int demangle);

/* A range of addresses, [low, high). */
struct inline_range {
	gmon_addr_t low, high;
};

/*
 * Where the code inlined from the functions that want(name, arg) accepts
 * (name as an inline_frame's; want returns 1, 0, or -1 when out of memory)
 * is: the union of their inlined subroutines' ranges, as disjoint ranges
 * by address, into *out (malloc'ed, *n of them; none for in NULL).  An
 * address whose innermost inlined frame (inlines_at) is such a function's
 * is in one.  One walk of the DWARF: cheaper than inlines_at at more than
 * a few addresses of a large unit.  Returns 0, or -1 when out of memory.
 */
int inlines_ranges(struct inlines *in, int (*want)(const char *name, void *arg), void *arg,
		   struct inline_range **out, size_t *n);

/* Whether addr is in one of r[0 .. n) (inlines_ranges'). */
int inline_ranges_hold(const struct inline_range *r, size_t n, gmon_addr_t addr);

void inlines_close(struct inlines *in);

#endif /* GPROF_PAR_INLINES_H */
