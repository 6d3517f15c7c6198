/*
 * lines-internal.h - what lines.c shares with line-syms.c inside symbols/:
 * the program's line-table rows (every compilation unit's, sorted by
 * address, file names as BFD makes them) and the lookup GNU's BFD does in
 * them.
 */
#ifndef GPROF_PAR_LINES_INTERNAL_H
#define GPROF_PAR_LINES_INTERNAL_H

#include <elfutils/libdw.h>

#include "symtab.h"

struct row {
	Dwarf_Addr addr;
	const char *file;        /* interned in symtab.files */
	unsigned line;
	int end;                 /* DW_LNE_end_sequence: the address after it */
	size_t order;            /* for a stable sort */
};

struct line_table {
	struct row *rows;        /* by address; malloc'ed */
	size_t n;
};

/* Reads every unit's rows into t (file names go to st->files).  Returns 0,
 * or -1 when out of memory. */
int line_table_read(Dwarf *dbg, struct symtab *st, struct line_table *t);

/* The row holding addr: the last at or below it, unless that ends a
 * sequence (addr is past its code); NULL if none. */
const struct row *line_table_find(const struct line_table *t, gmon_addr_t addr);

/* A DWARF function's name as BFD gives it: its linkage name (its own, else
 * that of its abstract origin or specification), else, with c_names (a
 * C-like language), its DW_AT_name; NULL if none (function-ranges.c). */
const char *dwarf_function_name(Dwarf_Die *die, int c_names);

/* One address range of a DWARF function. */
struct func_range {
	gmon_addr_t low, high;   /* [low, high) */
	const char *name;        /* in libdw's data; NULL: the ELF symbol's */
	size_t order;            /* DIE order among the functions kept */
};

struct ranges {
	struct func_range *r;    /* malloc'ed */
	size_t n, cap;
	size_t dies;             /* the functions kept */
};

/* Whether the function at die (its tag: DW_TAG_subprogram,
 * DW_TAG_inlined_subroutine or DW_TAG_entry_point; c_names: its unit is
 * in a C-like language) is wanted: 1 (its ranges named *name), 0, or -1
 * to stop (out of memory). */
typedef int (*function_ranges_keep)(Dwarf_Die *die, int tag, int c_names, const char **name,
				    void *arg);

/* The address ranges of every function of every unit of dbg that keep
 * wants, added to fr by address (then DIE order; function-ranges.c).
 * Returns 0, or -1 when out of memory or keep said stop (fr->r is the
 * caller's to free either way). */
int function_ranges_read(Dwarf *dbg, function_ranges_keep keep, void *arg, struct ranges *fr);

/* The same for the one unit whose DIE is cudie. */
int function_ranges_read_unit(Dwarf_Die *cudie, function_ranges_keep keep, void *arg,
			      struct ranges *fr);

/* GNU gprof -l: adds a symbol for each run of addresses of one source line
 * of one function (line-syms.c).  Returns 0, or -1 when out of memory. */
int line_symbols_add(Elf *elf, Dwarf *dbg, struct symtab *st, const struct line_table *t);

/* symtab.c's part: st frees block with itself; merges the line symbols
 * (by address) with the functions as GNU's symtab_finalize does. */
int symtab_own(struct symtab *st, char *block);
int symtab_merge_line_syms(struct symtab *st, const struct sym *lines, size_t n);

#endif /* GPROF_PAR_LINES_INTERNAL_H */
