#!/bin/bash
# A sample handler half way through when the profile is written at exit
# (descheduled between its check that sampling runs and its adding, as
# on a loaded machine: here an LD_PRELOADed clock makes each handler of
# the spinning thread take 10 ms there (the write waits up to 100 ms for
# it), and fsync takes 300 ms, so the handler finishes during the write)
# must not add its samples after the snapshot: the write waits for it, so
# the verbose line's count after the write equals what the file holds.  Without the wait the handler's
# samples land after the snapshot, nearly every run.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/spin-at-exit.c" -pthread
"$CC" -shared -fPIC -O1 "$programs/slow-thread-clock.c" -o slow-thread-clock.so -ldl
"$CC" -shared -fPIC -O1 "$programs/slow-io.c" -o slow-io.so -ldl

for run in 1 2 3; do
	rm -f gmon.out
	env BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 LD_PRELOAD="$work/slow-thread-clock.so $work/slow-io.so" ./app 2>stderr ||
		fail "the program failed: $(cat stderr)"
	expect_written_samples "run $run" 1
done
note ok
