#!/bin/bash
# jobs/gmon-profile.slurm end to end, with mpirun standing in for srun: a
# prebuilt -pg program on 6 tasks, ranks 0:5:2 writing profiles, thread
# timers, the sum on 2 MPI processes, and the report's exact call counts,
# the measured call graph, flame graph and folded stacks;
# then the errors it must refuse with a clear message and status.
. "$(dirname "$0")/jobs-lib.sh"
need_runtime
need_sum_option
script=$top_srcdir/jobs/gmon-profile.slurm

build_app app
mkdir submit
export LAUNCHER="$MPIRUN --oversubscribe" GPROF_PAR
export SLURM_JOB_ID=4242 SLURM_SUBMIT_DIR=$work/submit SLURM_NTASKS=6

# A job as Slurm starts it: in the submit directory, the tasks from
# SLURM_NTASKS, the program and its arguments on the command line.
status=0
(cd submit && BG_GMON_RANK_SUBSET=0:5:2 BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 \
	GMON_SUM_TASKS=2 bash "$script" "$work/app" --fail-rank -1 >../out 2>&1) || status=$?
[ $status -eq 0 ] || { cat out >&2; fail "the job exited with $status"; }
results=$work/submit/gmon-results/4242
grep -q "not built with -pg" out && fail "a -pg program was taken for one without: $(cat out)"
[ -d "$results" ] || fail "no results directory $results: $(cat out)"
expect_eq "$(ls_ranks "$results/ranks")" "gmon.out.0 gmon.out.2 gmon.out.4" "rank files for subset 0:5:2"
# and beside each its companion, holding the MPI profile too: 2 files a rank
expect_eq "$(ls -1 "$results/ranks" | grep '+' | sort -V | tr '\n' ' ')" \
	"gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.2 gmon.out+gmon-mpi.4 " "the ranks' companions for subset 0:5:2"
for f in gmon.sum profile.txt flat-profile.txt job.txt sum.log load-balance.txt load-balance.svg \
	mpi-profile.txt mpi-profile.csv; do
	[ -s "$results/$f" ] || [ "$f" = sum.log ] || fail "$results/$f is missing or empty"
done
ls "$results" | grep -q '\.tmp' && fail "temporary files left in $results: $(ls "$results")"
grep -q -- "-n 2 .*gprof-par -S -o $results/gmon.sum .* $results/ranks $work/app" "$results/job.txt" ||
	fail "the sum did not run on 2 processes: $(cat "$results/job.txt")"
grep -q '^outcome: *ok$' "$results/job.txt" || fail "job.txt has no ok outcome: $(cat "$results/job.txt")"

# the MPI profile, on by default for an MPI program: ranks 0, 2 and 4 (the
# subset) each call MPI_Barrier once from main
grep -q -- '--mpi ' "$results/job.txt" || fail "the job did not run gmon-run --mpi: $(cat "$results/job.txt")"
expect_eq "$(awk -F, '$1 == "\"MPI_Barrier\"" && $3 != "all" { printf "%s:%s ", $3, $4 }' "$results/mpi-profile.csv")" \
	"0:1 2:1 4:1 " "the MPI profile's barrier calls by rank"

# ranks 0, 2 and 4 call rank_work 1000, 3000 and 5000 times
expect_eq "$(calls_of app rank_work "$results/gmon.sum")" 9000 "calls of rank_work in gmon.sum"
expect_eq "$(calls_of app once_per_rank "$results/gmon.sum")" 3 "calls of once_per_rank in gmon.sum"
grep -Eq '^ +[0-9.]+ +[0-9.]+ +[0-9.]+ +9000 .* rank_work$' "$results/profile.txt" ||
	fail "profile.txt does not show rank_work called 9000 times"
grep -q 'index % time    self  children    called     name' "$results/profile.txt" ||
	fail "profile.txt has no call graph"
# The load balance, from the same pass: rank_work's calls over ranks 0, 2, 4.
expect_eq "$(awk '$NF == "rank_work" { print $9, $10, $11, $12, $13 }' "$results/load-balance.txt")" \
	"1000 0 3000.00 5000 4" "rank_work's calls (min rank mean max rank) in load-balance.txt"
grep -q "^Load balance over 3 ranks (0 to 4)" "$results/load-balance.txt" ||
	fail "load-balance.txt: $(head -3 "$results/load-balance.txt")"
grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$results/load-balance.svg" ||
	fail "load-balance.svg is no SVG"
# Every module's time, by default: the report over all modules lists the
# libraries (libc, Open MPI's) beside the program's functions.
[ -s "$results/modules-report.txt" ] || fail "modules-report.txt is missing or empty"
grep -q "^Report over all load modules (gprof-par -M)" "$results/modules-report.txt" ||
	fail "modules-report.txt: $(head -3 "$results/modules-report.txt")"
grep -Eq '(rank_work|thread_spin) \{0\}' "$results/modules-report.txt" ||
	fail "modules-report.txt names none of the program's functions"
grep -Eq '^ \{[1-9][0-9]*\} +lib[^ ]*\.so' "$results/modules-report.txt" ||
	fail "modules-report.txt lists no library: $(grep -A30 'Index by module' "$results/modules-report.txt")"

# The call paths, summed into the sum's companion (its section paths,
# unpacked here as gmon.sum+paths): the measured call graph, the flame
# graph and the folded stacks, all of the same samples.
unpack_companions "$results/gmon.sum"
for f in gmon.sum+paths call-graph-measured.txt flame-graph.svg call-paths.folded; do
	[ -s "$results/$f" ] || fail "$results/$f is missing or empty"
done
grep -q "children's times measured from [0-9]* sampled call paths" "$results/call-graph-measured.txt" ||
	fail "call-graph-measured.txt: $(head -8 "$results/call-graph-measured.txt")"
grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$results/flame-graph.svg" || fail "flame-graph.svg is no SVG"
expect_eq "$(awk '{ s += $NF } END { print s + 0 }' "$results/call-paths.folded")" \
	"$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' "$results/gmon.sum+paths")" \
	"samples in call-paths.folded and in gmon.sum+paths"
grep -Eq '^thread_spin [0-9]+$' "$results/call-paths.folded" ||
	fail "the second thread's paths do not start at thread_spin: $(cat "$results/call-paths.folded")"
# thread timers: the second thread's CPU time is sampled
[ "$(self_of "$results/flat-profile.txt" thread_spin)" -gt 0 ] ||
	fail "no samples in thread_spin with BG_GMON_START_THREAD_TIMERS=all: $(cat "$results/flat-profile.txt")"

# The same job id again: the results are never overwritten.
status=0
(cd submit && bash "$script" "$work/app" >../out 2>&1) || status=$?
expect_eq $status 2 "exit status when the results directory exists"
grep -q "cannot create the results directory .*4242" out || fail "unclear message: $(cat out)"

# Bad settings: status 2 and a message naming the setting, before any run.
export SLURM_JOB_ID=4243
bad() { # EXPECTED-MESSAGE ENV-ASSIGNMENT... -- ARGS...
	local message=$1; shift
	local envs=()
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	status=0
	(cd submit && env "${envs[@]}" bash "$script" "$@" >../out 2>&1) || status=$?
	expect_eq $status 2 "exit status with ${envs[*]} $*"
	grep -q -- "$message" out || fail "with ${envs[*]} $*: expected '$message', got: $(cat out)"
	[ ! -e "$work/submit/gmon-results/4243" ] || fail "a results directory was made for a refused job"
}
bad "BG_GMON_RANK_SUBSET='4:2' is not" BG_GMON_RANK_SUBSET=4:2 -- "$work/app"
bad "BG_GMON_START_THREAD_TIMERS='some' is not" BG_GMON_START_THREAD_TIMERS=some -- "$work/app"
bad "GMON_NTASKS='0' is not" GMON_NTASKS=0 -- "$work/app"
bad "no program" GMON_SUM_TASKS=1 --
bad "the program $work/nothing does not exist" GMON_SUM_TASKS=1 -- "$work/nothing"
bad "the launcher 'no-such-srun' is not found" LAUNCHER=no-such-srun -- "$work/app"

# --help prints the header, settings and exit statuses
bash "$script" --help >out
grep -q '^Exit status:' out && grep -q '^  LAUNCHER ' out || fail "--help: $(cat out)"
# ... and ends quietly when its reader stops early (`--help | head`: the
# engine's part then meets a closed pipe)
for i in 1 2 3; do
	bash "$script" --help 2>err | head -n 1 >/dev/null
	status=${PIPESTATUS[0]}
	expect_eq "$status:$(cat err)" "0:" "exit status and stderr of --help | head -n 1 (run $i)"
done

# A subset no task is in: no profile, status 5.
status=0
(cd submit && BG_GMON_RANK_SUBSET=7:9 bash "$script" "$work/app" >../out 2>&1) || status=$?
expect_eq $status 5 "exit status when no rank wrote a profile"
grep -q "no rank wrote a profile" out || fail "unclear message: $(cat out)"
note ok
