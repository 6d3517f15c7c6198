#!/bin/sh
# debug-gprof.sh - gprof-par's -d[N] against GNU gprof 2.40's (Debian's is
# built with DEBUG and prints its traces on standard output): "[main]
# debug-level=0x..." for each -d, bit 16's arcs as tallied ([cg_tally],
# [arc_add], [tally] hit), bit 64's records as read ([hist_read_rec] with
# the running sums of every bin, [cg_read_rec]), the arcs of the sum -s
# writes ([cg_write_arcs]) and the samples credited ([assign_samples]),
# each followed by the report, byte for byte, on one file and on two.
# Programs: calls (two call sites of one callee: a tally "hit"), recursion
# (arcs from a function to itself), cycles (-k leaves arcs out of the
# tally), C++ (the traces print mangled names), a -no-pie build and the
# generated 3,000-function program (bins straddling functions).
set -u

. "${top_srcdir:-../..}/tests/analyzer/gprof-compare-lib.sh"
corpus=${top_srcdir:-../..}/tests/analyzer/corpus

work=$(mktemp -d "$PWD/debug-gprof.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

# traced EXE OPTIONS...: each option set on one file and on two; the
# traces must be there (GNU printing none means the test proves nothing)
traced() {
	exe=$1
	shift
	for opts in "$@"; do
		compare "$exe" "$opts" "$exe.gmon.1"
		compare "$exe" "$opts" "$exe.gmon.1" "$exe.gmon.2"
		case $opts in
		*-d16* | *-d80* | *=80*) want='^\[arc_add\] ' ;;
		*-d64*) want='^\[hist_read_rec\] n_lowpc' ;;
		*) want='^\[main\] debug-level=0x1$' ;;
		esac
		grep -q "$want" gnu.out || fail "$exe [$opts]: GNU printed no '$want' (test is broken)"
	done
}

build calls "$corpus/calls.c"
traced calls "-d1 -b" "-d16 -q -b" "-d64 -p -b" "-d64 -q" "--debug=80 -b" "-d1 -d16 -b -p"
grep -q '^\[tally\] hit ' gnu.out || fail "calls: no arc tallied twice (test is broken)"
build calls-nopie "$corpus/calls.c" -no-pie
traced calls-nopie "-d64 -p -b" "-d16 -q -b"
build recursion "$corpus/recursion.c"
traced recursion "-d16 -q -b" "-d64 -b"
build cycles "$corpus/cycles.c"
traced cycles "-d16 -q -b" "-d80 -b" "-d16 -k ping/pong -q -b" \
	"-d16 -k /pong -k ping/pang -k even/odd -q -b" "-d16 -qping/pong -b" "-d64 -P -p -b"

# -s: the sum's arcs as written, then the report of the files; the sums
# written are the same bytes
for opts in "-d64 -s -p -b" "-d80 -s -q -b"; do
	rm -f gmon.sum
	compare cycles "$opts" cycles.gmon.1 cycles.gmon.2
	mv gmon.sum gnu.sum
	"$GPROF_PAR" $opts cycles cycles.gmon.1 cycles.gmon.2 > /dev/null 2>&1
	grep -q '^\[cg_write_arcs\] ' gnu.out || fail "cycles [$opts]: GNU wrote no arc trace"
	[ -f gmon.sum ] || fail "cycles [$opts]: gprof-par wrote no gmon.sum"
done

$CC -O2 -o gen-callgraph "$corpus/gen-callgraph.c" ||
	{ echo "ERROR: cannot build gen-callgraph"; exit 99; }
./gen-callgraph 3000 30 > gen3000.c || exit 99
build gen3000 gen3000.c
traced gen3000 "-d64 -p -b" "-d16 -q -b"

CXX=${CXX:-g++}
if command -v "$CXX" > /dev/null 2>&1; then
	compiler=$CXX build cxx "$corpus/cxx.cc"
	traced cxx "-d80 -b" "-d16 -q -b --no-demangle"
else
	echo "note: no C++ compiler ($CXX): the C++ names are not checked"
fi

# -d alone sets every bit: the level line says so, and the traces of the
# bits gprof-par has are there (GNU's other bits trace its internals)
checks=$((checks + 1))
"$GPROF_PAR" -d -b -p calls calls.gmon.1 > ours.out 2> ours.err
if [ "$(head -1 ours.out)" = "[main] debug-level=0xffffffff" ] &&
	grep -q '^\[cg_tally\] ' ours.out && grep -q '^\[assign_samples\] total_time' ours.out &&
	[ ! -s ours.err ]; then
	echo "ok: -d: every bit"
else
	fail "-d: wrong:"; head -3 ours.out; cat ours.err
fi

echo "$checks comparisons, $failures failed"
[ "$failures" -eq 0 ]
