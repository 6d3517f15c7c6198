#!/bin/bash
# OpenMP: the outlined parallel-region function (run by the worker threads
# only) gets the workers' samples by default (one timer on the whole
# process's CPU time, as glibc) and with BG_GMON_START_THREAD_TIMERS=all;
# with main (the main thread only) it gets none.  By default the samples
# the profile holds are at least 85% of the CPU time the process used
# (bash's `time`): before, the default sampled the main thread only and
# showed about a third of it here.  GNU gprof does not list main._omp_fn.N
# (it drops names with a '.' not followed by digits), so the samples in its
# address range are counted from the file directly.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/openmp.c" -fopenmp
read -r start size region < <(nm -S app | awk '$4 ~ /^main\._omp_fn\.[0-9]+$/ { print $1, $2, $4; exit }')
[ -n "${region:-}" ] || fail "no outlined region function in the program"
end=$(printf '%x' $((0x$start + 0x$size)))
samples_in_region() { "$top_builddir/tests/runtime/gmon-inspect" samples gmon.out "$start" "$end"; }

BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./app
with=$(samples_in_region)
note "$region: $with samples with timers on all threads"
[ "$with" -ge 50 ] || fail "$region got $with samples with thread timers"

rm -f gmon.out
TIMEFORMAT='%3U %3S'
{ time BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 ./app 2>stderr; } 2>timing
cpu=$(awk '{ print $1 + $2 }' timing)
total=$(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples.*/\1/p' stderr)
in_region=$(samples_in_region)
note "default: $total samples ($in_region in $region) at 1000 Hz for $cpu s of CPU"
awk -v n="$total" -v c="$cpu" 'BEGIN { exit !(n / 1000 >= 0.85 * c) }' ||
	fail "the default sampled $total samples at 1000 Hz: less than 85% of $cpu s of CPU"
awk -v n="$in_region" -v c="$cpu" 'BEGIN { exit !(n / 1000 >= 0.80 * c) }' ||
	fail "the default gave $region only $in_region samples for $cpu s of CPU"

rm -f gmon.out
BG_GMON_START_THREAD_TIMERS=main BG_GMON_HZ=1000 ./app
expect_eq "$(samples_in_region)" 0 "$region samples with the main thread's timer only"
note "ok"
