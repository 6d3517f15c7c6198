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
#   - the workers' barrier waits (about 2.4 s) are samples of libgomp's
#     frames under main;opener (before: a bare libgomp root, under the
#     worker's thread start);
#   - short_part's (0.8 s) are under main;opener (before: no main, the
#     path cut at the outlined function), and long_part's (1.6 s, the
#     opening thread's) with no frame of the runtime's own between
#     (before: ...;GOMP_parallel;run_region;opener;long_part);
#   - at most 2% of the samples are not under main (orphaned);
# and the same barrier waits without perf_events (perf_event_open refused:
# no context switch's registers, the sleeps' paths end at the first frame
# that needs %rbp, wall-sampler.h, but libgomp's are whole).
. "$(dirname "$0")/lib.sh"
gprof_par=$top_builddir/gprof-par/gprof-par

build_linked omp-wall "$programs/omp-wall.c" -fopenmp
"$CC" -shared -fPIC -O1 "$programs/no-perf-events.c" -o no-perf-events.so -ldl

# run LABEL [PRELOAD]: omp-wall's run into ./truth ("short S barrier B
# long L", seconds) and its folded paths, summed, into ./shares:
# "ALL BARRIER SHORT SHORT_UNDER LONG LONG_UNDER ORPHANS RUNTIME"
run() {
	local label=$1 preload=${2:-}
	rm -f gmon.out*
	LD_PRELOAD=$preload OMP_WAIT_POLICY=passive BG_GMON_CLOCK=wall BG_GMON_HZ=1000 \
		./omp-wall 4 > truth 2> stderr || fail "$label: omp-wall failed: $(cat stderr)"
	expect_eq "$(cat stderr)" "" "$label: omp-wall's stderr"
	"$gprof_par" --format=folded omp-wall gmon.out > folded 2> folded.err ||
		fail "$label: gprof-par --format=folded failed: $(cat folded.err)"
	unpack_companions
	validate gmon.out+paths "$label"
	awk '{ n = $NF; all += n; under = $1 ~ /^main;opener;/
		if ($1 ~ /(^|;)short_part;/) { short += n; short_under += under * n }
		else if ($1 ~ /(^|;)long_part;/) { long += n; long_under += under * n }
		else if (under) barrier += n
		if ($1 !~ /^main;/) orphans += n
		if ($1 ~ /(^|;)(run_region|run_in|GOMP_parallel;GOMP_parallel)(;|$)/) runtime += n }
	END { print all + 0, barrier + 0, short + 0, short_under + 0, long + 0, long_under + 0,
		orphans + 0, runtime + 0 }' folded > shares
	note "$label: $(cat truth); engine $(run_field engine); samples: all barrier short (under main;opener) long (under) orphans runtime's: $(cat shares)"
}

# expect_share LABEL SAMPLES SECONDS: SAMPLES at 1000 Hz are SECONDS within 10%
expect_share() {
	local expected
	expected=$(awk -v s="$3" 'BEGIN { printf "%d", s * 1000 + 0.5 }')
	within_pct "$2" "$expected" 10 ||
		fail "$1: $2 samples, the program's own clock says $3 s ($expected): $(sort -k2 -rn folded | head)"
}

run "wall clock"
case $(run_field engine) in
*-no-switches) switches=0 ;;
wall-sampler*) switches=1 ;;
*) fail "the wall clock's engine: '$(run_field engine)'" ;;
esac
read -r all barrier short short_under long long_under orphans runtime < shares
read -r _ short_s _ barrier_s _ long_s < truth
expect_share "the workers' barrier waits under main;opener" "$barrier" "$barrier_s"
[ "$orphans" -le $((all * 2 / 100)) ] ||
	fail "$orphans of $all samples not under main: $(sort -k2 -rn folded | head)"
if [ "$switches" = 1 ]; then
	expect_share "short_part" "$short" "$short_s"
	expect_share "long_part" "$long" "$long_s"
	[ "$short_under" -ge $((short * 98 / 100)) ] ||
		fail "$short_under of short_part's $short samples under main;opener: $(sort -k2 -rn folded | head)"
	[ "$long_under" -ge $((long * 98 / 100)) ] ||
		fail "$long_under of long_part's $long samples under main;opener: $(sort -k2 -rn folded | head)"
	[ "$runtime" -eq 0 ] ||
		fail "$runtime samples through the runtime's own frames (run_region): $(grep run_region folded | head)"
else
	note "no context switch's registers here: the sleeps' paths are not checked"
fi

run "without perf_events" "$PWD/no-perf-events.so"
read -r all barrier _ _ _ _ orphans _ < shares
read -r _ _ _ barrier_s _ _ < truth
expect_share "without perf_events: the workers' barrier waits under main;opener" "$barrier" "$barrier_s"
note ok
