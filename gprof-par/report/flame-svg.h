/*
 * flame-svg.h - the sampled call paths (analysis/measured.h) as a flame
 * graph (--flame-graph=FILE), a self-contained interactive SVG in the
 * manner of Brendan Gregg's flamegraph.pl:
 *
 *   - one box per function and path: the paths' prefix tree, the root
 *     ("all", every sample) at the bottom, each function's callees above
 *     it, left to right in the order of their names; a box is as wide as
 *     the samples with its path as a prefix;
 *   - boxes narrower than FLAME_SVG_MIN_SHARE of the samples (and so all
 *     above them) are left out; their samples still count in the boxes
 *     below, and the subtitle says how many were left out;
 *   - hovering shows "name (N samples, P%)" (an SVG <title>, and the line
 *     at the bottom); clicking a box zooms into it (its callees fill the
 *     width), clicking the background or the root zooms out.  The script
 *     is inline: the file refers to nothing outside itself;
 *   - labels are shortened to the box ("na.."), absent from narrow boxes;
 *     colours are a warm palette chosen by a hash of the name, the same
 *     for a function everywhere and in every run.
 *
 * Names are bytes: text is escaped for XML, and bytes that are not valid
 * UTF-8, control characters and the characters XML forbids are written as
 * U+FFFD.
 */
#ifndef GPROF_PAR_FLAME_SVG_H
#define GPROF_PAR_FLAME_SVG_H

#include <stdio.h>

#include "measured.h"

/* Boxes with less than this share of the samples are not drawn. */
#define FLAME_SVG_MIN_SHARE 0.001

/*
 * Writes the flame graph of m's paths to out, headed by title (bytes,
 * escaped here).  Returns 0, or -1 when out of memory, before anything is
 * written.
 */
int flame_svg_print(FILE *out, const struct measured *m, const char *title);

#endif /* GPROF_PAR_FLAME_SVG_H */
