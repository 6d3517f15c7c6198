/*
 * annotate.h - annotated source (-A), as GNU gprof 2.40 prints it
 * (basic_blocks.c print_annotated_source, annotate_with_count; source.c
 * annotate_source) for profiles without basic-block counts (what gcc
 * writes): each function's call count on the line the line tables give
 * its entry, "#####" below the -m threshold, then per file the lines with
 * the most executions (-t) and a summary.
 */
#ifndef GPROF_PAR_ANNOTATE_H
#define GPROF_PAR_ANNOTATE_H

#include <stddef.h>
#include <stdio.h>

#include "symtab.h"

/* The files the report layer does not open itself: the caller's
 * functions read a source file (NULL after saying why on stderr) and, for
 * -y, open and close the file of its annotation (NULL, nonzero: it could
 * not, and said why). */
struct annotate_files {
	char *(*read_source)(const char *name, size_t *len, void *arg);
	FILE *(*open_annotation)(const char *name, void *arg);  /* NULL: on out */
	int (*close_annotation)(FILE *f, void *arg);
	void *arg;
};

struct annotate_options {
	int show_zeros;          /* -z: also files with no calls */
	unsigned long min_calls; /* -m: fewer calls print "#####" (GNU: 1) */
	int table_length;        /* -t: lines in "Top N Lines" (GNU: 10) */
	int all_lines;           /* -x: every line of a function shows a count */
	struct annotate_files files;
};

/*
 * Prints the annotated source files on out, or each in a file of its own
 * (-y); *printed: whether something was printed on out before (then
 * "\f\n" separates, as between GNU's sections), set when this prints.
 * Returns 0, or -1 when out of memory.
 */
int annotate_print(FILE *out, const struct symtab *st, const struct annotate_options *opt,
		   int *printed);

#endif /* GPROF_PAR_ANNOTATE_H */
