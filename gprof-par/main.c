/*
 * main.c - gprof-par's command line: options with GNU gprof's meaning, and
 * the order of the work and of the report sections, as GNU gprof 2.40.
 *
 *   gprof-par [options] [executable [gmon-file ...]]
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "counts.h"
#include "flat.h"
#include "gmon-read.h"
#include "hist.h"
#include "profile.h"
#include "symtab.h"

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
	STYLE_OTHER = 1 << 4,    /* what GNU's -Z marks as user-chosen */
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
};

static void usage(FILE *out)
{
	fprintf(out,
"Usage: " PROGRAM " [OPTION]... [EXECUTABLE [GMON-FILE]...]\n"
"Report where a program compiled with -pg spent its time, from one or more\n"
"gmon files (default: " DEFAULT_GMON ") and the executable's symbol table (default:\n"
DEFAULT_EXECUTABLE ").  Several gmon files, e.g. one per MPI rank, are added up first.\n"
"The report is the text GNU gprof 2.40 prints for the same options, byte for\n"
"byte, so scripts that read gprof output (gprof2dot, ...) keep working.\n"
"\n"
"Sections (without any of these: the flat profile and the call graph):\n"
"  -p, --flat-profile          print the flat profile: functions by self time\n"
"  -P, --no-flat-profile       do not print the flat profile\n"
"  -q, --graph                 print the call graph and the index by name\n"
"  -Q, --no-graph              do not print the call graph\n"
"  -C, --exec-counts           print how many times each function was called,\n"
"                              one \"<unknown>:0: (NAME:0xADDR) N executions\"\n"
"                              line per function, by address\n"
"  -Z, --no-exec-counts        do not print the execution counts\n"
"  -s, --sum                   add up all gmon files into " SUM_FILE " (in the\n"
"                              current directory), losslessly: counts that do\n"
"                              not fit a 16-bit bin or a 32-bit arc are written\n"
"                              as stacked records GNU gprof adds up; prints no\n"
"                              report unless a section is asked for too\n"
"\n"
"Output:\n"
"  -b, --brief                 leave out the explanations of the columns\n"
"  -z, --display-unused-functions\n"
"                              also list functions never called and never\n"
"                              sampled\n"
"  -w, --width=N               width of the index by function name (default 80)\n"
"\n"
"  -h, --help                  print this help and exit\n"
"  -v, --version               print the version and exit\n"
"\n"
"Short options can be combined as with GNU gprof (-bp is -b -p).  As with GNU\n"
"getopt, -p, -P, -q, -Q and -Z take an optional argument glued to them (GNU's\n"
"symbol specifications, e.g. -pmain): gprof-par does not support those, so\n"
"write -p -b rather than -pb.  Other GNU gprof options are rejected.\n"
"\n"
"The executable must be the one that wrote the gmon files: an ELF file with\n"
"its symbol table (not stripped); static, PIE and non-PIE builds are read.\n"
"When a gmon file carries gmon-mpi's build fingerprint and it differs from\n"
"the executable's GNU build-id, a warning is printed: the report would\n"
"describe another build.\n"
"\n"
"Exit status: 0 on success, 1 on any error (bad option, unreadable or\n"
"invalid executable or gmon file, a section whose data the gmon files lack);\n"
"then nothing is printed on standard output.\n");
}

static void version(void)
{
	printf(PROGRAM " (" PACKAGE_NAME ") " PACKAGE_VERSION "\n"
	       "Report format of GNU gprof 2.40 (based on BSD gprof, copyright 1983\n"
	       "Regents of the University of California).\n");
}

static void die(const char *msg)
{
	fprintf(stderr, PROGRAM ": %s\n", msg);
	exit(1);
}

static void reject_symspec(int c, const char *arg)
{
	fprintf(stderr,
		PROGRAM ": -%c%s: symbol specifications are not supported "
		"(to combine options, write e.g. -%c -b rather than -%cb)\n",
		c, arg, c, c);
	exit(1);
}

static void parse_options(int argc, char **argv, struct options *o)
{
	/* GNU gprof's option string, so that combined short options parse the
	 * same way; what gprof-par does not support is rejected below. */
	static const char optstring[] =
		"aA::bBcCd::De:E:f:F:hiI:J::k:lLm:n::N::O:p::P::q::Q::st:Tvw:xyzZ::";
	static const struct option longopts[] = {
		{ "flat-profile", optional_argument, NULL, 'p' },
		{ "no-flat-profile", optional_argument, NULL, 'P' },
		{ "graph", optional_argument, NULL, 'q' },
		{ "no-graph", optional_argument, NULL, 'Q' },
		{ "exec-counts", optional_argument, NULL, 'C' },
		{ "no-exec-counts", optional_argument, NULL, 'Z' },
		{ "sum", no_argument, NULL, 's' },
		{ "brief", no_argument, NULL, 'b' },
		{ "display-unused-functions", no_argument, NULL, 'z' },
		{ "width", required_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (optarg)
				reject_symspec(c, optarg);
			o->style |= STYLE_FLAT;
			o->user_specified |= STYLE_FLAT;
			break;
		case 'P':
			if (optarg)
				reject_symspec(c, optarg);
			o->style &= ~STYLE_FLAT;
			o->user_specified |= STYLE_FLAT;
			break;
		case 'q':
			if (optarg)
				reject_symspec(c, optarg);
			o->style |= STYLE_GRAPH;
			o->user_specified |= STYLE_GRAPH;
			break;
		case 'Q':
			if (optarg)
				reject_symspec(c, optarg);
			o->style &= ~STYLE_GRAPH;
			o->user_specified |= STYLE_GRAPH;
			break;
		case 'C':
			if (optarg)
				reject_symspec(c, optarg);
			o->style |= STYLE_EXEC_COUNTS;
			o->user_specified |= STYLE_EXEC_COUNTS;
			break;
		case 'Z':
			if (optarg)
				reject_symspec(c, optarg);
			o->style &= ~STYLE_EXEC_COUNTS;
			/* GNU marks another style here, so -Z alone still
			 * gives the default sections; keep its behaviour. */
			o->user_specified |= STYLE_OTHER;
			break;
		case 's':
			o->style |= STYLE_SUM;
			o->user_specified |= STYLE_SUM;
			break;
		case 'b':
			o->brief = 1;
			break;
		case 'z':
			o->show_zeros = 1;
			break;
		case 'w':
			o->width = atoi(optarg);
			if (o->width < 1)
				o->width = 1;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case 'v':
			version();
			exit(0);
		case '?':
			fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
			exit(1);
		default:
			fprintf(stderr,
				PROGRAM ": option -%c of GNU gprof is not supported; "
				"see '" PROGRAM " --help'\n", c);
			exit(1);
		}
	}
	o->executable = optind < argc ? argv[optind++] : DEFAULT_EXECUTABLE;
	if (optind < argc) {
		o->gmon_files = (const char **)&argv[optind];
		o->ngmon_files = argc - optind;
	}
}

static void read_profiles(const struct options *o, struct profile *p)
{
	static const char *default_files[] = { DEFAULT_GMON };
	const char **files = o->ngmon_files ? o->gmon_files : default_files;
	int n = o->ngmon_files ? o->ngmon_files : 1;
	char err[1024];
	int i;

	for (i = 0; i < n; i++) {
		if (profile_add_file(p, files[i], err, sizeof(err)) != 0)
			die(err);
	}
	if (p->bb_records_skipped > 0)
		fprintf(stderr,
			PROGRAM ": warning: %llu basic-block count record(s) were skipped "
			"(gprof-par does not use them)\n",
			(unsigned long long)p->bb_records_skipped);
}

static void check_fingerprint(const struct symtab *st, const struct profile *p)
{
	char err[1024];

	if (profile_check_build_id(p, st->build_id, st->build_id_len, st->path, err,
				   sizeof(err)) != 0)
		fprintf(stderr, PROGRAM ": warning: %s\n", err);
}

/* GNU: without an explicit choice, what the data allows, minus what the
 * user turned off. */
static int sections_to_print(const struct options *o, const struct profile *p)
{
	int style = o->style;

	if (style == 0) {
		if (p->nhists > 0 || p->narcs > 0)
			style = STYLE_FLAT | STYLE_GRAPH;
		else
			style = STYLE_EXEC_COUNTS;
		style &= ~o->user_specified;
	}
	return style;
}

static void write_sum(const struct profile *p)
{
	char err[1024];

	if (profile_write(p, SUM_FILE, err, sizeof(err)) != 0)
		die(err);
}

static void check_inputs(int style, const struct profile *p)
{
	if ((style & STYLE_FLAT) && p->nhists == 0)
		die("the gmon file(s) have no histogram, needed by the flat profile");
	if ((style & STYLE_GRAPH) && p->narcs == 0)
		die("the gmon file(s) have no call-graph data (arcs), needed by the call graph");
}

/* Prints GNU's form feed line between sections. */
static void separate(int *printed)
{
	if (*printed)
		fputs("\f\n", stdout);
	*printed = 1;
}

int main(int argc, char **argv)
{
	struct options o;
	struct symtab st;
	struct profile p;
	struct hist_summary hs;
	struct callgraph *cg = NULL;
	char err[1024];
	int style, printed = 0;

	parse_options(argc, argv, &o);
	if (symtab_read(&st, o.executable, err, sizeof(err)) != 0)
		die(err);
	profile_init(&p);
	read_profiles(&o, &p);
	check_fingerprint(&st, &p);

	style = sections_to_print(&o, &p);
	if (style & STYLE_SUM)
		write_sum(&p);

	if (hist_assign(&st, &p, &hs, err, sizeof(err)) != 0)
		die(err);
	counts_tally(&st, &p);
	if (p.narcs > 0) {
		/* Propagates time through the graph: sets child_ticks, used by
		 * the flat profile's "total" column even without -q. */
		cg = callgraph_build_symtab(&st, &p);
		if (!cg)
			die("out of memory building the call graph");
	}
	check_inputs(style, &p);

	if (style & STYLE_FLAT) {
		struct flat_options fo = { o.brief, o.show_zeros };

		separate(&printed);
		if (flat_print(stdout, &st, &hs, &fo) != 0)
			die("out of memory printing the flat profile");
	}
	if (cg && (style & STYLE_GRAPH)) {
		struct cg_report_options co;

		memset(&co, 0, sizeof(co));
		co.brief = o.brief;
		co.show_zeros = o.show_zeros;
		co.follows_other_section = printed;   /* the graph prints its "\f\n" */
		co.output_width = o.width;
		co.hz = (double)hs.hz;
		co.sample_bytes = callgraph_sample_bytes(&p);
		callgraph_print_graph(stdout, cg, &co);
		callgraph_print_index(stdout, cg, &co);
		printed = 1;
	}
	if (style & STYLE_EXEC_COUNTS) {
		separate(&printed);
		counts_print(stdout, &st, o.show_zeros);
	}

	callgraph_free(cg);
	profile_free(&p);
	symtab_free(&st);
	if (fflush(stdout) != 0 || ferror(stdout))
		die("error writing the report to standard output");
	return 0;
}
