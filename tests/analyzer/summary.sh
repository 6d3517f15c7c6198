#!/bin/bash
# summary.sh - the job summary (gprof-par --summary, --html; issue 30) end
# to end: gmon-job's local mode on summary-app.c, 3 ranks under mpirun, where
# rank r computes (r + 1) x 60 ms a round in work_phase and all meet in
# MPI_Barrier from sync_point, each rank printing its own clocks.  Checked:
#   - the job writes summary.txt, summary.json and report.html and prints
#     the summary's first screen;
#   - summary.json: its time_breakdown adds up to 100 +- 1; its MPI share is
#     within 10 points of the ranks' own (their wall time in MPI_Init, the
#     barriers and MPI_Finalize over their wall time); ranks 3 of 3;
#   - summary.txt names work_phase as the hot function and rank 2 as the
#     slowest, beyond sampling noise, and work_phase's imbalance in a
#     sentence; three copies of one rank's files are within noise;
#   - the summary of the rank files is the same on 1 and 2 processes and
#     the job's;
#   - under BG_GMON_CLOCK=wall without the MPI profile, the MPI share from
#     the samples is within 10 points of the ranks' own, and the total is
#     the ranks' wall time (MPI's own threads left out: of the top
#     functions' shares too, which are of the samples counted; the slowest
#     rank's time in the program is the category table's);
#   - every category per rank (min / mean / max over the ranks, from each
#     rank's paths): its seconds are its ranks' added up, each rank's those
#     of the summary of its file alone; the program's and the library's
#     (memcpy) against the ranks' clocks, which order the ranks the other
#     way round;
#   - --summary=json on the same sum agrees with the job's summary.json on
#     the time breakdown (the summary of the sum alone: no per-rank paths;
#     its slowest rank from its companion's load balance, rank 2), the
#     ranks' files named on every category per rank; without the call paths, the hot function comes from the
#     histogram;
#   - gmon-job asks for the MPI profile when ldd writes much after libmpi;
#   - report.html refers to nothing on the network (no http: or https:);
#     headless Chromium's DOM after the scripts holds work_phase,
#     MPI_Barrier and sync_point, a click on a function's row opens its
#     details, a click on a heading sorts; its screenshot is not blank
#     (more than a few colours).
. "$(dirname "$0")/jobs-lib.sh"
need_runtime
need_sum_option
command -v python3 >/dev/null || skip "python3 is needed to read the JSON"

"$MPICC" -pg -g -O1 -I"$top_srcdir/tests/analyzer/corpus" "$top_srcdir/tests/analyzer/summary-app.c" -o app ||
	fail "cannot build summary-app.c"
# Each rank's threads by their own timers (nocomm): once, beside one busy
# loop, the process-wide timer gave rank 0's 0.32 s in memcpy as 0.05 s,
# the rest lent to work_phase.  CPU-time timers fire on the kernel's tick
# (4 ms here), so under load phases of 10 to 40 ms lend each other
# samples in either mode (per-thread timers: 0.20 to 0.41 s for the same
# 0.32 s); the clock checks below allow for it.
status=0
BG_GMON_START_THREAD_TIMERS=nocomm LAUNCHER="$MPIRUN --oversubscribe" GMON_NTASKS=3 \
	GMON_RESULTS=$work/results bash "$top_srcdir/scripts/gmon-job" "$work/app" 8 >out.txt 2>err.txt ||
	status=$?
[ $status -eq 0 ] || { cat out.txt err.txt >&2; fail "gmon-job exited with $status"; }
results=$(echo "$work"/results/local-*)
for f in summary.txt summary.json report.html; do
	[ -s "$results/$f" ] || fail "the job wrote no $f: $(ls "$results")"
done
grep -q "^gmon-job: summary (" out.txt && grep -q '^Hot function: ' out.txt ||
	fail "the job did not print the summary's first screen: $(cat out.txt)"
grep -q '^Top functions' out.txt && fail "the job printed more than the first screen"

# The ranks' own clocks, against the summary.
grep -E '^rank [0-2] compute ' out.txt >clocks.txt
expect_eq "$(wc -l <clocks.txt)" 3 "lines of the ranks' clocks"
python3 - "$results/summary.json" clocks.txt <<'EOF' || fail "summary.json: see above"
import json, sys
s = json.load(open(sys.argv[1]))
mpi = elapsed = 0.0
for line in open(sys.argv[2]):
    f = line.split()
    d = dict(zip(f[2::2], map(float, f[3::2])))
    mpi += d["mpi"]
    elapsed += d["elapsed"]
own = 100 * mpi / elapsed
tb = s["time_breakdown"]
total = sum(tb.values())
print("summary: time_breakdown", tb, "adds up to %.2f" % total)
print("summary: MPI share %.1f%%, the ranks' own %.1f%%" % (tb["mpi"], own))
ok = True
if abs(total - 100) > 1:
    print("FAIL: time_breakdown adds up to %.2f" % total); ok = False
if abs(tb["mpi"] - own) > 10:
    print("FAIL: MPI share %.1f, the ranks' own %.1f" % (tb["mpi"], own)); ok = False
if s["format"] != "gprof-par-summary" or s["version"] != 1:
    print("FAIL: format/version", s["format"], s["version"]); ok = False
if s["run"]["ranks_profiled"] != 3 or s["run"]["ranks_total"] != 3:
    print("FAIL: ranks", s["run"]); ok = False
if s["hot_function"] != "work_phase":
    print("FAIL: hot function", s["hot_function"]); ok = False
if s["imbalance"]["slowest"]["rank"] != 2 or s["imbalance"]["fastest"]["rank"] != 0:
    print("FAIL: imbalance", s["imbalance"]); ok = False
if s["imbalance"]["ranks_beyond_noise"] is not True:
    print("FAIL: 1:2:3 of the work within noise", s["imbalance"]); ok = False
# MPI_Barrier from sync_point: once before the rounds and once a round, on
# each of the 3 ranks (its time against MPI_Init's depends on the load)
barrier = [x for x in s["mpi"]["sites"] if x["function"] == "MPI_Barrier"]
if len(barrier) != 1 or barrier[0]["caller"] != "sync_point" or barrier[0]["calls"] != 27:
    print("FAIL: MPI_Barrier's site", s["mpi"]); ok = False
# rank 2 arrives last at every barrier: the least time in MPI
if s["categories"][1]["ranks"]["min_rank"] != 2:
    print("FAIL: MPI time per rank", s["categories"][1]); ok = False
# Every category per rank (each rank's paths by category): each one's
# seconds are its ranks' added up, exactly; the program's and the
# library's (libc's memcpy) against the ranks' own clocks, the other way
# round (rank 2 computes the most, rank 0 spends the most in the library):
# the ranks at the ends (twice the others'), the largest figures within
# 40% and 50 ms (quiet, every figure came within 3 samples of the clocks;
# beside a busy loop the phases of 10 to 40 ms lent each other up to 12
# samples at 100 Hz, and a rank once kept 0.5 s less than its clocks).
clock = {}
for line in open(sys.argv[2]):
    f = line.split()
    clock[int(f[1])] = dict(zip(f[2::2], map(float, f[3::2])))
cats = {c["key"]: c for c in s["categories"]}
for c in cats.values():
    r = c["ranks"]
    if r is None or r["count"] != 3 or abs(r["mean"] * 3 - c["seconds"]) > 1e-3 * max(1, c["seconds"]):
        print("FAIL: %s per rank" % c["key"], c); ok = False
def near(seconds, own):
    return abs(seconds - own) <= 0.4 * own + 0.05
for key, field, low, high in (("program", "compute", 0, 2), ("other_libraries", "library", None, 0)):
    r = cats[key]["ranks"]
    print("summary: %s per rank: %.3f (rank %d) / %.3f / %.3f (rank %d); the clocks: %s"
          % (key, r["min"], r["min_rank"], r["mean"], r["max"], r["max_rank"],
             " ".join("%.3f" % clock[k][field] for k in sorted(clock))))
    if r["max_rank"] != high or (low is not None and r["min_rank"] != low) or \
       not near(r["max"], clock[high][field]):
        print("FAIL: %s per rank against the clocks" % key); ok = False
# the library's ranks apart (0.32, 0.16 and 0.08 s by the clocks): a
# sentence names rank 0 when the figures say so clearly, none otherwise
lib = cats["other_libraries"]
clear = lib["percent"] >= 5 and lib["ranks_beyond_noise"] and lib["ranks"]["max"] >= 1.5 * lib["ranks"]["mean"]
said = [t for t in s["sentences"] if "the mean in other libraries" in t]
print("summary: other libraries %.1f%%, beyond noise %s: %s" % (lib["percent"], lib["ranks_beyond_noise"], said))
if len(said) != int(clear) or (clear and not said[0].startswith("rank 0 spends ")):
    print("FAIL: the library's sentence", s["sentences"]); ok = False
sys.exit(0 if ok else 1)
EOF
grep -q '^Hot function: work_phase ' "$results/summary.txt" ||
	fail "summary.txt does not name work_phase the hot function: $(cat "$results/summary.txt")"
grep -q '^Slowest rank: 2 .*; the ranks differ beyond sampling noise$' "$results/summary.txt" ||
	fail "summary.txt does not name rank 2 the slowest, beyond noise: $(cat "$results/summary.txt")"

# Three ranks of the same samples (rank 1's profile three times): a
# slowest rank is named, as a tie goes, but the line says it is within
# noise.  The profiles only: their companions' MPI profiles would be rank
# 1's three times, which -S refuses (a rank's profile in two files)
mkdir same
for r in 0 1 2; do
	cp "$results/ranks/gmon.out.1" same/gmon.out.$r
done
"$GPROF_PAR" -S -o same.sum --summary-text=same.txt --summary-json=same.json same "$work/app" \
	>/dev/null 2>same.err || fail "-S on three copies of a rank: $(cat same.err)"
grep -q '^Slowest rank: .*; within sampling noise$' same.txt ||
	fail "three copies of a rank are not within noise: $(grep -i 'rank' same.txt | head -3)"
grep -q '"ranks_beyond_noise": false' same.json || fail "same.json: ranks_beyond_noise not false"
! grep -q 'differ there beyond sampling noise' same.txt ||
	fail "a sentence finds imbalance in three copies of a rank: $(cat same.txt)"
grep -q '^  - rank 2 spends .* in work_phase' "$results/summary.txt" ||
	fail "no sentence on work_phase's imbalance: $(cat "$results/summary.txt")"

# The summary of the sum alone: the same breakdown (the paths and the MPI
# profile beside the sum are the ranks' summed), within a point, and the
# same samples in each category, exactly.  Every category per rank too,
# from the sum's section categories (each rank's paths by category): the
# same ranks lowest and highest, and each figure within 0.02 s of the
# ranks' own (the sum's seconds are samples at 100 Hz; the ranks' are
# scaled by their threads' clocks).  Before the section, a sum had no
# category per rank but the program's and MPI's.  The profiler itself the
# same too (its own time from the ranks' run sections, the sum's section
# runs: before, a sum said the profiler cost 0).
"$GPROF_PAR" --summary=json "$work/app" "$results/gmon.sum" >sum.json 2>sum.err ||
	fail "--summary=json on the sum: $(cat sum.err)"
python3 - "$results/summary.json" sum.json <<'EOF' || fail "the sum's summary differs"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
ta, tb = a["time_breakdown"], b["time_breakdown"]
if ta.keys() != tb.keys() or any(abs(ta[k] - tb[k]) > 1 for k in ta) or \
   [c["samples"] for c in a["categories"]] != [c["samples"] for c in b["categories"]]:
    print("FAIL:", ta, tb, [c["samples"] for c in a["categories"]],
          [c["samples"] for c in b["categories"]]); sys.exit(1)
for ca, cb in zip(a["categories"], b["categories"]):
    ra, rb = ca.get("ranks"), cb.get("ranks")
    if ca["seconds"] == 0:
        continue
    # the profiler itself: its samples and its own time no sample saw (the
    # ranks' run sections; the sum's section runs), the same
    if ca["key"] == "profiler" and abs(ca["seconds"] - cb["seconds"]) > 1e-4:
        print("FAIL: the profiler itself: the sum's %s s, the ranks' %s s" % (cb["seconds"], ca["seconds"]))
        sys.exit(1)
    if not rb or rb["count"] != 3 or \
       (rb["min_rank"], rb["max_rank"]) != (ra["min_rank"], ra["max_rank"]) or \
       any(abs(ra[k] - rb[k]) > 0.02 for k in ("min", "mean", "max")):
        print("FAIL: %s per rank: the sum's %s, the ranks' %s" % (ca["key"], rb, ra))
        sys.exit(1)
EOF
# Each rank's figures are that rank's own: the summary of each rank's file
# alone (its MPI profile beside it) gives the seconds of each category
# whose minimum, mean and maximum the job's summary lists.
for r in 0 1 2; do
	"$GPROF_PAR" --summary=json "$work/app" "$results/ranks/gmon.out.$r" >rank$r.json 2>rank.err ||
		fail "--summary=json on rank $r's file: $(cat rank.err)"
done
python3 - "$results/summary.json" rank0.json rank1.json rank2.json <<'EOF' || fail "the ranks' own figures differ"
import json, sys
s = json.load(open(sys.argv[1]))
ranks = [json.load(open(f)) for f in sys.argv[2:5]]
ok = True
for k, c in enumerate(s["categories"]):
    own = [r["categories"][k]["seconds"] for r in ranks]
    got = c["ranks"]
    want = (min(own), own.index(min(own)), sum(own) / 3, max(own), own.index(max(own)))
    # (JSON's numbers have 6 significant figures: 11.99 s is 1e-4 apart
    # from its neighbours; the mean is of three such)
    close = all(abs(a - b) <= 1e-5 * max(1.0, abs(a), abs(b)) for a, b in zip(
        (got["min"], got["mean"], got["max"]), (want[0], want[2], want[3])))
    ties = own.count(min(own)) > 1 or own.count(max(own)) > 1
    if not close or (not ties and (got["min_rank"], got["max_rank"]) != (want[1], want[4])):
        print("FAIL: %s per rank %s, the ranks' own summaries %s" % (c["key"], got, own)); ok = False
sys.exit(0 if ok else 1)
EOF
# The ranks' files named (no sum): each rank's paths read for the report
# give every category per rank as the sum's pass does.
"$GPROF_PAR" --summary=json "$work/app" "$results"/ranks/gmon.out.[0-2] >named.json 2>named.err ||
	fail "--summary=json on the named rank files: $(cat named.err)"
python3 - "$results/summary.json" named.json <<'EOF' || fail "the named files' summary differs"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
if a["categories"] != b["categories"] or a["time_breakdown"] != b["time_breakdown"]:
    print("FAIL:", a["categories"], b["categories"]); sys.exit(1)
EOF

# The same pass on 1 and 2 processes: the same summary (the per-rank
# figures come from the load balance's statistics, reduced exactly), and
# its time is the rank files' (not the sum's, written now).
"$GPROF_PAR" -S -o one.sum --summary-json=one.json "$results/ranks" "$work/app" >/dev/null 2>one.err ||
	fail "-S --summary-json on 1 process: $(cat one.err)"
"$MPIRUN" --oversubscribe -np 2 "$GPROF_PAR" -S -o two.sum --summary-json=two.json \
	"$results/ranks" "$work/app" >/dev/null 2>two.err || fail "-S --summary-json on 2 processes: $(cat two.err)"
cmp -s one.json two.json || fail "the summary on 2 processes differs: $(diff one.json two.json | head -5)"
cmp -s one.json "$results/summary.json" || fail "the summary differs from the job's: $(diff one.json "$results/summary.json" | head -5)"
# without GNU's sections (-P -Q) no call graph is built: the same summary
"$GPROF_PAR" -S -P -Q -o nocg.sum --summary-json=nocg.json "$results/ranks" "$work/app" >/dev/null 2>nocg.err ||
	fail "-S -P -Q --summary-json: $(cat nocg.err)"
cmp -s one.json nocg.json || fail "the summary without GNU's sections differs: $(diff one.json nocg.json | head -5)"
# The summary alone counts the load balance's samples but not its calls
# per function (the summary reads none): the same summary, on 1 and 2
# processes
"$GPROF_PAR" -S -o alone.sum --no-load-balance --summary-json=alone.json "$results/ranks" \
	"$work/app" >/dev/null 2>alone.err || fail "-S --no-load-balance --summary-json: $(cat alone.err)"
cmp -s one.json alone.json || fail "the summary without the load balance's calls differs: $(diff one.json alone.json | head -5)"
"$MPIRUN" --oversubscribe -np 2 "$GPROF_PAR" -S -o alone2.sum --no-load-balance \
	--summary-json=alone2.json "$results/ranks" "$work/app" >/dev/null 2>alone2.err ||
	fail "-S --no-load-balance --summary-json on 2 processes: $(cat alone2.err)"
cmp -s one.json alone2.json || fail "the summary alone on 2 processes differs: $(diff one.json alone2.json | head -5)"

# The wall clock without the MPI profile (BG_GMON_CLOCK=wall): MPI's share
# from the samples under MPI calls, MPI's own threads left out, within 10
# points of the ranks' own too.
mkdir wall
(cd wall && BG_GMON_CLOCK=wall "$MPIRUN" --oversubscribe -np 3 "$GMON_RUN" "$work/app" 4 \
	>clocks.txt 2>run.err) || fail "the wall-clock run failed: $(cat wall/run.err)"
"$GPROF_PAR" --summary=json "$work/app" wall/gmon.out.[0-2] >wall.json 2>wall.err ||
	fail "--summary=json on the wall clock's files: $(cat wall.err)"
python3 - wall.json wall/clocks.txt <<'EOF' || fail "wall clock: see above"
import json, sys
s = json.load(open(sys.argv[1]))
mpi = elapsed = 0.0
for line in open(sys.argv[2]):
    f = line.split()
    if f and f[0] == "rank":
        d = dict(zip(f[2::2], map(float, f[3::2])))
        mpi += d["mpi"]
        elapsed += d["elapsed"]
own = 100 * mpi / elapsed
tb = s["time_breakdown"]
print("summary: wall clock: MPI share %.1f%%, the ranks' own %.1f%%; total %.2f s, the ranks' %.2f s"
      % (tb["mpi"], own, s["run"]["total_seconds"], elapsed))
ok = s["run"]["clock"] == "wall" and s["mpi"] is None and abs(sum(tb.values()) - 100) <= 1
ok = ok and abs(tb["mpi"] - own) <= 10 and abs(s["run"]["total_seconds"] - elapsed) <= 0.1 * elapsed
# issue 38: the top functions are shares of the same samples (MPI's own
# threads' left out: they headed the lists, poll and epoll_wait), and the
# slowest rank's time in the program is the category table's
n = s["run"]["samples"]
print("summary: wall clock: %d samples, %d of MPI's threads left out" % (n, s["run"]["mpi_thread_samples"]))
ok = ok and s["run"]["mpi_thread_samples"] > 0
ok = ok and sum(f["self_samples"] for f in s["top_self"]) <= n
for f in s["top_self"] + s["top_inclusive"]:
    for k in ("self", "total"):
        if abs(f[k + "_percent"] - 100.0 * f[k + "_samples"] / n) > 0.05:
            print("FAIL: %s's %s_percent %.2f is not of the %d samples counted" % (f["name"], k, f[k + "_percent"], n))
            ok = False
prog = [c for c in s["categories"] if c["key"] == "program"][0]["ranks"]
slow = s["imbalance"]["slowest"]
print("summary: wall clock: slowest rank %d %.3f s, the table's max %.3f s (rank %d)"
      % (slow["rank"], slow["seconds"], prog["max"], prog["max_rank"]))
ok = ok and slow["rank"] == prog["max_rank"] and abs(slow["seconds"] - prog["max"]) < 0.0015
sys.exit(0 if ok else 1)
EOF

# The sum with its companion (-S given the executable: its section balance)
# holds every rank's load balance: the same slowest rank as the ranks' files.
"$GPROF_PAR" --summary "$work/app" "$results/gmon.sum" >sum.txt 2>sum.err ||
	fail "--summary on the sum: $(cat sum.err)"
grep -q '^Slowest rank: 2 .*; the ranks differ beyond sampling noise$' sum.txt ||
	fail "the sum's summary does not name rank 2 the slowest, beyond noise: $(grep '^Slowest' sum.txt)"

# Without call paths (BG_GMON_CALLSTACKS=0): the functions from the
# histogram, the hot function the same.  (The sum of the earlier layout:
# its companion unpacked as the earlier files, but for the paths and the
# load balance, which the earlier layout never had.)
mkdir nopaths
cp "$results/gmon.sum" "$results/gmon.sum+gmon-mpi" nopaths/
(cd nopaths && unpack_companions gmon.sum && rm -f gmon.sum+gmon-mpi gmon.sum+paths gmon.sum+balance)
"$GPROF_PAR" --summary "$work/app" nopaths/gmon.sum >nopaths.txt 2>nopaths.err ||
	fail "--summary without paths: $(cat nopaths.err)"
grep -q '^Hot function: work_phase ' nopaths.txt && grep -q '^Top functions by self time (the histogram' nopaths.txt ||
	fail "--summary without paths: $(cat nopaths.txt)"
# a sum alone (3 ranks in it) says where each rank's figures are: in the
# ranks' files, not "sum them" (it is their sum)
grep -qxF "Slowest rank: - (a sum holds no rank's own figures: name the ranks' files, gprof-par --summary EXECUTABLE gmon.out.*, to compare them)" nopaths.txt ||
	fail "the slowest rank of a sum alone: $(grep '^Slowest rank' nopaths.txt)"

# gmon-job asks for the MPI profile when ldd names libmpi, whatever ldd
# writes after it (its grep -q stopped reading at the match: ldd died of
# SIGPIPE and, under pipefail, the MPI profile was left out about 1 run in
# 7): an ldd that writes much more after the real one's lines.
mkdir fake-bin
printf '#!/bin/sh\nldd "$@" || exit\ni=0\nwhile [ $i -lt 100000 ]; do echo padding; i=$((i + 1)); done\n' |
	sed "s|^ldd |$(command -v ldd) |" >fake-bin/ldd
chmod +x fake-bin/ldd
status=0
PATH=$work/fake-bin:$PATH LAUNCHER="$MPIRUN --oversubscribe" GMON_NTASKS=1 \
	GMON_RESULTS=$work/results-ldd bash "$top_srcdir/scripts/gmon-job" "$work/app" 1 \
	>ldd-out.txt 2>&1 || status=$?
[ $status -eq 0 ] || { cat ldd-out.txt >&2; fail "gmon-job with a long ldd exited with $status"; }
grep -q '^command: .*gmon-run .*--mpi ' "$work"/results-ldd/local-*/job.txt ||
	fail "gmon-job left the MPI profile out: $(grep gmon-run "$work"/results-ldd/local-*/job.txt)"

# The HTML page.
html=$results/report.html
if grep -Eiq 'https?:' "$html"; then
	fail "report.html refers to the network: $(grep -Eio '.{30}https?:.{30}' "$html" | head -3)"
fi
note "report.html: $(wc -c <"$html") bytes"
if ! command -v chromium >/dev/null; then
	note "no chromium: report.html is not rendered (scripts/lib.sh installs it)"
	exit 0
fi
browse() { # OUTPUT-OPTION FILE
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--allow-file-access-from-files --virtual-time-budget=5000 --window-size=1280,1600 \
		"$1" "file://$2" 2>>chromium.err
}
browse --dump-dom "$html" >dom.html || fail "chromium failed: $(tail -5 chromium.err)"
for name in work_phase MPI_Barrier sync_point; do
	grep -q "$name" dom.html || fail "Chromium's DOM has no $name"
done
# the scripts ran: a click on work_phase's row opens its details; a click
# on the first column's heading sorts the functions
sed 's|</body>|<script>(function(){var r=document.querySelector("tr.fn[data-fn]");\
var d=document.getElementById(r.getAttribute("data-fn"));r.click();\
var t=document.getElementById("functions-table");t.tHead.rows[0].cells[1].click();\
t.tHead.rows[0].cells[1].click();\
document.body.setAttribute("data-check",(d.open?"opened":"closed")+" "+\
t.tBodies[0].rows[0].cells[0].querySelector("summary").textContent);})();</script></body>|' "$html" >check.html
browse --dump-dom "$PWD/check.html" >check-dom.html || fail "chromium failed on check.html"
grep -q 'data-check="opened work_phase"' check-dom.html ||
	fail "a click did not open the details, or sorting by self % did not put work_phase first: $(grep -o 'data-check="[^"]*"' check-dom.html)"
browse --screenshot="$work/shot.png" "$html" >/dev/null || fail "chromium took no screenshot"
python3 - shot.png <<'EOF' || fail "the screenshot is blank"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        bpp = {2: 3, 6: 4}[ctype]
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride, prev, colours = w * bpp, bytearray(w * bpp), set()
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    if y % 4 == 0:
        for x in range(0, stride, bpp * 2):
            colours.add(bytes(line[x:x + 3]))
    prev = line
print("summary: the screenshot has %d colours" % len(colours))
sys.exit(0 if len(colours) > 20 else 1)
EOF
note "Chromium renders report.html: names in the DOM, a click opens, a heading sorts, a screenshot with colours"
