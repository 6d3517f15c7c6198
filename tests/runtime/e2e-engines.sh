#!/bin/bash
# e2e-engines.sh - per-thread sampling on perf_events' task clock, and its
# fallback (issue 36, perf-clock.h), against a phased program whose truth
# its own clock gives (phases.c: three functions in random 2-12 ms turns
# of CPU time, 1.5 s):
#   - BG_GMON_START_THREAD_TIMERS=main at 1000 Hz: the run section says
#     "engine perf-task-clock", a signal is about one sample (the samples
#     within 5% of the signals: each weighs the thread's CPU clock since
#     the last, one period of the task clock; seen within 1.4% beside two
#     busy loops), and each function's share of the samples is within
#     3 points of its share of the CPU time (about 1,500 samples: 1.2
#     points of binomial error; seen within 1 point);
#   - perf_event_open made to fail (a preloaded syscall() refusing it with
#     ENOSYS): "engine posix-timers", "engine-refused ENOSYS", the summary
#     says which engine sampled and why, and the shares within 8 points
#     (a POSIX CPU timer fires on the 4 ms tick, each signal claiming the
#     time since the last: seen within 3 points here).
. "$(dirname "$0")/lib.sh"

gprof_par=$top_builddir/gprof-par/gprof-par

# shares LABEL BOUND: ./out (the program's clocks) against gmon.out's
# samples of work_a, work_b and work_c, each within BOUND points
shares() {
	local label=$1 bound=$2 f truth got a b c
	read -r _ a _ b _ c < out
	for f in work_a work_b work_c; do
		got=$(exact_samples_of phases "$f" gmon.out)
		echo "$f $got"
	done > samples
	total=$(awk '{ n += $2 } END { print n }' samples)
	[ "$total" -ge 500 ] || fail "$label: only $total samples of the three"
	while read -r f got; do
		truth=$(awk -v f="$f" -v a="$a" -v b="$b" -v c="$c" 'BEGIN {
			v = f == "work_a" ? a : f == "work_b" ? b : c
			printf "%.1f", 100 * v / (a + b + c) }')
		got=$(awk -v g="$got" -v t="$total" 'BEGIN { printf "%.1f", 100 * g / t }')
		note "$label: $f $got% of the samples, $truth% of the CPU time"
		awk -v g="$got" -v t="$truth" -v b="$bound" 'BEGIN { d = g - t; exit !(d <= b && d >= -b) }' ||
			fail "$label: $f $got% of the samples, its clock $truth%"
	done < samples
}

build_linked phases "$programs/phases.c" -lpthread

# --- perf_events' task clock ---
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=main BG_GMON_HZ=1000 ./phases 1.5 > out || fail "phases failed"
engine=$(run_field engine)
case $engine in
perf-task-clock*)
	signals=$(run_field signals) samples=$(run_field signal-samples)
	awk -v n="$signals" -v s="$samples" 'BEGIN { exit !(n > 0 && s >= 0.95 * n && s <= 1.05 * n) }' ||
		fail "$signals signals of the task clock brought $samples samples, not about one each"
	shares "$engine" 3 ;;
posix-timers)    # (the fallback is checked below all the same)
	note "perf_event_open refused here ($(run_field engine-refused)): the task clock is not checked" ;;
*) fail "engine '$engine' under per-thread timers" ;;
esac

# --- perf_event_open refused: POSIX timers ---
"$CC" -shared -fPIC -O1 "$programs/no-perf-events.c" -o no-perf-events.so -ldl
rm -f gmon.out*
LD_PRELOAD=$PWD/no-perf-events.so BG_GMON_START_THREAD_TIMERS=main BG_GMON_HZ=1000 ./phases 1.5 > out ||
	fail "phases failed without perf events"
expect_eq "$(run_field engine)" posix-timers "the engine without perf events"
expect_eq "$(run_field engine-refused)" ENOSYS "why perf events were not used"
"$gprof_par" --summary phases gmon.out > summary.txt 2> err || fail "--summary: $(cat err)"
grep -q "^Summary of phases: .*sampled by POSIX CPU timers (perf_events refused: ENOSYS)" summary.txt ||
	fail "the summary does not say the engine: $(head -2 summary.txt)"
shares posix-timers 8
