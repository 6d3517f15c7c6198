/*
 * source-times.h - --source-times: the source of the hot functions (or of
 * one named function) with each line's time, a view of its own beside
 * GNU's -A (which stays GNU gprof's bytes: counts, not times).
 *
 * Each function is printed as
 *
 *   FUNC: 314 samples, 0.31 seconds, 97.52% of all (FILE)
 *
 *    samples  seconds  percent   line  source
 *                                  19  __attribute__((noinline)) void loops(void)
 *        295     0.30    93.95     24          for (...) ...
 *
 * its lines first..last of its file, a line with samples showing them, the
 * seconds (samples / hz) and its percent of the function's samples; then
 * the lines of other files that hold some of its samples (code inlined
 * from a header), each after "  FILE:", and the samples with no line
 * ("  no line: N samples", e.g. without -g).  The text comes from the
 * caller's read_source (this layer reads no file): a file it cannot give
 * is printed without text.
 */
#ifndef GPROF_PAR_SOURCE_TIMES_H
#define GPROF_PAR_SOURCE_TIMES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Samples on one source line. */
struct source_line_cost {
	const char *file;
	unsigned line;
	uint64_t samples;
};

struct source_times_fn {
	const char *name;
	const char *file;        /* its source file, NULL: none known */
	unsigned first, last;    /* the lines of file shown */
	uint64_t samples;        /* all of its samples (lines' and no line's) */
	const struct source_line_cost *lines;   /* sorted by file then line */
	size_t nlines;
};

struct source_times_options {
	double hz;               /* samples a second (0: seconds not known) */
	uint64_t total;          /* the samples of the executable's histogram */
	uint64_t libraries;      /* the samples in shared libraries (their
				  * lists beside the profile; 0: none) */
	/* The text of a source file (malloc'ed, *len bytes), or NULL. */
	char *(*read_source)(const char *name, size_t *len, void *arg);
	void *arg;
};

/* Prints fns[0 .. n) in order.  Returns 0, or -1 when out of memory. */
int source_times_print(FILE *out, const struct source_times_fn *fns, size_t n,
		       const struct source_times_options *o);

#endif /* GPROF_PAR_SOURCE_TIMES_H */
