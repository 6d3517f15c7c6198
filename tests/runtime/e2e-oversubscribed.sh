#!/bin/bash
# e2e-oversubscribed.sh - the summary says when the node was oversubscribed
# (issue 36): the run section holds the threads' time on a CPU and ready
# but waiting for one (the scheduler's own account, node-load.h), and the
# summary turns it into a sentence, by the program's own clocks:
#   - 4 threads of phases.c pinned to one CPU (taskset): each waits for the
#     CPU about three times as long as it runs.  The run section's
#     threads-waited-ns / threads-cpu-ns within 25% of what bash's clocks
#     say (4 x the run's wall time / its CPU time, less 1: each thread is
#     always ready); the summary says "oversubscribed", its JSON says
#     "oversubscribed": true and the same ratio, and "1 CPU";
#   - 1 thread on its own CPU: where its CPU time was 95% of its wall time
#     or more (its own clocks; else the machine is busy and this part says
#     it skipped), the summary does not say "oversubscribed".
. "$(dirname "$0")/lib.sh"

gprof_par=$top_builddir/gprof-par/gprof-par
command -v taskset >/dev/null || skip "no taskset"
build_linked phases "$programs/phases.c" -lpthread
TIMEFORMAT='%3R %3U %3S'

# --- four threads on one CPU ---
rm -f gmon.out*
{ time taskset -c 0 ./phases 0.3 4 > out; } 2> timing || fail "phases failed"
read -r real user sys < timing
truth=$(awk -v r="$real" -v u="$user" -v s="$sys" 'BEGIN { printf "%.3f", 4 * r / (u + s) - 1 }')
cpu_ns=$(run_field threads-cpu-ns) waited_ns=$(run_field threads-waited-ns)
[ -n "$cpu_ns" ] && [ -n "$waited_ns" ] || fail "no threads-cpu-ns or threads-waited-ns in the run section"
expect_eq "$(run_field cpus)" 1 "the CPUs the pinned process could use"
got=$(awk -v c="$cpu_ns" -v w="$waited_ns" 'BEGIN { printf "%.3f", w / c }')
note "4 threads on 1 CPU: waited $got s a second on the CPU (the run section); $truth by bash's clocks (${real} s wall, $user + $sys s CPU)"
awk -v g="$got" -v t="$truth" 'BEGIN { d = g - t; if (d < 0) d = -d; exit !(d <= 0.25 * t) }' ||
	fail "the threads waited $got s a second on the CPU by the run section, $truth by the program's clocks"
"$gprof_par" --summary phases gmon.out > summary.txt 2> err || fail "--summary: $(cat err)"
grep -Eq "the node was oversubscribed: the threads, ready to run, waited for a CPU [0-9.]+ s for every second they ran \(on 1 CPU\)(; the hypervisor took [0-9]+% of the node's time)?; the per-function figures are less certain" summary.txt ||
	fail "the summary does not say the node was oversubscribed: $(sed -n '/In short/,/^$/p' summary.txt)"
"$gprof_par" --summary=json phases gmon.out > summary.json 2> err || fail "--summary=json: $(cat err)"
python3 - "$got" summary.json <<'PY' || fail "the JSON summary: $(head -c 600 summary.json)"
import json, sys
run = json.load(open(sys.argv[2]))["run"]
assert run["oversubscribed"] is True, run
assert abs(run["threads_waited_per_cpu_second"] - float(sys.argv[1])) < 0.01, run
assert run["cpus"] == 1, run
PY

# --- one thread on its own CPU ---
rm -f gmon.out*
{ time taskset -c 1 ./phases 0.5 1 > out; } 2> timing || fail "phases failed"
read -r real user sys < timing
if awk -v r="$real" -v u="$user" -v s="$sys" 'BEGIN { exit !(u + s >= 0.95 * r) }'; then
	"$gprof_par" --summary phases gmon.out > summary.txt 2> err || fail "--summary: $(cat err)"
	! grep -q "oversubscribed" summary.txt ||
		fail "one thread with its CPU to itself ($user + $sys s CPU in $real s) called oversubscribed: $(grep oversubscribed summary.txt)"
	note "1 thread on its own CPU ($user + $sys s CPU in $real s): not called oversubscribed"
else
	note "skipped the quiet part: the one thread had $user + $sys s of CPU in $real s (the machine is busy)"
fi
note ok
