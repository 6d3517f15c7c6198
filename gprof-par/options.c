/*
 * options.c - see options.h.  The option string is GNU gprof 2.40's, so
 * that combined short options parse the same way; what gprof-par does not
 * support yet is rejected with a message that says so.
 *
 * Over 800 lines (about 1,000): most of it is --help's text, one entry per
 * option; issue 26 moves the options into one table (name, argument,
 * help, field) from which parsing, --help and the man page's list come.
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
#include "gnu-debug.h"
#include "options.h"
#include "regions.h"
#include "symtab.h"

/* Long options without a short form. */
enum {
	OPT_SKIP_BAD = 256,
	OPT_REGIONS,
	OPT_LOAD_BALANCE,
	OPT_MPI,
	OPT_DUMP,
	OPT_NO_LOAD_BALANCE,
	OPT_LOAD_BALANCE_SVG,
	OPT_MEASURED,
	OPT_FORMAT,
	OPT_FLAME_GRAPH,
	OPT_SOURCE_TIMES,
	OPT_PER_RANK,
	OPT_TIMING,
	OPT_INLINE_FILE_NAMES,
	OPT_DEMANGLE,
	OPT_NO_DEMANGLE,
	OPT_EXTERNAL_SYMBOL_TABLE,
};

int options_quiet;

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
"  -p, --flat-profile[=SPEC]   print the flat profile: functions by self time;\n"
"                              with SPEC, only the functions SPEC names (their\n"
"                              time is then the 100%%)\n"
"  -P, --no-flat-profile[=SPEC]\n"
"                              do not print the flat profile; with SPEC, print\n"
"                              it without the functions SPEC names\n"
"  -q, --graph[=SPEC]          print the call graph and the index by name;\n"
"                              with SPEC, only the entries of the functions SPEC\n"
"                              names (FROM/TO: only that arc is counted)\n"
"  -Q, --no-graph[=SPEC]       do not print the call graph; with SPEC, print it\n"
"                              without their entries (FROM/TO: without that arc)\n"
"  -C, --exec-counts[=SPEC]    print how many times each function was called,\n"
"                              one \"FILE:LINE: (NAME:0xADDR) N executions\"\n"
"                              line per function (\"<unknown>:0\" without -g),\n"
"                              by file and line, else by address; with SPEC,\n"
"                              only for the functions SPEC names\n"
"  -Z, --no-exec-counts[=SPEC] do not print the execution counts; with SPEC,\n"
"                              print them but for the functions SPEC names\n"
"  -A, --annotated-source[=SPEC]\n"
"                              print each source file of the program with each\n"
"                              function's call count before the line of its\n"
"                              entry (\"#####\" below -m's count), then the\n"
"                              file's most called lines (-t) and a summary;\n"
"                              needs line tables (-g); a file is read by the\n"
"                              name they give, else found in -I's directories;\n"
"                              with SPEC, only the functions SPEC names\n"
"  -J, --no-annotated-source[=SPEC]\n"
"                              do not print annotated source; with SPEC, print\n"
"                              it but for the functions SPEC names\n"
"\n"
"Selecting functions (GNU gprof's symbol specifications; SPEC is glued to a\n"
"short option that takes it optionally, e.g. -pmain or --flat-profile=main):\n"
"  -k FROM/TO                  leave the arc FROM -> TO out (its calls too)\n"
"  -n, --time=SPEC             only SPEC's time goes up the call graph\n"
"  -N, --no-time=SPEC          SPEC's time does not go up the call graph\n"
"  -e SPEC, -E SPEC            leave SPEC's entries out of the call graph (-E:\n"
"                              and its time, as -N)\n"
"  -f SPEC, -F SPEC            print only SPEC's entries of the call graph (-F:\n"
"                              and only its time goes up, as -n)\n"
"A SPEC is a function's name as in the symbol table (not demangled), or\n"
"FILE:NAME, FILE:LINE, FILE (a name with a '.') or LINE, FILE being a source\n"
"file's base name: those use the program's DWARF line tables (-g), read with\n"
"libdw, and match nothing in a program without them.  Empty (--graph=), a\n"
"SPEC matches every function; one that matches nothing is ignored, as with\n"
"GNU gprof.\n"
"\n"
"Other report options:\n"
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
"                              DIRECTORY/" SUM_FILE " would print, followed by\n"
"                              the load balance (see --load-balance)\n"
"  -r, --function-ordering     print a suggested order of the functions for the\n"
"                              linker (one name per line), GNU gprof's greedy\n"
"                              placement of callers next to callees along the\n"
"                              most used arcs, functions never called last\n"
"  -R, --file-ordering=MAP     print a suggested link order of the object\n"
"                              files, the same placement over the files that\n"
"                              MAP gives the functions: lines \"FILE:... NAME\"\n"
"                              as nm -o prints them (\"No symbols in\" lines\n"
"                              are passed over).  As in GNU gprof, a function\n"
"                              of MAP counts under its file's name in every\n"
"                              section if it is the first of its file's lines\n"
"                              in MAP, and not at all otherwise; -r and -R\n"
"                              exclude each other\n"
"  -O, --file-format=FORMAT    how gmon files are read: a (auto, the\n"
"                              default: by the \"gmon\" magic, a file without\n"
"                              it as BSD if it is laid out so), m (magic: the\n"
"                              \"gmon\" format only), b (BSD, old or 4.4: the\n"
"                              header low_pc, high_pc, size, the 16-bit bins,\n"
"                              then arcs with 64-bit counts; the old format's\n"
"                              rate is the host's clock tick), 4 (4.4BSD only);\n"
"                              GNU looks at the first letter only.  p (prof)\n"
"                              is refused, as by GNU gprof; -s with b or 4\n"
"                              (a BSD-format sum) is not supported\n"
"  -I, --directory-path=DIRS   look for source files (-A) in DIRS too, a\n"
"                              colon-separated list, then in those of the\n"
"                              GPROF_PATH variable: each DIR/NAME for a relative\n"
"                              NAME, then each DIR/BASENAME\n"
"  -m, --min-count=N           -A: a count below N prints as ##### (default 1)\n"
"  -t, --table-length=N        -A: lines in each file's table of the most\n"
"                              called lines (default 10; 0: no table)\n"
"  -x, --all-lines             -A: also annotate the lines where a symbol that\n"
"                              is not a function (an assembler label) starts,\n"
"                              with the count of the function before it\n"
"  -y, --separate-files        -A: write each annotated file to BASENAME-ann in\n"
"                              the current directory instead of the report\n"
"                              (whole, then renamed over; only a regular file\n"
"                              is replaced)\n"
"  -o, --output=FILE           write the sum of -s or -S to FILE instead\n""      --timing                at the end, print on standard error where the\n"
"                              time went, in seconds, per phase and per process:\n"
"                              init (starting MPI), list (the directory: under\n"
"                              MPI, while MPI starts), read\n"
"                              (open, fstat, read), check and add the files,\n"
"                              balance (the load balance), wait (for the\n"
"                              slowest process's files: the blocks' imbalance),\n"
"                              order (agreeing on the files' serial order),\n"
"                              reduce (the partial sums: the rest of MPI),\n"
"                              write (the sum), report, and total; then the\n"
"                              slowest process of each phase\n"
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
"  -D, --ignore-non-functions  leave out file-local symbols of the text that\n"
"                              are not functions (assembler labels): their\n"
"                              samples and calls count for the function\n"
"                              before them\n"
"  -c, --static-call-graph     add the calls found in the text (x86 call\n"
"                              instructions to a function's start, as GNU\n"
"                              gprof finds them) to the call graph with a\n"
"                              count of 0, so that cycles do not depend on\n"
"                              what the run called\n"
"  -T, --traditional           GNU gprof's traditional (BSD) layout: the call\n"
"                              graph first, each section's explanation before\n"
"                              it, per-call times in ms, names with their\n"
"                              call-graph index in the flat profile\n"
"  -l, --line                  line by line: besides each function, a symbol\n"
"                              for each run of code of one source line, named\n"
"                              \"function (file:line @ address)\" after the\n"
"                              DWARF function it is in (an inlined one\n"
"                              included), in every section (the call graph\n"
"                              shows functions' entries only, with the lines\n"
"                              that call them); needs line tables (-g).  -s\n"
"                              with a section implies it, as in GNU gprof\n"
"  -L, --print-path            name source files by their whole path, not\n"
"                              their base name\n"
"      --inline-file-names     print \"name (file:line)\" for the functions of a\n"
"                              -g program, in every section\n"
"      --external-symbol-table=FILE\n"
"                              read the functions from FILE, lines \"ADDRESS\n"
"                              TYPE NAME\" as nm prints them (TYPE t or T;\n"
"                              others are passed over), not from the\n"
"                              executable's symbol table; no source lines.\n"
"                              GNU gprof's short form, -S FILE, is gprof-par's\n"
"                              -S (sum a directory)\n"
"      --dump                  every record of the gmon files named (by default\n"
"                              gmon.out) and of the libraries' profiles beside\n"
"                              them, as tab-separated lines for scripts (the\n"
"                              format: docs/formats.md); no executable is read\n"
"  -d, --debug[=N]             GNU gprof's debugging traces of the raw data, on\n"
"                              standard output before the report: N's bit 16\n"
"                              the arcs as tallied, 64 the histogram records,\n"
"                              arcs and samples credited (-d alone: all bits;\n"
"                              GNU's other bits print nothing here)\n"
"  -w, --width=N               width of the index by function name (default 80)\n"
"      --demangle[=STYLE]      print C++ names (and Java, Ada, D and Rust ones)\n"
"                              demangled, as GNU gprof does by default:\n"
"                              _ZN7physics4stepEd as physics::step(double);\n"
"                              STYLE: auto (the default), gnu-v3, java, gnat,\n"
"                              dlang or rust.  -C prints names as they are\n"
"      --no-demangle           print names as in the symbol table (mangled)\n"
"      --load-balance[=FORMAT]\n"
"                              where ranks differ: for every function, its self\n"
"                              seconds and calls in each gmon file (each one an\n"
"                              MPI rank: N of gmon.out.N, else its position),\n"
"                              computed while the files are summed, as min,\n"
"                              mean, max and standard deviation with the ranks\n"
"                              of the min and the max (lowest rank on ties), the\n"
"                              imbalance max/mean - 1, and the time lost to it,\n"
"                              (max - mean) x ranks, by which functions are\n"
"                              sorted; and the slowest and fastest ranks; and\n"
"                              whether each imbalance exceeds sampling noise (a\n"
"                              chi-square test at 99%% on the ranks' sample\n"
"                              counts: text, a * and a headline; CSV, a column\n"
"                              significant; JSON, a field).\n"
"                              FORMAT: text (the default: a section after the\n"
"                              report), csv or json (then the table is the whole\n"
"                              output: one row per function; JSON also has each\n"
"                              rank's seconds and place).  Printed by default\n"
"                              with -S DIRECTORY EXECUTABLE.  Its OpenMP\n"
"                              regions count for their function (--regions=\n"
"                              parent) unless --regions is given.  Memory grows\n"
"                              with functions and with ranks, not with both.\n"
"                              With MPI profiles beside the files (gmon-run\n"
"                              --mpi), each rank's wall time in MPI too (text:\n"
"                              a line; JSON: mpi_seconds per rank)\n"
"      --no-load-balance       do not print it (-S DIRECTORY EXECUTABLE)\n"
"      --mpi[=FORMAT]          the MPI profile instead of the report: the wall\n"
"                              time inside MPI calls that the PMPI wrapper\n"
"                              library recorded (gmon-run --mpi) in\n"
"                              PROFILE+mpi.N beside each profile (-s and -S add\n"
"                              them to SUM+mpi): each rank's share in MPI, the\n"
"                              call sites (MPI function, the caller and with -g\n"
"                              the call's source line) by time\n"
"                              with their calls, bytes and seconds per rank\n"
"                              (min, mean, max, imbalance), and each MPI\n"
"                              function's totals.  FORMAT: text (the default),\n"
"                              csv (one row per function, call site and rank,\n"
"                              and per function and call site with rank all) or\n"
"                              json\n"
"      --measured              the call graph's children times measured from the\n"
"                              call paths libgmon-mpi sampled (PROFILE+paths,\n"
"                              summed with the profiles by -s and -S), not\n"
"                              gprof's estimate, which divides a function's\n"
"                              time among its callers by their calls: an arc's\n"
"                              time is that of the samples taken under a call\n"
"                              from that caller (recursion counted once per\n"
"                              sample).  Same text as gprof's, with a line under\n"
"                              the granularity saying so; a function no sampled\n"
"                              path went through though it was sampled (its\n"
"                              paths were not kept) keeps the estimate and is\n"
"                              marked \"(estimated)\" in its entry.  The flat\n"
"                              profile's total s/call follows\n"
"      --format=FORMAT         what to print instead of gprof's report: gnu (the\n"
"                              report, the default); callgrind (a callgrind\n"
"                              profile of the sampled paths, for\n"
"                              callgrind_annotate and KCachegrind: self and\n"
"                              inclusive samples per function and call, calls\n"
"                              from the gmon arcs (1 for a call -pg did not\n"
"                              count), file and line with -g);\n"
"                              folded (a line \"main;solve;dot 123\" per\n"
"                              distinct path, root first, for flamegraph.pl,\n"
"                              speedscope and inferno: the counts add up to the\n"
"                              samples of the paths); json (functions, arcs and\n"
"                              paths with their samples and seconds; the schema\n"
"                              is in gprof-par/README.md).  Frames in shared\n"
"                              libraries are named from the library's symbols\n"
"                              when its file (with the same build-id) is there,\n"
"                              else \"[libname.so]\"\n"
"      --flame-graph=FILE      also draw the sampled paths as a flame graph in\n"
"                              FILE, a self-contained SVG: one box per function\n"
"                              and path, as wide as its samples, callers below\n"
"                              callees (boxes under 0.1%% left out); hovering\n"
"                              shows name, samples and share, a click zooms.\n"
"                              Written whole to a temporary file, then renamed\n"
"      --source-times[=FUNC]   instead of the report, the source of the\n"
"                              functions holding at least 1%% of the samples\n"
"                              (or of FUNC), the most first, each line with its\n"
"                              samples, seconds and percent of the function's\n"
"                              samples (the histogram's bins on the lines of\n"
"                              the DWARF line tables: -g); source files found\n"
"                              as for -A (-I, GPROF_PATH).  -A stays GNU's\n"
"                              counts of calls\n"
"      --per-rank              with --format=callgrind or json, each profile's\n"
"                              own paths too (every rank file of -S DIRECTORY\n"
"                              EXECUTABLE, or the files named), named like the\n"
"                              sum's: callgrind writes one part per rank\n"
"                              (\"part: N\", \"desc: Rank: R (FILE)\"; KCachegrind\n"
"                              shows them, callgrind_annotate reads one-part\n"
"                              files only), JSON adds \"ranks\": each rank's\n"
"                              samples, lost and cut paths, and its functions'\n"
"                              self and total samples\n"
"  -M, --modules               one report over every load module: the\n"
"                              executable and the shared libraries whose data\n"
"                              libgmon-mpi wrote beside the profiles\n"
"                              (BG_GMON_PROFILE_LIBS: PROFILE+modules, the\n"
"                              libraries' PROFILE+LIBRARY, the calls between\n"
"                              modules PROFILE+calls and PROFILE+plt-calls;\n"
"                              after -S, the sums beside gmon.sum).  A header\n"
"                              names the modules not profiled and why (not\n"
"                              chosen by BG_GMON_PROFILE_LIBS, no file as the\n"
"                              vDSO, a file missing or of another build-id);\n"
"                              then GNU's flat profile and call graph over all\n"
"                              of them, every function named \"NAME {N}\", N its\n"
"                              module's index, the percentages of every\n"
"                              module's samples; last, the list of modules with\n"
"                              their seconds.  A library's functions come from\n"
"                              its .symtab, else from its debug file found by\n"
"                              build-id (/usr/lib/debug/.build-id/XX/REST.debug;\n"
"                              the variable GPROF_PAR_DEBUG_ROOT, for tests,\n"
"                              replaces /usr/lib/debug), else from .dynsym (the\n"
"                              exported ones, with a warning: the code past\n"
"                              one's size is a row \"[MODULE static code after\n"
"                              NAME] {N}\"); code in no\n"
"                              function is a row \"MODULE+0xADDRESS {N}\" (its\n"
"                              first address sampled or called), a module\n"
"                              without a profile or symbols one row\n"
"                              \"[MODULE] {N}\", the profiler's own samples (in\n"
"                              mcount, which GNU leaves out) one row\n"
"                              \"[profiling overhead: mcount in MODULE] {N}\": no\n"
"                              sample is left out.  Each module's other\n"
"                              functions get the time GNU gprof gives them\n"
"                              from its own file (gprof LIBRARY\n"
"                              PROFILE+LIBRARY).  With -p or -q, that section\n"
"                              only; not with the other sections, symbol\n"
"                              specifications, --format or --load-balance\n"
"      --load-balance-svg=FILE write the load balance as a picture to FILE: an\n"
"                              SVG heat map of the 24 functions losing the most\n"
"                              time to imbalance (rows) by rank (columns: up to\n"
"                              128, each the mean of a block of ranks when there\n"
"                              are more), colour = self seconds per rank;\n"
"                              hovering over a cell shows its values.  Written\n"
"                              whole to a temporary file, then renamed\n"
"      --regions=MODE          where the time of OpenMP regions and compiler\n"
"                              clones goes.  GCC outlines each parallel region\n"
"                              or task of f into f._omp_fn.N and splits or\n"
"                              specialises functions into f.part.N, f.cold,\n"
"                              f.isra.N, f.constprop.N (LLVM: f.omp_outlined,\n"
"                              __omp_offloading_..._f_lN, f.llvm.N).  MODE:\n"
"                              gnu (the default for GNU's report): as GNU\n"
"                              gprof, which does not list most of them, so\n"
"                              that their samples and calls count for the\n"
"                              function before them in memory, often an\n"
"                              unrelated one; when that is at least 5%% of\n"
"                              the samples, a note on standard error says how\n"
"                              much and where it went;\n"
"                              parent: each counts for the function it came\n"
"                              from (f), whose calls into its own parts are\n"
"                              not counted as calls; separate: each is listed\n"
"                              on its own, as \"f [omp region 2]\" or\n"
"                              \"f [clone .part.0]\".  With -a (no static\n"
"                              functions) they count as gnu does.  The views\n"
"                              with no GNU counterpart (-M, --mpi, --measured,\n"
"                              --format, --flame-graph, --load-balance,\n"
"                              --source-times)\n"
"                              default to parent; GNU's report printed beside\n"
"                              the flame graph or the load balance stays gnu\n"
"\n"
"  -h, --help                  print this help and exit\n"
"  -v, --version               print the version and exit\n"
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

static void version(void)
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
 * -JSPEC (GNU: an
 * arc FROM/TO for -q and -Q goes to the arc tables). */
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

static void add_source_dirs(struct options *o, const char *list)
{
	const char **grown = realloc(source_dirs, (nsource_dirs + 1) * sizeof(*grown));

	if (!grown)
		die("out of memory");
	source_dirs = grown;
	source_dirs[nsource_dirs++] = list;
	o->source_dirs = source_dirs;
	o->nsource_dirs = nsource_dirs;
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
	else if (o->sum_dir && o->executable && o->format == FORMAT_GNU)
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

void options_parse(int argc, char **argv, struct options *o)
{
	/* GNU gprof's option string, so that combined short options parse the
	 * same way; what gprof-par does not support is rejected below. */
	static const char optstring[] =
		"aA::bBcC::d::De:E:f:F:hiI:J::k:lLm:Mn:N:o:O:p::P::q::Q::rR:sSt:Tvw:xyzZ::";
	static const struct option longopts[] = {
		{ "flat-profile", optional_argument, NULL, 'p' },
		{ "no-flat-profile", optional_argument, NULL, 'P' },
		{ "graph", optional_argument, NULL, 'q' },
		{ "no-graph", optional_argument, NULL, 'Q' },
		{ "exec-counts", optional_argument, NULL, 'C' },
		{ "no-exec-counts", optional_argument, NULL, 'Z' },
		{ "annotated-source", optional_argument, NULL, 'A' },
		{ "no-annotated-source", optional_argument, NULL, 'J' },
		{ "directory-path", required_argument, NULL, 'I' },
		{ "min-count", required_argument, NULL, 'm' },
		{ "table-length", required_argument, NULL, 't' },
		{ "all-lines", no_argument, NULL, 'x' },
		{ "separate-files", no_argument, NULL, 'y' },
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
		{ "ignore-non-functions", no_argument, NULL, 'D' },
		{ "print-path", no_argument, NULL, 'L' },
		{ "line", no_argument, NULL, 'l' },
		{ "function-ordering", no_argument, NULL, 'r' },
		{ "file-ordering", required_argument, NULL, 'R' },
		{ "file-format", required_argument, NULL, 'O' },
		{ "external-symbol-table", required_argument, NULL, OPT_EXTERNAL_SYMBOL_TABLE },
		{ "debug", optional_argument, NULL, 'd' },
		{ "static-call-graph", no_argument, NULL, 'c' },
		{ "traditional", no_argument, NULL, 'T' },
		{ "inline-file-names", no_argument, NULL, OPT_INLINE_FILE_NAMES },
		{ "regions", required_argument, NULL, OPT_REGIONS },
		{ "load-balance", optional_argument, NULL, OPT_LOAD_BALANCE },
		{ "mpi", optional_argument, NULL, OPT_MPI },
		{ "dump", no_argument, NULL, OPT_DUMP },
		{ "no-load-balance", no_argument, NULL, OPT_NO_LOAD_BALANCE },
		{ "load-balance-svg", required_argument, NULL, OPT_LOAD_BALANCE_SVG },
		{ "measured", no_argument, NULL, OPT_MEASURED },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "flame-graph", required_argument, NULL, OPT_FLAME_GRAPH },
		{ "source-times", optional_argument, NULL, OPT_SOURCE_TIMES },
		{ "per-rank", no_argument, NULL, OPT_PER_RANK },
		{ "modules", no_argument, NULL, 'M' },
		{ "timing", no_argument, NULL, OPT_TIMING },
		{ "time", required_argument, NULL, 'n' },
		{ "no-time", required_argument, NULL, 'N' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->demangle = 1;
	o->min_count = 1;
	o->table_length = 10;
	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
		switch (c) {
		case 'p': case 'P': case 'q': case 'Q': case 'C': case 'Z': case 'A': case 'J':
			switch_section(o, c, optarg);
			break;
		case 'B':
			/* GNU's undocumented -B: -q without a SPEC */
			switch_section(o, 'q', NULL);
			break;
		case 'I':
			add_source_dirs(o, optarg);
			break;
		case 'm':
			/* GNU: strtoul, so "-m -1" is the largest count */
			o->min_count = strtoul(optarg, NULL, 10);
			break;
		case 't':
			o->table_length = atoi(optarg);
			if (o->table_length < 0)
				o->table_length = 0;
			break;
		case 'x':
			o->all_lines = 1;
			break;
		case 'r':
			o->style |= STYLE_FUNCTION_ORDER;
			o->user_specified |= STYLE_FUNCTION_ORDER;
			break;
		case 'O':
			/* GNU looks at the first character only */
			switch (optarg[0]) {
			case 'a': o->file_format = GMON_FORMAT_AUTO; break;
			case 'm': o->file_format = GMON_FORMAT_MAGIC; break;
			case 'b': o->file_format = GMON_FORMAT_BSD; break;
			case '4': o->file_format = GMON_FORMAT_BSD44; break;
			case 'p': o->prof_format = 1; break;
			default:
				if (options_quiet)
					exit(1);
				fprintf(stderr, PROGRAM ": unknown file format %s (-O takes auto, "
					"magic, bsd, 4.4bsd or prof)\n", optarg);
				exit(1);
			}
			break;
		case 'R':
			o->style |= STYLE_FILE_ORDER;
			o->user_specified |= STYLE_FILE_ORDER;
			o->function_map = optarg;
			break;
		case 'y':
			o->separate_files = 1;
			break;
		case 'a':
			o->symtab_flags |= SYMTAB_NO_STATIC;
			break;
		case 'D':
			o->symtab_flags |= SYMTAB_FUNCTIONS_ONLY;
			break;
		case OPT_EXTERNAL_SYMBOL_TABLE:
			o->external_symbol_table = optarg;
			break;
		case 'd':
			/* GNU: -dN adds N's bits and ANYDEBUG, -d sets all; it
			 * says so on standard output at once */
			if (optarg)
				o->debug_level |= (unsigned)atoi(optarg) | GNU_DEBUG_ANY;
			else
				o->debug_level = ~0u;
			if (!options_quiet)
				gnu_debug_print_level(stdout, o->debug_level);
			break;
		case 'l':
			o->line = 1;
			o->symtab_flags |= SYMTAB_LINES;
			break;
		case 'L':
			o->print_path = 1;
			break;
		case 'T':
			o->bsd = 1;
			break;
		case 'c':
			o->static_call_graph = 1;
			o->symtab_flags |= SYMTAB_TEXT;
			break;
		case OPT_INLINE_FILE_NAMES:
			o->inline_file_names = 1;
			break;
		case 'e':
			add_spec(o, SYMSPEC_EXCL_GRAPH, optarg);
			break;
		case 'E':
			add_spec(o, SYMSPEC_EXCL_TIME, optarg);
			add_spec(o, SYMSPEC_EXCL_GRAPH, optarg);
			break;
		case 'f':
			add_spec(o, SYMSPEC_INCL_GRAPH, optarg);
			break;
		case 'F':
			add_spec(o, SYMSPEC_INCL_TIME, optarg);
			add_spec(o, SYMSPEC_INCL_GRAPH, optarg);
			break;
		case 'k':
			add_spec(o, SYMSPEC_EXCL_ARCS, optarg);
			break;
		case 'n':
			add_spec(o, SYMSPEC_INCL_TIME, optarg);
			break;
		case 'N':
			add_spec(o, SYMSPEC_EXCL_TIME, optarg);
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
		case OPT_REGIONS: {
			enum regions_mode mode;

			if (regions_parse_mode(optarg, &mode) != 0) {
				if (options_quiet)
					exit(1);
				fprintf(stderr, PROGRAM ": --regions=%s: use gnu, parent or "
					"separate\n", optarg);
				exit(1);
			}
			o->regions = (int)mode;
			o->regions_explicit = 1;
			break;
		}
		case OPT_LOAD_BALANCE:
			o->load_balance = text_csv_json("--load-balance", optarg, BALANCE_TEXT,
							BALANCE_CSV, BALANCE_JSON);
			break;
		case OPT_NO_LOAD_BALANCE:
			o->no_load_balance = 1;
			break;
		case OPT_DUMP:
			o->dump = 1;
			break;
		case OPT_MPI:
			o->mpi = text_csv_json("--mpi", optarg, MPI_REPORT_TEXT, MPI_REPORT_CSV,
					       MPI_REPORT_JSON);
			break;
		case OPT_LOAD_BALANCE_SVG:
			o->balance_svg = optarg;
			break;
		case OPT_MEASURED:
			o->measured = 1;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "gnu") == 0)
				o->format = FORMAT_GNU;
			else if (strcmp(optarg, "callgrind") == 0)
				o->format = FORMAT_CALLGRIND;
			else if (strcmp(optarg, "folded") == 0)
				o->format = FORMAT_FOLDED;
			else if (strcmp(optarg, "json") == 0)
				o->format = FORMAT_JSON;
			else {
				if (options_quiet)
					exit(1);
				fprintf(stderr, PROGRAM ": --format=%s: use gnu, callgrind, folded or "
					"json\n", optarg);
				exit(1);
			}
			break;
		case OPT_FLAME_GRAPH:
			o->flame_graph = optarg;
			break;
		case OPT_SOURCE_TIMES:
			o->source_times = 1;
			o->source_times_fn = optarg;
			break;
		case OPT_PER_RANK:
			o->per_rank = 1;
			break;
		case 'M':
			o->modules = 1;
			break;
		case OPT_TIMING:
			o->timing = 1;
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
			if (!options_quiet)
				usage(stdout);
			exit(0);
		case 'v':
			if (!options_quiet)
				version();
			exit(0);
		case '?':
			if (!options_quiet)
				fprintf(stderr, "Try '" PROGRAM " --help' for more information.\n");
			exit(1);
		default:
			if (options_quiet)
				exit(1);
			fprintf(stderr,
				PROGRAM ": option -%c of GNU gprof is not supported; "
				"see '" PROGRAM " --help'\n", c);
			exit(1);
		}
	}
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
		choose_balance(o);
		return;
	}
	if (o->output && !(o->style & STYLE_SUM))
		die("-o FILE names the sum: it needs -s or -S");
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
	choose_balance(o);
}
