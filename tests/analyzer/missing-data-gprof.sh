#!/bin/sh
# missing-data-gprof.sh - which sections gprof-par prints, and when it
# refuses, for gmon files that lack a histogram, arcs or both, compared
# with GNU gprof: a section chosen by default is left out when its data is
# missing; one asked for with -p or -q is an error (exit 1) naming what is
# missing.  The inputs are a real -pg program's gmon.out with records
# dropped by gmon-read-tool.  Also -i (the records each file holds), alone
# and before the other sections.
set -u

. "${top_srcdir:-../..}/tests/analyzer/gprof-compare-lib.sh"
tool=$(pwd)/gmon-read-tool
[ -x "$tool" ] || { echo "ERROR: $tool is not built"; exit 99; }

work=$(mktemp -d "${TMPDIR:-/tmp}/missing-data-gprof.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

cat > prog.c <<'PROG'
#include <time.h>
static volatile unsigned long sink;
__attribute__((noinline)) void leaf(unsigned long i) { sink += i * i; }
__attribute__((noinline)) void loop(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		leaf(i);
}
int main(void)
{
	while (clock() < CLOCKS_PER_SEC / 10)
		loop(1000);
	return 0;
}
PROG
$CC -pg -O1 -o prog prog.c || { echo "ERROR: cannot build prog"; exit 99; }
./prog || { echo "ERROR: prog failed"; exit 99; }
"$tool" drop hist gmon.out nohist.gmon &&
	"$tool" drop arcs gmon.out noarcs.gmon &&
	"$tool" drop both gmon.out empty.gmon || { echo "ERROR: gmon-read-tool drop failed"; exit 99; }
case $("$tool" info nohist.gmon; "$tool" info noarcs.gmon; "$tool" info empty.gmon) in
"histograms 0 arcs "[1-9]*"
histograms "[1-9]*" arcs 0 "*"
histograms 0 arcs 0 "*) ;;
*) fail "gmon-read-tool drop did not drop what it was told to"; exit 1 ;;
esac

ALLOW_EMPTY=1
for gmon in nohist.gmon noarcs.gmon empty.gmon; do
	for opts in "" "-b" "-p" "-q" "-p -q" "-P" "-Q" "-p -Q" "-q -P" "-C" "-z"; do
		compare prog "$opts" "$gmon"
		# GNU's message names "gmon.out" whatever the file; ours must
		# say which section lacks which data.
		if [ "$ours_rc" -ne 0 ]; then
			case $opts in *-p*) want="no histogram, needed by the flat profile" ;;
			*) want="no call-graph data" ;; esac
			[ "$gmon" != noarcs.gmon ] || want="no call-graph data"
			if [ -s ours.out ] || ! grep -q "$want" ours.err; then
				fail "prog [$opts] $gmon: expected only '$want' on stderr, got:"
				cat ours.out ours.err
			fi
		fi
	done
done

# -i: the record counts of each file, in GNU's words, then any section.
# (Where a section's data is missing, GNU has printed -i's lines before it
# fails; gprof-par prints nothing on standard output when it fails.)
"$tool" split gmon.out split.gmon
for opts in "-i" "-i -b" "-i -C"; do
	for gmon in gmon.out nohist.gmon noarcs.gmon empty.gmon split.gmon; do
		compare prog "$opts" "$gmon"
	done
	compare prog "$opts" gmon.out split.gmon noarcs.gmon
done
for opts in "-i -p -b" "-i -q -b" "-i -p" "-p -i -q -b"; do
	compare prog "$opts" gmon.out split.gmon
done
"$GPROF_PAR" -i prog gmon.out split.gmon > info.out
nhist=$(grep -c '^	1 histogram record$' info.out)
nsplit=$(grep -c '^	2 histogram records$' info.out)
[ "$nhist" = 1 ] && [ "$nsplit" = 1 ] ||
	fail "-i: expected 1 histogram record in gmon.out and 2 in split.gmon, got: $(cat info.out)"

# The cases that must print something do: the call graph alone for arcs
# without a histogram, the flat profile alone for the reverse.
"$GPROF_PAR" -b prog nohist.gmon > graph-only.out 2>&1
grep -q 'Call graph' graph-only.out && ! grep -q 'Flat profile' graph-only.out ||
	fail "no histogram: expected the call graph alone, got: $(cat graph-only.out)"
"$GPROF_PAR" -b prog noarcs.gmon > flat-only.out 2>&1
grep -q 'Flat profile' flat-only.out && ! grep -q 'Call graph' flat-only.out ||
	fail "no arcs: expected the flat profile alone, got: $(cat flat-only.out)"

echo "$checks comparisons, $failures failed"
[ "$failures" -eq 0 ]
