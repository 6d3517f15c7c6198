#!/bin/bash
# e2e-omp-wall.sh - OpenMP workers that block, under the wall clock
# (BG_GMON_CLOCK=wall, issue 36): the wall sampler walks a blocked
# thread's stack from its own thread, and must take the region's context
# (omp-regions.h) from the blocked thread's OpenMP state, not from its own
# TLS.  omp-wall.c, with OMP_WAIT_POLICY=passive (every wait blocks), at
# 1000 Hz: main -> opener opens 4 regions of 3 threads; thread 0 sleeps
# 0.4 s in long_part, the 2 workers 0.1 s in short_part, then wait on a
# futex at the region's closing barrier.  By the program's own
# CLOCK_MONOTONIC, within 10%:
#   - the samples of the OpenMP runtime's frames under main;opener are the
#     workers' barrier waits (about 2.4 s; before: a bare libgomp root,
#     under the worker's thread start) and the opening thread's time in
#     the runtime (starting and ending the regions);
#   - short_part's (0.8 s) and long_part's (1.6 s, the opening thread's)
#     are, and >= 98% of them under main;opener with no frame but the
#     outlined function between (before: short_part's had no main, the
#     path cut at the outlined function; long_part's the runtime's
#     GOMP_parallel;run_region between);
#   - at most 2% of the samples are not under main (orphaned);
# with GCC's libgomp, and with LLVM's libomp (clang -fopenmp, OMPT) where
# clang builds it; and with libgomp without perf_events (perf_event_open
# refused: no context switch's registers, the sleeps' paths end at the
# first frame that needs %rbp, wall-sampler.h), the barrier waits only.
. "$(dirname "$0")/lib.sh"
gprof_par=$top_builddir/gprof-par/gprof-par

# run LABEL PROGRAM [PRELOAD]: PROGRAM's run into ./truth ("short S
# barrier B long L rest R", seconds) and its folded paths, summed, into
# ./shares: "ALL RUNTIME SHORT SHORT_UNDER LONG LONG_UNDER ORPHANS"
run() {
	local label=$1 program=$2 preload=${3:-}
	rm -f gmon.out*
	LD_PRELOAD=$preload OMP_WAIT_POLICY=passive BG_GMON_CLOCK=wall BG_GMON_HZ=1000 \
		"./$program" 4 > truth 2> stderr || fail "$label: $program failed: $(cat stderr)"
	expect_eq "$(cat stderr)" "" "$label: $program's stderr"
	"$gprof_par" --format=folded "$program" gmon.out > folded 2> folded.err ||
		fail "$label: gprof-par --format=folded failed: $(cat folded.err)"
	unpack_companions
	# no bad sample: a walk of a thread that ran meanwhile is not kept
	# (wall-sampler.h; before, 1 or 2 in about one run of 4 with libomp
	# beside a busy loop)
	validate gmon.out+paths "$label"
	awk '{ n = $NF; all += n; under = $1 ~ /^main;opener;/
		if ($1 ~ /(^|;)short_part;/) { short += n; if ($1 ~ /^main;opener;([^;]+;)?short_part;/) short_under += n }
		else if ($1 ~ /(^|;)long_part;/) { long += n; if ($1 ~ /^main;opener;([^;]+;)?long_part;/) long_under += n }
		else if (under) runtime += n
		if ($1 !~ /^main;/) orphans += n }
	END { print all + 0, runtime + 0, short + 0, short_under + 0, long + 0, long_under + 0,
		orphans + 0 }' folded > shares
	note "$label: $(cat truth); engine $(run_field engine); samples: all, the runtime's under main;opener, short_part (under main;opener), long_part (under), not under main: $(cat shares)"
}

# expect_share LABEL SAMPLES SECONDS: SAMPLES at 1000 Hz are SECONDS within 10%
expect_share() {
	local expected
	expected=$(awk -v s="$3" 'BEGIN { printf "%d", s * 1000 + 0.5 }')
	within_pct "$2" "$expected" 10 ||
		fail "$1: $2 samples, the program's own clock says $3 s ($expected): $(sort -k2 -rn folded | head)"
}

# expect_contexts LABEL: after run, each share as its clock says, in context
expect_contexts() {
	local label=$1 all runtime short short_under long long_under orphans short_s barrier_s long_s rest_s
	read -r all runtime short short_under long long_under orphans < shares
	read -r _ short_s _ barrier_s _ long_s _ rest_s < truth
	expect_share "$label: the runtime's under main;opener (the workers' barrier waits, the opener's rest)" \
		"$runtime" "$(awk -v b="$barrier_s" -v r="$rest_s" 'BEGIN { print b + r }')"
	expect_share "$label: short_part" "$short" "$short_s"
	expect_share "$label: long_part" "$long" "$long_s"
	[ "$short_under" -ge $((short * 98 / 100)) ] ||
		fail "$label: $short_under of short_part's $short samples under main;opener: $(sort -k2 -rn folded | head)"
	[ "$long_under" -ge $((long * 98 / 100)) ] ||
		fail "$label: $long_under of long_part's $long samples under main;opener: $(sort -k2 -rn folded | head)"
	[ "$orphans" -le $((all * 2 / 100)) ] ||
		fail "$label: $orphans of $all samples not under main: $(sort -k2 -rn folded | head)"
}

build_linked omp-wall "$programs/omp-wall.c" -fopenmp
run "libgomp" omp-wall
case $(run_field engine) in
*-no-switches) note "libgomp: no context switch's registers here: the barrier waits only"
	switches=0 ;;
wall-sampler*) expect_contexts "libgomp"
	switches=1 ;;
*) fail "the wall clock's engine: '$(run_field engine)'" ;;
esac

"$CC" -shared -fPIC -O1 "$programs/no-perf-events.c" -o no-perf-events.so -ldl
run "libgomp without perf_events" omp-wall "$PWD/no-perf-events.so"
read -r _ runtime _ < shares
read -r _ _ _ barrier_s _ _ _ rest_s < truth
expect_share "libgomp without perf_events: the runtime's under main;opener" "$runtime" \
	"$(awk -v b="$barrier_s" -v r="$rest_s" 'BEGIN { print b + r }')"

if [ "$switches" = 1 ] && clang_openmp && build_clang omp-wall-llvm "$programs/omp-wall.c" &&
	ldd ./omp-wall-llvm | grep -q libomp; then
	run "libomp" omp-wall-llvm
	expect_contexts "libomp"
else
	note "libomp: not checked (no clang with libomp, or no context switch's registers)"
fi
note ok
