/*
 * symspec.h - GNU gprof's symbol specifications: the NAME of -pNAME,
 * -PNAME, -qNAME, -QNAME, -CNAME, -ZNAME, -e/-E/-f/-F NAME, -n/-N NAME
 * (--time/--no-time) and the FROM/TO of -k, -qFROM/TO, -QFROM/TO, applied
 * to a symbol table as GNU gprof 2.40 applies them (sym_ids.c).
 *
 * A specification is split at its first '/' into FROM and TO (TO counts
 * only for the arc tables).  Each part: with a ':', the text before the
 * last one is a source file and the text after it a line number (if it
 * starts with a digit) or a name; without one, a text containing '.' is a
 * file, one starting with a digit a line, anything else a name; an empty
 * part matches every function.  Names are compared exactly with the
 * symbol-table name (mangled, as GNU does on ELF).  A specification that
 * matches nothing is ignored, silently, as with GNU.
 *
 * Files and lines are the functions' (lines.h): a file is named by its base
 * name ("x.c", never "dir/x.c"), and of several files with that base name
 * the one met last counts; a program without line tables has none, so a
 * file or line matches nothing there, as with GNU.
 *
 * Each symbol gets a bit per table it is in (struct sym.spec), GNU's default
 * exclusions (mcount, ...) in EXCL_FLAT, EXCL_TIME and EXCL_GRAPH, and the
 * table records which tables are not empty, for GNU's rule: a function is
 * in a report when the INCL table holds it, or the INCL table is empty and
 * the EXCL table does not hold it (symspec_included()).
 */
#ifndef GPROF_PAR_SYMSPEC_H
#define GPROF_PAR_SYMSPEC_H

#include <stddef.h>

#include "symtab.h"

enum symspec_table {
	SYMSPEC_INCL_GRAPH, SYMSPEC_EXCL_GRAPH,  /* -qNAME -f -F / -QNAME -e -E */
	SYMSPEC_INCL_ARCS, SYMSPEC_EXCL_ARCS,    /* -qFROM/TO / -QFROM/TO -k */
	SYMSPEC_INCL_FLAT, SYMSPEC_EXCL_FLAT,    /* -pNAME / -PNAME */
	SYMSPEC_INCL_TIME, SYMSPEC_EXCL_TIME,    /* -n -F / -N -E */
	SYMSPEC_INCL_EXEC, SYMSPEC_EXCL_EXEC,    /* -CNAME / -ZNAME */
	SYMSPEC_INCL_ANNO, SYMSPEC_EXCL_ANNO,    /* -ANAME / -JNAME */
	SYMSPEC_NTABLES
};

#define SYMSPEC_BIT(t) ((unsigned)1 << (t))

struct symspec {
	enum symspec_table table;
	const char *text;        /* as given on the command line */
};

/*
 * Matches the specifications (in command-line order) against st's
 * functions and records the result in st (sym.spec, spec_nonempty, the
 * arcs of the arc tables).  Returns 0, or -1 with a message in err when out
 * of memory.
 */
int symspec_apply(struct symtab *st, const struct symspec *specs, size_t n, char *err,
		  size_t errlen);

/* GNU's rule for a function and the table pair starting at incl (an INCL_
 * table; the EXCL_ one follows it). */
static inline int symspec_included(const struct symtab *st, const struct sym *s,
				   enum symspec_table incl)
{
	unsigned in = SYMSPEC_BIT(incl), out = SYMSPEC_BIT(incl + 1);

	return (s->spec & in) || (!(st->spec_nonempty & in) && !(s->spec & out));
}

/* Whether the arc parent -> child is kept (GNU's cg_tally): present in the
 * INCL_ARCS table, or that table empty and the arc not in EXCL_ARCS. */
int symspec_arc_kept(const struct symtab *st, const struct sym *parent, const struct sym *child);

/* Whether any arc table is in use (GNU leaves dropped arcs out of -s's
 * gmon.sum). */
int symspec_selects_arcs(const struct symtab *st);

/*
 * The pairs of functions GNU's sym_id_process makes an arc of count 0 for
 * (its -d16 trace prints them): for each FROM/TO specification of an arc
 * table, the one given last first, each run of consecutive functions that
 * FROM matches, the last run first, with each run TO matches, the last
 * first; a run is named by its first function.  Returns 0, or -1 when out
 * of memory.
 */
int symspec_each_arc_pair(const struct symtab *st, const struct symspec *specs, size_t n,
			  void (*fn)(void *ctx, const struct sym *from, const struct sym *to),
			  void *ctx);

/* Frees what symspec_apply() put in st (symtab_free() calls it). */
void symspec_free(struct symtab *st);

#endif /* GPROF_PAR_SYMSPEC_H */
