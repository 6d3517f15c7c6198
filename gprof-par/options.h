/*
 * options.h - gprof-par's command line: GNU gprof's options (with their
 * semantics, combined short options included), gprof-par's own, --help and
 * --version, and the one rule for messages under a launcher: only the
 * first process speaks.
 */
#ifndef GPROF_PAR_OPTIONS_H
#define GPROF_PAR_OPTIONS_H

#include <stddef.h>

#include "symspec.h"

#define PROGRAM "gprof-par"
#define DEFAULT_EXECUTABLE "a.out"
#define DEFAULT_GMON "gmon.out"
#define SUM_FILE "gmon.sum"

/* Report sections (GNU's output_style bits). */
enum {
	STYLE_FLAT = 1 << 0,
	STYLE_GRAPH = 1 << 1,
	STYLE_EXEC_COUNTS = 1 << 2,
	STYLE_SUM = 1 << 3,
	STYLE_ANNOTATED = 1 << 4, /* -A: annotated source (GNU's -Z marks it) */
	STYLE_FILE_INFO = 1 << 5,
	STYLE_FUNCTION_ORDER = 1 << 6, /* -r */
	STYLE_FILE_ORDER = 1 << 7,     /* -R MAP */
};

/* --summary's formats (views/summary.c). */
enum { SUMMARY_TEXT = 1, SUMMARY_JSON };

/* --format: what is printed. */
enum report_format {
	FORMAT_GNU = 0,          /* GNU gprof's report */
	FORMAT_CALLGRIND,
	FORMAT_FOLDED,
	FORMAT_JSON,
};

struct options {
	int style;               /* sections asked for */
	int user_specified;      /* sections the user turned on or off */
	int brief;
	int show_zeros;
	int width;
	const char *executable;
	const char **gmon_files;
	int ngmon_files;
	int sum_dir;             /* -S */
	const char *dir;         /* -S's directory */
	const char *output;      /* -o, or NULL */
	int skip_bad;
	int demangle;            /* print demangled names (--no-demangle: 0) */
	unsigned symtab_flags;   /* -a: SYMTAB_NO_STATIC */
	int regions;             /* --regions: an enum regions_mode (regions.h) */
	int regions_explicit;    /* --regions was given */
	int load_balance;        /* --load-balance[=FORMAT]: an enum
				  * balance_format (balance-print.h); 0: not asked */
	int no_load_balance;     /* --no-load-balance */
	int mpi;                 /* --mpi[=FORMAT]: an enum mpi_report_format
				  * (mpi-report.h); 0: not asked */
	int balance;             /* the load balance to print (a format), or 0 */
	const char *balance_svg; /* --load-balance-svg=FILE, or NULL */
	int measured;            /* --measured: children times from call paths */
	int format;              /* --format: an enum report_format */
	int per_rank;            /* --per-rank: each profile's paths too */
	const char *flame_graph; /* --flame-graph=FILE, or NULL */
	int source_times;        /* --source-times[=FUNC] */
	const char *source_times_fn;   /* its FUNC, or NULL: the hot functions */
	int summary;             /* --summary[=FORMAT]: SUMMARY_TEXT or
				  * SUMMARY_JSON on standard output; 0: not */
	const char *summary_text;    /* --summary-text=FILE, or NULL */
	const char *summary_json;    /* --summary-json=FILE, or NULL */
	const char *html;            /* --html=FILE, or NULL */
	int timing;              /* --timing */
	int modules;             /* -M: the report over all load modules */
	const char *extract_module; /* --extract-module=NAME: its gmon file */
	int print_path;          /* -L: source files by their whole path */
	int static_call_graph;   /* -c */
	int bsd;                 /* -T: GNU's traditional (BSD) layout */
	int inline_file_names;   /* --inline-file-names */
	int line;                /* -l: line symbols (SYMTAB_LINES) */
	const char *external_symbol_table; /* --external-symbol-table=FILE */
	const char *function_map;    /* -R MAP */
	int file_format;             /* -O: an enum gmon_file_format (bsd-format.h) */
	int prof_format;             /* -O p: GNU refuses it after the executable */
	const struct symspec *specs; /* symbol specifications, in order */
	size_t nspecs;
	/* Annotated source (-A) */
	const char **source_dirs;    /* -I lists (colon-separated), in order */
	size_t nsource_dirs;
	unsigned long min_count;     /* -m: below it, "#####" (default 1) */
	int table_length;            /* -t: lines of "Top N Lines" (default 10) */
	int all_lines;               /* -x */
	int separate_files;          /* -y: NAME-ann files, not the report */
	unsigned debug_level;        /* -d[N]: GNU's trace bits (analysis/gnu-debug.h) */
	int dump;                    /* --dump: the operands' records, nothing else */
	char *const *dump_files;     /* --dump's operands (or gmon.out) */
	size_t ndump_files;
};

/* Nonzero in every process of a launch but the first: it then prints
 * nothing (option errors come before MPI is initialised, so the launcher's
 * environment says who it is; once MPI runs, its rank does). */
extern int options_quiet;

/* Prints "gprof-par: msg" on standard error (unless quiet) and exits 1. */
void die(const char *msg) __attribute__((noreturn));

/* Replaces each "@FILE" argument by the arguments FILE holds (separated
 * by white space, quoted with ' or ", \ escaping, @FILE again inside), as
 * GNU gprof does with libiberty's expandargv; an @FILE that cannot be read
 * stays as it is. */
void options_expand_response_files(int *argc, char ***argv);

/* Parses argv into o as GNU gprof would; prints --help or --version and
 * exits 0, or explains a bad option and exits 1. */
void options_parse(int argc, char **argv, struct options *o);

#endif /* GPROF_PAR_OPTIONS_H */
