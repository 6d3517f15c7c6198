/*
 * regions-note.h - the one line on standard error that says when GNU
 * gprof's rule hid a noticeable share of the time in OpenMP regions and
 * compiler clones, where it went, and how to see it right.
 */
#ifndef GPROF_PAR_REGIONS_NOTE_H
#define GPROF_PAR_REGIONS_NOTE_H

#include <stdio.h>

#include "regions-share.h"

/* The share of the samples from which the note is printed. */
#define REGIONS_NOTE_THRESHOLD 0.05

/* Prints the note on out when the hidden share reaches the threshold;
 * returns whether it did. */
int regions_print_note(FILE *out, const char *program, const struct hidden_share *h);

#endif /* GPROF_PAR_REGIONS_NOTE_H */
