#!/bin/bash
# e2e-engines.sh - per-thread sampling on perf_events' task clock, and its
# fallback (issue 36, perf-clock.h), against a phased program whose truth
# its own clock gives (phases.c: three functions in random 2-12 ms turns
# of CPU time, 1.5 s):
#   - BG_GMON_START_THREAD_TIMERS=main at 1000 Hz: the run section says
#     "engine perf-task-clock", each signal is one sample (one period of
#     the task clock, where it ended: signals == signal-samples), and each function's share of the samples is within
#     3 points of its share of the CPU time (about 1,500 samples: 1.2
#     points of binomial error; seen within 1 point);
#   - threads that switch often (yield-work.c: 4 threads pinned to one
#     CPU, each alternating work() and a sched_yield loop, 10 ms of its CPU
#     each, at 100 Hz): the task clock signals less often in the yield
#     loop (seen 45% fewer signals there at 1000 Hz; none lost in work());
#     a signal stays one period where it ended, so work()'s samples are
#     its own CPU time within 5% (when each signal weighed the thread's CPU
#     time since its last, as briefly before, the lost periods landed in
#     work(): +26%), and what no signal came for is its own figure: the
#     run section's task-clock CPU time less the samples within 5% of the
#     program's own clocks' less the samples, and the summary says it;
#   - a thread the runtime never saw (unseen-thread.c: made by libc's own
#     pthread_create, past the runtime's hook) beside the main thread,
#     1.5 s of CPU each: the runtime counts the process's threads, finds
#     one without a clock, and arms the process-wide timer for it (the
#     engine says "+itimer-prof-unseen"): in_unseen()'s samples (with its
#     callees', the call paths') within 15%
#     of its own clock (seen 7% short; before, none), and its share of the
#     two within 5 points of its clock's;
#   - perf_event_open made to fail (a preloaded syscall() refusing it with
#     ENOSYS): "engine posix-timers", "engine-refused ENOSYS", the summary
#     says which engine sampled and why, and the shares within 8 points
#     (a POSIX CPU timer fires on the 4 ms tick, each signal claiming the
#     time since the last: seen within 3 points here);
#   - a 2-rank job whose rank 1 has perf_event_open refused (no sample
#     cost measured) writes one histogram rate in both ranks (1000 Hz:
#     rank 1's signals at 100 Hz, 10 samples each), and -S sums them.
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
	expect_eq "$(run_field signal-samples)" "$(run_field signals)" "samples of the task clock's signals (one each)"
	shares "$engine" 3 ;;
posix-timers)    # (the fallback is checked below all the same)
	note "perf_event_open refused here ($(run_field engine-refused)): the task clock is not checked" ;;
*) fail "engine '$engine' under per-thread timers" ;;
esac

# --- threads that switch often: what no signal came for, said ---
if [ "${engine:-}" != posix-timers ] && command -v taskset >/dev/null; then
	build_linked yield-work "$programs/yield-work.c" -lpthread
	rm -f gmon.out*
	BG_GMON_HZ=100 taskset -c 0 ./yield-work 4 100 > out || fail "yield-work failed"
	read -r _ work_s _ yield_s < out
	work=$("$gprof_par" --format=folded yield-work gmon.out 2>/dev/null |
		awk '$1 ~ /(^|;)work(;|$)/ { n += $2 } END { print n + 0 }')
	samples=$(run_field task-clock-samples) cpu_ns=$(run_field task-clock-cpu-ns)
	note "yield-work: work() $work samples for ${work_s} s of its CPU; $samples samples for $cpu_ns ns of the task clock's threads' CPU (the program's clocks: $work_s + $yield_s s)"
	awk -v n="$work" -v t="$work_s" 'BEGIN { d = n / 100 - t; if (d < 0) d = -d; exit !(d <= 0.05 * t) }' ||
		fail "yield-work: work() took $work samples at 100 Hz, $work_s s by its own clock"
	unplaced=$(awk -v c="$cpu_ns" -v n="$samples" 'BEGIN { printf "%.3f", c / 1e9 - n / 100 }')
	truth=$(awk -v w="$work_s" -v y="$yield_s" -v n="$samples" 'BEGIN { printf "%.3f", w + y - n / 100 }')
	awk -v u="$unplaced" -v t="$truth" -v w="$work_s" -v y="$yield_s" 'BEGIN { d = u - t; if (d < 0) d = -d
		exit !(d <= 0.05 * (w + y)) }' ||
		fail "yield-work: $unplaced s with no sample by the run section, $truth s by the program's clocks"
	"$gprof_par" --summary yield-work gmon.out > summary.txt 2> err || fail "--summary: $(cat err)"
	awk -v u="$unplaced" -v c="$cpu_ns" 'BEGIN { exit !(u / (c / 1e9) >= 0.02) }' && {
		grep -q "s of the sampled threads' [0-9.]* s of CPU time ([0-9.]*%) came with no sample" summary.txt ||
			fail "the summary does not say what no sample came for ($unplaced s): $(sed -n 3,14p summary.txt)"
	}
fi

# --- a thread the runtime never saw: the process-wide timer's ---
build_linked unseen "$programs/unseen-thread.c" -ldl -lpthread
rm -f gmon.out*
BG_GMON_HZ=100 ./unseen 1.5 > out || fail "unseen-thread failed"
read -r _ main_s _ unseen_s < out
case $(run_field engine) in
*+itimer-prof-unseen) ;;
*) fail "the engine with a thread never seen: '$(run_field engine)'" ;;
esac
# (each with its callees, as its clock counts them: in_unseen's thread_cpu
# calls, a system call each, took 66 of the thread's 149 samples in a CI
# run, the process-wide timer's signal arriving at the call's return)
"$gprof_par" --format=folded unseen gmon.out > folded 2> err || fail "--format=folded: $(cat err)"
main_n=$(awk '$1 ~ /(^|;)in_main(;|$)/ { n += $NF } END { print n + 0 }' folded)
unseen_n=$(awk '$1 ~ /(^|;)in_unseen(;|$)/ { n += $NF } END { print n + 0 }' folded)
note "a thread never seen: in_unseen $unseen_n samples for $unseen_s s, in_main $main_n for $main_s s"
awk -v n="$unseen_n" -v t="$unseen_s" 'BEGIN { d = n / 100 - t; if (d < 0) d = -d; exit !(d <= 0.15 * t) }' ||
	fail "the thread never seen: $unseen_n samples at 100 Hz for $unseen_s s of its CPU"
awk -v a="$unseen_n" -v b="$main_n" -v s="$unseen_s" -v m="$main_s" 'BEGIN {
	d = 100 * a / (a + b) - 100 * s / (s + m); if (d < 0) d = -d; exit !(d <= 5) }' ||
	fail "the thread never seen: $unseen_n of $((unseen_n + main_n)) samples, its clock $unseen_s of $main_s + $unseen_s s"

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
# (a POSIX CPU timer fires on the tick, each signal claiming the time since
# the last: on a crowded node the claims move with the scheduling, 9 points
# seen with two busy loops and a build beside the test; where the thread
# waited for a CPU a fifth as long as it ran (the run section's schedstat
# figures), the check says it skipped, as the issue asks of a truth check
# that needs a quiet core)
waited=$(waited_per_cpu_second)
if crowded "$waited"; then
	note "posix-timers: skipped the shares: the thread waited $waited s for a CPU a second it ran (a crowded node)"
else
	shares posix-timers 8
fi

# --- a job whose ranks measured differently writes one rate ---
# Rank 1 with perf_events refused measures no sample cost, rank 0 measures
# this machine's: both histograms at 1000 Hz (rank 1's signals at 100 Hz,
# 10 samples each), and -S adds them.  Before, rank 1 wrote 100 Hz and
# rank 0 1000 Hz where a signal cost at most 8 us (bare metal; 7.3 us on
# one host here), and -S refused the pair for their rates.
rm -f gmon.out*
mpirun_np 1 ./phases 0.3 : -np 1 env LD_PRELOAD="$PWD/no-perf-events.so" ./phases 0.3 \
	> out 2> mpirun.err || fail "the 2-rank job failed: $(cat mpirun.err)"
note "rank 0: $(run_field engine gmon.out.0), a sample cost $(run_field sample-cost-ns gmon.out.0) ns, signals at $(run_field signal-rate gmon.out.0) Hz; rank 1: $(run_field engine gmon.out.1) ($(run_field engine-refused gmon.out.1)), signals at $(run_field signal-rate gmon.out.1) Hz"
expect_eq "$(run_field signal-rate gmon.out.1)" 100 "rank 1's signals with no cost measured"
for r in 0 1; do
	expect_eq "$("$GPROF" -b -p phases gmon.out.$r | sed -n 's/^Each sample counts as \([0-9.]*\) seconds.*/\1/p')" \
		0.001 "rank $r's histogram rate (seconds a sample, by GNU gprof)"
done
"$gprof_par" -S . > sum.out 2> sum.err || fail "-S of the two ranks: $(cat sum.err)"
[ -s gmon.sum ] || fail "-S wrote no gmon.sum: $(cat sum.err)"
# rank 1's summary says that its signals brought several samples each (its
# signals at 100 Hz: "at 1000 Hz" alone read as ten times the draws).  A
# POSIX CPU timer fires at a tick that finds its thread on a CPU: on a
# crowded node rank 1's 0.3 s took 4 to 11 signals where 30 were due (20
# runs beside two busy loops and a CI), and once none at all (a busy CI
# run: "0 samples"), so that there is nothing to say; then it is said.
"$gprof_par" --summary phases gmon.out.1 > rank1.txt 2> err || fail "--summary of rank 1: $(cat err)"
if [ "$(run_field signals gmon.out.1)" = 0 ]; then
	note "rank 1 took no signal (POSIX CPU timers ride the tick; a crowded node): nothing for its summary to say of them"
else
	grep -Eq " clock at 1000 Hz \(a signal ([2-9]|[1-9][0-9]+)\.[0-9] samples on average\), " rank1.txt ||
		fail "rank 1's summary does not say what its 100 Hz signals brought: $(head -3 rank1.txt)"
fi
