#!/bin/bash
# e2e-own-cost.sh - the profiler's own time that no sample sees (issue 37,
# own-cost.h), against constructions the program times by its own clock
# (own-cost.c):
#   - its signal handlers: 20,000 SIGPROFs raised 40 frames deep under
#     per-thread timers (one sample each, its path walked), less as many
#     SIGUSR2s to an empty handler of the program's: the run section's
#     profiler-signals-ns is 50% to 110% of that difference (the kernel's
#     delivery is outside the handler: 70-88% here);
#   - its writes: 20 gmon_flush() calls: profiler-writes-ns is 90% to 150%
#     of their time (the final write at exit adds about a twentieth);
#   - the summary's "the profiler itself" holds both (JSON
#     profiler_unsampled_seconds their sum within 1 ms, the category's
#     seconds at least that), and -M says it in its header;
#   - its start: BG_GMON_HZ unset, the measurement that chooses the rate
#     (rate-choice.h: 9 signals of a task clock 200 us of CPU apart, at
#     least 1.8 ms of the thread's task clock) is profiler-start-ns, 1 to
#     50 ms, absent where BG_GMON_HZ is set; the summary holds it too
#     (before, unsaid: 1-2 ms a process that no figure counted).
. "$(dirname "$0")/lib.sh"

build_linked own-cost "$programs/own-cost.c"
gprof_par=$top_builddir/gprof-par/gprof-par


# --- the signal handlers ---
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=main BG_GMON_HZ=10 ./own-cost signals 20000 40 > out ||
	fail "own-cost signals failed"
measured=$(awk '$1 == "signals" { print $2 }' out)
signals_ns=$(run_field profiler-signals-ns)
writes_ns=$(run_field profiler-writes-ns)
[ -n "$signals_ns" ] && [ -n "$writes_ns" ] || fail "no profiler-*-ns in the run section: $("$gprof_par" --dump gmon.out | grep run)"
note "signals: the handlers' own $signals_ns ns, the program's clock $measured s for 20,000 signals (less an empty handler's)"
awk -v h="$signals_ns" -v m="$measured" 'BEGIN { r = h / 1e9 / m; exit !(m > 0 && r >= 0.5 && r <= 1.1) }' ||
	fail "the handlers' time $signals_ns ns against the program's $measured s"

# --- the summary and -M say it ---
"$gprof_par" --summary=json own-cost gmon.out > summary.json 2> err || fail "--summary: $(cat err)"
python3 - "$signals_ns" "$writes_ns" summary.json <<'PY' || fail "the summary: $(head -c 1500 summary.json)"
import json, sys
own = (int(sys.argv[1]) + int(sys.argv[2])) / 1e9
d = json.load(open(sys.argv[3]))
said = d["run"]["profiler_unsampled_seconds"]
prof = [c for c in d["categories"] if c["key"] == "profiler"][0]
print("summary: profiler_unsampled_seconds %s (run section %.6f), the profiler itself %.4f s, %.1f%%"
      % (said, own, prof["seconds"], prof["percent"]))
sys.exit(0 if said is not None and abs(said - own) < 0.001 and prof["seconds"] >= own - 1e-6 else 1)
PY
"$gprof_par" -M own-cost gmon.out > modules 2> err || fail "-M: $(cat err)"
grep -q "^The profiler's own time that no sample sees, measured by the runtime: [0-9.]* seconds" modules ||
	fail "-M does not say the profiler's own time: $(head -12 modules)"

# --- its start: the default rate's measurement ---
rm -f gmon.out*
BG_GMON_START_THREAD_TIMERS=main ./own-cost signals 200 4 > out || fail "own-cost signals (the default rate) failed"
if [ "$(run_field rate-source)" = measured ]; then
	start_ns=$(run_field profiler-start-ns)
	note "start: the default rate's measurement $start_ns ns (a sample $(run_field sample-cost-ns) ns)"
	[ -n "$start_ns" ] && [ "$start_ns" -ge 1000000 ] && [ "$start_ns" -le 50000000 ] ||
		fail "the run section's profiler-start-ns is not the measurement's 1.8 ms or so: '$start_ns'"
	own_ns=$(($(run_field profiler-signals-ns) + $(run_field profiler-writes-ns) + start_ns))
	"$gprof_par" --summary=json own-cost gmon.out > summary.json 2> err || fail "--summary: $(cat err)"
	python3 -c 'import json, sys; d = json.load(open("summary.json")); s = d["run"]["profiler_unsampled_seconds"]
print("summary: profiler_unsampled_seconds %s" % s); sys.exit(0 if s is not None and abs(s - int(sys.argv[1]) / 1e9) < 0.001 else 1)' "$own_ns" ||
		fail "the summary's profiler time is not the run section's $own_ns ns with the start's"
else
	note "start: the default rate was not measured here ($(run_field rate-source)): not checked"
fi
BG_GMON_START_THREAD_TIMERS=main BG_GMON_HZ=100 ./own-cost signals 200 4 > out || fail "own-cost signals (100 Hz) failed"
expect_eq "$(run_field profiler-start-ns)" "" "profiler-start-ns with BG_GMON_HZ set"

# --- the writes ---
rm -f gmon.out*
./own-cost writes 20 > out || fail "own-cost writes failed"
measured=$(awk '$1 == "writes" { print $2 }' out)
writes_ns=$(run_field profiler-writes-ns)
note "writes: the runtime's $writes_ns ns, the program's clock $measured s for 20 flushes"
awk -v w="$writes_ns" -v m="$measured" 'BEGIN { r = w / 1e9 / m; exit !(m > 0 && r >= 0.9 && r <= 1.5) }' ||
	fail "the writes' time $writes_ns ns against the program's $measured s"
