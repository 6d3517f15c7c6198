#!/bin/bash
# A -static program linked with libgmon-mpi.a, serially and under mpirun.
. "$(dirname "$0")/lib.sh"
need_gprof

build_static app "$programs/serial-calls.c"
! readelf -l app | grep -q INTERP || fail "app is not static"
nm app | grep -q ' gmon_count_arc$' || fail "app does not contain gmon-mpi's mcount"

./app
expect_eq "$(ls_profiles)" "gmon.out" "files of the serial run"
expect_eq "$(calls_of app work gmon.out)" 1234 "work calls"

rm -f gmon.out
mpirun_np 2 ./app
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1" "files under mpirun"
expect_eq "$(calls_of app work gmon.out.1)" 1234 "work calls in rank 1"
expect_eq "$(calls_of app work gmon.out.0 gmon.out.1)" 2468 "work calls in ranks 0+1"
note "ok"
