#!/bin/bash
# Per-thread CPU timers: BG_GMON_START_THREAD_TIMERS=all samples every
# thread by its own CPU time (3:1 work gives 3:1 samples), the default
# samples the main thread only, gmon_thread_timer(0) stops a thread's
# samples, gmon_start_all_thread_timers() turns them on for new threads,
# BG_GMON_HZ sets the rate written into the file, and bad values get one
# message each.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/burn-threads.c" -pthread

# 3:1 within 15%, at 1000 Hz so that there are hundreds of samples
BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 ./app ratio 2>stderr
"$GPROF" -b -p app gmon.out | grep -q '^Each sample counts as 0.001 seconds' ||
	fail "BG_GMON_HZ=1000 is not the file's rate: $("$GPROF" -b -p app gmon.out | head -3)"
three=$(samples_of app burn_three gmon.out) one=$(samples_of app burn_one gmon.out)
note "burn_three: $three samples, burn_one: $one samples"
[ "$one" -ge 50 ] || fail "burn_one got only $one samples"
awk -v a="$three" -v b="$one" 'BEGIN { r = a / b; exit !(r >= 3 * 0.85 && r <= 3 * 1.15) }' ||
	fail "sample ratio $three:$one is not 3:1 within 15%"
grep -q "thread timers (all): 3 threads sampled" stderr || fail "verbose thread summary: $(cat stderr)"
# the verbose line's samples: those the file holds, plus those outside the text
in_file=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)
reported=$(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples (\([0-9]*\) outside the text).*/\1 \2/p' stderr)
[ -n "$reported" ] || fail "no samples in the verbose line: $(cat stderr)"
expect_eq "$(( ${reported% *} - ${reported#* } ))" "$in_file" "samples in the verbose line, less those outside the text"

# The default: only the main thread, which only waits
rm -f gmon.out
BG_GMON_HZ=1000 ./app ratio
expect_eq "$(samples_of app burn_three gmon.out)" 0 "burn_three samples without thread timers"
expect_eq "$(samples_of app burn_one gmon.out)" 0 "burn_one samples without thread timers"

# gmon_thread_timer(0): that thread stops taking samples, the other goes on
rm -f gmon.out
BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./app stop
expect_eq "$(samples_of app burn_stopped gmon.out)" 0 "samples after gmon_thread_timer(0)"
running=$(samples_of app burn_running gmon.out)
[ "$running" -ge 40 ] || fail "burn_running got only $running samples"

# gmon_start_all_thread_timers() without the variable
rm -f gmon.out
BG_GMON_HZ=1000 ./app api
three=$(samples_of app burn_three gmon.out) one=$(samples_of app burn_one gmon.out)
[ "$three" -ge 150 ] && [ "$one" -ge 50 ] ||
	fail "gmon_start_all_thread_timers(): burn_three $three, burn_one $one samples"

# Unknown values: one message each, and the defaults
rm -f gmon.out
BG_GMON_START_THREAD_TIMERS=everything BG_GMON_HZ=fast ./app ratio 2>stderr
grep -q "^gmon-mpi: BG_GMON_START_THREAD_TIMERS='everything' is not 'all' or 'nocomm'; sampling the main thread only" stderr ||
	fail "message for a bad BG_GMON_START_THREAD_TIMERS: $(cat stderr)"
grep -q "^gmon-mpi: BG_GMON_HZ='fast' is not a rate from 1 to 100000 samples per second; using 100" stderr ||
	fail "message for a bad BG_GMON_HZ: $(cat stderr)"
expect_eq "$(wc -l <stderr)" 2 "lines on stderr"
expect_eq "$(samples_of app burn_three gmon.out)" 0 "burn_three samples with an unknown policy"
"$GPROF" -b -p app gmon.out | grep -q '^Each sample counts as 0.01 seconds' || fail "default rate"

# Exact call counts while every thread is being sampled
build_linked counting "$programs/threads.c" -pthread
rm -f gmon.out
BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=10000 ./counting 4 2000000
expect_eq "$(calls_of counting counted gmon.out)" 8000000 "counted() calls from 4 sampled threads"
note "ok"
