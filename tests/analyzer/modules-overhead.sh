#!/bin/bash
# -M counts every sample written (issue 27): a call-heavy -pg program spends
# much of its time in libgmon-mpi's mcount, which GNU gprof's default
# exclusions leave out of its report and its total.  -M's total must equal
# the samples the runtime says it wrote (BG_GMON_VERBOSE=1: the
# executable's and the shared libraries'), the profiler's own in a row
# "[profiling overhead: mcount in libgmon-mpi.so.0] {N}" with samples.
set -u
. "$(dirname "$0")/gprof-compare-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 99
unset BG_GMON_PROFILE_LIBS

cat > calls.c <<'SRC'
volatile long sink;
__attribute__((noinline)) void leaf(long i) { sink += i; }
int main(void)
{
	for (long i = 0; i < 300000000L; i++)
		leaf(i);
	return 0;
}
SRC
$CC -O1 -pg calls.c -o calls -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" ||
	{ echo "ERROR: cannot build calls"; exit 99; }
BG_GMON_VERBOSE=1 ./calls 2> run.err || { echo "ERROR: calls failed"; cat run.err; exit 99; }
exe=$(sed -n 's/.*wrote gmon\.out: \([0-9]*\) samples.*/\1/p' run.err)
libs=$(sed -n 's/.*: \([0-9]*\) samples in shared libraries.*/\1/p' run.err)
if [ -z "$exe" ] || [ -z "$libs" ]; then
	echo "ERROR: the runtime did not say what it wrote"
	cat run.err
	exit 99
fi
[ "$libs" -gt 0 ] || { echo "ERROR: no sample in libgmon-mpi: nothing to test"; exit 99; }

"$GPROF_PAR" -M -b -p calls gmon.out > m.out 2> m.err || { fail "-M failed"; cat m.err; }
checks=$((checks + 1))
total=$(sed -n '2s/^\([0-9]*\) samples (.*/\1/p' m.out)
if [ "$total" != $((exe + libs)) ]; then
	fail "-M counts ${total:-no} samples; the runtime wrote $exe + $libs"
	cat m.out
else
	echo "ok: -M counts the $total samples written ($exe in the executable, $libs in libraries)"
fi
checks=$((checks + 1))
row=$(grep -E '\[profiling overhead: mcount in libgmon-mpi\.so\.0\] \{[0-9]+\}$' m.out)
if [ -z "$row" ] || ! awk -v r="$row" 'BEGIN { split(r, f, " "); exit !(f[3] > 0) }'; then
	fail "no row with samples for libgmon-mpi's mcount"
	cat m.out
else
	echo "ok: $row"
fi
echo "$checks checks, $failures failures"
[ "$failures" -eq 0 ]
