/*
 * json-export.h - the whole measured profile (analysis/measured.h) as one
 * JSON document (--format=json, RFC 8259): the sampling rate and samples,
 * the named frames with their self and total samples and seconds, the
 * calls between them (measured_arcs()) with their inclusive samples and
 * gmon counts, and the distinct paths, root first, as lists of frame ids.
 * The schema is in gprof-par/README.md, "JSON export".
 *
 * Names are bytes: they are written as UTF-8 JSON strings, each byte that
 * is not part of a valid UTF-8 sequence as U+FFFD (the frames' ids, not
 * their names, tell them apart); '"', '\' and control characters (and DEL)
 * are escaped.  Seconds are samples divided by the rate (null when the rate
 * is not known).
 */
#ifndef GPROF_PAR_JSON_EXPORT_H
#define GPROF_PAR_JSON_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "measured.h"

/* The value of the document's "format" and "version". */
#define JSON_EXPORT_FORMAT "gprof-par-profile"
#define JSON_EXPORT_VERSION 1

/*
 * Writes the document for m and its calls arcs[0 .. narcs) to out; program
 * (the executable as named on the command line, or NULL) is its "program".
 */
void json_export_print(FILE *out, const struct measured *m, const struct measured_arc *arcs,
		       size_t narcs, const char *program);

/*
 * The same in pieces, for --per-rank: the document without its closing
 * brace, then "ranks": a list of one object per rank's profile ({"rank",
 * "file", "samples", "seconds", "lost", "cut", "functions": [{"id",
 * "self_samples", "total_samples"}] for the functions on its paths, ids as
 * in "functions"}).
 */
void json_export_head(FILE *out, const struct measured *m, const struct measured_arc *arcs,
		      size_t narcs, const char *program);
void json_export_ranks_begin(FILE *out);
void json_export_rank(FILE *out, const struct measured *part, int64_t rank, const char *file,
		      uint64_t lost, uint64_t cut, int first);
void json_export_ranks_end(FILE *out, int any);

/* s as a JSON string, quotes included (null for NULL), escaped as above. */
void json_export_string(FILE *out, const char *s);

#endif /* GPROF_PAR_JSON_EXPORT_H */
