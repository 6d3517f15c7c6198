#!/bin/bash
# The views with no GNU counterpart name an OpenMP loop's function, not the
# function before its region in memory, with default options (issue 27):
# corpus/views-omp.c's loop, stencil._omp_fn.0, lies right after
# neighbour(), which never runs.  GNU gprof charges the loop to neighbour;
# gprof-par's GNU report must too, byte for byte, with its note on stderr.
# -M, --format=folded and json and --flame-graph (beside the GNU report)
# count the region for stencil (--regions=parent): neighbour has no sample
# in any of them, and stencil is -M's top row; the region charged to
# stencil is stencil's own time, never a frame of its own under it
# (main;stencil, not main;stencil;stencil: the program does not recurse).
set -u
. "$(dirname "$0")/gprof-compare-lib.sh"

corpus=$top_srcdir/tests/analyzer/corpus
rtlib=$top_builddir/libgmon-mpi/.libs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 99
# passive: a thread done first sleeps at the barrier, not spinning in libgomp
export BG_GMON_START_THREAD_TIMERS=all OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive BG_GMON_PROFILE_LIBS=none

printf 'volatile int nb_sink;\nvoid neighbour(void) { nb_sink = 1; }\n' > neighbour.c
$CC -O2 -fopenmp -pg -w neighbour.c "$corpus/views-omp.c" -o prog -L"$rtlib" -lgmon-mpi \
	-Wl,-rpath,"$rtlib" || { echo "ERROR: cannot build prog"; exit 99; }
# the construction: the region is the symbol after neighbour
after=$(nm -n prog | awk '$2 ~ /^[tT]$/ { if (prev == "neighbour") print $3; prev = $3 }')
if [ "$after" != "stencil._omp_fn.0" ]; then
	echo "ERROR: the symbol after neighbour is '$after', not stencil._omp_fn.0"
	nm -n prog | grep -i ' t '
	exit 99
fi
./prog 3 || { echo "ERROR: prog failed"; exit 99; }
unpack_companions
[ -f gmon.out ] && [ -f gmon.out+paths ] || { echo "ERROR: no gmon.out or its paths"; exit 99; }

# GNU's report, byte for byte, charges the loop to neighbour; the note says so
compare prog "" gmon.out
compare prog "-b -p" gmon.out
"$GPROF_PAR" -b -p prog gmon.out > gnu-flat.txt 2> note.err
checks=$((checks + 1))
gnu_neighbour=$(awk '$NF == "neighbour" { print $3 }' gnu-flat.txt)
if ! awk -v s="${gnu_neighbour:-0}" 'BEGIN { exit !(s > 0) }'; then
	fail "GNU's report gives neighbour no time: the construction does not test anything"
elif ! grep -q "note: .*OpenMP region.* neighbour " note.err; then
	fail "no note on stderr naming neighbour"
	cat note.err
else
	echo "ok: GNU's report: neighbour $gnu_neighbour s, with the note"
fi

# -M: stencil is the top row, neighbour has nothing
"$GPROF_PAR" -M -b -p prog gmon.out > modules.txt 2> modules.err ||
	{ fail "-M failed"; cat modules.err; }
checks=$((checks + 1))
top=$(awk '/^ *%/ { getline; getline; print $NF; exit }' modules.txt)
n_self=$(awk '$NF == "{0}" && $(NF-1) == "neighbour" { print $3 }' modules.txt)
if [ "$top" != "{0}" ] || ! awk '/^ *%/ { getline; getline; exit !($(NF-1) == "stencil") }' modules.txt; then
	fail "-M's top row is not stencil {0}"
	head -20 modules.txt
elif [ -n "$n_self" ] && [ "$n_self" != "0.00" ]; then
	fail "-M gives neighbour $n_self s"
else
	echo "ok: -M: stencil {0} on top, neighbour ${n_self:-absent}"
fi

# the exports and the flame graph: no frame named neighbour
"$GPROF_PAR" --format=folded prog gmon.out > folded.txt 2> folded.err || fail "folded failed"
checks=$((checks + 1))
total=$(awk '{ s += $NF } END { print s + 0 }' folded.txt)
loop=$(awk '$1 ~ /(^|;)stencil$/ { s += $NF } END { print s + 0 }' folded.txt)
if grep -q 'neighbour' folded.txt; then
	fail "--format=folded names neighbour"
	grep neighbour folded.txt | head -5
elif ! awk -v l="$loop" -v t="$total" 'BEGIN { exit !(t > 0 && l >= 0.5 * t) }'; then
	fail "--format=folded: stencil leaf has $loop of $total samples"
	cat folded.txt
else
	echo "ok: folded: stencil's $loop of $total samples, no neighbour"
fi
checks=$((checks + 1))
if awk '{ n = split($1, f, ";"); for (i = 2; i <= n; i++) if (f[i] == f[i - 1]) { print; exit 1 } }' \
	folded.txt > adjacent.txt; then
	echo "ok: folded: no frame next to itself"
else
	fail "--format=folded: a frame next to itself: $(cat adjacent.txt)"
fi
"$GPROF_PAR" --format=json prog gmon.out > profile.json 2> json.err || fail "json failed"
checks=$((checks + 1))
if grep -q '"neighbour"' profile.json; then
	fail "--format=json names neighbour"
elif ! grep -q '"name": *"stencil"' profile.json; then
	fail "--format=json has no stencil"
else
	echo "ok: json: stencil, no neighbour"
fi
"$GPROF_PAR" -b --flame-graph=fg.svg prog gmon.out > with-fg.txt 2> fg.err || fail "flame graph failed"
"$GPROF_PAR" -b prog gmon.out > without-fg.txt 2> /dev/null
checks=$((checks + 1))
if ! cmp -s with-fg.txt without-fg.txt; then
	fail "--flame-graph changed the GNU report beside it"
elif grep -q 'neighbour' fg.svg; then
	fail "the flame graph names neighbour"
elif ! grep -q '<title>stencil (' fg.svg; then
	fail "the flame graph has no box for stencil"
else
	echo "ok: flame graph: stencil, no neighbour; the report beside it unchanged"
fi

echo "$checks checks, $failures failures"
[ "$failures" -eq 0 ]
