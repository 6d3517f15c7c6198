#!/bin/bash
# The job scripts are the scheduler's part only; the job is gmon-job's.
# Installed as `make install` lays them out (bin/gmon-run,
# libexec/gmon-mpi/gmon-job, share/gmon-mpi/jobs/) and submitted as a
# scheduler does (a copy in a spool directory, so $0 says nothing of where
# gmon-mpi is), each script finds the engine beside gmon-run on PATH; a
# GMON_JOB setting wins; no engine is a clear error (status 2).  gmon-job
# run directly is the same job without a scheduler.  BG_GMON_VERBOSE is read
# as the runtime reads it (off, Yes, garbage).  GMON_STOP_AFTER stops a
# program that runs too long, whose ranks then write their profiles.
. "$(dirname "$0")/jobs-lib.sh"
need_runtime
need_sum_option

build_app app
prefix=$work/prefix
mkdir -p "$prefix/bin" "$prefix/libexec/gmon-mpi" "$prefix/share/gmon-mpi/jobs" spool submit
cp "$GMON_RUN" "$prefix/bin/gmon-run"
cp "$top_srcdir/scripts/gmon-job" "$prefix/libexec/gmon-mpi/gmon-job"
export LAUNCHER="$MPIRUN --oversubscribe" GPROF_PAR BG_GMON_RANK_SUBSET=0:2
unset GMON_RUN

for script in gmon-profile.slurm gmon-profile.pbs; do
	cp "$top_srcdir/jobs/$script" "$prefix/share/gmon-mpi/jobs/"
	cp -f "$prefix/share/gmon-mpi/jobs/$script" spool/job-copy  # (read-only in distcheck)
	status=0
	(cd submit && PATH=$prefix/bin:$PATH GMON_RESULTS=$work/results-$script GMON_NTASKS=3 \
		bash ../spool/job-copy "$work/app" --fail-rank -1 >../out 2>&1) || status=$?
	[ $status -eq 0 ] || { cat out >&2; fail "$script from a spool copy exited with $status"; }
	results=$(echo "$work/results-$script"/local-*)
	[ -d "$results" ] || fail "$script made no results directory: $(cat out)"
	# ranks 0, 1 and 2 call rank_work 1000, 2000 and 3000 times
	expect_eq "$(calls_of app rank_work "$results/gmon.sum")" 6000 "$script: calls of rank_work"
	grep -q "^job: .*($( [ $script = gmon-profile.slurm ] && echo Slurm || echo PBS) script $script)" \
		"$results/job.txt" || fail "$script: job.txt does not name the scheduler: $(cat "$results/job.txt")"
	# --help: the script's own header, then the engine's settings
	(PATH=$prefix/bin:$PATH bash spool/job-copy --help) >help
	grep -q "^$script - profile an MPI program" help && grep -q '^  LAUNCHER ' help &&
		grep -q '^Exit status:' help || fail "$script --help: $(cat help)"
done

# GMON_JOB names the engine, even when another is installed; a missing one
# is an error that says what to set; so is no engine anywhere.
status=0
(cd submit && PATH=$prefix/bin:$PATH GMON_JOB=/nonexistent/gmon-job bash ../spool/job-copy \
	"$work/app" >../out 2>&1) || status=$?
expect_eq $status 2 "exit status with GMON_JOB naming no file"
grep -q "gmon-job is not found (at /nonexistent/gmon-job): set GMON_JOB" out ||
	fail "unclear message: $(cat out)"
status=0
(cd submit && bash ../spool/job-copy "$work/app" >../out 2>&1) || status=$?
expect_eq $status 2 "exit status without an engine"
grep -q "gmon-job is not found (at .*): set GMON_JOB, or put gmon-mpi's bin directory on PATH" out ||
	fail "unclear message: $(cat out)"
cp "$prefix/libexec/gmon-mpi/gmon-job" engine-copy
status=0
(cd submit && GMON_JOB=$work/engine-copy GMON_RUN=$prefix/bin/gmon-run GMON_NTASKS=2 \
	GMON_RESULTS=$work/results-env BG_GMON_VERBOSE=Yes bash ../spool/job-copy "$work/app" \
	>../out 2>&1) || status=$?
[ $status -eq 0 ] || { cat out >&2; fail "the job with GMON_JOB set exited with $status"; }
# BG_GMON_VERBOSE takes the runtime's values, in any case
grep -q '^command: .*gmon-run .*--verbose' "$work"/results-env/local-*/job.txt ||
	fail "BG_GMON_VERBOSE=Yes did not give gmon-run --verbose: $(cat "$work"/results-env/local-*/job.txt)"
# BG_GMON_PROFILE_LIBS goes to gmon-run --libs: each rank lists its
# sampled libraries beside its profile; a malformed value stops the job
status=0
(cd submit && GMON_JOB=$work/engine-copy GMON_RUN=$prefix/bin/gmon-run GMON_NTASKS=2 \
	GMON_RESULTS=$work/results-libs BG_GMON_PROFILE_LIBS=all bash ../spool/job-copy "$work/app" \
	>../out 2>&1) || status=$?
[ $status -eq 0 ] || { cat out >&2; fail "the job with BG_GMON_PROFILE_LIBS=all exited with $status"; }
grep -q '^command: .*gmon-run .*--libs all' "$work"/results-libs/local-*/job.txt ||
	fail "BG_GMON_PROFILE_LIBS=all did not give gmon-run --libs all"
(cd "$(echo "$work"/results-libs/local-*/ranks)" && unpack_companions)
for r in 0 1; do
	[ -s "$(echo "$work"/results-libs/local-*/ranks)/gmon.out+modules.$r" ] ||
		fail "rank $r listed no libraries: $(ls "$work"/results-libs/local-*/ranks)"
done
status=0
(cd submit && GMON_JOB=$work/engine-copy BG_GMON_PROFILE_LIBS=a::b bash ../spool/job-copy "$work/app" \
	>../out 2>&1) || status=$?
expect_eq $status 2 "exit status with BG_GMON_PROFILE_LIBS=a::b"
grep -q "BG_GMON_PROFILE_LIBS='a::b' is not all, none or library names" out ||
	fail "unclear message: $(cat out)"
status=0
(cd submit && GMON_JOB=$work/engine-copy BG_GMON_VERBOSE=maybe bash ../spool/job-copy "$work/app" >../out 2>&1) || status=$?
expect_eq $status 2 "exit status with BG_GMON_VERBOSE=maybe"
grep -q "BG_GMON_VERBOSE='maybe' is not 1, yes, true, on or 0, no, false, off" out ||
	fail "unclear message: $(cat out)"

# A program still running when the job must end: GMON_STOP_AFTER stops it
# with SIGUSR1, on which the ranks write their profiles (BG_GMON_FLUSH_
# SIGNALS, TERM,USR1 by default in a job); the job sums and reports them
# (status 4: the program did not end by itself).  Without the flush signals
# the ranks write nothing and the job says so (status 4, no profile).
# (10 s: mpirun's start and the 3,000 calls before the hang must fit in it
# on a loaded machine)
status=0
(cd submit && GMON_JOB=$work/engine-copy GMON_RUN=$prefix/bin/gmon-run GMON_NTASKS=2 \
	GMON_STOP_AFTER=0:10 GMON_RESULTS=$work/results-stop bash ../spool/job-copy "$work/app" --hang \
	>../out 2>&1) || status=$?
expect_eq $status 4 "exit status of a job whose program was stopped"
results=$(echo "$work/results-stop"/local-*)
grep -q "the program was stopped after 10 s (GMON_STOP_AFTER)" out || fail "no word of the stop: $(cat out)"
expect_eq "$(ls_ranks "$results/ranks")" "gmon.out.0 gmon.out.1" "rank files of the stopped program"
expect_eq "$(calls_of app rank_work "$results/gmon.sum")" 3000 "calls of rank_work in the stopped program's sum"
[ -s "$results/profile.txt" ] || fail "no report of the stopped program"
# the flush signal writes the companions too (the waiting ranks may have
# no sample: the files, not what they hold)
expect_eq "$(cd "$results/ranks" && ls | grep -E '^gmon\.out\+gmon-mpi\.' | tr '\n' ' ')" \
	"gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.1 " "the companions of the stopped program's ranks"
(cd "$results/ranks" && unpack_companions)
expect_eq "$(cd "$results/ranks" && ls | grep -E '^gmon\.out\+(calls|modules|paths)\.' | tr '\n' ' ')" \
	"gmon.out+calls.0 gmon.out+calls.1 gmon.out+modules.0 gmon.out+modules.1 gmon.out+paths.0 gmon.out+paths.1 " \
	"companions of the stopped program's ranks"
"$GPROF_PAR" --dump "$results/gmon.sum" 2> /dev/null | grep -q "^section	paths	" ||
	fail "no call paths in gmon.sum+gmon-mpi for the stopped program: $(ls "$results")"
status=0
(cd submit && GMON_JOB=$work/engine-copy GMON_RUN=$prefix/bin/gmon-run GMON_NTASKS=2 \
	GMON_STOP_AFTER=6 BG_GMON_FLUSH_SIGNALS= GMON_RESULTS=$work/results-noflush \
	bash ../spool/job-copy "$work/app" --hang >../out 2>&1) || status=$?
expect_eq $status 4 "exit status without flush signals"
grep -q "no rank wrote a profile" out || fail "unclear message without flush signals: $(cat out)"
status=0
(cd submit && GMON_JOB=$work/engine-copy GMON_STOP_AFTER=1:2:3:4 bash ../spool/job-copy "$work/app" \
	>../out 2>&1) || status=$?
expect_eq $status 2 "exit status with a malformed GMON_STOP_AFTER"
grep -q "GMON_STOP_AFTER='1:2:3:4' is not a duration" out || fail "unclear message: $(cat out)"

# A stripped program: no symbols for the load balance, but the ranks' files
# are still summed (then the report fails, status 7, as it always did).
strip -o app-stripped app
status=0
(cd submit && GMON_JOB=$work/engine-copy GMON_RUN=$prefix/bin/gmon-run GMON_NTASKS=2 \
	GMON_RESULTS=$work/results-stripped bash ../spool/job-copy "$work/app-stripped" \
	>../out 2>&1) || status=$?
expect_eq $status 7 "exit status of a job of a stripped program"
results=$(echo "$work/results-stripped"/local-*)
expect_eq "$(calls_of app rank_work "$results/gmon.sum")" 3000 "calls of rank_work in the stripped program's sum"
grep -q "no load balance" out || fail "no word of the missing load balance: $(cat out)"
[ -e "$results/load-balance.txt" ] && fail "a load balance of a stripped program"

# gmon-job alone: no scheduler, mpirun (here LAUNCHER) and 4 tasks by default.
status=0
(cd submit && GMON_RUN=$prefix/bin/gmon-run GMON_RESULTS=$work/results-direct BG_GMON_VERBOSE=off \
	"$prefix/libexec/gmon-mpi/gmon-job" "$work/app" >../out 2>&1) || status=$?
[ $status -eq 0 ] || { cat out >&2; fail "gmon-job run directly exited with $status"; }
results=$(echo "$work/results-direct"/local-*)
grep -q '^job: .*(none script gmon-job)' "$results/job.txt" || fail "job.txt: $(cat "$results/job.txt")"
grep -q '^tasks: *4,' "$results/job.txt" || fail "gmon-job did not default to 4 tasks: $(cat "$results/job.txt")"
grep -q -- '--verbose' "$results/job.txt" && fail "BG_GMON_VERBOSE=off gave --verbose: $(cat "$results/job.txt")"
"$prefix/libexec/gmon-mpi/gmon-job" --help | grep -q '^gmon-job - the profiling job' ||
	fail "gmon-job --help"
note ok
