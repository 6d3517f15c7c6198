/*
 * options-table.h - gprof-par's options, each described once in one table
 * (options-table.c): its short and long names, its argument, what it sets,
 * and its text in --help.  options.c makes getopt's option string and long
 * options, the parsing and --help from it; the manual page's list of
 * options is checked against --help (tests/docs/man-options.sh).
 *
 * A new option: one entry in the table, at its place in --help, with a
 * field of struct options (options.h) and, if setting it is more than
 * storing a flag or the argument, a handler next to the table.
 */
#ifndef GPROF_PAR_OPTIONS_TABLE_H
#define GPROF_PAR_OPTIONS_TABLE_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

#include "options.h"

enum option_argument {
	NONE = no_argument,
	REQUIRED = required_argument,
	OPTIONAL = optional_argument,
};

struct option_entry;

/* Applies the option e with its argument (NULL if none) to o. */
typedef void option_handler(struct options *o, const struct option_entry *e, const char *arg);

struct option_entry {
	int key;                 /* the short option, or 0 for a long one only */
	const char *name;        /* the long option, or NULL */
	enum option_argument arg;
	option_handler *set;
	size_t field;            /* set_flag, set_text: FIELD(the member it sets) */
	int value;               /* set_flag: the value; set_style etc.: the bit */
	const char *before;      /* --help: the text before it (a heading), or NULL */
	const char *column;      /* --help: the left column; NULL: not listed (said
				  * with the entry before, or undocumented) */
	const char *help;        /* --help: its text, lines ended by \n; one that
				  * starts with \n starts under the column */
};

#define FIELD(member) offsetof(struct options, member)

extern const struct option_entry option_table[];
extern const size_t option_table_size;

/* --help's list of options, from the table. */
void options_print_table(FILE *out);

/* Whole --help and --version (options.c). */
void options_usage(FILE *out);
void options_version(void);

#endif /* GPROF_PAR_OPTIONS_TABLE_H */
