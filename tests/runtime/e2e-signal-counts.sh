#!/bin/bash
# e2e-signal-counts.sh - the statistics know what was counted (issue 36):
#   - the run section counts the signals that brought samples and the
#     samples they brought: 5,000 SIGPROFs raised under per-thread timers
#     at 1 Hz (one sample each, no timer signal in a run this short) are
#     exactly 5,000 signals and 5,000 samples;
#   - under the process-wide timer (BG_GMON_START_THREAD_TIMERS=process, the
#     default before each thread had its own clock) at BG_GMON_HZ=1000, one thread
#     burning about a second: the profile holds 95% to 100% of the signals'
#     samples (the rest in libraries), and they are no fewer than the
#     signals (a signal claims the periods since its thread's last: on a
#     250 Hz kernel tick about 4 to 8 a signal, the reason the tests of
#     significance divide by the mean);
#   - the summary of a run of about 40 signals (100 Hz) says it has too few to say
#     (at the rate chosen by a sample's cost, what 1000 Hz would cost)
#     where the time went (no hot function named, one sentence), and one
#     of hundreds of signals does not.
. "$(dirname "$0")/lib.sh"

gprof_par=$top_builddir/gprof-par/gprof-par

# --- exact counts ---
build_linked raiser "$programs/raise-prof.c"
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=main BG_GMON_HZ=1 ./raiser 5000 || fail "raise-prof failed"
expect_eq "$(run_field signals)" 5000 "signals of 5,000 raised SIGPROFs"
expect_eq "$(run_field signal-samples)" 5000 "samples of 5,000 raised SIGPROFs"

# --- the default timer's weights ---
build_linked burner "$programs/cpu-burn.c" -lpthread
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=process BG_GMON_HZ=1000 ./burner 1 2 || fail "cpu-burn failed"
signals=$(run_field signals)
samples=$(run_field signal-samples)
in_file=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)
note "process-wide at 1000 Hz: $signals signals brought $samples samples; the histogram holds $in_file"
[ "$signals" -gt 0 ] && [ "$samples" -ge "$signals" ] ||
	fail "$signals signals brought $samples samples"
[ "$in_file" -le "$samples" ] && [ $((in_file * 100)) -ge $((samples * 95)) ] ||
	fail "the histogram holds $in_file samples of the signals' $samples"

# --- too few to say ---
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=100 ./burner 1 1 || fail "cpu-burn failed"
"$gprof_par" --summary burner gmon.out > few.txt 2> err || fail "--summary: $(cat err)"
note "a short run: $(run_field signals) signals; $(grep '^Hot function' few.txt)"
grep -q "^Hot function: - (too few samples to say: [0-9]* signals)$" few.txt ||
	fail "a run of $(run_field signals) signals names a hot function: $(head -20 few.txt)"
grep -q "^  - too few samples to say where the time went: [0-9]* signals, fewer than 100" few.txt ||
	fail "no sentence says too few: $(cat few.txt)"
# at the default rate, where a sample cost too much for 1000 Hz (a
# virtual machine, rate-choice.h: signals at 500 to 100 Hz): where the run
# took fewer than 100 signals, the sentence says what 1000 Hz costs; where
# it took more (500 Hz here: about 200), none says too few
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=all ./burner 1 1 || fail "cpu-burn failed"
"$gprof_par" --summary burner gmon.out > few.txt 2> err || fail "--summary: $(cat err)"
cost=$(run_field sample-cost-ns) taken=$(run_field signals)
if [ "$(run_field rate-source)" = measured ] && [ "$cost" -gt 8000 ] && [ "$taken" -lt 100 ]; then
	pct=$(awk -v c="$cost" 'BEGIN { printf "%.0f us here, %.1f%%", c / 1e3, c / 1e4 }')
	grep -q "^  - too few samples to say where the time went: [0-9]* signals, fewer than 100; run longer, or sample faster (BG_GMON_HZ=1000: a sample cost $pct of each thread's CPU at 1000 Hz)\.$" few.txt ||
		fail "the sentence does not say what 1000 Hz costs ($cost ns a sample): $(grep 'too few' few.txt)"
elif [ "$taken" -ge 100 ]; then
	! grep -q "too few samples" few.txt ||
		fail "$taken signals called too few: $(grep 'too few' few.txt)"
	note "a sample cost $cost ns here ($(run_field rate-source)): signals at $(run_field signal-rate) Hz (empty: 1000), $taken of them, nothing to say"
else
	note "a sample cost $cost ns here ($(run_field rate-source)): the default is 1000 Hz, nothing to say"
fi
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./burner 1 2 || fail "cpu-burn failed"
"$gprof_par" --summary burner gmon.out > many.txt 2> err || fail "--summary: $(cat err)"
note "a longer run: $(run_field signals) signals; $(grep '^Hot function' many.txt)"
grep -q "^Hot function: burn " many.txt || fail "a run of $(run_field signals) signals: $(head -20 many.txt)"
