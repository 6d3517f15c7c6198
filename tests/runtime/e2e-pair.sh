#!/bin/bash
# A rank's files are one pair, or none (issue 40): each companion's run
# section names the profile it was written with (its size and checksum:
# include/gmon-companion.h), and gprof-par refuses a profile beside a
# companion written with another one, as it refuses two runs, or with
# --skip-bad leaves that rank out and says so.  The runtime renames the
# profile and then at once its companion: a SIGKILL between the two (an
# LD_PRELOADed rename(2) that kills the rank, as a job's time limit would)
# leaves a pair that does not match; one before the first keeps the old
# pair.  Known answers: mpi-rounds calls round_work ROUNDS times in each
# rank, so a 2-rank run of 30 rounds sums 60 calls, of 3 rounds 6.
. "$(dirname "$0")/lib.sh"
need_gprof

gpp=$top_builddir/gprof-par/gprof-par
build_linked app "$programs/mpi-rounds.c"
# kill_at_rename.so: SIGKILL in rename(2) to a name matching KILL_AT_RENAME
cat > kill-at-rename.c <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdlib.h>

int rename(const char *from, const char *to)
{
	const char *pattern = getenv("KILL_AT_RENAME");
	const char *slash = __builtin_strrchr(to, '/');
	int (*real)(const char *, const char *) =
		(int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");

	if (pattern && fnmatch(pattern, slash ? slash + 1 : to, 0) == 0)
		raise(SIGKILL);
	return real(from, to);
}
EOF
"$CC" -shared -fPIC -o kill-at-rename.so kill-at-rename.c -ldl || fail "cannot build the rename shim"

# run DIR ROUNDS [PATTERN]: the 2-rank program in DIR, killed in the
# renames matching PATTERN (none: a whole run)
run() {
	local dir=$1 rounds=$2 pattern=${3:-}
	mkdir -p "$dir"
	if [ -n "$pattern" ]; then
		(cd "$dir" && mpirun_np 2 -x LD_PRELOAD="$PWD/../kill-at-rename.so" \
			-x KILL_AT_RENAME="$pattern" ../app "$rounds" > /dev/null 2>&1) || true
	else
		(cd "$dir" && mpirun_np 2 ../app "$rounds") || fail "the $rounds-round run in $dir failed"
	fi
}
round_calls() { calls_of app round_work "$1"; }
profile_line() { "$gpp" --dump "$1" | awk -F'\t' '$1 == "text" && $2 == "run" && $3 == "profile" { print $4 }'; }

# a whole run: each companion names its profile; summed as before
run whole 30
line=$(cd whole && profile_line gmon.out.0)
expect_eq "${line%% *}" "$(stat -c %s whole/gmon.out.0)" "the profile's size in gmon.out+gmon-mpi.0"
"$gpp" -S whole > /dev/null 2> whole.err || fail "-S of a whole run: $(cat whole.err)"
expect_eq "$(round_calls whole/gmon.sum)" 60 "round_work's calls in the sum of a whole run"
"$gpp" app whole/gmon.out.1 > /dev/null 2> one.err || fail "one rank's pair: $(cat one.err)"
expect_eq "$(round_calls whole/gmon.out.0)" 30 "GNU gprof on a rank's profile"

# every rank killed between its two renames (a time limit): the new
# profiles beside the earlier run's companions
run killed 3
cp killed/gmon.out+gmon-mpi.0 earlier-companion.0
run killed 30 'gmon.out+gmon-mpi.[0-9]*'
ls killed/gmon.out+gmon-mpi.*.tmp* > /dev/null 2>&1 ||
	note "(no companion temporary left: the kill came before it was named)"
cmp -s killed/gmon.out+gmon-mpi.0 earlier-companion.0 ||
	fail "the companion is not the earlier run's: the kill did not come between the renames"
expect_eq "$(round_calls killed/gmon.out.0)" 30 "the new profile's round_work calls"
status=0; "$gpp" -S killed > /dev/null 2> killed.err || status=$?
expect_eq "$status" 1 "-S's exit status on profiles beside the earlier run's companions"
[ ! -e killed/gmon.sum ] || fail "-S wrote a sum of the new profiles and the earlier companions"
grep -q "^gprof-par: killed/gmon.out.0 and its companion killed/gmon.out+gmon-mpi.0 are not one pair: the companion was written with another profile (.*), as when the rank was killed between writing the two.*: run the program again, or sum without this rank with --skip-bad" killed.err ||
	fail "-S did not say which pair does not match and what to do: $(cat killed.err)"
status=0
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S -o par.sum killed > /dev/null 2> par.err ||
	status=$?
[ "$status" -ne 0 ] && [ ! -e par.sum ] ||
	fail "mpirun -np 2 gprof-par -S summed the mismatched pairs: $(cat par.err)"
grep -q "killed/gmon.out.[01] and its companion .* are not one pair" par.err ||
	fail "mpirun -np 2 gprof-par -S did not say why: $(cat par.err)"
status=0; "$gpp" app killed/gmon.out.1 > /dev/null 2> single.err || status=$?
expect_eq "$status" 1 "a single rank file's exit status beside another profile's companion"
grep -q "killed/gmon.out.1 and its companion killed/gmon.out+gmon-mpi.1 are not one pair" single.err ||
	fail "a single rank file: no word of its pair: $(cat single.err)"
status=0; "$gpp" --extract-module=libc.so.6 app killed/gmon.out.1 > /dev/null 2> extract.err ||
	status=$?
expect_eq "$status" 1 "--extract-module's exit status beside another profile's companion"
grep -q "are not one pair" extract.err || fail "--extract-module: no word of the pair: $(cat extract.err)"

# one rank killed between its renames, the other whole: -S names the pair
# (not a file of the earlier run); --skip-bad sums rank 0 only, serial and
# parallel alike
mkdir mixed
cp whole/gmon.out.0 whole/gmon.out+gmon-mpi.0 killed/gmon.out.1 killed/gmon.out+gmon-mpi.1 mixed/
status=0; "$gpp" -S mixed > /dev/null 2> mixed.err || status=$?
expect_eq "$status" 1 "-S's exit status with one rank's pair mismatched"
grep -q "^gprof-par: mixed/gmon.out.1 and its companion mixed/gmon.out+gmon-mpi.1 are not one pair" mixed.err ||
	fail "-S did not name rank 1's pair: $(cat mixed.err)"
! grep -q "different runs" mixed.err || fail "-S took rank 1 for a file of the earlier run: $(cat mixed.err)"
status=0; "$gpp" -s app mixed/gmon.out.0 mixed/gmon.out.1 > /dev/null 2> s.err || status=$?
expect_eq "$status" 1 "-s's exit status with one rank's pair mismatched"
[ ! -e gmon.sum ] || fail "-s wrote gmon.sum"
"$gpp" -S --skip-bad mixed > /dev/null 2> skip.err || fail "-S --skip-bad: $(cat skip.err)"
grep -q "^gprof-par: left out: mixed/gmon.out.1 and its companion mixed/gmon.out+gmon-mpi.1 are not one pair" skip.err ||
	fail "--skip-bad did not say what it left out: $(cat skip.err)"
grep -q "summed 1 of 1 file (rank 0)" skip.err || fail "--skip-bad did not sum rank 0 alone: $(cat skip.err)"
expect_eq "$(round_calls mixed/gmon.sum)" 30 "round_work's calls in --skip-bad's sum (rank 0's)"
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S --skip-bad -o par-skip.sum mixed \
	> /dev/null 2> par-skip.err || fail "mpirun -np 2 gprof-par -S --skip-bad: $(cat par-skip.err)"
cmp -s mixed/gmon.sum par-skip.sum || fail "--skip-bad's sum differs under mpirun -np 2"

# every rank killed before its profile's rename: the earlier pairs stay
run before 3
run before 30 'gmon.out.[0-9]*'
"$gpp" -S before > /dev/null 2> before.err || fail "-S of the earlier pairs: $(cat before.err)"
expect_eq "$(round_calls before/gmon.sum)" 6 "round_work's calls: the earlier run's, whole"
note ok
