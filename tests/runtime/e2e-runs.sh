#!/bin/bash
# Runs that never mix (issue 28): each rank's companion records its run
# (the launcher's job, the world size, the start time, the executable's
# build-id: include/gmon-companion.h).  A directory where a 4-rank run was
# overwritten by a 2-rank run holds ranks 0-1 of the new run and 2-3 of the
# old one: -S exits 1, writes nothing, and names gmon.out.2 and gmon.out.3
# as the other run's; -S --skip-bad sums ranks 0-1 (the newest run) only,
# and says which files it left out.  -s on the named files likewise.  A
# rank file without companion (an older gmon-mpi's) is summed as before,
# with a note.  A second run and sum in one directory: the first sum's
# files the second has not are removed.  Known answers: rank r calls per_rank_work 10 * (r + 1)
# times (mpi-calls.c), so the 2-rank run's sum has 30 calls, the 4-rank
# run's 100.
. "$(dirname "$0")/lib.sh"
need_gprof

gpp=$top_builddir/gprof-par/gprof-par
build_linked app "$programs/mpi-calls.c"

mkdir mixed && cd mixed
mpirun_np 4 ../app
run4=$(sed -n 's/^job\t//p' <(strings gmon.out+gmon-mpi.3))
sleep 1
mpirun_np 2 ../app
run2=$(sed -n 's/^job\t//p' <(strings gmon.out+gmon-mpi.0))
[ -n "$run4" ] && [ -n "$run2" ] && [ "$run4" != "$run2" ] ||
	fail "the two runs' jobs: '$run4' and '$run2'"
note "the 4-rank run's job $run4, the 2-rank run's $run2"
expect_eq "$(ls | tr '\n' ' ')" \
	"gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.1 gmon.out+gmon-mpi.2 gmon.out+gmon-mpi.3 gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 " \
	"the files of the two runs"

# -S: refused, nothing written, each file's run named
status=0; "$gpp" -S . > /dev/null 2> sum.err || status=$?
expect_eq "$status" 1 "-S's exit status on the files of two runs"
expect_eq "$(ls | grep -c '^gmon\.sum' || true)" 0 "files -S wrote"
grep -q "^gprof-par: the files are of 2 different runs" sum.err || fail "no word of two runs: $(cat sum.err)"
grep -q "^gprof-par:   the newest run (job $run2, 2 ranks, .*): ./gmon.out.0 ./gmon.out.1$" sum.err ||
	fail "the newest run's files not named: $(cat sum.err)"
grep -q "^gprof-par:   another run (job $run4, 4 ranks, .*): ./gmon.out.2 ./gmon.out.3$" sum.err ||
	fail "the other run's files (gmon.out.2 and gmon.out.3) not named: $(cat sum.err)"

# -s on the named files: the same
status=0; "$gpp" -s ../app gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 > /dev/null 2> s.err || status=$?
expect_eq "$status" 1 "-s's exit status on the files of two runs"
[ ! -e gmon.sum ] || fail "-s wrote gmon.sum"
grep -q "another run (job $run4, 4 ranks, .*): gmon.out.2 gmon.out.3$" s.err ||
	fail "-s: the other run's files not named: $(cat s.err)"

# --summary and --html on the named files: refused the same way (issue 38:
# a 4-rank run mixed with an 8-rank one was "8 ranks profiled")
for opt in --summary --html=mixed.html --summary-json=mixed.json; do
	status=0; "$gpp" $opt ../app gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 > summary.out 2> summary.err ||
		status=$?
	expect_eq "$status" 1 "$opt's exit status on the files of two runs"
	[ ! -s summary.out ] && [ ! -e mixed.html ] && [ ! -e mixed.json ] ||
		fail "$opt wrote a summary of two runs: $(head -3 summary.out)"
	grep -q "another run (job $run4, 4 ranks, .*): gmon.out.2 gmon.out.3$" summary.err ||
		fail "$opt: the other run's files not named: $(cat summary.err)"
done
"$gpp" --summary --skip-bad ../app gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 > summary.out 2> summary.err ||
	fail "--summary --skip-bad failed: $(cat summary.err)"
grep -q "^Summary of ../app: 2 ranks profiled," summary.out ||
	fail "--summary --skip-bad: not the newest run's 2 ranks: $(head -1 summary.out)"

# --skip-bad: ranks 0-1 only, and says so
"$gpp" -S --skip-bad . > /dev/null 2> skip.err || fail "-S --skip-bad failed: $(cat skip.err)"
grep -q "^gprof-par: skipped 2 files of 1 other run (--skip-bad sums the newest run's 2 files: job $run2" skip.err ||
	fail "--skip-bad did not say what it left out: $(cat skip.err)"
grep -q "left out, of the run of job $run4, 4 ranks, .*: ./gmon.out.2 ./gmon.out.3$" skip.err ||
	fail "--skip-bad did not name gmon.out.2 and gmon.out.3: $(cat skip.err)"
grep -q "summed 2 of 2 files" skip.err || fail "--skip-bad did not sum 2 files: $(cat skip.err)"
expect_eq "$(calls_of ../app per_rank_work gmon.sum)" 30 "per_rank_work's calls in the sum of ranks 0-1"
"$gpp" -s -o two.sum ../app gmon.out.0 gmon.out.1 2> two.err || fail "-s of ranks 0-1: $(cat two.err)"
cmp -s gmon.sum two.sum || fail "--skip-bad's sum is not that of ranks 0-1"
# the same under mpirun -np 2
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S --skip-bad -o par.sum . > /dev/null 2> par.err ||
	fail "mpirun -np 2 gprof-par -S --skip-bad failed: $(cat par.err)"
cmp -s gmon.sum par.sum || fail "--skip-bad's sum differs under mpirun -np 2"
status=0; ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S -o par2.sum . > /dev/null 2> par2.err ||
	status=$?
[ "$status" -ne 0 ] && [ ! -e par2.sum ] || fail "mpirun -np 2 gprof-par -S summed two runs: $(cat par2.err)"
# each process reads the runs of its own files, process 0 checks them all:
# the words of one process, line for line, at 2 and 3 processes
grep '^gprof-par:' par2.err | cmp -s sum.err - ||
	fail "mpirun -np 2 -S on two runs does not say what one process says: $(diff sum.err par2.err)"
status=0; ASAN_OPTIONS=detect_leaks=0 mpirun_np 3 -x ASAN_OPTIONS "$gpp" -S -o par3.sum . > /dev/null 2> par3.err ||
	status=$?
expect_eq "$status" 1 "mpirun -np 3 -S's exit status on the files of two runs"
[ ! -e par3.sum ] || fail "mpirun -np 3 gprof-par -S summed two runs"
grep '^gprof-par:' par3.err | cmp -s sum.err - ||
	fail "mpirun -np 3 -S on two runs does not say what one process says: $(diff sum.err par3.err)"
grep -E '^gprof-par: (skipped|  left out)' skip.err > skip-words.1
for np in 2 3; do
	ASAN_OPTIONS=detect_leaks=0 mpirun_np "$np" -x ASAN_OPTIONS "$gpp" -S --skip-bad -o skip$np.sum . \
		> /dev/null 2> skip$np.err || fail "mpirun -np $np -S --skip-bad: $(cat skip$np.err)"
	grep -E '^gprof-par: (skipped|  left out)' skip$np.err | cmp -s skip-words.1 - ||
		fail "mpirun -np $np -S --skip-bad does not say what one process says: $(cat skip$np.err)"
done
cd ..

# a rank file without companion (an older gmon-mpi's) is summed, with a note
mkdir older && cp mixed/gmon.out.0 mixed/gmon.out.1 mixed/gmon.out+gmon-mpi.1 older/
"$gpp" -S older > /dev/null 2> older.err || fail "-S with a file without companion: $(cat older.err)"
grep -q "note: 1 of the 2 files have no companion" older.err || fail "no note: $(cat older.err)"
expect_eq "$(calls_of app per_rank_work older/gmon.sum)" 30 "per_rank_work's calls with a file without companion"

# Two runs and two sums in one directory (issue 40): the second run
# overwrites the rank files (as glibc), and its sum replaces the first; the
# first sum's files that the second has not (its libraries' profiles, as
# an earlier version wrote them beside the sum: the first sum's companion
# unpacked; BG_GMON_PROFILE_LIBS=none the second time) are removed, and
# named, not left beside the new sum as its own.  A sum again removes
# nothing.
mkdir twice && cd twice
mpirun_np 2 ../app --libc-work || fail "the first run failed"
"$gpp" -S . > /dev/null 2> first.err || fail "the first -S failed: $(cat first.err)"
unpack_companions gmon.sum
[ -s gmon.sum+libc.so.6 ] || fail "the first sum has no section libc.so.6: $(ls)"
BG_GMON_PROFILE_LIBS=none mpirun_np 2 -x BG_GMON_PROFILE_LIBS ../app || fail "the second run failed"
"$gpp" -S . > /dev/null 2> second.err || fail "the second -S failed: $(cat second.err)"
[ ! -e gmon.sum+libc.so.6 ] || fail "the first sum's gmon.sum+libc.so.6 is left beside the second: $(ls)"
grep -q "^gprof-par: removed the files of an earlier sum that this one does not have (they would have been read as its own): .*\./gmon\.sum+libc\.so\.6" second.err ||
	fail "the removal is not said: $(cat second.err)"
written=$(ls | grep '^gmon\.sum' | tr '\n' ' ')
"$gpp" -S . > /dev/null 2> third.err || fail "the third -S failed: $(cat third.err)"
! grep -q "removed" third.err || fail "a sum again removed files: $(cat third.err)"
expect_eq "$(ls | grep '^gmon\.sum' | tr '\n' ' ')" "$written" "the files of a sum again"
expect_eq "$(calls_of ../app per_rank_work gmon.sum)" 30 "per_rank_work's calls in the second run's sum"
cd ..
note ok
