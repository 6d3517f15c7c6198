#ifndef GPROF_PAR_DEMANGLE_H
#define GPROF_PAR_DEMANGLE_H

#include <stddef.h>

#include "symtab.h"

/*
 * demangle.h - C++ (and other) symbol names as GNU gprof prints them: by
 * default every name goes through libiberty's cplus_demangle with
 * DMGL_ANSI | DMGL_PARAMS, as binutils' bfd_demangle does for gprof, so
 * "_ZN7physics10Integrator4stepEd" prints as
 * "physics::Integrator::step(double)".  Sorting keeps using the mangled
 * names, as GNU gprof does; only what is printed changes.
 */

/*
 * Selects the demangling style by its libiberty name ("auto", "gnu-v3",
 * "java", "gnat", "dlang", "rust"), as `--demangle=STYLE`.  Returns 0, or
 * -1 with a message in err naming the unknown style.
 */
int demangle_set_style(const char *style, char *err, size_t errlen);

/*
 * Sets *demangled to name demangled (malloc'ed), or to NULL when it does
 * not demangle.  Returns 0, or -1 when out of memory.
 */
int demangle_name(const char *name, char **demangled);

/*
 * Fills sym.demangled for every symbol of st whose name demangles; the
 * others keep demangled NULL (sym_print_name() falls back to the name).
 * Returns 0, or -1 when out of memory.
 */
int demangle_symtab(struct symtab *st);

#endif
