#!/bin/bash
# BG_GMON_START_THREAD_TIMERS=nocomm under a real mpirun: the MPI stack's
# own threads get no timer (the verbose summary counts them), application
# threads are sampled; with "all" every thread is.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/mpi-threads.c" -pthread

BG_GMON_START_THREAD_TIMERS=nocomm BG_GMON_VERBOSE=1 BG_GMON_HZ=1000 mpirun_np 2 ./app 2>stderr
line=$(grep -a '^gmon-mpi: rank 0: thread timers (nocomm)' stderr) ||
	fail "no thread summary from rank 0: $(cat stderr)"
note "$line"
comm=$(sed -n 's/.*sampled, \([0-9]*\) communication threads not sampled.*/\1/p' <<<"$line")
[ "${comm:-0}" -ge 1 ] || fail "no communication thread was recognised: $line"
grep -q ': 2 threads sampled' <<<"$line" || fail "expected the main and the application thread only: $line"
samples=$(samples_of app app_burn gmon.out.0)
[ "$samples" -ge 30 ] || fail "the application thread got $samples samples in rank 0"

rm -f gmon.out.*
BG_GMON_START_THREAD_TIMERS=all BG_GMON_VERBOSE=1 mpirun_np 2 ./app 2>stderr
line=$(grep -a '^gmon-mpi: rank 0: thread timers (all)' stderr) || fail "no summary: $(cat stderr)"
grep -q ": $((2 + comm)) threads sampled, 0 communication threads not sampled" <<<"$line" ||
	fail "with 'all', expected $((2 + comm)) threads sampled: $line"
note "ok"
