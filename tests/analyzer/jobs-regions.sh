#!/bin/bash
# The job's reports use the views that name an OpenMP loop's function (issue
# 27): gmon-job on corpus/views-omp.c, whose loop (stencil._omp_fn.0) lies
# right after neighbour(), which never runs.  profile.txt is GNU gprof's
# report, which charges the loop to neighbour (the construction bites);
# flat-profile.txt (the job's summary), the load balance, the measured call
# graph, the flame graph, the folded stacks, the callgrind profile and the
# source times, the summary (text, JSON, HTML) name stencil and never
# neighbour.
. "$(dirname "$0")/jobs-lib.sh"
need_runtime
need_sum_option

printf 'volatile int nb_sink;\nvoid neighbour(void) { nb_sink = 1; }\n' > neighbour.c
"${CC:-cc}" -O2 -g -fopenmp -pg -w neighbour.c "$top_srcdir/tests/analyzer/corpus/views-omp.c" \
	-o prog || skip "cannot build an OpenMP -pg program"
after=$(nm -n prog | awk '$2 ~ /^[tT]$/ { if (prev == "neighbour") print $3; prev = $3 }')
[ "$after" = stencil._omp_fn.0 ] ||
	skip "the symbol after neighbour is '$after', not stencil._omp_fn.0 (another compiler)"

status=0
LAUNCHER="$MPIRUN --oversubscribe" GMON_NTASKS=1 GMON_RESULTS=$work/results BG_GMON_HZ=1000 \
	OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive BG_GMON_START_THREAD_TIMERS=all \
	bash "$top_srcdir/scripts/gmon-job" "$work/prog" 3 > out 2>&1 || status=$?
[ $status -eq 0 ] || { cat out >&2; fail "the job exited with $status"; }
results=$(echo "$work"/results/local-*)
for f in profile.txt flat-profile.txt load-balance.txt call-graph-measured.txt flame-graph.svg \
	call-paths.folded call-paths.callgrind source-times.txt summary.txt summary.json report.html; do
	[ -s "$results/$f" ] || fail "$results/$f is missing or empty: $(cat out)"
done

# GNU's report: the loop is neighbour's, as GNU gprof has it
awk '$NF == "neighbour" && $3 > 0 { found = 1 } END { exit !found }' "$results/profile.txt" ||
	fail "profile.txt gives neighbour no time: the construction tests nothing"
# the job's summary: stencil on top
expect_eq "$(awk '/^ *%/ { getline; getline; print $NF; exit }' "$results/flat-profile.txt")" \
	stencil "flat-profile.txt's top row"
for f in flat-profile.txt load-balance.txt call-graph-measured.txt flame-graph.svg \
	call-paths.folded call-paths.callgrind source-times.txt summary.txt summary.json \
	report.html; do
	grep -q neighbour "$results/$f" && fail "$f names neighbour: $(grep neighbour "$results/$f")"
	grep -q stencil "$results/$f" || fail "$f does not name stencil"
done
expect_eq "$(awk '/^[^ ]+: [0-9]+ samples/ { print $1; exit }' "$results/source-times.txt")" stencil: \
	"source-times.txt's first function"
# the summary's hot function is the loop's, its hot lines the loop's (its
# OpenMP region's bins, in the views' own table)
grep -Eq '^Hot function: stencil .*hottest lines views-omp\.c:[0-9]+' "$results/summary.txt" ||
	fail "summary.txt: $(grep '^Hot function' "$results/summary.txt")"
# the summary's files beside GNU's report (asked for: -p -q; without, the
# files alone, issue 38) leave the report as it is, also without call
# paths, where the summary credits the histogram to the views' own table
# (the loop's function's)
mkdir nopaths && cp "$results/gmon.sum" nopaths/
"$GPROF_PAR" prog nopaths/gmon.sum >plain.txt 2>/dev/null || fail "gprof-par prog gmon.sum failed"
"$GPROF_PAR" -p -q --summary-text=nopaths/summary.txt --html=nopaths/report.html prog nopaths/gmon.sum \
	>with-summary.txt 2>/dev/null || fail "gprof-par --summary-text prog gmon.sum failed"
cmp -s plain.txt with-summary.txt ||
	fail "--summary-text changed the report: $(diff plain.txt with-summary.txt | head -5)"
"$GPROF_PAR" --summary-text=nopaths/summary.txt prog nopaths/gmon.sum >alone.txt 2>/dev/null ||
	fail "gprof-par --summary-text prog gmon.sum failed"
[ ! -s alone.txt ] || fail "--summary-text without -p or -q printed a report: $(head -3 alone.txt)"
grep -q '^Hot function: stencil ' nopaths/summary.txt ||
	fail "without paths: $(grep '^Hot function' nopaths/summary.txt)"
note ok
