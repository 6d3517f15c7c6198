/*
 * inlines.h - the functions the compiler inlined at an address of a
 * program built with -g: the DW_TAG_inlined_subroutine scopes holding it
 * in its DWARF (libdw's dwarf_addrdie and dwarf_getscopes), the outermost
 * first, each with its name (its linkage name, else its DW_AT_name, from
 * its abstract origin) and the line it was inlined at (DW_AT_call_file,
 * DW_AT_call_line: in the function it was inlined into).
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

void inlines_close(struct inlines *in);

#endif /* GPROF_PAR_INLINES_H */
