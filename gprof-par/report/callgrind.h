/*
 * callgrind.h - the sampled call paths (analysis/measured.h) as a callgrind
 * profile (--format=callgrind), the format of valgrind's callgrind, read
 * by callgrind_annotate and KCachegrind:
 *
 *   - one event, "Samples": a sample of a call path (the header's "desc:
 *     Rate:" says how many a second, "summary:" and "totals:" how many in
 *     all: the samples of the paths);
 *   - a block per named frame: "ob=" its module (the executable's or a
 *     shared library's base name), "fl=" its source file ("???" when not
 *     known: no -g, or a library's function), "fn=" its name, then its self
 *     samples by source line, "positions: line": each sampled PC's line
 *     (m->sites, looked up by the caller in the DWARF line tables: the
 *     hot lines callgrind_annotate --auto=yes shows), a line of code
 *     inlined from another file after "fi=FILE" and "fe=" back to the
 *     function's, and the samples with no line (a library's, no -g) at
 *     its first line (0 when not known; "LINE 0" for a function with
 *     none);
 *   - a call per arc of measured_arcs(): "cob=", "cfl=", "cfn=" the callee
 *     ("cfl=" only when its file is not the caller's, as callgrind writes
 *     it: callgrind_annotate takes the current directory off the paths of
 *     "fl=" but not of "cfl=", so a callee would count twice, under two
 *     names), "calls=COUNT LINE" with the callee's first line, then the caller's
 *     line and the samples with the caller directly above the callee (the
 *     inclusive cost of the call; a recursive call counts once per path).
 *     COUNT is the gmon arcs' count where -pg counted the call; callgrind
 *     needs a positive count (callgrind_annotate takes a cost after
 *     "calls=0" for the caller's self cost), so a call no arc counted (in or
 *     into a shared library, or from a function built without -pg) is given
 *     1: it was seen on a sampled path, so it was made at least once.  A
 *     "desc: Calls:" line says so when there is such a call.
 *
 * Names are written with callgrind's name compression ("fn=(3) name" once,
 * then "fn=(3)"), so a name may start with '(' or hold spaces; a control
 * character in a name or file is written as '_' (a line cannot hold one).
 */
#ifndef GPROF_PAR_CALLGRIND_H
#define GPROF_PAR_CALLGRIND_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "measured.h"

/*
 * Writes the profile of m, with its calls arcs[0 .. narcs) (measured_arcs(),
 * sorted by caller), to out; command is the "cmd:" line (the executable as
 * named on the command line), or NULL.  Returns 0, or -1 when out of memory,
 * before anything is written.
 */
int callgrind_print(FILE *out, const struct measured *m, const struct measured_arc *arcs,
		    size_t narcs, const char *command);

/*
 * One profile per rank (--per-rank): the file's first lines once, then a
 * part per rank, numbered from 1 ("part: N", and "desc: Rank: R (FILE)"),
 * each a whole profile of that rank's paths.  KCachegrind shows the parts
 * (and their sum); callgrind_annotate reads one-part files only.
 */
struct callgrind_part {
	size_t number;           /* from 1 */
	int64_t rank;
	const char *file;        /* the rank's profile */
};
void callgrind_print_file_header(FILE *out);
int callgrind_print_part(FILE *out, const struct measured *m, const struct measured_arc *arcs,
			 size_t narcs, const char *command, const struct callgrind_part *part);

#endif /* GPROF_PAR_CALLGRIND_H */
