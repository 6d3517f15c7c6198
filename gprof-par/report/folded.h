/*
 * folded.h - the sampled call paths as "folded stacks" (--format=folded):
 * one line per distinct path of names, the root first, frames separated by
 * ';', then a space and its samples, as FlameGraph's flamegraph.pl,
 * speedscope and inferno read them:
 *
 *     main;hard;work 2980
 *
 * Lines come in the order of their names, so that identical prefixes are
 * next to each other (flamegraph.pl merges neighbours).  ';' in a name
 * (none in C, possible in some demangled templates) is printed as ':', a
 * space or control character as '_', as the folded format has no quoting.
 */
#ifndef GPROF_PAR_FOLDED_H
#define GPROF_PAR_FOLDED_H

#include <stdio.h>

#include "measured.h"

void folded_print(FILE *out, const struct measured *m);

#endif /* GPROF_PAR_FOLDED_H */
