#!/bin/bash
# e2e-wall-ready.sh - the wall clock's sampler and the scheduler
# (wall-sampler.h):
#   - a thread woken from its wait but not on a CPU since (ready-wait.c:
#     its CPU held by a real-time hog for 350 ms after its 50 ms nap) is
#     still in the call that waited, by its own clock: the sampler walks
#     it from its wait's context switch, and nap's samples are its clock's
#     (within 10%).  Before, a look that found it ready with no switch
#     since left its periods for its task clock's next signal: 50 samples
#     of nap's 400 ms;
#   - the sampler thread runs with the shortest custom slice (EEVDF, Linux
#     6.12: sched_attr's runtime, 0.1 ms), so that it preempts a running
#     thread when a look is due rather than wait for one to block (looks
#     just after a wait began made wall-race.c's naps 11-19% over their
#     clock; 1-9% with it).  Checked where the kernel keeps custom slices.
. "$(dirname "$0")/lib.sh"
gprof_par=$top_builddir/gprof-par/gprof-par

build_linked ready-wait "$programs/ready-wait.c" -lpthread
for run in 1 2; do
	rm -f gmon.out*
	BG_GMON_CLOCK=wall BG_GMON_HZ=1000 ./ready-wait > truth 2> stderr ||
		{ crash_report ready-wait; fail "run $run: ready-wait failed: $(cat stderr)"; }
	expect_eq "$(cat stderr)" "" "run $run: ready-wait's stderr"
	case $(cat truth) in
	refused*) skip "ready-wait: $(cat truth) (a real-time hog on one of two CPUs is needed)" ;;
	esac
	case $(run_field engine) in
	wall-sampler+perf*) ;;
	*) skip "the wall clock's engine is '$(run_field engine)': without perf_events' context switches a ready thread's wait is kept by its arrivals (e2e-wall-race.sh)" ;;
	esac
	"$gprof_par" --format=folded ready-wait gmon.out > folded 2> folded.err ||
		fail "run $run: gprof-par --format=folded failed: $(cat folded.err)"
	nap=$(awk '$1 ~ /^sleeper;nap(;|$)/ { n += $NF } END { print n + 0 }' folded)
	nap_ms=$(awk '{ printf "%d", $2 * 1000 }' truth)
	note "run $run: $(cat truth); $nap samples under the sleeper's nap"
	[ "$nap_ms" -ge 300 ] || skip "run $run: the sleeper waited $nap_ms ms, not the hog's 400: its CPU was not held"
	within_pct "$nap" "$nap_ms" 10 ||
		fail "run $run: $nap samples under nap, its own clock says $nap_ms ms"
done
slices=$(awk '{ print $6 }' truth)
case ,$slices, in
*,0,*) note "the kernel keeps no custom slices ($slices): the sampler's not checked" ;;
*) expect_eq "$(tr , '\n' <<< "$slices" | grep -cx 100000)" 1 "threads with a slice of 0.1 ms (the sampler's) among $slices" ;;
esac
note ok
