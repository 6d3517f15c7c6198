#!/bin/bash
# OpenMP: with BG_GMON_START_THREAD_TIMERS=all the outlined parallel-region
# function (run by the worker threads only) gets samples; without, none.
# GNU gprof does not list main._omp_fn.N (it drops names with a '.' not
# followed by digits), so the samples in its address range are counted
# from the file directly.
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
BG_GMON_HZ=1000 ./app
expect_eq "$(samples_in_region)" 0 "$region samples without thread timers"
note "ok"
