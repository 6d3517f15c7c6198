#!/bin/bash
# scripts/gprof-par-sum: --help, its usage errors (a missing directory, no
# profile, no executable), and a real run: rank files of the runtime summed
# by `mpirun -n 2 gprof-par -S`, then serially, with the report's exact
# call counts.
. "$(dirname "$0")/jobs-lib.sh"
helper=$top_builddir/scripts/gprof-par-sum
[ -x "$helper" ] || fail "$helper is not built"
export GPROF_PAR

"$helper" --help >out || fail "--help exited with $?"
grep -q '^Usage: gprof-par-sum \[OPTION\]... \[DIR\] EXECUTABLE' out || fail "--help: $(cat out)"
grep -q -- '-n, --np P' out && grep -q '^Exit status:' out || fail "--help: $(cat out)"
"$helper" --version | grep -q '^gprof-par-sum (gmon-mpi) ' || fail "--version"

# usage_error EXPECTED-MESSAGE ARGS...: exit status 2 and the message
usage_error() {
	local message=$1 status=0; shift
	"$helper" "$@" >out 2>err || status=$?
	expect_eq $status 2 "exit status of gprof-par-sum $*"
	grep -q -- "$message" err || fail "gprof-par-sum $*: expected '$message', got: $(cat err)"
	[ ! -s out ] || fail "gprof-par-sum $*: printed on standard output: $(cat out)"
}
touch exe
usage_error "no-such-dir: no such directory" no-such-dir exe
usage_error "no executable given" 
usage_error "holds no gmon.out.<N> file" . exe
usage_error "nothing: no such file" . nothing
usage_error "unknown option '--bogus'" --bogus . exe
usage_error "positive number of processes, not 'x'" -n x . exe
usage_error "too many arguments" a b c

need_runtime
need_sum_option
build_app app
mkdir run
(cd run && BG_GMON_RANK_SUBSET=1:3 "$MPIRUN" --oversubscribe -np 4 "$GMON_RUN" ../app)
expect_eq "$(ls_ranks run)" "gmon.out.1 gmon.out.2 gmon.out.3" "rank files"

# In parallel: ranks 1 to 3 call rank_work 2000 + 3000 + 4000 times.
GMON_LAUNCHER="$MPIRUN --oversubscribe" "$helper" -n 2 run app 2>err ||
	{ cat err >&2; fail "gprof-par-sum -n 2 failed"; }
grep -q -- "-n 2 .*gprof-par -S run" err || fail "the sum did not run on 2 processes: $(cat err)"
[ -s run/gmon.sum ] && [ -s run/profile.txt ] || fail "no run/gmon.sum or run/profile.txt"
expect_eq "$(calls_of app rank_work run/gmon.sum)" 9000 "calls of rank_work"
grep -q 'index % time    self  children    called     name' run/profile.txt ||
	fail "profile.txt has no call graph"

# Serially, from the directory itself, report options after --, to stdout.
rm run/gmon.sum
(cd run && "$helper" ../app -o - -- -b -p >../flat 2>../err) || { cat err >&2; fail "serial run failed"; }
grep -Eq ' 9000 .* rank_work$' flat || fail "the brief flat profile: $(cat flat)"
grep -q 'call graph' flat && fail "-- -b -p: the report is not the flat profile only"
note ok
