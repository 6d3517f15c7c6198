/*
 * module-symbols.h - the functions of a load module other than the
 * executable (a shared library), for the report over all modules: its
 * .symtab; else, stripped, the .symtab of its separate debug file found by
 * its build-id, ROOT/.build-id/XX/REST.debug (ROOT /usr/lib/debug, where
 * Debian's -dbg packages put them); else its .dynsym (the exported
 * functions only: symtab.h).
 */
#ifndef GPROF_PAR_MODULE_SYMBOLS_H
#define GPROF_PAR_MODULE_SYMBOLS_H

#include <stddef.h>

#include "symtab.h"

#define MODULE_SYMBOLS_DEBUG_ROOT "/usr/lib/debug"
/* The environment variable that replaces it (for tests). */
#define MODULE_SYMBOLS_DEBUG_ROOT_ENV "GPROF_PAR_DEBUG_ROOT"

/* The root of the debug files: $GPROF_PAR_DEBUG_ROOT when set and not
 * empty, else NULL (MODULE_SYMBOLS_DEBUG_ROOT). */
const char *module_symbols_debug_root(void);

enum module_symbols_source {
	MODULE_SYMBOLS_SYMTAB,   /* the library's own .symtab */
	MODULE_SYMBOLS_DEBUG,    /* its debug file's .symtab */
	MODULE_SYMBOLS_DYNSYM,   /* its .dynsym: exported functions only */
};

/* ROOT/.build-id/XX/REST.debug for the build-id of len bytes (malloc'ed),
 * or NULL (no build-id, or out of memory). */
char *module_symbols_debug_path(const char *root, const unsigned char *build_id, size_t len);

/*
 * Reads the library at path into st (flags as symtab_read's), looking
 * for its debug file under debug_root (NULL: the default) when it has no
 * .symtab; a debug file of another build-id is not taken.  Sets *source,
 * and *debug_file (malloc'ed, or NULL) to the debug file read.  Returns
 * 0, or symtab_read's -1 or SYMTAB_NO_FUNCTIONS with a message in err (st
 * is then empty).
 */
int module_symbols_read(struct symtab *st, const char *path, const char *debug_root,
			unsigned flags, enum module_symbols_source *source, char **debug_file,
			char *err, size_t errlen);

/*
 * For a table read from .dynsym (a stripped library: its static functions
 * are not there), makes the code past each exported function's size (its
 * ELF st_size) up to the next function a function of its own, named "[BASE
 * static code after NAME]", so that its samples and calls are not lent to
 * the exported NAME.  Returns 0, or -1 when out of memory (st unchanged).
 */
int module_symbols_split_gaps(struct symtab *st, const char *base);

#endif /* GPROF_PAR_MODULE_SYMBOLS_H */
