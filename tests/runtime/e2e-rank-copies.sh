#!/bin/bash
# A run's ranks are unique (issue 39): two files of one run holding the
# same rank of the same process are copies of one rank's profile (2,048
# copies of each of 8 rank files once passed as 16,384 ranks).  A 2-rank
# run of mpi-rounds (each rank calls round_work 5 times: 10 calls) with
# rank 0's pair copied as ranks 2 and 3: -S and -s refuse, naming each
# copy and its original, and write no sum; -S --skip-bad sums ranks 0 and
# 1 once each (the bytes of the sum of those two alone), under mpirun
# -np 2 too.  Under mpirun -np 2 and 3 each process reads the runs of its
# own files and process 0 checks them all: the same words, line for line,
# and the same exit status as one process's.
. "$(dirname "$0")/lib.sh"

gpp=$top_builddir/gprof-par/gprof-par
build_linked app "$programs/mpi-rounds.c"
mkdir run && cd run || fail "no run directory"
"$MPIRUN" --oversubscribe -np 2 ../app 5 > /dev/null 2> run.err || fail "the run failed: $(cat run.err)"
[ -e gmon.out.0 ] && [ -e gmon.out.1 ] || fail "no rank files: $(ls)"
mkdir ../alone && cp gmon.out.0 gmon.out.1 gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.1 ../alone/ ||
	fail "cannot copy the run"
for r in 2 3; do
	cp gmon.out.0 gmon.out.$r && cp gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.$r || fail "cannot copy rank 0"
done

status=0
"$gpp" -S . ../app > /dev/null 2> err || status=$?
expect_eq "$status" 1 "exit status of -S over copies of a rank"
for r in 2 3; do
	grep -q "^gprof-par: ./gmon.out.$r holds rank 0 of the same process (pid [0-9]*) as ./gmon.out.0: a copy of that rank's profile$" err ||
		fail "-S does not name gmon.out.$r as a copy: $(cat err)"
done
grep -q "2 files are copies of other ranks' profiles of the same run: none is summed (--skip-bad sums each rank once)" err ||
	fail "-S does not say what it did: $(cat err)"
[ ! -e gmon.sum ] || fail "-S over copies wrote gmon.sum"
for np in 2 3; do
	status=0
	ASAN_OPTIONS=detect_leaks=0 mpirun_np "$np" -x ASAN_OPTIONS "$gpp" -S . ../app > /dev/null \
		2> err.$np || status=$?
	expect_eq "$status" 1 "exit status of mpirun -np $np -S over copies of a rank"
	grep '^gprof-par:' err.$np | cmp -s err - ||
		fail "mpirun -np $np -S over copies does not say what one process says: $(diff err err.$np)"
	[ ! -e gmon.sum ] || fail "mpirun -np $np -S over copies wrote gmon.sum"
done
status=0
"$gpp" -s ../app gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 > /dev/null 2> err || status=$?
expect_eq "$status" 1 "exit status of -s over copies of a rank"
[ ! -e gmon.sum ] || fail "-s over copies wrote gmon.sum"

(cd ../alone && "$gpp" -S . ../app > /dev/null 2> err) || fail "-S over ranks 0 and 1: $(cat ../alone/err)"
"$gpp" -S . ../app --skip-bad > /dev/null 2> err || fail "-S --skip-bad: $(cat err)"
grep -q "^gprof-par: left out: ./gmon.out.3 holds rank 0 " err || fail "--skip-bad does not name what it left out: $(cat err)"
cmp -s gmon.sum ../alone/gmon.sum || fail "-S --skip-bad over copies is not the sum of ranks 0 and 1"
[ "$("$gpp" -b -p ../app gmon.sum 2>/dev/null | awk '$NF == "round_work" { print $(NF - 3) }')" = 10 ] ||
	fail "round_work's calls in the sum: $("$gpp" -b -p ../app gmon.sum 2>&1 | head)"
# (Open MPI's own leaks under the sanitizers' build: not gprof-par's)
grep '^gprof-par: left out: ' err > left-out.1
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S . ../app --skip-bad -o par.sum > /dev/null 2> err ||
	fail "mpirun -np 2 -S --skip-bad: $(cat err)"
cmp -s par.sum gmon.sum || fail "-S --skip-bad on 2 processes differs from 1"
grep '^gprof-par: left out: ' err | cmp -s left-out.1 - ||
	fail "mpirun -np 2 -S --skip-bad does not name what one process names: $(cat err)"
note ok
