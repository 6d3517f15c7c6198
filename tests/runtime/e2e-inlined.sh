#!/bin/bash
# Inlined functions named (issue 38): examples/inlined.c, built with
# mpicc -pg -O2 -g, has three functions GCC inlines into main, each timing
# itself with CLOCK_THREAD_CPUTIME_ID.  Every view beyond GNU's report
# names a sample in their code "main;NAME [inlined]" (from the DWARF's
# inlined subroutines): each gets, in the summary (its inclusive share)
# and in the folded paths (the samples of the paths through it), its own
# clock's share of the run within 3 points, at 1000 Hz on the CPU clock
# (a busy machine delays the run, not the thread's CPU time), and its
# hottest lines in its own body (main's in none of theirs, with the paths
# or without them, where main's row is the histogram's).  Before,
# every one of them said "main".  GNU's report keeps GNU's names: the flat
# profile and call graph are GNU gprof's bytes, with and without
# --measured no "[inlined]" row.
. "$(dirname "$0")/lib.sh"
need_gprof
gprof_par=$top_builddir/gprof-par/gprof-par

build_linked inlined "$top_srcdir/examples/inlined.c" -O2 -g
# the premise: GCC inlined all three (no symbol of theirs is left)
nm inlined | grep -E ' [tT] (stencil|smooth|checksum)$' &&
	fail "GCC did not inline the three functions into main"

BG_GMON_HZ=1000 ./inlined >clocks 2>stderr || fail "the program failed: $(cat stderr)"
[ -s gmon.out ] && [ -s gmon.out+gmon-mpi ] || fail "no gmon.out and its companion"
"$gprof_par" --summary=json inlined gmon.out >summary.json 2>err || fail "--summary=json: $(cat err)"
"$gprof_par" --format=folded inlined gmon.out >folded 2>err || fail "--format=folded: $(cat err)"
# without the paths: the histogram's rows, no inlined row (the summary opens
# the DWARF itself: no resolver has it open)
mkdir -p histogram && cp gmon.out histogram/ || fail "cannot copy gmon.out"
"$gprof_par" --summary=json inlined histogram/gmon.out >histogram.json 2>err ||
	fail "--summary=json without the paths: $(cat err)"
grep -q '^main;stencil_\[inlined\] [0-9]' folded ||
	fail "no path main;stencil [inlined] in the folded paths: $(head -5 folded)"

python3 - clocks summary.json folded "$top_srcdir/examples/inlined.c" histogram.json <<'PY' || fail "see above"
import json, sys
words = open(sys.argv[1]).read().split()
clock = dict(zip(words[0::2], map(float, words[1::2])))
s = json.load(open(sys.argv[2]))
incl = {f["name"]: f for f in s["top_inclusive"]}
paths = [l.rsplit(" ", 1) for l in open(sys.argv[3]).read().splitlines()]
every = sum(int(n) for _, n in paths)
ok = every > 500
for name in ("stencil", "smooth", "checksum"):
    want = 100 * clock[name] / clock["total"]
    label = name + " [inlined]"
    in_summary = incl[label]["total_percent"] if label in incl else 0.0
    frame = name + "_[inlined]"
    in_folded = 100 * sum(int(n) for p, n in paths if frame in p.split(";")) / every
    good = abs(in_summary - want) <= 3 and abs(in_folded - want) <= 3
    print("e2e-inlined: %-9s its clock %5.1f%%, the summary %5.1f%%, the folded paths %5.1f%%%s"
          % (name, want, in_summary, in_folded, "" if good else "  FAIL"))
    ok = ok and good
# the call line: where it was inlined, in main
ok = ok and incl.get("stencil [inlined]", {}).get("line", 0) > 0
# the hottest lines: an inlined function's in its own body, main's in none
# of theirs (they were main's own before, the inlined rows had none)
source = open(sys.argv[4]).read().splitlines()
def body(name):
    first = next(i for i, l in enumerate(source, 1) if l.startswith("static inline") and " " + name + "(" in l)
    return range(first, next(i for i, l in enumerate(source, 1) if i > first and l == "}") + 1)
bodies = {name: body(name) for name in ("stencil", "smooth", "checksum")}
for name, lines in bodies.items():
    hot = [h["line"] for h in incl[name + " [inlined]"]["hot_lines"]]
    good = hot and all(l in lines for l in hot)
    print("e2e-inlined: %-9s its hottest lines %s, its body %d-%d%s"
          % (name, hot, lines[0], lines[-1], "" if good else "  FAIL"))
    ok = ok and good
main_hot = [h["line"] for h in incl["main"]["hot_lines"]]
stray = [l for l in main_hot if any(l in b for b in bodies.values())]
print("e2e-inlined: main      its hottest lines %s%s" % (main_hot, "  FAIL: inlined code's" if stray else ""))
ok = ok and not stray
# without the paths, main's row is the histogram's: still none of their lines
hist = {f["name"]: f for f in json.load(open(sys.argv[5]))["top_self"]}
main_hot = [h["line"] for h in hist["main"]["hot_lines"]] if "main" in hist else None
stray = [l for l in main_hot or [] if any(l in b for b in bodies.values())]
print("e2e-inlined: main      without the paths, its hottest lines %s%s"
      % (main_hot, "  FAIL: inlined code's" if stray or main_hot is None else ""))
ok = ok and main_hot is not None and not stray
sys.exit(0 if ok else 1)
PY

# GNU's report: GNU gprof's bytes, its names
"$GPROF" -b inlined gmon.out >gnu.txt 2>/dev/null || fail "GNU gprof failed"
"$gprof_par" -b inlined gmon.out >ours.txt 2>err || fail "gprof-par -b: $(cat err)"
cmp -s gnu.txt ours.txt || fail "GNU's report differs from GNU gprof's: $(diff gnu.txt ours.txt | head)"
"$gprof_par" -b --measured inlined gmon.out >measured.txt 2>err || fail "--measured: $(cat err)"
grep -q 'inlined\]' measured.txt && fail "GNU's report with --measured names an inlined frame"
grep -q '^\[[0-9]*\] .*main \[[0-9]*\]$\|main \[1\]' measured.txt ||
	fail "no main in the call graph with --measured: $(head -20 measured.txt)"
note "ok: the three inlined functions named, each within 3 points of its clock; GNU's report unchanged"
