/*
 * symbols/ - what an executable says about its addresses: its functions
 * from the ELF symbol table (this header, with libelf), their demangled
 * names (demangle.h, with libiberty), its build-id, and which functions
 * are OpenMP regions or clones of another (regions.h).  It uses only
 * support/; it knows nothing of profiles.  Next here: source lines from
 * DWARF (libdw) and the load modules of shared libraries.
 *
 * symtab.h - the functions of an executable, read from its ELF symbol table
 * with libelf and kept exactly as GNU gprof 2.40 keeps them (corefile.c
 * core_create_function_syms, symtab.c symtab_finalize), so that program
 * counters, histogram bins and arcs map to the same names as with gprof.
 *
 * Which ELF symbols become functions (GNU: class 'T' or 't' of nm):
 *   - defined, not STT_SECTION/STT_FILE, not STT_GNU_IFUNC, not
 *     STB_GNU_UNIQUE, in a section with SHF_EXECINSTR (global or local);
 *   - and any weak, defined, non-STT_OBJECT symbol, whatever its section
 *     (GNU treats nm class 'W' as text);
 *   - local ones only if their name is not empty, contains no '$', and any
 *     '.' suffix is numeric (".123"), ".clone.N" or ".constprop.N"
 *     (so "f.cold" and "f.part.0" are dropped, "f.constprop.0" is kept);
 *   - symbol sizes are ignored: a function extends to the next function.
 * Several names at one address collapse into one: global beats local, then
 * STT_FUNC beats other types, then a name without a leading '_' beats one
 * with, then "_x" beats "__x"; otherwise the first in symbol-table order.
 *
 * With SYMTAB_REGIONS, the local symbols that the name rule above drops
 * but that name an OpenMP region or a compiler clone of a function
 * (regions.h: "f._omp_fn.0", "f.part.0", "f.cold", ...) are read too,
 * marked gnu_hidden; at an address shared with a symbol GNU keeps, GNU's
 * symbol wins.  regions_apply() then decides what they become.
 *
 * Fields for the call graph: the call-graph module (callgraph.h) works on
 * its own arrays indexed by struct sym.index; if it ever needs per-function
 * data here, add it at the marked place at the end of struct sym (e.g. a
 * `struct cg_node *cg;` pointer), never reuse the fields above it.
 */
#ifndef GPROF_PAR_SYMTAB_H
#define GPROF_PAR_SYMTAB_H

#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"

struct sym {
	const char *name;        /* as in the ELF symbol table (mangled) */
	char *demangled;         /* set by demangle_symtab() when the name
				  * demangles, owned; else NULL */
	gmon_addr_t addr;        /* link-time entry address */
	/*
	 * Last address sym_lookup() maps to this function: the next
	 * function's address - 1, or for the last function the end of .text
	 * - 1 (GNU's rule, even if that is below addr).
	 */
	gmon_addr_t end_addr;
	size_t index;            /* position in the table (by address), 0-based */
	unsigned is_static : 1;  /* local binding (nm 't') */
	unsigned is_func : 1;    /* STT_FUNC (else e.g. an assembler label) */
	/* Name in GNU gprof's default exclusion list (mcount, _mcount,
	 * __mcount_internal, ...): kept out of the flat profile, its samples
	 * out of the total; GNU also keeps it out of the call graph's
	 * time and entries (EXCL_TIME, EXCL_GRAPH). */
	unsigned excluded : 1;
	/* The symbol-specification tables holding it (symspec.h: a bit per
	 * enum symspec_table); GNU's default exclusions are in EXCL_FLAT,
	 * EXCL_TIME and EXCL_GRAPH from the start. */
	unsigned spec;
	/* Its source file (one of symtab.files) and line, from the DWARF line
	 * tables (lines.h); NULL and 0 when the program has none for it. */
	const char *file;
	unsigned line;
	/* Its position in the ELF symbol table (GNU creates a source file's
	 * record when it reads the file's first function in that order). */
	size_t elf_order;
	/* A region or clone that GNU gprof's name rule drops (SYMTAB_REGIONS). */
	unsigned gnu_hidden : 1;
	/* Named after its object file by -R's map (function-map.h). */
	unsigned mapped : 1;

	/* The function that is charged with this one's samples and calls: the
	 * symbol itself (a row of the reports), or, under --regions=parent,
	 * the function an OpenMP region or clone came from (regions.h).  Set
	 * to the symbol itself by symtab_read(); NULL also means itself. */
	struct sym *owner;
	/* The name printed instead of the symbol's own, owned; NULL for most
	 * (set by regions_apply(): "f [omp region 3]"). */
	char *label;

	/* Filled by hist.c (hist_assign): histogram samples credited to the
	 * function, fractional where a bin straddles two functions. */
	double ticks;

	/* Filled by analysis/counts.c (counts_tally) from the profile's arcs, like GNU's
	 * cg_tally: arcs whose from_pc or self_pc maps to no function are
	 * dropped.  calls excludes self-recursive calls (GNU's ncalls after
	 * cg_assemble); self_calls counts them. */
	uint64_t calls;
	uint64_t self_calls;

	/* Ticks propagated from callees (GNU's cg.child_time), for the flat
	 * profile's "total s/call" column.  0 unless the call graph set it. */
	double child_ticks;

	/* The ELF symbol's st_size (0: unknown).  GNU's rules ignore it (a
	 * function extends to the next); call paths use it to tell the code
	 * past an exported function of a library read from .dynsym, whose
	 * static functions are not there, from the function itself. */
	uint64_t size;

	/* -- Add call-graph fields below this line. -- */
};

struct symtab {
	struct sym *syms;        /* sorted by addr, addresses distinct */
	size_t nsyms;
	char *path;              /* the executable, for messages */
	gmon_addr_t text_addr;   /* .text section: address and size */
	uint64_t text_size;
	unsigned char *build_id; /* NT_GNU_BUILD_ID descriptor, NULL if none */
	size_t build_id_len;
	int has_line_info;       /* a .debug_line section (DWARF line tables) */
	int dynamic_symbols_only; /* a stripped shared library: its functions
				  * from .dynsym, the exported ones only */
	unsigned char *text;     /* SYMTAB_TEXT: .text's bytes (text_size of
				  * them, from text_addr), else NULL */
	char **files;            /* the functions' source files, each once */
	size_t nfiles;
	/* SYMTAB_LINES (GNU's line_granularity, which the reports follow):
	 * besides the functions, a symbol (is_func 0, named after the DWARF
	 * function, possibly inlined, the code is in) where each run of one
	 * source line starts (lines.h); none from an external table. */
	int line_symbols;
	/* SYMTAB_KEEP_LINES: the line table lines_read read (lines.c), which
	 * lines_at then looks addresses up in instead of reading the DWARF
	 * again; freed by symtab_free.  NULL otherwise (and in a clone). */
	int keep_lines;
	struct line_table *line_cache;

	/* Symbol specifications (symspec.h): the tables that hold a function,
	 * and the entries of the arc tables. */
	unsigned spec_nonempty;
	struct symspec_arc *spec_arcs;
	size_t nspec_arcs;
	size_t **spec_arc_runs;  /* owned by the entries above */
	size_t nspec_arc_runs;

	/* With SYMTAB_REGIONS under --regions=gnu: every symbol read, the
	 * hidden regions and clones included, with their own address ranges
	 * (regions_apply() keeps them here, out of syms, to measure what GNU's
	 * rule hides).  NULL otherwise. */
	struct sym *all;
	size_t nall;

	/* Private: the string table(s) names point into. */
	char **strtabs;
	size_t nstrtabs;
};

/*
 * Reads the functions of the ELF executable at path (static, PIE or not)
 * into st.  On failure (missing file, not ELF, no .text, stripped: no
 * .symtab, no function at all) returns -1 with a message naming the file
 * and the problem in err, and leaves st empty (symtab_free is harmless);
 * SYMTAB_NO_FUNCTIONS (-2) instead when the file was read and its table
 * has no function (a library stripped to its data symbols).
 * flags: SYMTAB_NO_STATIC leaves out every local symbol (GNU gprof -a), so
 * a static function's samples and calls go to the function before it
 * (OpenMP regions and clones are local symbols: they are left out too);
 * SYMTAB_REGIONS also reads the regions and clones GNU drops (see above);
 * SYMTAB_FUNCTIONS_ONLY (GNU gprof -D) leaves out the local symbols that
 * are not STT_FUNC (assembler labels), whose samples and calls then go
 * to the function before them; SYMTAB_TEXT keeps a copy of .text's
 * contents in text (for -c); SYMTAB_LINES (GNU gprof -l) adds the line
 * symbols (see line_symbols below and lines.h).
 */
enum {
	SYMTAB_NO_STATIC = 1 << 0,
	SYMTAB_REGIONS = 1 << 1,
	SYMTAB_FUNCTIONS_ONLY = 1 << 2,
	SYMTAB_TEXT = 1 << 3,        /* keep .text's bytes (GNU -c scans them) */
	SYMTAB_LINES = 1 << 4,       /* GNU -l: a symbol per source line too */
	SYMTAB_KEEP_LINES = 1 << 5,  /* keep the line table read for the
				      * functions' lines, for lines_at */
	SYMTAB_NO_LINE_TABLE = 1 << 6, /* the names only: the functions'
					* lines unread (a library's DWARF
					* line tables were two thirds of
					* naming a sum's paths' frames) */
};
#define SYMTAB_NO_FUNCTIONS (-2)
int symtab_read(struct symtab *st, const char *path, unsigned flags, char *err,
		size_t errlen);

/* Where the functions come from besides the executable (GNU gprof's
 * --external-symbol-table and -R's map); NULL members: not used. */
struct function_map;
struct symtab_sources {
	/* The functions from this file instead of the ELF symbol table:
	 * lines "ADDRESS TYPE NAME" as nm prints them, type t or T; no
	 * source lines.  The executable still gives .text and the build-id. */
	const char *external_table;
	/* -R: functions renamed after their object file, or dropped, as the
	 * map says; the map must outlive st (names point into it). */
	const struct function_map *map;
};

/* symtab_read() with sources (NULL: none). */
int symtab_read_with(struct symtab *st, const char *path, const struct symtab_sources *src,
		     unsigned flags, char *err, size_t errlen);

void symtab_free(struct symtab *st);

/*
 * A second table of the same executable, for a view whose --regions mode
 * differs (regions_apply() on it): every symbol src read, hidden regions
 * included, as symtab_read() returned them.  The names point into src's
 * string tables: src must outlive dst.  Returns 0, or -1 when out of
 * memory.
 */
int symtab_clone(struct symtab *dst, const struct symtab *src);

/*
 * The function containing addr, exactly as GNU gprof's sym_lookup: the last
 * function starting at or below addr, provided addr <= its end_addr; NULL
 * otherwise (below the first function, or past the end of .text).
 */
struct sym *symtab_lookup(const struct symtab *st, gmon_addr_t addr);

/* The name GNU gprof prints: demangled when it could be, else as is (or
 * the label regions_apply() gave it).  Sorting uses sym.name, as GNU does. */
static inline const char *sym_print_name(const struct sym *s)
{
	return s->label ? s->label : s->demangled ? s->demangled : s->name;
}

/* The function charged with s's samples and calls. */
static inline struct sym *sym_owner(struct sym *s)
{
	return s->owner ? s->owner : s;
}

/* Whether the reports list the function: not folded into another one. */
static inline int sym_is_row(const struct sym *s)
{
	return !s->owner || s->owner == s;
}

#endif /* GPROF_PAR_SYMTAB_H */
