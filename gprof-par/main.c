/*
 * main.c - gprof-par's command line: options with GNU gprof's meaning, and
 * the order of the work and of the report sections, as GNU gprof 2.40.
 *
 *   gprof-par [options] [executable [gmon-file ...]]
 *   gprof-par -S [options] [directory [executable]]
 *
 * Under mpirun or srun (launcher.h) the gmon files are summed in parallel
 * (sum-mpi.h) and only process 0 prints; otherwise MPI is never touched.
 */
#include "config.h"

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "callgraph.h"
#include "counts.h"
#include "flat.h"
#include "gmon-read.h"
#include "hist.h"
#include "launcher.h"
#include "profile.h"
#include "rankfiles.h"
#include "mpi-module.h"
#include "sum.h"
#include "demangle.h"
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
	STYLE_FILE_INFO = 1 << 5,
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
};

/* Long options without a short form. */
enum {
	OPT_SKIP_BAD = 256,
	OPT_DEMANGLE,
	OPT_NO_DEMANGLE,
};

/* Under a launcher, only the first process prints (also option errors,
 * which come before MPI is initialised: the environment says who it is). */
static int quiet;

static void usage(FILE *out)
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
"left out when the gmon files lack its data, a histogram or arcs):\n"
"  -p, --flat-profile          print the flat profile: functions by self time\n"
"  -P, --no-flat-profile       do not print the flat profile\n"
"  -q, --graph                 print the call graph and the index by name\n"
"  -Q, --no-graph              do not print the call graph\n"
"  -C, --exec-counts           print how many times each function was called,\n"
"                              one \"<unknown>:0: (NAME:0xADDR) N executions\"\n"
"                              line per function, by address\n"
"  -Z, --no-exec-counts        do not print the execution counts\n"
"  -i, --file-info             print how many records of each kind each gmon\n"
"                              file holds\n"
"  -s, --sum                   add up all gmon files into " SUM_FILE " (in the\n"
"                              current directory), losslessly: counts that do\n"
"                              not fit a 16-bit bin or a 32-bit arc are written\n"
"                              as stacked records GNU gprof adds up; prints no\n"
"                              report unless a section is asked for too\n"
"  -S, --sum-dir               add up every gmon.out.<N> (N: an MPI rank) in\n"
"                              DIRECTORY (default: the current directory), in\n"
"                              rank order, into DIRECTORY/" SUM_FILE ", as -s does;\n"
"                              missing ranks do not stop it (see below);\n"
"                              with an EXECUTABLE after the directory, then\n"
"                              print the report " PROGRAM " EXECUTABLE\n"
"                              DIRECTORY/" SUM_FILE " would print\n"
"  -o, --output=FILE           write the sum of -s or -S to FILE instead\n"
"      --skip-bad              skip gmon files that cannot be read or do not\n"
"                              match the first good one (see below) instead\n"
"                              of failing; each is named, with the reason\n"
"\n"
"Output:\n"
"  -b, --brief                 leave out the explanations of the columns\n"
"  -z, --display-unused-functions\n"
"                              also list functions never called and never\n"
"                              sampled\n"
"  -a, --no-static             leave out static (file-local) functions: their\n"
"                              samples and calls count for the function\n"
"                              before them in memory\n"
"  -w, --width=N               width of the index by function name (default 80)\n"
"      --demangle[=STYLE]      print C++ names (and Java, Ada, D and Rust ones)\n"
"                              demangled, as GNU gprof does by default:\n"
"                              _ZN7physics4stepEd as physics::step(double);\n"
"                              STYLE: auto (the default), gnu-v3, java, gnat,\n"
"                              dlang or rust.  -C prints names as they are\n"
"      --no-demangle           print names as in the symbol table (mangled)\n"
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

static void version(void)
{
	printf(PROGRAM " (" PACKAGE_NAME ") " PACKAGE_VERSION "\n"
	       "Report format of GNU gprof 2.40 (based on BSD gprof, copyright 1983\n"
	       "Regents of the University of California).\n");
}

static void die(const char *msg)
{
	if (!quiet)
		fprintf(stderr, PROGRAM ": %s\n", msg);
	exit(1);
}

static void reject_symspec(int c, const char *arg)
{
	if (quiet)
		exit(1);
	fprintf(stderr,
		PROGRAM ": -%c%s: symbol specifications are not supported "
		"(to combine options, write e.g. -%c -b rather than -%cb)\n",
		c, arg, c, c);
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
		die("-p, -P, -q, -Q, -C and -Z choose report sections: with -S, name the "
		    "executable after the directory (gprof-par -S DIRECTORY EXECUTABLE)");
}

static void parse_options(int argc, char **argv, struct options *o)
{
	/* GNU gprof's option string, so that combined short options parse the
	 * same way; what gprof-par does not support is rejected below. */
	static const char optstring[] =
		"aA::bBcCd::De:E:f:F:hiI:J::k:lLm:n::N::o:O:p::P::q::Q::sSt:Tvw:xyzZ::";
	static const struct option longopts[] = {
		{ "flat-profile", optional_argument, NULL, 'p' },
		{ "no-flat-profile", optional_argument, NULL, 'P' },
		{ "graph", optional_argument, NULL, 'q' },
		{ "no-graph", optional_argument, NULL, 'Q' },
		{ "exec-counts", optional_argument, NULL, 'C' },
		{ "no-exec-counts", optional_argument, NULL, 'Z' },
		{ "sum", no_argument, NULL, 's' },
		{ "sum-dir", no_argument, NULL, 'S' },
		{ "output", required_argument, NULL, 'o' },
		{ "skip-bad", no_argument, NULL, OPT_SKIP_BAD },
		{ "demangle", optional_argument, NULL, OPT_DEMANGLE },
		{ "no-demangle", no_argument, NULL, OPT_NO_DEMANGLE },
		{ "brief", no_argument, NULL, 'b' },
		{ "display-unused-functions", no_argument, NULL, 'z' },
		{ "width", required_argument, NULL, 'w' },
		{ "file-info", no_argument, NULL, 'i' },
		{ "no-static", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->demangle = 1;
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
		case 'a':
			o->symtab_flags |= SYMTAB_NO_STATIC;
			break;
		case 'i':
			o->style |= STYLE_FILE_INFO;
			o->user_specified |= STYLE_FILE_INFO;
			break;
		case 's':
			o->style |= STYLE_SUM;
			o->user_specified |= STYLE_SUM;
			break;
		case 'S':
			o->sum_dir = 1;
			break;
		case 'o':
			o->output = optarg;
			break;
		case OPT_SKIP_BAD:
			o->skip_bad = 1;
			break;
		case OPT_DEMANGLE:
			o->demangle = 1;
			if (optarg) {
				char err[256];

				if (demangle_set_style(optarg, err, sizeof(err)) != 0)
					die(err);
			}
			break;
		case OPT_NO_DEMANGLE:
			o->demangle = 0;
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
			if (!quiet)
				usage(stdout);
			exit(0);
		case 'v':
			if (!quiet)
				version();
			exit(0);
		case '?':
			if (!quiet)
				fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
			exit(1);
		default:
			if (quiet)
				exit(1);
			fprintf(stderr,
				PROGRAM ": option -%c of GNU gprof is not supported; "
				"see '" PROGRAM " --help'\n", c);
			exit(1);
		}
	}
	if (o->sum_dir) {
		parse_sum_dir_operands(argc - optind, argv + optind, o);
		return;
	}
	if (o->output && !(o->style & STYLE_SUM))
		die("-o FILE names the sum: it needs -s or -S");
	o->executable = optind < argc ? argv[optind++] : DEFAULT_EXECUTABLE;
	if (optind < argc) {
		o->gmon_files = (const char **)&argv[optind];
		o->ngmon_files = argc - optind;
	}
}

static void check_fingerprint(const struct symtab *st, const struct profile *p)
{
	char err[1024];

	if (profile_check_build_id(p, st->build_id, st->build_id_len, st->path, err,
				   sizeof(err)) != 0)
		fprintf(stderr, PROGRAM ": warning: %s\n", err);
}

/* GNU: without an explicit choice, what the data allows, minus what the
 * user turned off; a section chosen that way is left out when its data is
 * missing (no histogram: no flat profile; no arcs: no call graph). */
static int sections_to_print(const struct options *o, const struct profile *p)
{
	int style = o->style;

	if (style == 0) {
		if (p->nhists > 0 || p->narcs > 0)
			style = STYLE_FLAT | STYLE_GRAPH;
		else
			style = STYLE_EXEC_COUNTS;
		style &= ~o->user_specified;
		if (p->nhists == 0)
			style &= ~STYLE_FLAT;
		if (p->narcs == 0)
			style &= ~STYLE_GRAPH;
	}
	return style;
}

/* A section asked for with -p or -q needs its data, as in GNU gprof. */
static void check_inputs(const struct options *o, const struct profile *p)
{
	if ((o->style & STYLE_FLAT) && p->nhists == 0)
		die("the gmon file(s) have no histogram, needed by the flat profile (-p)");
	if ((o->style & STYLE_GRAPH) && p->narcs == 0)
		die("the gmon file(s) have no call-graph data (arcs), needed by the call graph (-q)");
}

/* -i: what each gmon file holds, in GNU gprof's words.  A file that cannot
 * be read was skipped by --skip-bad (else the sum failed): it is left out. */
static void print_file_info(const struct sum_job *job)
{
	for (size_t i = 0; i < job->n; i++) {
		struct gmon_record_counts c;
		char err[1024];

		if (gmon_count_records(job->paths[i], &c, err, sizeof(err)) != 0)
			continue;
		printf("File `%s' (version %d) contains:\n"
		       "\t%llu histogram record%s\n"
		       "\t%llu call-graph record%s\n"
		       "\t%llu basic-block count record%s\n",
		       job->paths[i], GMON_VERSION,
		       (unsigned long long)c.hist, c.hist == 1 ? "" : "s",
		       (unsigned long long)c.arcs, c.arcs == 1 ? "" : "s",
		       (unsigned long long)c.bb, c.bb == 1 ? "" : "s");
	}
}

/* Prints GNU's form feed line between sections. */
static void separate(int *printed)
{
	if (*printed)
		fputs("\f\n", stdout);
	*printed = 1;
}

/* ------------------------------------------------------------------ */
/* Summing: which files, serially or in parallel, and the sum's file.    */

struct sum_plan {
	struct sum_job job;
	int64_t *ranks;          /* the rank of each file, or NULL */
	size_t nranks;
	char **owned_paths;      /* -S: paths made from the ranks */
	const char *output;      /* where the sum goes, or NULL */
	char *owned_output;
	int summing;             /* -s or -S: progress and a summary line */
};

static void plan_free(struct sum_plan *plan)
{
	if (plan->owned_paths)
		for (size_t i = 0; i < plan->job.n; i++)
			free(plan->owned_paths[i]);
	free(plan->owned_paths);
	free(plan->ranks);
	free(plan->owned_output);
	memset(plan, 0, sizeof(*plan));
}

/* -s and the report: the files named (or gmon.out); their ranks when all
 * are named gmon.out.<N>. */
static void plan_named_files(const struct options *o, struct sum_plan *plan)
{
	static const char *default_files[] = { DEFAULT_GMON };

	plan->job.paths = (char **)(o->ngmon_files ? o->gmon_files : default_files);
	plan->job.n = o->ngmon_files ? (size_t)o->ngmon_files : 1;
	plan->ranks = malloc(plan->job.n * sizeof(*plan->ranks));
	if (!plan->ranks)
		die("out of memory");
	for (size_t i = 0; i < plan->job.n; i++) {
		plan->ranks[i] = rankfiles_parse(plan->job.paths[i]);
		if (plan->ranks[i] < 0) {
			free(plan->ranks);
			plan->ranks = NULL;
			break;
		}
	}
	plan->job.ranks = plan->ranks;
	if (o->style & STYLE_SUM) {
		plan->output = o->output ? o->output : SUM_FILE;
		plan->summing = 1;
	}
}

/* -S: DIR/gmon.out.<N> for the ranks listed by process 0. */
static void plan_dir_files(const struct options *o, struct sum_plan *plan)
{
	size_t len = strlen(o->dir) + sizeof("/" SUM_FILE);

	plan->owned_paths = malloc((plan->nranks ? plan->nranks : 1) * sizeof(char *));
	if (!plan->owned_paths)
		die("out of memory");
	for (plan->job.n = 0; plan->job.n < plan->nranks; plan->job.n++) {
		plan->owned_paths[plan->job.n] = rankfiles_path(o->dir, plan->ranks[plan->job.n]);
		if (!plan->owned_paths[plan->job.n])
			die("out of memory");
	}
	plan->job.paths = plan->owned_paths;
	plan->job.ranks = plan->ranks;
	if (o->output) {
		plan->output = o->output;
	} else {
		plan->owned_output = malloc(len);
		if (!plan->owned_output)
			die("out of memory");
		snprintf(plan->owned_output, len, "%s%s" SUM_FILE, o->dir,
			 o->dir[strlen(o->dir) - 1] == '/' ? "" : "/");
		plan->output = plan->owned_output;
	}
	plan->summing = 1;
}

/* Process 0's part before summing: the executable (its errors come first,
 * as in GNU gprof) and, for -S, the directory's files.  Returns 0, or -1
 * after printing why. */
static int prepare(const struct options *o, struct symtab *st, int *have_symtab,
		   struct sum_plan *plan)
{
	char err[1024];

	if (o->executable) {
		if (symtab_read(st, o->executable, o->symtab_flags, err, sizeof(err)) != 0) {
			fprintf(stderr, PROGRAM ": %s\n", err);
			return -1;
		}
		*have_symtab = 1;
	}
	if (!o->sum_dir)
		return 0;
	if (rankfiles_list(o->dir, &plan->ranks, &plan->nranks, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return -1;
	}
	if (plan->nranks == 0) {
		fprintf(stderr, PROGRAM ": %s: no " RANKFILES_PREFIX "<N> files to sum\n", o->dir);
		return -1;
	}
	return 0;
}

/*
 * Sums the files (in parallel under a launcher), writes the sum where the
 * plan says and prints the summary, all on process 0.  Returns 0 or 1 (the
 * exit status), the same on every process.
 */
static int sum_and_write(const struct sum_plan *plan, const struct gprof_par_mpi *mpi,
			 int root, struct sum_outcome *out)
{
	double start = sum_now();
	char err[1024];
	int failed;

	if (mpi)
		mpi->sum_parallel(&plan->job, out);
	else
		sum_serial(&plan->job, out);
	failed = out->failed;
	if (root && !failed && plan->output &&
	    profile_write(&out->prof, plan->output, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		failed = 1;
	}
	if (root && !failed && out->prof.bb_records_skipped > 0)
		fprintf(stderr,
			PROGRAM ": warning: %llu basic-block count record(s) were skipped "
			"(gprof-par does not use them)\n",
			(unsigned long long)out->prof.bb_records_skipped);
	if (root) {
		sum_print_skipped(stderr, &plan->job, out);
		if (out->failed)
			fprintf(stderr, PROGRAM ": %s%s\n", out->message,
				plan->output ? " (nothing written)" : "");
		else if (plan->summing && !failed)
			sum_print_summary(stderr, &plan->job, out, sum_now() - start,
					  plan->output);
	}
	if (mpi)
		mpi->bcast_int(&failed);
	return failed;
}

/* The report of -S DIRECTORY EXECUTABLE: exactly what gprof-par prints for
 * the gmon.sum just written. */
static void reread_sum(const char *path, struct profile *p)
{
	char err[1024];

	profile_free(p);
	if (profile_add_file(p, path, err, sizeof(err)) != 0)
		die(err);
}

int main(int argc, char **argv)
{
	struct options o;
	struct launcher l;
	struct symtab st;
	struct sum_plan plan;
	struct sum_outcome sum;
	struct profile p;
	struct hist_summary hs;
	struct callgraph *cg = NULL;
	char err[1024];
	const struct gprof_par_mpi *mpi = NULL;
	int style, printed = 0, me = 0, nprocs = 1, status, have_symtab = 0;

	launcher_detect(&l);
	quiet = l.rank > 0;
	parse_options(argc, argv, &o);
	if (launcher_wants_mpi(&l)) {
		mpi = mpi_module_load(err, sizeof(err));
		if (!mpi)
			die(err);
		mpi->init(&argc, &argv, &me, &nprocs);
		quiet = me != 0;
	}

	memset(&plan, 0, sizeof(plan));
	status = me == 0 ? prepare(&o, &st, &have_symtab, &plan) : 0;
	if (mpi)
		mpi->bcast_int(&status);
	if (status != 0) {
		if (mpi)
			mpi->finalize();
		return 1;
	}
	if (o.sum_dir) {
		if (mpi)
			mpi->bcast_ranks(&plan.ranks, &plan.nranks);
		plan_dir_files(&o, &plan);
	} else {
		plan_named_files(&o, &plan);
	}
	plan.job.skip_bad = o.skip_bad;
	plan.job.progress = plan.summing && me == 0 && isatty(STDERR_FILENO);

	sum_outcome_init(&sum);
	status = sum_and_write(&plan, mpi, me == 0, &sum);
	if (mpi)
		mpi->finalize();
	if (status != 0 || me != 0 || (o.sum_dir && !o.executable)) {
		sum_outcome_free(&sum);
		plan_free(&plan);
		if (have_symtab)
			symtab_free(&st);
		return status;
	}

	/* The report, as GNU gprof prints it. */
	p = sum.prof;
	profile_init(&sum.prof);
	if (o.sum_dir)
		reread_sum(plan.output, &p);
	check_fingerprint(&st, &p);
	style = sections_to_print(&o, &p);
	if (o.demangle && (style & (STYLE_FLAT | STYLE_GRAPH)) && demangle_symtab(&st) != 0)
		die("out of memory demangling symbol names");

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
	check_inputs(&o, &p);

	if (o.style & STYLE_FILE_INFO) {
		print_file_info(&plan.job);
		printed = 1;
	}

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
	sum_outcome_free(&sum);
	plan_free(&plan);
	if (fflush(stdout) != 0 || ferror(stdout))
		die("error writing the report to standard output");
	return 0;
}
