#!/bin/bash
# jobs/gmon-profile.pbs end to end, with mpirun as the launcher: the program
# built by the job from its source (GMON_APP_SOURCE), the tasks counted from
# PBS_NODEFILE, the default rank subset, nocomm thread timers, a serial sum,
# the report's exact call counts; then a program that fails (status 4, its
# profile still reported) and a bad rank file (status 6, or skipped with
# GMON_SKIP_BAD=1).  Also: the common part of the two job scripts is the
# same text.
. "$(dirname "$0")/jobs-lib.sh"
need_runtime
need_sum_option
script=$top_srcdir/jobs/gmon-profile.pbs

# The two scripts differ only above the common part's marker.
marker='^# ---- common part: keep identical'
common() { sed -n "/$marker/,\$p" "$1"; }
[ -n "$(common "$script")" ] || fail "no common-part marker in $script"
common "$script" >pbs.common
common "$top_srcdir/jobs/gmon-profile.slurm" >slurm.common
diff -u slurm.common pbs.common >&2 || fail "the common parts of the Slurm and PBS scripts differ"

mkdir submit elsewhere
printf 'node1\nnode1\nnode2\nnode2\n' >nodefile
export LAUNCHER="$MPIRUN --oversubscribe" GPROF_PAR MPICC
export PBS_JOBID=77.pbs-server PBS_O_WORKDIR=$work/submit PBS_NODEFILE=$work/nodefile
cp "$top_srcdir/tests/analyzer/jobs-app.c" submit/

# PBS starts a job in the home directory: the script must go to
# PBS_O_WORKDIR, where the relative source name is.
status=0
(cd elsewhere && GMON_APP_SOURCE=jobs-app.c GMON_CFLAGS="-O1 -pthread" \
	BG_GMON_START_THREAD_TIMERS=nocomm bash "$script" >../out 2>&1) || status=$?
[ $status -eq 0 ] || { cat out >&2; fail "the job exited with $status"; }
results=$work/submit/gmon-results/77.pbs-server
expect_eq "$(ls_ranks "$results/ranks")" "gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3" \
	"rank files of 4 tasks (PBS_NODEFILE) and the default subset"
[ -x "$results/jobs-app" ] || fail "the program was not built into $results"
grep -q -- "-n 4 .*gmon-run .*--timers nocomm" "$results/job.txt" || fail "job.txt: $(cat "$results/job.txt")"
grep -q "gprof-par -S -o $results/gmon.sum .* $results/ranks " "$results/job.txt" &&
	! grep -q -- "-n [0-9]* [^ ]*gprof-par -S" "$results/job.txt" ||
	fail "4 files are not summed serially by default: $(cat "$results/job.txt")"
# ranks 0 to 3 call rank_work 1000 + 2000 + 3000 + 4000 times
expect_eq "$(calls_of "$results/jobs-app" rank_work "$results/gmon.sum")" 10000 "calls of rank_work"
expect_eq "$(calls_of "$results/jobs-app" once_per_rank "$results/gmon.sum")" 4 "calls of once_per_rank"
grep -Eq ' 10000 .* rank_work$' "$results/flat-profile.txt" ||
	fail "flat-profile.txt: $(cat "$results/flat-profile.txt")"
[ ! -e elsewhere/gmon-results ] || fail "results written where the job started, not in PBS_O_WORKDIR"

# A rank that fails: status 4, and what the ranks wrote is still reported.
export PBS_JOBID=78.pbs-server
status=0
(cd elsewhere && GMON_APP="$results/jobs-app" GMON_APP_ARGS="--fail-rank 1" GMON_NTASKS=2 \
	bash "$script" >../out 2>&1) || status=$?
expect_eq $status 4 "exit status when the program fails"
grep -q "the program failed" out || fail "unclear message: $(cat out)"
failed=$work/submit/gmon-results/78.pbs-server
expect_eq "$(calls_of "$results/jobs-app" rank_work "$failed/gmon.sum")" 3000 "calls of rank_work (2 tasks)"
[ -s "$failed/profile.txt" ] || fail "no report for the failed program"
grep -q '^outcome:.*program failed (exit' "$failed/job.txt" || fail "job.txt: $(cat "$failed/job.txt")"

# A corrupt rank file stops the sum (status 6, nothing half-written) ...
export PBS_JOBID=79.pbs-server
mkdir -p fake
cat >fake/mpirun <<'FAKE'
#!/bin/bash
# runs the real launcher, then spoils rank 1's profile, as a dying node would
"$REAL_MPIRUN" "$@"; status=$?
for f in "$CORRUPT_DIR"/gmon.out.1; do [ -e "$f" ] && head -c 30 "$f" >"$f.x" && mv "$f.x" "$f"; done
exit $status
FAKE
chmod +x fake/mpirun
corrupt_job() {
	(cd elsewhere && REAL_MPIRUN=$MPIRUN CORRUPT_DIR=$work/submit/gmon-results/$PBS_JOBID/ranks \
		LAUNCHER="$work/fake/mpirun --oversubscribe" GMON_APP="$results/jobs-app" GMON_NTASKS=3 \
		"$@" bash "$script" >../out 2>&1)
}
status=0
corrupt_job env || status=$?
expect_eq $status 6 "exit status when a rank file is corrupt"
grep -q "summing the rank files failed" out || fail "unclear message: $(cat out)"
grep -q "gmon.out.1" "$work/submit/gmon-results/79.pbs-server/sum.log" ||
	fail "sum.log does not name the bad file: $(cat "$work/submit/gmon-results/79.pbs-server/sum.log")"
[ ! -e "$work/submit/gmon-results/79.pbs-server/gmon.sum" ] || fail "a gmon.sum was left behind"

# ... unless GMON_SKIP_BAD=1: ranks 0 and 2 are summed.
export PBS_JOBID=80.pbs-server
status=0
corrupt_job env GMON_SKIP_BAD=1 || status=$?
[ $status -eq 0 ] || { cat out >&2; fail "GMON_SKIP_BAD=1: the job exited with $status"; }
expect_eq "$(calls_of "$results/jobs-app" rank_work "$work/submit/gmon-results/80.pbs-server/gmon.sum")" \
	4000 "calls of rank_work without the bad rank 1"
note ok
