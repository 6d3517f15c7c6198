/*
 * gnu-debug.h - GNU gprof 2.40's -d traces of the raw data, line for line
 * as Debian's gprof (built with DEBUG) prints them on standard output:
 *
 *   bit 16 (TALLYDEBUG): each arc as it is tallied while the files are
 *          read: "[cg_tally] arc from F to G traversed N times", then
 *          "[arc_add] N arcs from F to G", and "[tally] hit OLD += N" when
 *          the pair of functions has an arc already;
 *   bit 64 (SAMPLEDEBUG): each histogram record and its bins as read
 *          ("[hist_read_rec] ...", a bin's value being the sum so far over
 *          the files), each arc record ("[cg_read_rec] ..."), the arcs of
 *          the sum written by -s ("[cg_write_arcs] ..."), and the crediting
 *          of samples to functions ("[assign_samples] ...": hist.h).
 *
 * GNU's other bits trace its own data structures (cycles, propagation,
 * lookups, ...) and have no counterpart here: they are accepted and print
 * nothing.  The traces replay the files in the order given, after they are
 * summed, so they cost nothing unless asked for.
 */
#ifndef GPROF_PAR_GNU_DEBUG_H
#define GPROF_PAR_GNU_DEBUG_H

#include <stddef.h>
#include <stdio.h>

#include "symspec.h"
#include "symtab.h"

#define GNU_DEBUG_ANY 0x1u       /* GNU's ANYDEBUG: "[main] debug-level=0x..." */
#define GNU_DEBUG_TALLY 0x10u    /* TALLYDEBUG */
#define GNU_DEBUG_SAMPLE 0x40u   /* SAMPLEDEBUG */

/* GNU's first trace, printed as each -d option is read. */
void gnu_debug_print_level(FILE *out, unsigned level);

/* What the traces of reading replay. */
struct gnu_debug_input {
	unsigned level;              /* the -d bits */
	const struct symtab *st;     /* with the specifications applied */
	const struct symspec *specs; /* -k, -q, -Q, ... as given */
	size_t nspecs;
	char *const *paths;          /* the gmon files, in the order read */
	size_t npaths;
	int writes_sum;              /* -s (or -S): the sum's arcs are written */
};

/*
 * Prints on out the traces of the TALLY and SAMPLE bits: the arcs of 0
 * calls GNU makes for the FROM/TO specifications, the reading of each
 * file (in order, with the functions of st), then with writes_sum the arcs
 * of the sum as GNU's -s writes them.  A file that cannot be read
 * (--skip-bad left it out of the sum) is skipped.  Returns 0, or -1 with a
 * message in err (out of memory, or writing out failed).
 */
int gnu_debug_trace_reading(FILE *out, const struct gnu_debug_input *in, char *err,
			    size_t errlen);

#endif /* GPROF_PAR_GNU_DEBUG_H */
