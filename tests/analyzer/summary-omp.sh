#!/bin/bash
# summary-omp.sh - the job summary's OpenMP categories (issue 30) on a real
# -fopenmp -pg program (corpus/summary-omp.c): thread 0 waits for thread 1
# at each region's end, spinning (OMP_WAIT_POLICY=active), every thread
# sampled on its own CPU clock (BG_GMON_START_THREAD_TIMERS=all).  The
# summary's "OpenMP runtime, waiting" holds the master's CPU time in the
# runtime as it measured it (libgomp's barrier code is unnamed in a stripped
# libgomp: counted as waiting), at least (see below); "working" holds little.
# Then two "ranks" of it (OMPI_COMM_WORLD_RANK, no MPI): each rank's
# figures in every category, counted from its paths as they are summed (-S)
# or read (the files named), are those of the summary of its file alone:
# libgomp's frames, without frame pointers in a stripped library, are
# classified per rank as in the total.
set -u
. "${top_srcdir:?}/tests/e2e-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
"${CC:-gcc}" -g -O1 -pg -fopenmp "$top_srcdir/tests/analyzer/corpus/summary-omp.c" -o prog \
	-I"$top_srcdir/tests/analyzer/corpus" -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" 2>build.err || skip "cannot build an OpenMP -pg program"
OMP_WAIT_POLICY=active BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./prog >clocks.txt ||
	fail "the program failed"
[ -s gmon.out ] && [ -s gmon.out+gmon-mpi ] || fail "no gmon.out and its companion (call paths)"
"$GPROF_PAR" --summary=json prog gmon.out >summary.json 2>summary.err ||
	fail "--summary=json: $(cat summary.err)"
"$GPROF_PAR" --summary prog gmon.out >summary.txt 2>summary.err || fail "--summary: $(cat summary.err)"
grep -q "^Summary of prog: 1 rank profiled, 2 threads sampled, cpu clock" summary.txt ||
	fail "the run's line names no 2 threads: $(grep 'rank' summary.txt | head -3)"
python3 - summary.json clocks.txt <<'PY' || fail "see above"
import json, sys
s = json.load(open(sys.argv[1]))
f = open(sys.argv[2]).read().split()
clocks = dict(zip(f[0::2], map(float, f[1::2])))
c = {x["key"]: x for x in s["categories"]}
wait, working = c["openmp_waiting"]["seconds"], c["openmp_working"]["seconds"]
print("summary-omp: OpenMP waiting %.3f s, working %.3f s; the master's own time in the "
      "runtime %.3f s" % (wait, working, clocks["runtime"]))
# at least the master's own time in the runtime (less 25% and 20 ms); no
# upper bound: on this 2-core VM the per-thread timers' samples of the
# threads' work land in part in their next phase, the spin (the work at
# 0.27-0.40 s of the 0.6 s the clocks say, the runtime's up to 0.58 s for
# 0.23 s, quiet or loaded, with the runtime of before issue 25 too: see the
# session's notes), which only ever added to "waiting"
ok = wait >= 0.75 * clocks["runtime"] - 0.02 and working <= 0.02
ok = ok and s["hot_function"] == "work" and abs(sum(s["time_breakdown"].values()) - 100) <= 1
# the run's threads: the master and libgomp's one worker took samples
print("summary-omp: threads %s (rank %s)" % (s["run"]["threads"], s["run"]["threads_rank"]))
ok = ok and s["run"]["threads"] == 2 and s["run"]["threads_rank"] is None
# advice where OpenMP's waiting is much of the time (20% and up), backed by
# its figure: the share the sentence gives is the category's (issue 38)
share = s["time_breakdown"]["openmp_waiting"]
said = [t for t in s["sentences"] if "OpenMP threads wait" in t]
advice = [t for t in said if "OMP_WAIT_POLICY=passive" in t and "OMP_NUM_THREADS" in t]
print("summary-omp: waiting %.1f%%, said: %s" % (share, said))
ok = ok and len(said) == (1 if share >= 5 else 0)
ok = ok and (len(advice) == 1) == (share >= 20)
ok = ok and all(t.startswith("%.0f%% of the time" % share) for t in said)
sys.exit(0 if ok else 1)
PY

mkdir ranks
for r in 0 1; do
	(cd ranks && OMP_WAIT_POLICY=active BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 \
		OMPI_COMM_WORLD_RANK=$r BG_GMON_RANK_SUBSET=0:1 ../prog >/dev/null) || fail "rank $r failed"
	"$GPROF_PAR" --summary=json prog "ranks/gmon.out.$r" >rank$r.json 2>rank.err ||
		fail "--summary=json on rank $r: $(cat rank.err)"
done
"$GPROF_PAR" --summary=json prog ranks/gmon.out.0 ranks/gmon.out.1 >named.json 2>named.err ||
	fail "--summary=json on the two ranks' files: $(cat named.err)"
"$GPROF_PAR" -S -o ranks.sum --summary-json=summed.json ranks prog >/dev/null 2>summed.err ||
	fail "-S --summary-json on the two ranks: $(cat summed.err)"
python3 - named.json summed.json rank0.json rank1.json <<'PY' || fail "see above"
import json, sys
named, summed = (json.load(open(f)) for f in sys.argv[1:3])
own = [json.load(open(f)) for f in sys.argv[3:5]]
ok = named["categories"] == summed["categories"]
for k, c in enumerate(named["categories"]):
    mine = [o["categories"][k]["seconds"] for o in own]
    r = c["ranks"]
    if r is None or r["count"] != 2 or abs(r["min"] - min(mine)) > 1e-6 or abs(r["max"] - max(mine)) > 1e-6:
        print("FAIL: %s per rank %s, each rank's own %s" % (c["key"], r, mine)); ok = False
w = named["categories"][2]
print("summary-omp: OpenMP waiting per rank %s, each rank's own %s"
      % (w["ranks"], [o["categories"][2]["seconds"] for o in own]))
ok = ok and w["key"] == "openmp_waiting" and w["ranks"]["max"] > 0
sys.exit(0 if ok else 1)
PY
