/*
 * options-table.c - see options-table.h: the table of options, in the
 * order of --help, and what each does to struct options.  (Over 800 lines:
 * one entry per option, each with its --help text, in one table.)
 */
#include "config.h"

#include "options-table.h"

#include <stdlib.h>
#include <string.h>

#include "balance-print.h"
#include "bsd-format.h"
#include "demangle.h"
#include "gnu-debug.h"
#include "mpi-report.h"
#include "regions.h"
#include "symtab.h"

/* The symbol specifications, in command-line order (reachable until exit:
 * o->specs points here). */
static struct symspec *specs;
static size_t nspecs, specs_cap;

/* OPTION[=FORMAT] of a whole-output view: text (also without FORMAT), csv
 * or json, as the values given; anything else is refused (exit 1). */
static int text_csv_json(const char *option, const char *format, int text, int csv, int json)
{
	if (!format || strcmp(format, "text") == 0)
		return text;
	if (strcmp(format, "csv") == 0)
		return csv;
	if (strcmp(format, "json") == 0)
		return json;
	if (!options_quiet)
		fprintf(stderr, PROGRAM ": %s=%s: use text, csv or json\n", option, format);
	exit(1);
}

static void add_spec(struct options *o, enum symspec_table table, const char *text)
{
	if (nspecs == specs_cap) {
		size_t cap = specs_cap ? 2 * specs_cap : 8;
		struct symspec *grown = realloc(specs, cap * sizeof(*grown));

		if (!grown)
			die("out of memory");
		specs = grown;
		specs_cap = cap;
	}
	specs[nspecs++] = (struct symspec){ table, text };
	o->specs = specs;
	o->nspecs = nspecs;
}

/* The table of -pSPEC, -PSPEC, -qSPEC, -QSPEC, -CSPEC, -ZSPEC, -ASPEC and
 * -JSPEC (GNU: an arc FROM/TO for -q and -Q goes to the arc tables). */
static enum symspec_table section_table(int c, const char *arg)
{
	switch (c) {
	case 'p': return SYMSPEC_INCL_FLAT;
	case 'P': return SYMSPEC_EXCL_FLAT;
	case 'q': return strchr(arg, '/') ? SYMSPEC_INCL_ARCS : SYMSPEC_INCL_GRAPH;
	case 'Q': return strchr(arg, '/') ? SYMSPEC_EXCL_ARCS : SYMSPEC_EXCL_GRAPH;
	case 'C': return SYMSPEC_INCL_EXEC;
	case 'Z': return SYMSPEC_EXCL_EXEC;
	case 'A': return SYMSPEC_INCL_ANNO;
	default: return SYMSPEC_EXCL_ANNO;   /* 'J' */
	}
}

/* The options that turn a report section on or off (GNU's -p -P -q -Q -C
 * -Z -A -J), and the section each marks as chosen by the user. */
static const struct section_switch {
	char option;
	int style;
	int on;
	int marks;
} section_switches[] = {
	{ 'p', STYLE_FLAT, 1, STYLE_FLAT },
	{ 'P', STYLE_FLAT, 0, STYLE_FLAT },
	{ 'q', STYLE_GRAPH, 1, STYLE_GRAPH },
	{ 'Q', STYLE_GRAPH, 0, STYLE_GRAPH },
	{ 'C', STYLE_EXEC_COUNTS, 1, STYLE_EXEC_COUNTS },
	/* GNU marks another style here, so -Z alone still gives the default
	 * sections; keep its behaviour. */
	{ 'Z', STYLE_EXEC_COUNTS, 0, STYLE_ANNOTATED },
	{ 'A', STYLE_ANNOTATED, 1, STYLE_ANNOTATED },
	{ 'J', STYLE_ANNOTATED, 0, STYLE_ANNOTATED },
};

static void switch_section(struct options *o, int c, const char *arg)
{
	if (arg)
		add_spec(o, section_table(c, arg), arg);
	for (size_t i = 0; i < sizeof section_switches / sizeof *section_switches; i++) {
		const struct section_switch *w = &section_switches[i];

		if (w->option != c)
			continue;
		/* -PSPEC, -QSPEC, -ZSPEC, -JSPEC print the section, without SPEC */
		if (w->on || arg)
			o->style |= w->style;
		else
			o->style &= ~w->style;
		o->user_specified |= w->marks;
	}
}

/* -I DIRS, in order (reachable until exit, like the specifications). */
static const char **source_dirs;
static size_t nsource_dirs;

static void add_source_dir_list(struct options *o, const char *list)
{
	const char **grown = realloc(source_dirs, (nsource_dirs + 1) * sizeof(*grown));

	if (!grown)
		die("out of memory");
	source_dirs = grown;
	source_dirs[nsource_dirs++] = list;
	o->source_dirs = source_dirs;
	o->nsource_dirs = nsource_dirs;
}

/* Handlers: what an option does to struct options. */

/* The field e names: e's value, or the argument. */
static void set_flag(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)arg;
	*(int *)((char *)o + e->field) = e->value;
}
static void set_text(struct options *o, const struct option_entry *e, const char *arg)
{
	*(const char **)((char *)o + e->field) = arg;
}

/* A file to write: an empty name is refused before anything is read (it
 * was summed or rendered, then "cannot rename the temporary file"). */
static void set_output_file(struct options *o, const struct option_entry *e, const char *arg)
{
	if (!*arg) {
		if (options_quiet)
			exit(1);
		fprintf(stderr, PROGRAM ": --%s: an empty file name\n", e->name);
		exit(1);
	}
	set_text(o, e, arg);
}

/* -i, -s, -r: a section the user chose */
static void set_style(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)arg;
	o->style |= e->value;
	o->user_specified |= e->value;
}

/* -a, -D: which symbols are read */
static void set_symtab_flag(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)arg;
	o->symtab_flags |= (unsigned)e->value;
}

/* -p -P -q -Q -C -Z -A -J[SPEC]; GNU's undocumented -B: -q without a SPEC */
static void set_section(struct options *o, const struct option_entry *e, const char *arg)
{
	if (e->key == 'B')
		switch_section(o, 'q', NULL);
	else
		switch_section(o, e->key, arg);
}

/* One symbol specification, or two: SPECS(first, second). */
#define SPECS(first, second) ((first) | ((second) + 1) << 8)

static void set_specs(struct options *o, const struct option_entry *e, const char *arg)
{
	add_spec(o, (enum symspec_table)(e->value & 0xff), arg);
	if (e->value >> 8)
		add_spec(o, (enum symspec_table)((e->value >> 8) - 1), arg);
}

static void add_source_dirs(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	add_source_dir_list(o, arg);
}

static void set_min_count(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	/* GNU: strtoul, so "-m -1" is the largest count */
	o->min_count = strtoul(arg, NULL, 10);
}
static void set_table_length(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	o->table_length = atoi(arg);
	if (o->table_length < 0)
		o->table_length = 0;
}

static void set_file_format(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	/* GNU looks at the first character only */
	switch (arg[0]) {
	case 'a': o->file_format = GMON_FORMAT_AUTO; break;
	case 'm': o->file_format = GMON_FORMAT_MAGIC; break;
	case 'b': o->file_format = GMON_FORMAT_BSD; break;
	case '4': o->file_format = GMON_FORMAT_BSD44; break;
	case 'p': o->prof_format = 1; break;
	default:
		if (options_quiet)
			exit(1);
		fprintf(stderr, PROGRAM ": unknown file format %s (-O takes auto, "
			"magic, bsd, 4.4bsd or prof)\n", arg);
		exit(1);
	}
}

static void set_file_ordering(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	o->style |= STYLE_FILE_ORDER;
	o->user_specified |= STYLE_FILE_ORDER;
	o->function_map = arg;
}

static void set_debug(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	/* GNU: -dN adds N's bits and ANYDEBUG, -d sets all; it says so on
	 * standard output at once */
	if (arg)
		o->debug_level |= (unsigned)atoi(arg) | GNU_DEBUG_ANY;
	else
		o->debug_level = ~0u;
	if (!options_quiet)
		gnu_debug_print_level(stdout, o->debug_level);
}

static void set_source_times(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	o->source_times = 1;
	o->source_times_fn = arg;
}
static void set_line(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e, (void)arg;
	o->line = 1;
	o->symtab_flags |= SYMTAB_LINES;
}

static void set_static_call_graph(struct options *o, const struct option_entry *e,
				  const char *arg)
{
	(void)e, (void)arg;
	o->static_call_graph = 1;
	o->symtab_flags |= SYMTAB_TEXT;
}

static void set_regions(struct options *o, const struct option_entry *e, const char *arg)
{
	enum regions_mode mode;

	(void)e;
	if (regions_parse_mode(arg, &mode) != 0) {
		if (options_quiet)
			exit(1);
		fprintf(stderr, PROGRAM ": --regions=%s: use gnu, parent or separate\n", arg);
		exit(1);
	}
	o->regions = (int)mode;
	o->regions_explicit = 1;
}

static void set_load_balance(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	o->load_balance = text_csv_json("--load-balance", arg, BALANCE_TEXT, BALANCE_CSV,
					BALANCE_JSON);
}

static void set_mpi(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	o->mpi = text_csv_json("--mpi", arg, MPI_REPORT_TEXT, MPI_REPORT_CSV, MPI_REPORT_JSON);
}

static void set_summary(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	if (arg && strcmp(arg, "text") != 0 && strcmp(arg, "json") != 0) {
		if (!options_quiet)
			fprintf(stderr, PROGRAM ": --summary=%s: use text or json\n", arg);
		exit(1);
	}
	o->summary = arg && strcmp(arg, "json") == 0 ? SUMMARY_JSON : SUMMARY_TEXT;
}

static void set_format(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	if (strcmp(arg, "gnu") == 0)
		o->format = FORMAT_GNU;
	else if (strcmp(arg, "callgrind") == 0)
		o->format = FORMAT_CALLGRIND;
	else if (strcmp(arg, "folded") == 0)
		o->format = FORMAT_FOLDED;
	else if (strcmp(arg, "json") == 0)
		o->format = FORMAT_JSON;
	else {
		if (options_quiet)
			exit(1);
		fprintf(stderr, PROGRAM ": --format=%s: use gnu, callgrind, folded or json\n", arg);
		exit(1);
	}
}

static void set_demangle(struct options *o, const struct option_entry *e, const char *arg)
{
	char err[256];

	(void)e;
	o->demangle = 1;
	if (arg && demangle_set_style(arg, err, sizeof(err)) != 0)
		die(err);
}

static void set_width(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)e;
	o->width = atoi(arg);
	if (o->width < 1)
		o->width = 1;
}

static void print_help(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)o, (void)e, (void)arg;
	if (!options_quiet)
		options_usage(stdout);
	exit(0);
}
static void print_version(struct options *o, const struct option_entry *e, const char *arg)
{
	(void)o, (void)e, (void)arg;
	if (!options_quiet)
		options_version();
	exit(0);
}

/* The options, in the order of --help. */
const struct option_entry option_table[] = {
	{ 'p', "flat-profile", OPTIONAL, set_section, 0, 0,
	  .column = "-p, --flat-profile[=SPEC]",
	  .help = "print the flat profile: functions by self time;\n"
		"with SPEC, only the functions SPEC names (their\n"
		"time is then the 100%)" },
	{ 'P', "no-flat-profile", OPTIONAL, set_section, 0, 0,
	  .column = "-P, --no-flat-profile[=SPEC]",
	  .help = "\ndo not print the flat profile; with SPEC, print\n"
		"it without the functions SPEC names" },
	{ 'q', "graph", OPTIONAL, set_section, 0, 0,
	  .column = "-q, --graph[=SPEC]",
	  .help = "print the call graph and the index by name;\n"
		"with SPEC, only the entries of the functions SPEC\n"
		"names (FROM/TO: only that arc is counted)" },
	{ 'B', NULL, NONE, set_section, 0, 0, NULL, NULL, NULL },   /* GNU's undocumented -B: -q */
	{ 'Q', "no-graph", OPTIONAL, set_section, 0, 0,
	  .column = "-Q, --no-graph[=SPEC]",
	  .help = "do not print the call graph; with SPEC, print it\n"
		"without their entries (FROM/TO: without that arc)" },
	{ 'C', "exec-counts", OPTIONAL, set_section, 0, 0,
	  .column = "-C, --exec-counts[=SPEC]",
	  .help = "print how many times each function was called,\n"
		"one \"FILE:LINE: (NAME:0xADDR) N executions\"\n"
		"line per function (\"<unknown>:0\" without -g),\n"
		"by file and line, else by address; with SPEC,\n"
		"only for the functions SPEC names" },
	{ 'Z', "no-exec-counts", OPTIONAL, set_section, 0, 0,
	  .column = "-Z, --no-exec-counts[=SPEC]",
	  .help = "do not print the execution counts; with SPEC,\n"
		"print them but for the functions SPEC names" },
	{ 'A', "annotated-source", OPTIONAL, set_section, 0, 0,
	  .column = "-A, --annotated-source[=SPEC]",
	  .help = "\nprint each source file of the program with each\n"
		"function's call count before the line of its\n"
		"entry (\"#####\" below -m's count), then the\n"
		"file's most called lines (-t) and a summary;\n"
		"needs line tables (-g); a file is read by the\n"
		"name they give, else found in -I's directories;\n"
		"with SPEC, only the functions SPEC names" },
	{ 'J', "no-annotated-source", OPTIONAL, set_section, 0, 0,
	  .column = "-J, --no-annotated-source[=SPEC]",
	  .help = "\ndo not print annotated source; with SPEC, print\n"
		"it but for the functions SPEC names" },
	{ 'k', NULL, REQUIRED, set_specs, 0, SYMSPEC_EXCL_ARCS,
	  .before = "\n"
		"Selecting functions (GNU gprof's symbol specifications; SPEC is glued to a\n"
		"short option that takes it optionally, e.g. -pmain or --flat-profile=main):\n",
	  .column = "-k FROM/TO",
	  .help = "leave the arc FROM -> TO out (its calls too)" },
	{ 'n', "time", REQUIRED, set_specs, 0, SYMSPEC_INCL_TIME,
	  .column = "-n, --time=SPEC",
	  .help = "only SPEC's time goes up the call graph" },
	{ 'N', "no-time", REQUIRED, set_specs, 0, SYMSPEC_EXCL_TIME,
	  .column = "-N, --no-time=SPEC",
	  .help = "SPEC's time does not go up the call graph" },
	{ 'e', NULL, REQUIRED, set_specs, 0, SYMSPEC_EXCL_GRAPH,
	  .column = "-e SPEC, -E SPEC",
	  .help = "leave SPEC's entries out of the call graph (-E:\n"
		"and its time, as -N)" },
	{ 'E', NULL, REQUIRED, set_specs, 0, SPECS(SYMSPEC_EXCL_TIME, SYMSPEC_EXCL_GRAPH),
	  NULL, NULL, NULL },
	{ 'f', NULL, REQUIRED, set_specs, 0, SYMSPEC_INCL_GRAPH,
	  .column = "-f SPEC, -F SPEC",
	  .help = "print only SPEC's entries of the call graph (-F:\n"
		"and only its time goes up, as -n)" },
	{ 'F', NULL, REQUIRED, set_specs, 0, SPECS(SYMSPEC_INCL_TIME, SYMSPEC_INCL_GRAPH),
	  NULL, NULL, NULL },
	{ 'i', "file-info", NONE, set_style, 0, STYLE_FILE_INFO,
	  .before = "A SPEC is a function's name as in the symbol table (not demangled), or\n"
		"FILE:NAME, FILE:LINE, FILE (a name with a '.') or LINE, FILE being a source\n"
		"file's base name: those use the program's DWARF line tables (-g), read with\n"
		"libdw, and match nothing in a program without them.  Empty (--graph=), a\n"
		"SPEC matches every function; one that matches nothing is ignored, as with\n"
		"GNU gprof.\n"
		"\n"
		"Other report options:\n",
	  .column = "-i, --file-info",
	  .help = "print how many records of each kind each gmon\n"
		"file holds" },
	{ 's', "sum", NONE, set_style, 0, STYLE_SUM,
	  .column = "-s, --sum",
	  .help = "add up all gmon files into gmon.sum (in the\n"
		"current directory), losslessly: counts that do\n"
		"not fit a 16-bit bin or a 32-bit arc are written\n"
		"as stacked records GNU gprof adds up, and their\n"
		"companions into its one companion\n"
		"gmon.sum+gmon-mpi; prints no report unless a\n"
		"section is asked for too" },
	{ 'S', "sum-dir", NONE, set_flag, FIELD(sum_dir), 1,
	  .column = "-S, --sum-dir",
	  .help = "add up every gmon.out.<N> (N: an MPI rank) in\n"
		"DIRECTORY (default: the current directory), in\n"
		"rank order, into DIRECTORY/gmon.sum, as -s does;\n"
		"missing ranks do not stop it (see below);\n"
		"with an EXECUTABLE after the directory, then\n"
		"print the report gprof-par EXECUTABLE\n"
		"DIRECTORY/gmon.sum would print, followed by\n"
		"the load balance (see --load-balance); the\n"
		"gmon.sum+NAME files an earlier version's sum\n"
		"left beside it are removed, and named" },
	{ 'r', "function-ordering", NONE, set_style, 0, STYLE_FUNCTION_ORDER,
	  .column = "-r, --function-ordering",
	  .help = "print a suggested order of the functions for the\n"
		"linker (one name per line), GNU gprof's greedy\n"
		"placement of callers next to callees along the\n"
		"most used arcs, functions never called last" },
	{ 'R', "file-ordering", REQUIRED, set_file_ordering, 0, 0,
	  .column = "-R, --file-ordering=MAP",
	  .help = "print a suggested link order of the object\n"
		"files, the same placement over the files that\n"
		"MAP gives the functions: lines \"FILE:... NAME\"\n"
		"as nm -o prints them (\"No symbols in\" lines\n"
		"are passed over).  As in GNU gprof, a function\n"
		"of MAP counts under its file's name in every\n"
		"section if it is the first of its file's lines\n"
		"in MAP, and not at all otherwise; -r and -R\n"
		"exclude each other" },
	{ 'O', "file-format", REQUIRED, set_file_format, 0, 0,
	  .column = "-O, --file-format=FORMAT",
	  .help = "how gmon files are read: a (auto, the\n"
		"default: by the \"gmon\" magic, a file without\n"
		"it as BSD if it is laid out so), m (magic: the\n"
		"\"gmon\" format only), b (BSD, old or 4.4: the\n"
		"header low_pc, high_pc, size, the 16-bit bins,\n"
		"then arcs with 64-bit counts; the old format's\n"
		"rate is the host's clock tick), 4 (4.4BSD only);\n"
		"GNU looks at the first letter only.  p (prof)\n"
		"is refused, as by GNU gprof; -s with b or 4\n"
		"(a BSD-format sum) is not supported" },
	{ 'I', "directory-path", REQUIRED, add_source_dirs, 0, 0,
	  .column = "-I, --directory-path=DIRS",
	  .help = "look for source files (-A) in DIRS too, a\n"
		"colon-separated list, then in those of the\n"
		"GPROF_PATH variable: each DIR/NAME for a relative\n"
		"NAME, then each DIR/BASENAME" },
	{ 'm', "min-count", REQUIRED, set_min_count, 0, 0,
	  .column = "-m, --min-count=N",
	  .help = "-A: a count below N prints as ##### (default 1)" },
	{ 't', "table-length", REQUIRED, set_table_length, 0, 0,
	  .column = "-t, --table-length=N",
	  .help = "-A: lines in each file's table of the most\n"
		"called lines (default 10; 0: no table)" },
	{ 'x', "all-lines", NONE, set_flag, FIELD(all_lines), 1,
	  .column = "-x, --all-lines",
	  .help = "-A: also annotate the lines where a symbol that\n"
		"is not a function (an assembler label) starts,\n"
		"with the count of the function before it" },
	{ 'y', "separate-files", NONE, set_flag, FIELD(separate_files), 1,
	  .column = "-y, --separate-files",
	  .help = "-A: write each annotated file to BASENAME-ann in\n"
		"the current directory instead of the report\n"
		"(whole, then renamed over; only a regular file\n"
		"is replaced)" },
	{ 'o', "output", REQUIRED, set_output_file, FIELD(output), 0,
	  .column = "-o, --output=FILE",
	  .help = "write the sum of -s or -S to FILE instead" },
	{ 0, "timing", NONE, set_flag, FIELD(timing), 1,
	  .column = "    --timing",
	  .help = "at the end, print on standard error where the\n"
		"time went, in seconds, per phase and per process:\n"
		"init (starting MPI), list (the directory: under\n"
		"MPI, while MPI starts; then the runs of the\n"
		"files, each process its own), read\n"
		"(open, fstat, read), check and add the files,\n"
		"balance (the load balance), paths (the call\n"
		"paths), modules (the shared libraries' profiles\n"
		"and the calls between modules), wait (for the\n"
		"slowest process's files: the blocks' imbalance),\n"
		"order (agreeing on the files' serial order),\n"
		"reduce (the partial sums: the rest of MPI),\n"
		"write (the sum), report, and total; then the\n"
		"slowest process of each phase, how many files'\n"
		"runs each process read, and in how many chunks\n"
		"a process summed its files when their\n"
		"companions were more than it keeps in memory" },
	{ 0, "skip-bad", NONE, set_flag, FIELD(skip_bad), 1,
	  .column = "    --skip-bad",
	  .help = "skip gmon files that cannot be read or do not\n"
		"match the first good one (see below) instead\n"
		"of failing; each is named, with the reason" },
	{ 'b', "brief", NONE, set_flag, FIELD(brief), 1,
	  .before = "\n"
		"Output:\n",
	  .column = "-b, --brief",
	  .help = "leave out the explanations of the columns" },
	{ 'z', "display-unused-functions", NONE, set_flag, FIELD(show_zeros), 1,
	  .column = "-z, --display-unused-functions",
	  .help = "\nalso list functions never called and never\n"
		"sampled" },
	{ 'a', "no-static", NONE, set_symtab_flag, 0, SYMTAB_NO_STATIC,
	  .column = "-a, --no-static",
	  .help = "leave out static (file-local) functions: their\n"
		"samples and calls count for the function\n"
		"before them in memory" },
	{ 'D', "ignore-non-functions", NONE, set_symtab_flag, 0, SYMTAB_FUNCTIONS_ONLY,
	  .column = "-D, --ignore-non-functions",
	  .help = "leave out file-local symbols of the text that\n"
		"are not functions (assembler labels): their\n"
		"samples and calls count for the function\n"
		"before them" },
	{ 'c', "static-call-graph", NONE, set_static_call_graph, 0, 0,
	  .column = "-c, --static-call-graph",
	  .help = "add the calls found in the text (x86 call\n"
		"instructions to a function's start, as GNU\n"
		"gprof finds them) to the call graph with a\n"
		"count of 0, so that cycles do not depend on\n"
		"what the run called" },
	{ 'T', "traditional", NONE, set_flag, FIELD(bsd), 1,
	  .column = "-T, --traditional",
	  .help = "GNU gprof's traditional (BSD) layout: the call\n"
		"graph first, each section's explanation before\n"
		"it, per-call times in ms, names with their\n"
		"call-graph index in the flat profile" },
	{ 'l', "line", NONE, set_line, 0, 0,
	  .column = "-l, --line",
	  .help = "line by line: besides each function, a symbol\n"
		"for each run of code of one source line, named\n"
		"\"function (file:line @ address)\" after the\n"
		"DWARF function it is in (an inlined one\n"
		"included), in every section (the call graph\n"
		"shows functions' entries only, with the lines\n"
		"that call them); needs line tables (-g).  -s\n"
		"with a section implies it, as in GNU gprof" },
	{ 'L', "print-path", NONE, set_flag, FIELD(print_path), 1,
	  .column = "-L, --print-path",
	  .help = "name source files by their whole path, not\n"
		"their base name" },
	{ 0, "inline-file-names", NONE, set_flag, FIELD(inline_file_names), 1,
	  .column = "    --inline-file-names",
	  .help = "print \"name (file:line)\" for the functions of a\n"
		"-g program, in every section" },
	{ 0, "external-symbol-table", REQUIRED, set_text, FIELD(external_symbol_table), 0,
	  .column = "    --external-symbol-table=FILE",
	  .help = "\nread the functions from FILE, lines \"ADDRESS\n"
		"TYPE NAME\" as nm prints them (TYPE t or T;\n"
		"others are passed over), not from the\n"
		"executable's symbol table; no source lines.\n"
		"GNU gprof's short form, -S FILE, is gprof-par's\n"
		"-S (sum a directory)" },
	{ 0, "extract-module", REQUIRED, set_text, FIELD(extract_module), 0,
	  .column = "    --extract-module=NAME",
	  .help = "\nwrite the standard gmon file of the shared\n"
		"library NAME (base name, soname or path) from\n"
		"the profiles' companions, summed, in its\n"
		"link-time addresses, so that `gprof LIBRARY FILE'\n"
		"reads it: to -o FILE, else PROFILE+BASENAME\n"
		"beside one profile, gmon.sum+BASENAME for\n"
		"several or with -S DIR; nothing else is done" },
	{ 0, "dump", NONE, set_flag, FIELD(dump), 1,
	  .column = "    --dump",
	  .help = "every record of the gmon files named (by default\n"
		"gmon.out), their companions' sections and the\n"
		"libraries' profiles, as tab-separated lines for\n"
		"scripts (docs/formats.md); no executable is read" },
	{ 'd', "debug", OPTIONAL, set_debug, 0, 0,
	  .column = "-d, --debug[=N]",
	  .help = "GNU gprof's debugging traces of the raw data, on\n"
		"standard output before the report: N's bit 16\n"
		"the arcs as tallied, 64 the histogram records,\n"
		"arcs and samples credited (-d alone: all bits;\n"
		"GNU's other bits print nothing here)" },
	{ 'w', "width", REQUIRED, set_width, 0, 0,
	  .column = "-w, --width=N",
	  .help = "width of the index by function name (default 80)" },
	{ 0, "demangle", OPTIONAL, set_demangle, 0, 0,
	  .column = "    --demangle[=STYLE]",
	  .help = "print C++ names (and Java, Ada, D and Rust ones)\n"
		"demangled, as GNU gprof does by default:\n"
		"_ZN7physics4stepEd as physics::step(double);\n"
		"STYLE: auto (the default), gnu-v3, java, gnat,\n"
		"dlang or rust.  -C prints names as they are" },
	{ 0, "no-demangle", NONE, set_flag, FIELD(demangle), 0,
	  .column = "    --no-demangle",
	  .help = "print names as in the symbol table (mangled)" },
	{ 0, "load-balance", OPTIONAL, set_load_balance, 0, 0,
	  .column = "    --load-balance[=FORMAT]",
	  .help = "\nwhere ranks differ: for every function, its self\n"
		"seconds and calls in each gmon file (each one an\n"
		"MPI rank: N of gmon.out.N, else its position;\n"
		"of one sum, every rank it summed: its companion's\n"
		"section balance, which -s/-S given the\n"
		"executable and the in-job sum write),\n"
		"computed while the files are summed, as min,\n"
		"mean, max and standard deviation with the ranks\n"
		"of the min and the max (lowest rank on ties), the\n"
		"imbalance max/mean - 1, and the time lost to it,\n"
		"(max - mean) x ranks, by which functions are\n"
		"sorted; and the slowest and fastest ranks; and\n"
		"whether each imbalance exceeds sampling noise (a\n"
		"chi-square test at 99% on the ranks' sample\n"
		"counts, or the slowest or fastest rank alone as\n"
		"the extreme of n, named then: text, a * and a\n"
		"headline; CSV, a column significant; JSON, a\n"
		"field, and outlier_ranks).\n"
		"FORMAT: text (the default: the whole output, or\n"
		"a section after the report when a section, -p,\n"
		"-q, ..., is asked for), csv or json (then the\n"
		"table is the whole output: one row per function;\n"
		"JSON also has each rank's seconds and place).\n"
		"Printed by default after the report with -S\n"
		"DIRECTORY EXECUTABLE.  Its OpenMP\n"
		"regions count for their function (--regions=\n"
		"parent) unless --regions is given.  Memory grows\n"
		"with functions and with ranks, not with both.\n"
		"With MPI profiles beside the files (gmon-run\n"
		"--mpi), each rank's wall time in MPI too (text:\n"
		"a line; JSON: mpi_seconds per rank)" },
	{ 0, "no-load-balance", NONE, set_flag, FIELD(no_load_balance), 1,
	  .column = "    --no-load-balance",
	  .help = "do not print it (-S DIRECTORY EXECUTABLE)" },
	{ 0, "mpi", OPTIONAL, set_mpi, 0, 0,
	  .column = "    --mpi[=FORMAT]",
	  .help = "the MPI profile instead of the report: the wall\n"
		"time inside MPI calls that the PMPI wrapper\n"
		"library recorded (gmon-run --mpi) in each\n"
		"profile's companion (or PROFILE+mpi.N; -s and -S\n"
		"add them to SUM+gmon-mpi): each rank's share in\n"
		"MPI, the call sites (MPI function, the caller and\n"
		"with -g the call's source line) by time\n"
		"with their calls, bytes and seconds per rank\n"
		"(min, mean, max, imbalance), and each MPI\n"
		"function's totals.  FORMAT: text (the default),\n"
		"csv (one row per function, call site and rank,\n"
		"and per function and call site with rank all) or\n"
		"json" },
	{ 0, "measured", NONE, set_flag, FIELD(measured), 1,
	  .column = "    --measured",
	  .help = "the call graph's children times measured from the\n"
		"call paths libgmon-mpi sampled (PROFILE+paths,\n"
		"summed with the profiles by -s and -S), not\n"
		"gprof's estimate, which divides a function's\n"
		"time among its callers by their calls: an arc's\n"
		"time is that of the samples taken under a call\n"
		"from that caller (recursion counted once per\n"
		"sample).  Same text as gprof's, with a line under\n"
		"the granularity saying so; a function no sampled\n"
		"path went through though it was sampled (its\n"
		"paths were not kept) keeps the estimate and is\n"
		"marked \"(estimated)\" in its entry.  The flat\n"
		"profile's total s/call follows" },
	{ 0, "format", REQUIRED, set_format, 0, 0,
	  .column = "    --format=FORMAT",
	  .help = "what to print instead of gprof's report: gnu (the\n"
		"report, the default); callgrind (a callgrind\n"
		"profile of the sampled paths, for\n"
		"callgrind_annotate and KCachegrind: self and\n"
		"inclusive samples per function and call, calls\n"
		"from the gmon arcs (1 for a call -pg did not\n"
		"count), file and line with -g);\n"
		"folded (a line \"main;solve;dot 123\" per\n"
		"distinct path, root first, for flamegraph.pl,\n"
		"speedscope and inferno: the counts add up to the\n"
		"samples of the paths); json (functions, arcs and\n"
		"paths with their samples and seconds; the schema\n"
		"is in gprof-par/README.md).  Frames in shared\n"
		"libraries are named from the library's symbols\n"
		"when its file (with the same build-id) is there,\n"
		"else \"[libname.so]\"" },
	{ 0, "summary", OPTIONAL, set_summary, 0, 0,
	  .column = "    --summary[=FORMAT]",
	  .help = "print the job summary instead of the report: the\n"
		"run, where the time went (program, MPI, OpenMP,\n"
		"libraries, system calls, the profiler), the top\n"
		"functions and lines, MPI call sites, the slowest\n"
		"ranks; FORMAT text (the default) or json (the\n"
		"schema is in docs/summary.md)" },
	{ 0, "summary-text", REQUIRED, set_output_file, FIELD(summary_text), 0,
	  .column = "    --summary-text=FILE, --summary-json=FILE, --html=FILE",
	  .help = "\nwrite the summary into FILE as text, JSON or\n"
		"one self-contained HTML page; the report is\n"
		"printed too only when a section (-p, -q, ...) or\n"
		"--measured is asked for (with -S, the load balance\n"
		"still is, unless --no-load-balance)" },
	{ 0, "summary-json", REQUIRED, set_output_file, FIELD(summary_json), 0, .column = NULL },
	{ 0, "html", REQUIRED, set_output_file, FIELD(html), 0, .column = NULL },
	{ 0, "flame-graph", REQUIRED, set_output_file, FIELD(flame_graph), 0,
	  .column = "    --flame-graph=FILE",
	  .help = "also draw the sampled paths as a flame graph in\n"
		"FILE, a self-contained SVG: one box per function\n"
		"and path, as wide as its samples, callers below\n"
		"callees (boxes under 0.1% left out); hovering\n"
		"shows name, samples and share, a click zooms.\n"
		"Written whole to a temporary file, then renamed" },
	{ 0, "source-times", OPTIONAL, set_source_times, 0, 0,
	  .column = "    --source-times[=FUNC]",
	  .help = "instead of the report, the source of the\n"
		"functions holding at least 1% of the samples\n"
		"(or of FUNC), the most first, each line with its\n"
		"samples, seconds and percent of the function's\n"
		"samples (the histogram's bins on the lines of\n"
		"the DWARF line tables: -g); source files found\n"
		"as for -A (-I, GPROF_PATH).  -A stays GNU's\n"
		"counts of calls" },
	{ 0, "per-rank", NONE, set_flag, FIELD(per_rank), 1,
	  .column = "    --per-rank",
	  .help = "with --format=callgrind or json, each profile's\n"
		"own paths too (every rank file of -S DIRECTORY\n"
		"EXECUTABLE, or the files named), named like the\n"
		"sum's: callgrind writes one part per rank\n"
		"(\"part: N\", \"desc: Rank: R (FILE)\"; KCachegrind\n"
		"shows them, callgrind_annotate reads one-part\n"
		"files only), JSON adds \"ranks\": each rank's\n"
		"samples, lost and cut paths, and its functions'\n"
		"self and total samples" },
	{ 'M', "modules", NONE, set_flag, FIELD(modules), 1,
	  .column = "-M, --modules",
	  .help = "one report over every load module: the\n"
		"executable and the shared libraries whose data\n"
		"libgmon-mpi wrote beside the profiles\n"
		"(BG_GMON_PROFILE_LIBS: PROFILE+modules, the\n"
		"libraries' PROFILE+LIBRARY, the calls between\n"
		"modules PROFILE+calls and PROFILE+plt-calls;\n"
		"after -S, the sums beside gmon.sum).  A header\n"
		"names the modules not profiled and why (not\n"
		"chosen by BG_GMON_PROFILE_LIBS, no file as the\n"
		"vDSO, a file missing or of another build-id);\n"
		"then GNU's flat profile and call graph over all\n"
		"of them, every function named \"NAME {N}\", N its\n"
		"module's index, the percentages of every\n"
		"module's samples; last, the list of modules with\n"
		"their seconds.  A library's functions come from\n"
		"its .symtab, else from its debug file found by\n"
		"build-id (/usr/lib/debug/.build-id/XX/REST.debug;\n"
		"the variable GPROF_PAR_DEBUG_ROOT, for tests,\n"
		"replaces /usr/lib/debug), else from .dynsym (the\n"
		"exported ones, with a warning: the code past\n"
		"one's size is a row \"[MODULE static code after\n"
		"NAME] {N}\"); code in no\n"
		"function is a row \"MODULE+0xADDRESS {N}\" (its\n"
		"first address sampled or called), a module\n"
		"without a profile or symbols one row\n"
		"\"[MODULE] {N}\", the profiler's own samples (in\n"
		"mcount, which GNU leaves out) one row\n"
		"\"[profiling overhead: mcount in MODULE] {N}\": no\n"
		"sample is left out.  Each module's other\n"
		"functions get the time GNU gprof gives them\n"
		"from its own file (gprof LIBRARY\n"
		"PROFILE+LIBRARY); the call graph's children's\n"
		"times are measured from the sampled call paths\n"
		"(without them, GNU's estimate by calls).  With\n"
		"-p or -q, that section only; not with the other\n"
		"sections, symbol specifications, --format or\n"
		"--load-balance" },
	{ 0, "load-balance-svg", REQUIRED, set_output_file, FIELD(balance_svg), 0,
	  .column = "    --load-balance-svg=FILE",
	  .help = "write the load balance as a picture to FILE: an\n"
		"SVG heat map of the 24 functions losing the most\n"
		"time to imbalance (rows) by rank (columns: up to\n"
		"128, each the mean of a block of ranks when there\n"
		"are more), colour = self seconds per rank;\n"
		"hovering over a cell shows its values.  Written\n"
		"whole to a temporary file, then renamed" },
	{ 0, "regions", REQUIRED, set_regions, 0, 0,
	  .column = "    --regions=MODE",
	  .help = "where the time of OpenMP regions and compiler\n"
		"clones goes.  GCC outlines each parallel region\n"
		"or task of f into f._omp_fn.N and splits or\n"
		"specialises functions into f.part.N, f.cold,\n"
		"f.isra.N, f.constprop.N (LLVM: f.omp_outlined,\n"
		"__omp_offloading_..._f_lN, f.llvm.N).  MODE:\n"
		"gnu (the default for GNU's report): as GNU\n"
		"gprof, which does not list most of them, so\n"
		"that their samples and calls count for the\n"
		"function before them in memory, often an\n"
		"unrelated one; when that is at least 5% of\n"
		"the samples, a note on standard error says how\n"
		"much and where it went;\n"
		"parent: each counts for the function it came\n"
		"from (f), whose calls into its own parts are\n"
		"not counted as calls; separate: each is listed\n"
		"on its own, as \"f [omp region 2]\" or\n"
		"\"f [clone .part.0]\".  With -a (no static\n"
		"functions) they count as gnu does.  The views\n"
		"with no GNU counterpart (-M, --mpi, --measured,\n"
		"--format, --flame-graph, --load-balance,\n"
		"--source-times)\n"
		"default to parent; GNU's report printed beside\n"
		"the flame graph or the load balance stays gnu" },
	{ 'h', "help", NONE, print_help, 0, 0,
	  .before = "\n",
	  .column = "-h, --help",
	  .help = "print this help and exit" },
	{ 'v', "version", NONE, print_version, 0, 0,
	  .column = "-v, --version",
	  .help = "print the version and exit" },
};

const size_t option_table_size = sizeof option_table / sizeof *option_table;

void options_print_table(FILE *out)
{
	for (size_t i = 0; i < option_table_size; i++) {
		const struct option_entry *e = &option_table[i];

		if (e->before)
			fputs(e->before, out);
		if (!e->column)
			continue;
		if (e->help[0] == '\n')
			fprintf(out, "  %s", e->column);
		else
			fprintf(out, "  %-28s", e->column);
		for (const char *p = e->help; *p; p++) {
			fputc(*p, out);
			if (*p == '\n')
				fprintf(out, "%30s", "");
		}
		fputc('\n', out);
	}
}
