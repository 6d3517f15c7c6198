/*
 * options.c - see options.h.  The options are described once, in
 * options-table.c's table; from it come getopt's option string (GNU gprof
 * 2.40's short options, so that combined ones parse the same way), the
 * long options, the parsing and --help.  Here: that, --help's text around
 * the table, and the rules between options.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libiberty/libiberty.h>

#include "balance-print.h"
#include "mpi-report.h"
#include "bsd-format.h"
#include "demangle.h"
#include "errors.h"
#include "files.h"
#include "options.h"
#include "options-table.h"
#include "regions.h"
#include "symtab.h"

int options_quiet;

void options_usage(FILE *out)
{
	fprintf(out,
"Usage: " PROGRAM " [OPTION]... [EXECUTABLE [GMON-FILE]...]\n"
"  or:  " PROGRAM " -S [OPTION]... [DIRECTORY [EXECUTABLE]]\n"
"Report where a program compiled with -pg spent its time, from one or more\n"
"gmon files (default: " DEFAULT_GMON ") and the executable's symbol table (default:\n"
DEFAULT_EXECUTABLE ").  Several gmon files, e.g. one per MPI rank, are added up first.\n"
"The report is the text GNU gprof 2.40 prints for the same options, byte for\n"
"byte, so scripts that read gprof output (gprof2dot, ...) keep working.\n"
"\n"
"Sections (without any of these: the flat profile and the call graph, each\n"
"left out when the gmon files lack its data, a histogram or arcs):\n");
	options_print_table(out);
	fprintf(out,
"\n"
"Short options can be combined as with GNU gprof (-bp is -b -p).  As with GNU\n"
"getopt, -p, -P, -q, -Q, -C, -Z, -A and -J take an optional SPEC glued to\n"
"them, so -pb means -p with SPEC b: write -p -b.\n"
"\n"
"@FILE anywhere on the command line stands for the arguments FILE holds, as\n"
"with GNU gprof: separated by white space, quoted with ' or \", \\ escaping\n"
"the next character, and @FILE again inside; an @FILE that cannot be read is\n"
"left as it is (then taken as a file name).\n"
"\n"
"The executable must be the one that wrote the gmon files: an ELF file with\n"
"its symbol table (not stripped); static, PIE and non-PIE builds are read.\n"
"When a gmon file carries gmon-mpi's build fingerprint and it differs from\n"
"the executable's GNU build-id, a warning is printed: the report would\n"
"describe another build.\n"
"\n"
"Summing (-s, -S): the files are added in order (-S: rank order), each\n"
"checked first: magic and version, record sizes (a truncated file is an\n"
"error), and the same histogram ranges and bin counts, profiling rate and\n"
"build fingerprint as the first good file.  The first file that is not\n"
"good is named with both values and nothing is written; with --skip-bad it\n"
"is skipped and the others are summed.  Counts are added in 64 bits and\n"
"written losslessly.  A summary line goes to standard error: files summed\n"
"and skipped, the ranks found with their stride and the gaps between them\n"
"(e.g. \"ranks 0-9; gaps: 3-4, 6-8 (5 ranks missing)\", or \"ranks 0-4088,\n"
"every 8th; no gaps\": the stride is that of the ranks found; ranks above\n"
"the highest cannot be known), bytes, time and throughput.  On a terminal,\n"
"progress is shown on standard error while summing.\n"
"\n"
"In parallel: started by an MPI launcher with more than one process, e.g.\n"
"  mpirun -n 4 " PROGRAM " -S DIRECTORY\n"
"  srun -n 4 " PROGRAM " -S DIRECTORY\n"
"the files are divided among the processes, read and summed in parallel\n"
"and the partial sums reduced with MPI; process 0 writes the sum and alone\n"
"prints.  The sum, the files named and the messages are the same, byte for\n"
"byte, whatever the number of processes.  The files must be readable by all\n"
"processes (a shared file system).  Started without a launcher (as\n"
"detected from OMPI_COMM_WORLD_SIZE, PMI_SIZE, MV2_COMM_WORLD_SIZE,\n"
"PMIX_RANK, or SLURM_PROCID within an srun step), " PROGRAM " runs serially\n"
"and never initialises MPI.  The MPI steps are in a module, gprof-par-mpi.so,\n"
"loaded only in parallel: from GPROF_PAR_MPI_MODULE when set, else from the\n"
"installed library directory (" GPROF_PAR_PKGLIBDIR ").\n"
"\n"
"Exit status: 0 on success, 1 on any error (bad option, unreadable or\n"
"invalid executable or gmon file, a section asked for with -p or -q whose\n"
"data the gmon files lack, an unknown demangling style);\n"
"then nothing is printed on standard output.  Files skipped by --skip-bad\n"
"do not make it fail, unless no file is left to sum.\n");
}

void options_version(void)
{
	printf(PROGRAM " (" PACKAGE_NAME ") " PACKAGE_VERSION "\n"
	       "Report format of GNU gprof 2.40 (based on BSD gprof, copyright 1983\n"
	       "Regents of the University of California).\n");
}

void die(const char *msg)
{
	if (!options_quiet)
		fprintf(stderr, PROGRAM ": %s\n", msg);
	exit(1);
}

/* -S [DIRECTORY [EXECUTABLE]] */
static void parse_sum_dir_operands(int n, char **operands, struct options *o)
{
	if (n > 2)
		die("-S takes at most a directory and an executable: "
		    "gprof-par -S [DIRECTORY [EXECUTABLE]]");
	o->dir = n > 0 ? operands[0] : ".";
	o->executable = n > 1 ? operands[1] : NULL;
	o->style &= ~STYLE_SUM;
	if (!o->executable && (o->user_specified & ~STYLE_SUM))
		die("-p, -P, -q, -Q, -C, -Z, -A and -J choose report sections: with -S, name the "
		    "executable after the directory (gprof-par -S DIRECTORY EXECUTABLE)");
	if (!o->executable && (o->load_balance || o->balance_svg))
		die("--load-balance needs the executable's functions: name it after the "
		    "directory (gprof-par -S DIRECTORY EXECUTABLE)");
}

/* --measured, --format and --flame-graph name the paths' frames after the
 * executable's functions. */
static void check_paths_options(const struct options *o)
{
	if (o->format != FORMAT_GNU && o->load_balance)
		die("--format and --load-balance both print a whole output: ask for one at a time "
		    "(--load-balance-svg=FILE goes with either)");
	if (o->per_rank && o->format != FORMAT_CALLGRIND && o->format != FORMAT_JSON)
		die("--per-rank goes with --format=callgrind or --format=json");
	if (!o->executable && (o->measured || o->format != FORMAT_GNU || o->flame_graph ||
			       o->source_times))
		die("--measured, --format, --flame-graph and --source-times need the executable's "
		    "functions: name it after the directory (gprof-par -S DIRECTORY EXECUTABLE)");
	if (o->source_times && (o->format != FORMAT_GNU || o->measured || o->flame_graph ||
				o->load_balance || o->balance_svg || o->modules || o->mpi ||
				o->line))
		die("--source-times prints a view of its own: not with --format, --measured, "
		    "--flame-graph, --load-balance, -M, --mpi or -l");
}

/* -M prints a report of its own: the flat profile and the call graph. */
static void check_summary_options(const struct options *o);

static void check_modules_options(const struct options *o)
{
	if (o->mpi && (o->modules || o->format != FORMAT_GNU || o->measured || o->flame_graph ||
		       o->load_balance || o->balance_svg))
		die("--mpi prints the MPI profile alone: not with -M, --format, --measured, "
		    "--flame-graph or --load-balance");
	if (o->mpi && !o->executable)
		die("--mpi names the callers after the executable's functions: name it after the "
		    "directory (gprof-par -S DIRECTORY EXECUTABLE)");
	if (!o->modules)
		return;
	if (o->sum_dir && !o->executable)
		die("-M needs the executable: name it after the directory (gprof-par -S -M "
		    "DIRECTORY EXECUTABLE)");
	if (!o->sum_dir && (o->style & STYLE_SUM))
		die("-M prints a report: sum with -s first, then gprof-par -M EXECUTABLE gmon.sum "
		    "(or -S -M DIRECTORY EXECUTABLE)");
	if (o->style & ~(STYLE_FLAT | STYLE_GRAPH))
		die("-M prints the flat profile and the call graph (-p, -q, -P, -Q choose): not "
		    "with -A, -C, -i, -r or -R");
	if (o->format != FORMAT_GNU || o->measured || o->flame_graph || o->load_balance ||
	    o->balance_svg)
		die("-M cannot be combined with --format, --measured, --flame-graph or "
		    "--load-balance");
	if (o->nspecs > 0 || o->line || o->static_call_graph || o->bsd ||
	    o->external_symbol_table || o->function_map)
		die("-M cannot be combined with symbol specifications (-p/-q/... with a SPEC, -e, "
		    "-E, -f, -F, -k, -n, -N), -l, -c, -T or --external-symbol-table");
}

/* The load balance printed: as asked, else text for -S DIRECTORY EXECUTABLE. */
static void choose_balance(struct options *o)
{
	if (o->modules || o->source_times)
		o->balance = 0;
	else if (o->no_load_balance)
		o->balance = 0;
	else if (o->load_balance)
		o->balance = o->load_balance;
	else if (o->sum_dir && o->executable && o->format == FORMAT_GNU && !o->summary)
		o->balance = BALANCE_TEXT;   /* an export is the whole output */
}

/* The arguments expandargv made, freed at exit (getopt only reorders
 * them). */
static char **expanded_argv;

static void free_expanded_argv(void)
{
	freeargv(expanded_argv);
}

/*
 * libiberty's expandargv reads every @FILE that exists, whatever it is: a
 * FIFO blocks it (gprof-par @fifo waited for a writer; GNU gprof does
 * too), a device never ends.  Before it runs, each @FILE argument, and each
 * one inside the response files (read here the same way), must be a
 * regular file, a directory (expandargv's own message), or nothing (kept
 * as an argument); depth bounds a file that names itself.
 */
static void check_response_files(int argc, char *const *argv, int depth)
{
	for (int i = 1; i < argc; i++) {
		const char *name = argv[i];
		struct stat st;
		char err[1024], **inner;
		size_t len;
		char *text;
		int n = 0;

		if (name[0] != '@' || stat(name + 1, &st) != 0 || S_ISDIR(st.st_mode))
			continue;
		if (!S_ISREG(st.st_mode)) {
			snprintf(err, sizeof err, "%s: is %s, not a regular file: not read as a "
				 "response file", name + 1, file_kind(&st));
			die(err);
		}
		if (depth >= 64)
			continue;   /* expandargv says so */
		text = read_whole_file(name + 1, "a response file", &len, err, sizeof err);
		if (!text)
			continue;   /* expandargv keeps it as an argument */
		inner = buildargv(text);
		free(text);
		while (inner && inner[n])
			n++;
		/* (buildargv's arguments start at 0: give it a dummy program) */
		if (n > 0) {
			char **with_program = malloc(((size_t)n + 2) * sizeof *with_program);

			if (!with_program)
				die("out of memory");
			with_program[0] = (char *)"";
			memcpy(with_program + 1, inner, ((size_t)n + 1) * sizeof *inner);
			check_response_files(n + 1, with_program, depth + 1);
			free(with_program);
		}
		freeargv(inner);
	}
}

void options_expand_response_files(int *argc, char ***argv)
{
	char **given = *argv;

	check_response_files(*argc, *argv, 0);
	expandargv(argc, argv);
	if (*argv != given) {
		expanded_argv = *argv;
		atexit(free_expanded_argv);
	}
}

/* getopt's option string and long options, from the table.  The short
 * options are GNU gprof 2.40's, so that combined ones parse the same way. */
static void make_getopt_tables(char *optstring, struct option *longopts)
{
	size_t n = 0, k = 0;

	for (size_t i = 0; i < option_table_size; i++) {
		const struct option_entry *e = &option_table[i];
		int val = e->key ? e->key : 256 + (int)i;

		if (e->key) {
			optstring[n++] = (char)e->key;
			if (e->arg != NONE)
				optstring[n++] = ':';
			if (e->arg == OPTIONAL)
				optstring[n++] = ':';
		}
		if (e->name)
			longopts[k++] = (struct option){ e->name, (int)e->arg, NULL, val };
	}
	optstring[n] = '\0';
	longopts[k] = (struct option){ NULL, 0, NULL, 0 };
}

/* The entry getopt returned c for, or NULL. */
static const struct option_entry *find_option(int c)
{
	if (c >= 256 && (size_t)(c - 256) < option_table_size)
		return &option_table[c - 256];
	for (size_t i = 0; i < option_table_size; i++)
		if (option_table[i].key == c)
			return &option_table[i];
	return NULL;
}

/* The files named for the outputs can be written, said before any work
 * (a missing directory once failed only after a whole -S sum and the
 * report were done). */
static void check_output_files(const struct options *o)
{
	const char *const files[] = { o->output,       o->balance_svg,  o->flame_graph,
				      o->summary_text, o->summary_json, o->html };
	char err[1200];

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		if (files[i] && output_check_writable(files[i], err, sizeof err) != 0)
			die(err);
}

void options_parse(int argc, char **argv, struct options *o)
{
	/* static: reachable when an option exits (--help) */
	static char *optstring;
	static struct option *longopts;
	int c;

	optstring = malloc(3 * option_table_size + 1);
	longopts = malloc((option_table_size + 1) * sizeof(*longopts));

	if (!optstring || !longopts)
		die("out of memory");
	make_getopt_tables(optstring, longopts);
	memset(o, 0, sizeof(*o));
	o->demangle = 1;
	o->min_count = 1;
	o->table_length = 10;
	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
		const struct option_entry *e = c == '?' ? NULL : find_option(c);

		if (e) {
			e->set(o, e, optarg);
			continue;
		}
		if (c == '?') {
			if (!options_quiet)
				fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
			exit(1);
		}
		if (options_quiet)
			exit(1);
		fprintf(stderr,
			PROGRAM ": option -%c of GNU gprof is not supported; "
			"see '" PROGRAM " --help'\n", c);
		exit(1);
	}
	free(optstring);
	free(longopts);
	optstring = NULL;
	longopts = NULL;
	if ((o->style & STYLE_SUM) &&
	    (o->file_format == GMON_FORMAT_BSD || o->file_format == GMON_FORMAT_BSD44))
		die("-s with -O b or -O 4 would write gmon.sum in a BSD format, which gprof-par "
		    "does not write: sum without -O (BSD files are read all the same)");
	/* GNU: both would modify the arcs in place */
	if ((o->user_specified & STYLE_FUNCTION_ORDER) && (o->user_specified & STYLE_FILE_ORDER))
		die("Only one of --function-ordering and --file-ordering may be specified.");
	if (o->sum_dir) {
		parse_sum_dir_operands(argc - optind, argv + optind, o);
		check_paths_options(o);
		check_modules_options(o);
		check_summary_options(o);
		check_output_files(o);
		choose_balance(o);
		return;
	}
	if (o->output && !(o->style & STYLE_SUM) && !o->extract_module)
		die("-o FILE names the sum: it needs -s, -S or --extract-module");
	/* GNU: "--sum implies --line"; it shows only in the sections printed
	 * with -s, so the line symbols are read only for those */
	if ((o->style & STYLE_SUM) && (o->style & ~STYLE_SUM)) {
		o->line = 1;
		o->symtab_flags |= SYMTAB_LINES;
	}
	if (o->line && o->regions_explicit)
		die("--regions cannot be combined with -l (or -s, which implies it, as in "
		    "GNU gprof): line symbols are named after the DWARF functions");
	if (o->dump) {
		/* every operand is a gmon file: none is the executable */
		static char *default_dump[] = { DEFAULT_GMON };

		o->dump_files = optind < argc ? &argv[optind] : default_dump;
		o->ndump_files = optind < argc ? (size_t)(argc - optind) : 1;
		return;
	}
	o->executable = optind < argc ? argv[optind++] : DEFAULT_EXECUTABLE;
	if (optind < argc) {
		o->gmon_files = (const char **)&argv[optind];
		o->ngmon_files = argc - optind;
	}
	check_paths_options(o);
	check_modules_options(o);
	check_summary_options(o);
	check_output_files(o);
	choose_balance(o);
}

/* The summary reads the executable's functions; --summary is the whole
 * output, as an export is. */
static void check_summary_options(const struct options *o)
{
	int any = o->summary || o->summary_text || o->summary_json || o->html;

	if (any && !o->executable)
		die("--summary and --html need the executable's functions: name it (after the "
		    "directory with -S: gprof-par -S DIRECTORY EXECUTABLE)");
	if (o->summary && (o->format != FORMAT_GNU || o->load_balance || o->source_times))
		die("--summary prints a whole output: not with --format, --load-balance or "
		    "--source-times (--summary-text=FILE, --summary-json=FILE and --html=FILE go "
		    "with them)");
	if (any && (o->mpi || o->modules))
		die("--summary and --html cannot be combined with --mpi or -M");
}
