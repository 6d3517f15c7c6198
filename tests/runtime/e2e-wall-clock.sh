#!/bin/bash
# BG_GMON_CLOCK: wall samples every thread on elapsed time, so time asleep
# or blocked is seen where it is spent (compared with the program's own
# CLOCK_MONOTONIC); cpu (the default) does not see it.  The files name
# their clock (the histogram's dimension, which GNU gprof prints too) and
# files of two clocks are not added.  The wall clock never changes the
# program (issue 36, wall-sampler.h): a blocked thread is sampled without a
# signal, so one nanosleep of 0.4 s with no retry loop sleeps 0.4 s and
# takes 40 +- 6 samples at 100 Hz, and twenty blocking calls made once
# each (blocking-calls.c: nanosleep, poll, select, epoll_wait,
# sem_timedwait, a 1 MiB pipe write, recv(MSG_WAITALL), accept, waitpid,
# sigwaitinfo, msgrcv, pause, ...) return what they return without
# profiling, none before its event, at 1000 Hz (before, per-thread timers
# on the wall clock: 11 of 20 came back early; the 0.4 s sleep took 1
# sample).
# No aliasing: the periods are jittered, so a 10% phase of a 60 ms rhythm
# measures 10% within a point (8 copies at once, about 7,700 samples).
# Every run's paths pass paths-check, no bad sample allowed: the sampler's
# walk of a thread that ran meanwhile is not kept (wall-sampler.h).
. "$(dirname "$0")/lib.sh"
need_gprof
gprof_par=$top_builddir/gprof-par/gprof-par

# samples_under FUNCTION PROGRAM FILE: the samples whose call path holds it
samples_under() {
	"$gprof_par" --format=folded "$2" "$3" 2>/dev/null |
		awk -v f="$1" '{ n = split($1, frame, ";"); for (i = 1; i <= n; i++)
			if (frame[i] == f) { s += $2; break } } END { print s + 0 }'
}

build_linked wall "$programs/wall-clock.c"

# wall: sleep_io's 0.4 s, not cut short, are its samples, at 100 Hz
rm -f gmon.out*
BG_GMON_CLOCK=wall ./wall >truth 2>stderr
expect_eq "$(cat stderr)" "" "stderr with BG_GMON_CLOCK=wall"
awk '{ exit !($2 >= 0.4) }' truth || fail "wall clock: the 0.4 s nanosleep was cut short: $(cat truth)"
got=$(samples_under sleep_io wall gmon.out)
waited=$(waited_per_cpu_second)
note "wall clock: $got samples under sleep_io ($(cat truth)); the threads waited $waited s for a CPU a second they ran"
# (the sampler looks at the sleeping thread every period; on a crowded node
# it runs late, and a look that finds the thread woken but waiting for a
# CPU leaves the time since the last look to its next sample: CI beside
# helpers' builds, load 38 on 2 cores, saw 23; where the threads waited a
# fifth as long as they ran, the count is noted, as the issue asks of a
# truth check that needs a free core; the sleep's length never is)
if [ "$got" -lt 34 ] || [ "$got" -gt 46 ]; then
	crowded "$waited" &&
		note "wall clock: skipped the samples under sleep_io ($got): a crowded node" ||
		fail "wall clock: $got samples under sleep_io, not 40 +- 6 ($(cat truth); waited $waited s a CPU second)"
fi
case $(run_field engine) in
wall-sampler*) ;;
*) fail "the wall clock's engine: '$(run_field engine)'" ;;
esac
computed=$(awk '{ printf "%d", $4 * 100 + 0.5 }' truth)
got_compute=$(samples_under compute wall gmon.out)
within_pct "$got_compute" "$computed" 25 ||
	fail "wall clock: $got_compute samples under compute, its own clock says $computed ($(cat truth))"
# the file names its clock: gprof-par and GNU gprof print it
"$gprof_par" -b -p wall gmon.out 2>/dev/null | grep -q '^Each sample counts as 0.01 wall-sec\.$' ||
	fail "gprof-par does not say the samples are of the wall clock"
gprof -b -p wall gmon.out 2>/dev/null | grep -q '^Each sample counts as 0.01 wall-sec\.$' ||
	fail "GNU gprof does not read the wall clock's file: $(gprof -b -p wall gmon.out 2>&1 | head -3)"
unpack_companions
validate gmon.out+paths "wall clock"
mv gmon.out wall.out

# cpu (the default, and said so): the sleep is invisible
for clock in "" cpu; do
	rm -f gmon.out*
	BG_GMON_CLOCK=$clock ./wall >/dev/null 2>stderr
	expect_eq "$(cat stderr)" "" "stderr with BG_GMON_CLOCK='$clock'"
	got=$(samples_under sleep_io wall gmon.out)
	# (the default's histogram at 1000 Hz, its signals at 100 where a
	# sample costs much: two 10 ms signals are 20 samples)
	[ "$got" -le 20 ] || fail "BG_GMON_CLOCK='$clock': $got samples under sleep_io (at most 20 ms)"
	"$gprof_par" -b -p wall gmon.out 2>/dev/null | grep -q '^Each sample counts as 0.001 seconds\.$' ||
		fail "BG_GMON_CLOCK='$clock': the file's clock is not CPU time"
done
mv gmon.out cpu.out

# a clock it does not know: one message, CPU time
rm -f gmon.out*
BG_GMON_CLOCK=elapsed ./wall >/dev/null 2>stderr
expect_eq "$(cat stderr)" "gmon-mpi: BG_GMON_CLOCK='elapsed' is not 'cpu' or 'wall'; sampling CPU time (the default)" \
	"stderr with BG_GMON_CLOCK=elapsed"

# files of two clocks are not added: gprof-par says which, writes nothing
status=0
"$gprof_par" -s wall wall.out cpu.out 2>err || status=$?
expect_eq "$status" 1 "exit status of -s over a wall-clock and a CPU-time file"
grep -q "dimension 'seconds' ('s') differs from 'wall-sec' ('s') .*: samples of CPU time and of the wall clock (BG_GMON_CLOCK) cannot be added" err ||
	fail "-s over two clocks: unclear message: $(cat err)"
[ ! -e gmon.sum ] || fail "-s over two clocks wrote gmon.sum"

# twenty blocking calls under the wall clock at 1000 Hz: the same results,
# none back before its event (150 ms; a helper that lags makes it later).
# Without profiling is a build without -pg and the runtime: the same -pg
# program run without BG_GMON_CLOCK samples the CPU clock, whose signals
# may come inside a system call doing CPU work, as glibc's do (its short
# pipe write, its recv or clock_nanosleep cut short: 3 runs of this test in
# 10 here, and a CI run, compared the wall clock's right results with
# those)
build_linked calls "$programs/blocking-calls.c" -lpthread
"$CC" -O1 "$programs/blocking-calls.c" -o calls-plain -lpthread
timeout 60 ./calls-plain >plain.out 2>plain.err || fail "blocking-calls without profiling: status $? ($(cat plain.err))"
expect_eq "$(wc -l < plain.out)" 20 "calls made without profiling"
rm -f gmon.out*
status=0
BG_GMON_CLOCK=wall BG_GMON_HZ=1000 timeout 60 ./calls >wall-calls.out 2>wall-calls.err || status=$?
expect_eq "$status" 0 "exit status of blocking-calls under the wall clock ($(cat wall-calls.err))"
diff plain.out wall-calls.out > calls.diff || fail "blocking calls that the wall clock changed: $(cat calls.diff)"
unpack_companions gmon.out
validate gmon.out+paths "blocking calls under the wall clock"
early=$(awk '$2 < 0.149' wall-calls.err)
[ -z "$early" ] || fail "blocking calls back before their event under the wall clock: $early"
note "20 blocking calls under the wall clock at 1000 Hz: the same results, none early"

# no aliasing: 8 copies of a 60 ms rhythm at once, 9.6 s each (about 7,700
# samples: the sampling noise is about 0.3 points pooled, 0.7 per copy;
# under load one copy was seen 3.3 points off).  A periodic timer (the
# design before the jitter) measured every copy 1.3 to 3.4 points low,
# 8.2% pooled: the pooled share must be within a point, each copy's within
# 5 (a copy locked to the round would measure 0% or 16.7%).
build_linked rhythm "$programs/rhythm.c"
for i in 1 2 3 4 5 6 7 8; do
	mkdir "r$i"
	(cd "r$i" && BG_GMON_CLOCK=wall ../rhythm 160 >truth) &
done
wait
short=0 long=0
for i in 1 2 3 4 5 6 7 8; do
	unpack_companions "r$i/gmon.out"
	validate "r$i/gmon.out+paths" "copy $i"
	s=$(samples_under phase_short rhythm "r$i/gmon.out")
	l=$(samples_under phase_long rhythm "r$i/gmon.out")
	copy=$(awk -v s="$s" -v l="$l" 'BEGIN { printf "%.2f", 100 * s / (s + l) }')
	own=$(awk '{ printf "%.2f", 100 * $2 / ($2 + $4) }' "r$i/truth")
	awk -v m="$copy" -v t="$own" 'BEGIN { d = m - t; if (d < 0) d = -d; exit !(d <= 5) }' ||
		fail "copy $i: the 10% phase measured $copy% of $((s + l)) samples; its own clock says $own%"
	short=$((short + s)) long=$((long + l))
done
truth=$(cat r*/truth | awk '{ s += $2; l += $4 } END { printf "%.2f", 100 * s / (s + l) }')
measured=$(awk -v s="$short" -v l="$long" 'BEGIN { printf "%.2f", 100 * s / (s + l) }')
awk -v m="$measured" -v t="$truth" 'BEGIN { d = m - t; if (d < 0) d = -d; exit !(d <= 1) }' ||
	fail "the 10% phase measured $measured% of $((short + long)) samples; its own clock says $truth%"
note "ok: the short phase $measured% of $((short + long)) samples (its own clock: $truth%)"
