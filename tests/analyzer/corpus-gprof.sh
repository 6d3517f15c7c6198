#!/bin/sh
# corpus-gprof.sh - gprof-par against GNU gprof on the corpus of -pg test
# programs in corpus/: simple calls, direct recursion, cycles (one whose
# members have samples and callers outside it), functions called but never
# sampled, a pthread start routine (<spontaneous>), PIE, -no-pie and -static
# builds without -g, a generated 3,000-function program, and C++ names
# (demangled by default, --no-demangle, --demangle=gnu-v3); -a (no static
# functions) on a static build and on the C++ program.  For each, the
# output of -b, -p -b, -q -b and -C (and for some, the full report and -z)
# must be byte-identical to /usr/bin/gprof's, on one gmon file and on two
# summed.  Programs are built and run at test time in a scratch directory
# under the build directory (srcdir may be read-only).
#
# GNU gprof 2.40's options, and where each is compared here (stdout and exit
# status, one gmon file and two summed):
#   -a --no-static              static build, C++, multi-file -g programs
#   -b --brief                  everywhere
#   -C -Z [SPEC] --exec-counts  every program; SPEC forms on cycles, multi
#   -c --static-call-graph      static-calls, multi-g*, cxx-g
#   -D --ignore-non-functions   labels, multi-g*
#   -e -E -f -F SPEC            cycles
#   -k FROM/TO                  cycles, recursion, calls, multi-g*, cxx
#   -L --print-path             multi-g*
#   -T --traditional            cycles, multi-g*, cxx-g (names not demangled)
#   --inline-file-names         multi-g*, cxx-g
#   -n -N --time --no-time      cycles, recursion
#   -p -P -q -Q [SPEC]          every program; SPEC forms on cycles, cxx, -g;
#                               names that are prefixes of others (prefixes.c)
#   -z --display-unused-functions   several programs
#   --demangle[=STYLE] --no-demangle   cxx (and flat-gprof.sh)
#   @FILE                       cycles (options, nesting, operands, missing)
#   -i --file-info, -w --width  multi-g (and -s in flat-gprof.sh)
#   -A -J [SPEC] --annotated-source, -x --all-lines, -m --min-count,
#   -t --table-length           cycles-g, labels-g (-x), multi-g*, cxx-g,
#                               multi-rel (built from a relative directory)
#   -l --line                   cycles-g, labels-g, multi-g*, cxx-g, with -p -q
#                               -C -A -x -z -T -L -a -D -c -k -N SPEC, and -s
#                               with a section (GNU: --sum implies --line);
#                               without -g (no line symbols: as without -l)
#   --external-symbol-table=FILE    cycles, multi-g (nm's output, with lines
#                               that are not t/T symbols); a missing file and
#                               one without functions (message, exit status)
#   -d --debug[=N]              the traces of the raw data (bits 16 and 64):
#                               debug-gprof.sh
#   -r --function-ordering      ordering (GNU's grouping of functions called
#                               from many sites), cycles, recursion, gen3000,
#                               cxx, multi-g, with -l and -z
#   -R --file-ordering MAP      cycles, multi-g: a map giving each function a
#                               file (the chains), one with several lines per
#                               file, "No symbols in" lines and a file without
#                               functions; with -q, -p, -l; errors (a map that
#                               does not parse, a missing one, -r with -R).
#                               Not compared: maps where a file's later lines
#                               name functions of the executable, which GNU
#                               drops or keeps by uninitialised memory (its
#                               is_first is set only for the first lines)
#   -O --file-format            cycles' profile rewritten in the old BSD and the
#                               4.4BSD formats (gmon-to-bsd), also with counts
#                               above 2^32: auto, a, m, b, 4, bsd, p, an unknown
#                               letter, BSD and magic files mixed, -i, -s (the
#                               report of the sum); errors: -O 4 on an old BSD
#                               file, -O m on BSD, -O b on a magic file, a BSD
#                               file cut in its bins.  Not compared: -s with
#                               -O b/4 (a BSD-format sum: refused), garbage
#                               without the magic (GNU reads it as BSD)
#   -I --directory-path, GPROF_PATH, -y --separate-files (its files 0600)
#                               multi-rel (sources moved; files compared)
#   -B (undocumented: -q)       cycles
#   -v --version, -h --help     gprof-par's own text, not compared
# Every option of GNU gprof 2.40 is in this table.  GNU's -S FILE is
# gprof-par's sum of a directory (compared in reduce-gprof.sh with GNU's
# -s); its long form, --external-symbol-table, is compared above.
set -u

. "${top_srcdir:-../..}/tests/analyzer/gprof-compare-lib.sh"
corpus=${top_srcdir:-../..}/tests/analyzer/corpus
[ -d "$corpus" ] || { echo "ERROR: no corpus at $corpus"; exit 99; }

work=$(mktemp -d "$PWD/corpus-gprof.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

# where gprof-par's message is GNU's, it is the same but for the program's
# name: compare stderr too
same_message() { # EXE "OPTIONS" [GMON]
	exe=$1 opts=$2 gmon=${3:-$1.gmon.1}
	checks=$((checks + 1))
	# shellcheck disable=SC2086
	"$GPROF" $opts "$exe" "$gmon" 2>&1 > /dev/null | sed 's/^[^ ]*gprof: //' > gnu.msg
	# shellcheck disable=SC2086
	"$GPROF_PAR" $opts "$exe" "$gmon" 2>&1 > /dev/null | sed 's/^gprof-par: //' > ours.msg
	if [ -s gnu.msg ] && cmp -s gnu.msg ours.msg; then
		echo "ok: [$opts] says: $(cat ours.msg)"
	else
		fail "[$opts]: the message differs from GNU gprof's:"; cat gnu.msg ours.msg
	fi
}
# check EXE [OPTION SETS...]: the standard options, then any extra ones, on
# one file and on two files summed.
check() {
	exe=$1
	shift
	for opts in "-b" "-p -b" "-q -b" "-C" "$@"; do
		compare "$exe" "$opts" "$exe.gmon.1"
		compare "$exe" "$opts" "$exe.gmon.1" "$exe.gmon.2"
	done
}

# The cycle and spontaneous cases must really be there, or the test proves
# nothing: check GNU's own report for them.
expect_in_gnu() {
	exe=$1 text=$2
	if ! "$GPROF" -q -b "$exe" "$exe.gmon.1" | grep -q -- "$text"; then
		fail "$exe: GNU gprof's call graph lacks '$text' (corpus program is broken)"
	fi
}

build calls "$corpus/calls.c"
check calls "" "-q" "-q -b -z"
build calls-nopie "$corpus/calls.c" -no-pie
check calls-nopie
build calls-static "$corpus/calls.c" -static
check calls-static "-a -b" "-a -q -b"

build recursion "$corpus/recursion.c"
expect_in_gnu recursion '+'
check recursion "-q" "-b -k fact/fact" "-b -Nfact" "-b -Qfact/fact" "-b -pfact -qfact" "-r"

# Names that are prefixes of others: a SPEC names one function only
# (-Pwork dropping worker too was a plausible mistake no test caught)
build prefixes "$corpus/prefixes.c"
check prefixes "-b -Pwork" "-b -pwork" "-b -Qwork" "-b -qwork" "-b -Nwork" "-b -nworker" \
	"-b -k work/worker" "-b -Zwork -C" "-b -Pwork -Pwork2"

build cycles "$corpus/cycles.c"
expect_in_gnu cycles 'as a whole'
check cycles "" "-z -b" "-l -b" "-r" "--function-ordering -z" "-r -b -p" "-r -l" "-B" "-B -b -p"

# Symbol specifications (GNU's sym_ids.c), compared on a program with
# cycles, mutual recursion and a call chain.  Which options, and why these:
#   -pNAME -PNAME       flat rows and the total (an excluded function's time
#                       leaves it); several, mixed; a default exclusion named
#   -qNAME -QNAME       call-graph entries, [n] vs (n), print flags inherited
#   -qFROM/TO -QFROM/TO the arc tables: only / all but that arc
#   -k FROM/TO          several; FROM without TO (excludes nothing); /TO
#                       alone (every caller); two with one FROM (GNU keeps one)
#   -n -N --time --no-time  time propagation (prop.fract), also on cycles
#   -e -E -f -F         the old forms (graph, and time for -E/-F)
#   -CNAME -ZNAME       the execution counts
#   FILE, LINE, :NAME   without line tables a file or line matches nothing
#                       and an empty table changes nothing; :NAME is a name
#                       (with line tables: the -g programs below)
check cycles "-b -ppong" "-b -Ppong" "-b -pmain -ppong -Pleaf" "-b -Pmain -Ppong -pleaf" \
	"-b -pmcount -Pmain" "-b -pnosuch" "-b -z -pping" \
	"-b -qpong" "-b -Qpong" "-b -qmain -Qmain" "-b -fping -fpong -Fpang" \
	"-b -qping/pong" "-b -Qping/pong" "-b -qping/" "-b -qmain/ -Qmain/outer_a" \
	"-b -k ping/pong" "-b -k main/outer_a -k outer_b/ping" "-b -q -k ping" "-b -k /pong" \
	"-b -k ping/pong -k ping/pang" \
	"-b -npong" "-b -Npong" "-b --time=pong" "-b --no-time=pong" "-b -nouter_a -Nouter_b" \
	"-b -e pong" "-b -E pong" "-b -f pong" "-b -F pong" "-b -Eeven -Fodd" \
	"-Cpong" "-Zpong" "-z -Cmain -Zpong" "-Cping -Cpong" \
	"-b -pcycles.c" "-b -p12" "-b -p0" "-b -p:pong" "-b -p:ping/pong"
# --external-symbol-table: the functions from nm's output instead of the
# symbol table (GNU reads t and T lines, passes over the others)
nm cycles > cycles.nm && nm -n cycles | awk '$2 == "T"' > cycles-global.nm &&
	printf 'not a symbol line\n\n0 D data_thing\n' >> cycles.nm || exit 99
check cycles "--external-symbol-table=cycles.nm -b" "--external-symbol-table=cycles-global.nm" \
	"--external-symbol-table=cycles.nm -z -C" "--external-symbol-table=cycles.nm -l -q -b"
printf '1000 D data_only\n' > nosyms.nm
ALLOW_EMPTY=1 compare cycles "--external-symbol-table=nosyms.nm -b" cycles.gmon.1
ALLOW_EMPTY=1 compare cycles "--external-symbol-table=no-such.nm -b" cycles.gmon.1
# -O: BSD-format files, as 4.xBSD's gprof and old glibc wrote them
to_bsd=${top_builddir:-../..}/tests/analyzer/gmon-to-bsd
"$to_bsd" old cycles.gmon.1 cycles.old && "$to_bsd" 4.4 cycles.gmon.2 cycles.44 &&
	"$to_bsd" 4.4 cycles.gmon.1 cycles.big 100000 || { echo "ERROR: gmon-to-bsd failed"; exit 99; }
for opts in "-b" "-O a -q -b" "-O b -b" "-O bsd -C" "-i" "-z -b -p"; do
	compare cycles "$opts" cycles.old
	compare cycles "$opts" cycles.old cycles.44
done
compare cycles "-O 4 -b" cycles.44
compare cycles "-b" cycles.big
compare cycles "-b" cycles.gmon.1 cycles.44
compare cycles "-i" cycles.44 cycles.gmon.2
head -c 100 cycles.old > cycles.cut
ALLOW_EMPTY=1 compare cycles "-O 4 -b" cycles.old
ALLOW_EMPTY=1 compare cycles "-O m -b" cycles.old
# A gmon file read as old BSD: its build-id (the header's spare bytes) is
# the BSD high pc, so GNU's allocation depends on the build; zeroed, GNU asks
# for 16 GiB, which fails within 2 GiB (unbounded it paged or was killed).
python3 -c "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[8:20] = bytes(12)
open(sys.argv[2], 'wb').write(d)" cycles.gmon.1 cycles.nospare || exit 99
GNU_MEMORY_KB=2000000 ALLOW_EMPTY=1 compare cycles "-O b -b" cycles.nospare
ALLOW_EMPTY=1 compare cycles "-O p -b" cycles.old
ALLOW_EMPTY=1 compare cycles "-O x -b" cycles.old
ALLOW_EMPTY=1 compare cycles "-b" cycles.cut
same_message cycles "-O 4 -b" cycles.old
# -s reads BSD files too (GNU's sum carries stack garbage in its header's
# spare bytes, so the sums are compared by their reports)
rm -f gmon.sum
"$GPROF" -s cycles cycles.old cycles.44 && mv gmon.sum gnu.sum &&
	"$GPROF_PAR" -s cycles cycles.old cycles.44 2> /dev/null || fail "-s of BSD files failed"
compare cycles "-b" gnu.sum
compare cycles "-b" gmon.sum
checks=$((checks + 1))
"$GPROF" -b cycles gnu.sum > gnu.out && "$GPROF" -b cycles gmon.sum > ours.out
if cmp -s gnu.out ours.out; then
	echo "ok: the sums of BSD files report the same"
else
	fail "the sums of BSD files differ:"; diff gnu.out ours.out | head
fi
rm -f gmon.sum

# -T (--traditional): GNU's BSD layout of every section
check cycles "-T" "-T -b" "-T -b -p" "-T -b -q" "-T -z" "-T -C" "-T -b -P" "-T -b -ppong"
build cycles-nopie "$corpus/cycles.c" -no-pie
check cycles-nopie
build cycles-static "$corpus/cycles.c" -static
check cycles-static

# @FILE response files, expanded as GNU gprof does (libiberty's
# expandargv): options, quoting, a nested @FILE, operands inside one, and an
# @FILE that cannot be read (left as an argument: a file that is missing).
printf -- '-b\n"-p"\n' > opts.rsp
printf -- "'-q'  @opts.rsp\n" > nested.rsp
printf -- 'cycles\ncycles.gmon.1\n' > operands.rsp
compare cycles "@opts.rsp" cycles.gmon.1
compare cycles "@nested.rsp" cycles.gmon.1 cycles.gmon.2
checks=$((checks + 1))
"$GPROF" -b @operands.rsp > gnu.out 2> /dev/null
"$GPROF_PAR" -b @operands.rsp > ours.out 2> /dev/null
if [ -s gnu.out ] && cmp -s gnu.out ours.out; then
	echo "ok: operands from @operands.rsp"
else
	fail "operands from @operands.rsp: output differs from GNU gprof"; diff gnu.out ours.out | head
fi
ALLOW_EMPTY=1 compare cycles "@no-such.rsp" cycles.gmon.1

# -D (--ignore-non-functions): a local label in the text is a symbol of its
# own (it takes the loop's samples) unless -D leaves it out.
build labels "$corpus/labels.c"
expect_in_gnu labels 'inner_label'
check labels "-b -p" "-b -p -D" "-b -D" "-D -z -C" "-b -D -z" "-b -q -D"
# -A -x: the label's line shows the count of the function it is in
build labels-g "$corpus/labels.c" -g
if ! "$GPROF" -A -x labels-g labels-g.gmon.1 | grep -q '[0-9] -> .*s += i % 7'; then
	fail "labels-g: GNU gprof -A -x does not annotate the label's line (corpus program is broken)"
fi
check labels-g "-A" "-A -x" "-A -x -D" "-A -x -m 201" "-l -b" "-l -D -b" "-l -z -C"

# -c (--static-call-graph): calls the run never made, found in the text
# (GNU's i386_find_call: forward calls only).  The program must show one.
build static-calls "$corpus/static-calls.c"
if ! "$GPROF" -c -q -b static-calls static-calls.gmon.1 | grep -q ' 0/300 *fallback'; then
	fail "static-calls: GNU gprof -c shows no static arc (corpus program is broken)"
fi
check static-calls "-c -b" "-c -q -b -z" "-c -b -k work/fallback" "-c -C" "-c -b -Qfallback"

# -r: the two functions most of the calls go to, from ten sites each, come
# first (GNU's group of "multi-site high use" functions)
build ordering "$corpus/ordering.c"
if [ "$("$GPROF" -r ordering ordering.gmon.1 | head -1)" != hub_a ]; then
	fail "ordering: GNU gprof -r does not start with the group (corpus program is broken)"
fi
check ordering "-r" "-r -z" "-r -l" "--function-ordering -b -q"

build threads "$corpus/threads.c"
expect_in_gnu threads '<spontaneous>'
check threads

$CC -O2 -o gen-callgraph "$corpus/gen-callgraph.c" ||
	{ echo "ERROR: cannot build gen-callgraph"; exit 99; }
./gen-callgraph 3000 30 > gen3000.c || exit 99
build gen3000 gen3000.c
expect_in_gnu gen3000 'as a whole'
check gen3000 "-q" "-r" "-r -l"

CXX=${CXX:-g++}
if command -v "$CXX" > /dev/null 2>&1; then
	compiler=$CXX build cxx "$corpus/cxx.cc"
	expect_in_gnu cxx 'physics::Integrator::step(std::vector<physics::Particle'
	expect_in_gnu cxx 'double accumulate<double>(double const\*, int)'
	expect_in_gnu cxx 'as a whole'
	# specifications name the mangled symbol, as GNU's do
	check cxx "" "-z -b" "--no-demangle -b" "--demangle=gnu-v3 -b" "-a -b" \
		"-b -p_Z8overloadd" "-b -Q_Z8overloadi" "-b -k main/_Z8overloadd" "-b -poverload" "-r"
	compiler=$CXX build cxx-g "$corpus/cxx.cc" -g
	check cxx-g "-z -C" "-b -z" "-b -pcxx.cc" "-c -b" "-T -b" "-T --demangle -b" \
		"-T -b -a" "--inline-file-names -b" \
		"--inline-file-names -b --no-demangle" "-A -t 5" "-Acxx.cc -x" "-l -b" "-l -T -b" "-l -z -C" \
		"-l --no-demangle -q -b"
else
	echo "note: no C++ compiler ($CXX): the C++ names are not checked"
fi

# Programs built with -g: each function's source file and line from the
# DWARF line tables (-C prints them, the index names a static function's
# file, specifications match FILE, FILE:NAME, FILE:LINE and LINE by them).
# multi: several source files, code in a header (a static function in two
# units, whose code GNU's BFD names after the .c file), a macro, recursion;
# built PIE at -O0 and -O2 (inlining) and static (glibc's code has no lines).
build cycles-g "$corpus/cycles.c" -g
check cycles-g "-z -C" "-b -pcycles.c:pong" "-b -p26" "-b -pcycles.c:26" "-b -Pcycles.c" \
	"-b -psub/cycles.c" "-b -pnone.c" "-b -k cycles.c:ping/cycles.c:pong" "-b -qcycles.c:45/" \
	"-Ccycles.c" "-b -q -Ncycles.c:20" \
	"-A" "-A -z" "-A -m 0" "-A -m 2 -t 3" "-A -t 0" "-Apong -Aping" "-Jpong" "-A -Jcycles.c:20" \
	"-A -J" "-J" "-A -p -b" "-A -C -q -b" "-A -T -b" "--annotated-source=pong --table-length=1" "-Amain -z" \
	"-l" "-l -b -z" "-l -T" "-l -C -z" "--line -q -b -Npong" "-lb -ppong" "-l -b -k cycles.c:45/"
# (the second source file goes with the compiler's options)
build multi-g "$corpus/multi/main.c" -g "$corpus/multi/geometry.c"
build multi-g-o2 "$corpus/multi/main.c" -g -O2 "$corpus/multi/geometry.c"
build multi-g-static "$corpus/multi/main.c" -g -static "$corpus/multi/geometry.c"
for exe in multi-g multi-g-o2 multi-g-static; do
	check "$exe" "-z -C" "-b -z" "-b -pshapes.h" "-b -pshapes.h:area" "-b -pgeometry.c" \
		"-b -pmain.c:area" "-b -k main.c:tile/shapes.h:area" "-Cshapes.h" "-b -p14" \
		"-q -b -Ngeometry.c" "-b -a" "-b --inline-file-names" "-L -b" \
		"--inline-file-names -L -b -z" "-b -D" "-c -b" "-T -b -z" "-T --inline-file-names -b" \
		"-T -c -b" "-A" "-A -x -z" "-Ashapes.h" "-A -Jmain.c" "-A -b -p -i" \
		"-l" "-l -z -b" "-l -z -C" "-l -A -x" "-l -L -b" "-l -a -b" \
		"-l --inline-file-names -b" "-l -b -pshapes.h" "-s -b -p"
done
check multi-g "-i" "-i -b -p" "-b -w 40" "-b -w 120 -q" "-w 1 -q -b" "-l -c -q -b" "-r" "-r -l"
# (GNU gprof 2.40 dies of SIGSEGV on -l -c with the static build: not compared)
check multi-g-o2 "-l -c -q -b"

# -R MAP: the link order of object files.  each.map gives every function
# of the program a file of its own, so the arcs chain them; grouped.map has
# files of several lines (only the first line of each is a function of the
# program), a "No symbols in" line and a file none of whose functions is in
# the program (listed last).
for exe in cycles multi-g; do
	nm "$exe" | awk '$2 ~ /^[Tt]$/ { print $3 ".o:" $1 " " $2 " " $3 }' > "$exe-each.map"
	check "$exe" "-R $exe-each.map" "-R $exe-each.map -q -b" "--file-ordering=$exe-each.map -l -b"
done
printf '%s\n' 'main.o:0000000000000000 T main' 'main.o:                 U printf' \
	'No symbols in empty.o' 'geometry.o:0000000000000000 T perimeter' \
	'geometry.o:                 U mcount' 'lib.o:0000000000000000 T not_in_program' \
	> grouped.map
check multi-g "-R grouped.map" "-R grouped.map -b -p"
printf '\nmain.o:0 T main\n' > blank-line.map
printf 'main.o:0 T main\n  \n\ngeometry.o:0 T area\n' > blank-inside.map
printf 'main.o\n' > no-colon.map
# (white space after a line is skipped, blank lines included; a blank first
# line does not parse)
check multi-g "-R blank-inside.map"
for map in blank-line.map no-colon.map no-such.map; do
	ALLOW_EMPTY=1 compare multi-g "-R $map" multi-g.gmon.1
done
ALLOW_EMPTY=1 compare multi-g "-r -R grouped.map" multi-g.gmon.1
same_message multi-g "-R blank-line.map"
same_message multi-g "-R no-colon.map"
same_message multi-g "-r -R grouped.map"
same_message multi-g "--external-symbol-table=nosyms.nm"

# Built from a relative directory (gcc src/main.c): the line tables name
# "src" under DW_AT_comp_dir, and GNU's BFD joins the two ("/.../src/main.c").
mkdir -p rel/src
cp "$corpus/multi/main.c" "$corpus/multi/geometry.c" "$corpus/multi/shapes.h" rel/src/
(cd rel && $CC -pg -g -O0 -w -o multi-rel src/main.c src/geometry.c && ./multi-rel > /dev/null &&
	mv gmon.out multi-rel.gmon.1 && ./multi-rel > /dev/null && mv gmon.out multi-rel.gmon.2) ||
	{ echo "ERROR: cannot build or run multi-rel"; exit 99; }
mv rel/multi-rel rel/multi-rel.gmon.* .
check multi-rel "-A" "-b -psrc/main.c" "-b -pmain.c"
# The sources moved: not found by their names (a message for each, as GNU
# prints, and nothing on standard output); found with -I DIRS (the missing
# directory in the list is passed over), with GPROF_PATH, and by base name
# in a directory of the list.
mv rel/src moved-src
ALLOW_EMPTY=1 compare multi-rel "-A" multi-rel.gmon.1
for who in GNU ours; do
	if [ "$who" = GNU ]; then prog=$GPROF; else prog=$GPROF_PAR; fi
	"$prog" -A multi-rel multi-rel.gmon.1 2> "$who.err" > /dev/null
	sed 's/^[^:]*: //' "$who.err" > "$who.msg"
done
checks=$((checks + 1))
if [ "$(wc -l < ours.msg)" -eq 2 ] && cmp -s GNU.msg ours.msg; then
	echo "ok: the sources' messages: $(head -1 ours.err)"
else
	fail "the sources' messages differ from GNU gprof's:"; cat GNU.err ours.err
fi
check multi-rel "-A -I moved-src" "-A -I /no/such:moved-src" "--directory-path=moved-src -A -t 2"
GPROF_PATH=moved-src compare multi-rel "-A" multi-rel.gmon.1
GPROF_PATH=/no/such compare multi-rel "-A -I moved-src" multi-rel.gmon.1
# -y: each file annotated into BASENAME-ann in the current directory, the
# same files as GNU's; the report keeps its other sections.  A symbolic link
# at a name is not followed (one message), the other file is still written.
mkdir -p gnu-y ours-y
(cd gnu-y && "$GPROF" -A -y -p -b -I ../moved-src ../multi-rel ../multi-rel.gmon.1 > stdout)
(cd ours-y && "$GPROF_PAR" -A -y -p -b -I ../moved-src ../multi-rel ../multi-rel.gmon.1 > stdout)
checks=$((checks + 1))
if [ -s gnu-y/main.c-ann ] && [ -s gnu-y/geometry.c-ann ] && diff -r gnu-y ours-y > y.diff; then
	echo "ok: -y writes $(cd ours-y && echo *) as GNU gprof does"
else
	fail "-y: the files differ from GNU gprof's"; head -20 y.diff
fi
rm -f ours-y/*.c-ann
ln -s stdout ours-y/main.c-ann
(cd ours-y && "$GPROF_PAR" -A -y -I ../moved-src ../multi-rel ../multi-rel.gmon.1 > /dev/null 2> err)
checks=$((checks + 1))
if [ -L ours-y/main.c-ann ] && grep -q "main.c-ann: is a symbolic link" ours-y/err &&
	cmp -s gnu-y/geometry.c-ann ours-y/geometry.c-ann && cmp -s gnu-y/stdout ours-y/stdout; then
	echo "ok: -y leaves a symbolic link alone: $(cat ours-y/err)"
else
	fail "-y over a symbolic link:"; ls -l ours-y; cat ours-y/err
fi
# The annotations hold the text of whatever file the DWARF names: written
# 0600, never wider whatever the umask (they were 0666 & ~umask: root's
# gprof-par -A -y on a program built from #line 1 "/etc/shadow" left a
# world-readable shadow-ann, as GNU gprof does), geometry.c-ann above too
# (DWARF 4: with DWARF 5, GNU gprof and gprof-par annotate shadow.c).
# Another user cannot read /etc/shadow (make distcheck as non-root): a
# private file of the test, named shadow too, stands for it.
secret=/etc/shadow
if [ ! -r "$secret" ]; then
	mkdir -p private && secret=$PWD/private/shadow
	printf 'root:secret\n' >"$secret" && chmod 600 "$secret"
fi
printf '#line 1 "%s"\nvoid f(void) {}\nint main(void) { f(); return 0; }\n' "$secret" >shadow.c
mkdir -p shadow-y
checks=$((checks + 1))
if "$CC" -gdwarf-4 -pg -O0 shadow.c -o shadow-y/prog && (cd shadow-y && ./prog); then
	(umask 022 && cd shadow-y && "$GPROF_PAR" -A -y prog gmon.out >/dev/null 2>err)
	mode=$(stat -c %a shadow-y/shadow-ann 2>/dev/null) || mode="not written ($(cat shadow-y/err))"
	ann_mode=$(stat -c %a ours-y/geometry.c-ann)
	if [ "$mode" = 600 ] && [ "$ann_mode" = 600 ]; then
		echo "ok: -y writes shadow-ann and geometry.c-ann with mode $mode"
	else
		fail "-y wrote shadow-ann with mode $mode, geometry.c-ann $ann_mode, not 600"
	fi
	rm -f shadow-y/shadow-ann
else
	fail "cannot build or run the #line 1 \"$secret\" program"
fi

# Arc selections with -s are refused rather than summed differently from
# GNU gprof (which leaves those arcs out of the gmon.sum it writes).
rm -f gmon.sum
checks=$((checks + 1))
if "$GPROF_PAR" -s -k ping/pong cycles cycles.gmon.1 > ours.out 2> ours.err; then
	fail "-k with -s: exit status 0"
elif [ -s ours.out ] || [ -e gmon.sum ] || ! grep -q "cannot be combined with -s" ours.err; then
	fail "-k with -s: not refused, or something written:"; cat ours.err
else
	echo "ok: -k with -s: $(cat ours.err)"
fi

echo "$checks comparisons, $failures failed"
[ "$failures" -eq 0 ]
