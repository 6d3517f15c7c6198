#!/bin/bash
# Call counts are exact under threads: 2 x 10,000,000 and 4 x 1,000,000.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/threads.c" -pthread
./app 2 10000000
expect_eq "$(calls_of app counted gmon.out)" 20000000 "counted() calls from 2 threads"
rm -f gmon.out
./app 4 1000000
expect_eq "$(calls_of app counted gmon.out)" 4000000 "counted() calls from 4 threads"

# For the record, glibc's runtime on the same program (not asserted)
build_plain glibc-app "$programs/threads.c" -pthread
rm -f gmon.out
./glibc-app 2 10000000
note "glibc's runtime reported $(calls_of glibc-app counted gmon.out) of 20000000 calls"
note "ok"
