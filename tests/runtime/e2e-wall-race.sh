#!/bin/bash
# e2e-wall-race.sh - the wall clock's walk of a thread that wakes while it
# is walked (issue 36, wall-sampler.h): the sampler reads a waiting
# thread's registers and walks its stack from them without stopping it, and
# a thread that runs on meanwhile changes the words the walk reads.
# wall-race.c's 3 threads nap about 20 us (doze's nanosleep) and then
# scribble() small integers over the words that held nap's frames, for
# 2 s, at 5000 Hz (about 40,000 samples a run).  No nap may be cut
# short (EINTR): the task clock signals in user mode only; without
# perf_events the sampler signalled a thread found on its CPU at two looks
# even when it had switched between (no ring to tell it), and cut 260
# naps short in a run; it counts the thread's arrivals on a CPU now
# (schedstat), and a thread that blocks just after a look that found it
# on its CPU a whole period is all it may interrupt (0-2 a run here).
# Before, 1.5 to 14% of the
# samples had a frame in no module or a return address after no call
# (without perf_events, a blocked thread's path cut at its first frame
# that needs %rbp: 0.1%); now a walk of a thread that arrived on a CPU,
# switched or used CPU time meanwhile is not kept, its periods left for
# the next look: three runs, and one without perf_events, no bad sample
# allowed, and no period lost (the samples are the threads' wall time,
# 4 x the run's, within 2%).  Over the three runs, nap's share is its own
# clock's within 20%, and nap's samples per second of its clock at most
# 1.35 times scribble's: a look that finds a thread on its CPU leaves its period to
# the thread's task clock's next signal (scribble's code), not to the
# next look that finds it waiting (sampling.c, wall_defer), and the
# sampler preempts a running thread when a look is due rather than wait
# for one to block (wall-sampler.c, short_slice).  Measured with both:
# nap 6% under to 9% over its clock, the ratio 0.86-1.23, quiet or beside
# two busy loops; without either, on this host, nap 11-23% over its
# clock (./scripts/test failed once at 21%) and scribble 20-34% under;
# without the first alone the ratio was 1.45-1.57.  Without perf_events
# no signal may go to a thread that ran less than a period since its last
# switch: those periods are counted unplaced
# (wall-unplaced-samples; before, carried to the thread's next wait, which
# claimed 16-38% more than nap's own clock), so the samples and the
# unplaced are the threads' wall time, and nap's samples, its path ending
# at doze (no %rbp without the switches' registers), may not exceed its
# clock's by more than 20%.
. "$(dirname "$0")/lib.sh"
gprof_par=$top_builddir/gprof-par/gprof-par
# (a crash, seen once in a CI run beside two busy loops and other suites:
# its core for crash_report)
ulimit -c unlimited 2>/dev/null

# race LABEL [PRELOAD [MAX_INTERRUPTED]]: one run, its paths and shares
# checked; where PRELOAD holds no-perf-events.so, at most MAX_INTERRUPTED
# (20) naps cut short
race() {
	local label=$1 preload=${2:-} max_interrupted=${3:-20} all nap scribble said unplaced interrupted
	local no_perf=
	case $preload in *no-perf-events.so*) no_perf=1 ;; esac
	rm -f gmon.out* core core.*
	LD_PRELOAD=$preload BG_GMON_CLOCK=wall BG_GMON_HZ=5000 ./wall-race 3 2 > truth 2> stderr ||
		{ crash_report wall-race; fail "$label: wall-race failed: $(cat stderr)"; }
	expect_eq "$(cat stderr)" "" "$label: wall-race's stderr"
	case $(run_field engine) in
	wall-sampler*) ;;
	*) fail "$label: the wall clock's engine: '$(run_field engine)'" ;;
	esac
	unpack_companions
	validate gmon.out+paths "$label"
	"$gprof_par" --format=folded wall-race gmon.out > folded 2> folded.err ||
		fail "$label: gprof-par --format=folded failed: $(cat folded.err)"
	# nap's samples: its path through nap, or without perf_events through
	# doze (the path ends at the blocking call's caller)
	read -r all nap scribble < <(awk -v f="${no_perf:+doze}" '{ all += $NF
		if ($1 ~ "(^|;)" (f ? f : "nap") ";") nap += $NF
		if ($1 ~ /(^|;)scribble(;|$)/) scribble += $NF }
		END { print all + 0, nap + 0, scribble + 0 }' folded)
	unplaced=$(run_field wall-unplaced-samples)
	unplaced=${unplaced:-0}
	interrupted=$(awk '{ print $8 }' truth)
	note "$label: $(cat truth); engine $(run_field engine); $all samples, $nap in nap, $scribble in scribble, $unplaced unplaced; walks not kept: $(run_field wall-walks-raced)"
	within_pct "$((all + unplaced))" "$(awk '{ printf "%d", 4 * $6 * 5000 }' truth)" 2 ||
		fail "$label: $all samples and $unplaced unplaced for 4 threads' $(awk '{ print $6 }' truth) s at 5000 Hz"
	if [ -z "$no_perf" ]; then
		expect_eq "$interrupted" 0 "$label: naps cut short (EINTR)"
		expect_eq "$unplaced" 0 "$label: periods unplaced on the task clock"
		# (the shares are checked over the three runs together)
		[ -n "$preload" ] ||
			awk -v n="$nap" -v s="$scribble" '{ print n, $2, s, $4 }' truth >> pooled
	else
		[ "$interrupted" -le "$max_interrupted" ] ||
			fail "$label: $interrupted naps cut short (EINTR) by the sampler's signals"
		awk -v n="$nap" '{ exit !(n <= $2 * 5000 * 1.2) }' truth ||
			fail "$label: $nap samples in nap, more than its own clock's $(awk '{ print $2 }' truth) s"
	fi
	# the summary says how much wall time no sample took, where any did
	"$gprof_par" --summary wall-race gmon.out > summary 2>&1 ||
		fail "$label: gprof-par --summary failed: $(cat summary)"
	said=$(grep -o '[0-9.]* s of the threads.*came with no sample: perf_events were refused' summary || true)
	if [ "$unplaced" -gt 0 ]; then
		expect_eq "${said%% s of*}" "$(awk -v u="$unplaced" 'BEGIN { printf "%.3f", u / 5000 }')" \
			"$label: the summary's seconds with no sample"
	else
		expect_eq "$said" "" "$label: the summary's sentence on unplaced time"
	fi
}

build_linked wall-race "$programs/wall-race.c" -lpthread
rm -f pooled
for run in 1 2 3; do
	race "run $run"
done
# nap's samples and scribble's, over the three runs, against their
# clocks' seconds: one run's ratio ranged 0.72-1.41 beside two busy loops
# and a build (2026-11-30), 1.45-1.57 with the bug above
read -r nap nap_s scribble scribble_s < <(awk '{ n += $1; ns += $2; s += $3; ss += $4 }
	END { print n, ns, s, ss }' pooled)
note "three runs: $nap samples in nap for its clock's $nap_s s, $scribble in scribble for $scribble_s s"
within_pct "$nap" "$(awk -v s="$nap_s" 'BEGIN { printf "%d", s * 5000 }')" 20 ||
	fail "three runs: $nap samples in nap, its own clock says $nap_s s"
awk -v n="$nap" -v ns="$nap_s" -v s="$scribble" -v ss="$scribble_s" \
	'BEGIN { exit !(s > 0 && (n / ns) / (s / ss) <= 1.35) }' ||
	fail "three runs: nap took $nap samples for its clock's $nap_s s, scribble $scribble for $scribble_s s: more than 1.35 times as many a second"
"$CC" -shared -fPIC -O1 "$programs/no-perf-events.c" -o no-perf-events.so -ldl
race "without perf_events" "$PWD/no-perf-events.so"
# Without perf_events, a thread seen blocked and found ready later, with
# no arrival on a CPU since, is walked from its wait's PC and stack
# pointer: the kernel's arrivals missed a run of the thread now and then
# (about one look in 6 runs here, beside two busy loops: 1 to 25 samples
# in no module, frame 1 a word scribble() wrote), so its CPU clock must
# be still too.  frozen-arrivals.c makes every run a missed one: before,
# 5,380-6,357 of 40,000 samples bad; now none.  A sampler that cannot
# tell a switch signals threads that are about to wait (200-320 naps cut
# short here): not what this run checks.
"$CC" -shared -fPIC -O1 "$programs/frozen-arrivals.c" -o frozen-arrivals.so -ldl
race "without perf_events, arrivals frozen" "$PWD/no-perf-events.so $PWD/frozen-arrivals.so" 100000
# With perf_events too: a thread that wakes during its walk and is on its
# CPU still at the check has written no switch's record yet, so only its
# arrivals or its CPU clock can tell; with the arrivals frozen, 2-9 bad
# samples a run before the CPU clock was read there too, now none.  Its
# shares are not checked: with the arrivals frozen a thread off its CPU
# cannot be told from one on it (off_cpu), and nap took 4,522 samples for
# its clock's 3.6 s here.
race "arrivals frozen" "$PWD/frozen-arrivals.so"

# Threads that start and end all the time (wall-churn.c: 4 at a time, each
# napping 50 us, for 1 s) at 10000 Hz: a starting thread opens its probe
# while the sampler looks at every slot.  Before, the sampler closed the
# probe of a slot not armed yet under the starting thread, which then read
# its unmapped ring: SIGSEGV in the first run here, and once in about 20
# runs of wall-race beside load (CI beside two busy loops).
build_linked wall-churn "$programs/wall-churn.c" -lpthread
for run in 1 2 3; do
	rm -f gmon.out* core core.*
	BG_GMON_CLOCK=wall BG_GMON_HZ=10000 ./wall-churn 1 > churn 2> stderr ||
		{ crash_report wall-churn; fail "wall-churn run $run failed: $(cat stderr)"; }
	expect_eq "$(cat stderr)" "" "wall-churn run $run's stderr"
	unpack_companions
	validate gmon.out+paths "wall-churn run $run"
	note "wall-churn run $run: $(cat churn) threads, $(run_field signals) signals"
done
note ok
