#!/bin/bash
# sum-timing.sh - -S --timing's phases hold the sum's time (issue 39): the
# serial sum's phases add up to nearly its total, so that a phase missing
# from them cannot pass for "the rest" of a parallel sum (reduce, which is
# each process's time less its phases).  Each file's check that its profile
# and its companion are one pair (the profile's checksum over all its
# bytes) was timed in no phase: a fifth of a sum of sum-bench's files, in
# "reduce" at 2 processes (0.15 s each of 4,096 files).
#
# The files: a generated -pg program of 1,600 functions (2 arcs each, work
# in each: sum-program.awk, as bench/sum-bench's), run as 4 ranks without call paths (the
# profiles' bytes, each one's pair checked, then most of the sum), made 768
# ranks by replicate-ranks: about 120 MB, a sum of about 0.1 s, so that
# the 13 phases' rounding to the ms moves the share by a few points at
# most.  Measured here at 384 ranks: the phases held 78% of the total
# before (the pair checks about 15 ms of 60), 98-100% after.  Both are the
# process's own wall time, so a busy machine slows both; the best of 3
# sums is taken.
set -u
. "$(dirname "$0")/reduce-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
n=1600
awk -v n="$n" -f "$top_srcdir/tests/analyzer/sum-program.awk" > app.c
"$CC" -pg -O1 app.c -o app -L"$rtlib" -Wl,-rpath,"$rtlib" -lgmon-mpi > build.log 2>&1 ||
	{ cat build.log; echo "ERROR: cannot build the generated program"; exit 99; }
mkdir real ranks
for r in 0 1 2 3; do
	(cd real && env -u LD_PRELOAD OMPI_COMM_WORLD_RANK=$r PMIX_NAMESPACE="sum-timing-$$" \
		BG_GMON_RANK_SUBSET=0:3 BG_GMON_HZ=1000 BG_GMON_CALLSTACKS=0 ../app "$r") ||
		{ echo "ERROR: the program failed as rank $r"; exit 99; }
done
"$top_builddir/tests/analyzer/replicate-ranks" real 4 768 ranks > /dev/null ||
	{ echo "ERROR: replicate-ranks failed"; exit 99; }

# covered: process 0's phases (init to report) over its total, in percent
covered() {
	awk '/--timing: seconds per phase and process/ { on = 1; next }
		on && $1 == "process" { next }
		on && $1 == "0" { for (i = 2; i <= 14; i++) part += $i
			if ($15 > 0) printf "%.0f", 100 * part / $15; exit }' "$1"
}
# (warm: the first sum reads the files into the page cache)
"$GPROF_PAR" -S ranks -o warm.sum > /dev/null 2>&1
best=0
for try in 1 2 3; do
	"$GPROF_PAR" -S ranks -o serial.sum --timing > /dev/null 2> serial.err ||
		{ fail "-S --timing failed"; cat serial.err; break; }
	pct=$(covered serial.err)
	[ "${pct:-0}" -gt "$best" ] && best=$pct
	[ "$best" -ge 90 ] && break
done
if [ "$best" -ge 90 ]; then
	echo "ok: the serial sum's phases hold $best% of its total"
else
	fail "the serial sum's phases hold $best% of its total, not 90% (3 tries):"
	cat serial.err
fi
finish
