/*
 * lines.h - the source file and line of each function of a program built
 * with -g, read from its DWARF line tables with libdw: what GNU gprof's
 * get_src_info (BFD's bfd_find_nearest_line at the function's address)
 * gives each symbol whatever the options, and what -C prints, symbol
 * specifications match (FILE:NAME, FILE:LINE) and -l and -A build on.
 *
 * A function's line is that of the line-table row at or below its address
 * in the compilation unit holding the address (libdw's dwarf_getsrc_die);
 * its file is that row's file as libdw names it: the directory of the
 * line table joined with the name, so an absolute path, as BFD's.  A
 * function outside every compilation unit with line information (the C
 * runtime's, a library's) has none: file NULL, line 0.
 */
#ifndef GPROF_PAR_LINES_H
#define GPROF_PAR_LINES_H

#include <libelf.h>
#include <stddef.h>

#include "symtab.h"

/*
 * Sets sym.file and sym.line of st's functions from elf's line tables
 * (the executable st was read from).  Damaged or missing DWARF only leaves
 * functions without a line.  With line_symbols (GNU gprof -l), then adds
 * GNU's line symbols (line-syms.c): where the address's (file, line,
 * function) changes along .text, a symbol named after the innermost DWARF
 * function there, an inlined one included.  Returns 0, or -1 with a
 * message in err when out of memory.
 */
int lines_read(Elf *elf, struct symtab *st, int line_symbols, char *err, size_t errlen);

/*
 * The source file and line of each of addrs[0 .. n) (link-time addresses
 * in the executable st was read from, read again from st->path):
 * files[i] (interned in st->files) and lines[i]; NULL and 0 where its line
 * tables have none, or it has none.  Returns 0, or -1 when out of memory.
 */
int lines_at(struct symtab *st, const gmon_addr_t *addrs, size_t n, const char **files,
	     unsigned *lines);

/*
 * GNU's --inline-file-names: each function with a file is printed as
 * "NAME (FILE:LINE)" (the name demangled if demangle_symtab() ran; FILE
 * the base name unless print_path), set as its label (symtab.h); with
 * line symbols (-l), "NAME (FILE:LINE @ ADDR)", ADDR in hex.  Returns 0,
 * or -1 when out of memory.
 */
int symtab_name_files(struct symtab *st, int print_path);

#endif /* GPROF_PAR_LINES_H */
