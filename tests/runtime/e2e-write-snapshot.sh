#!/bin/bash
# The sampling timers stop before the profile is written: while a thread is
# still burning CPU at exit and the write is slow (fsync takes 300 ms more,
# from an LD_PRELOADed library), no sample is added after the snapshot.
# The verbose line counts the samples after the write: it must equal what
# the file holds plus what fell outside the text, with the default
# process-wide timer and with per-thread timers.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/spin-at-exit.c" -pthread
"$CC" -shared -fPIC -O1 "$programs/slow-io.c" -o slow-io.so -ldl

for policy in "" all; do
	rm -f gmon.out
	env ${policy:+BG_GMON_START_THREAD_TIMERS=$policy} BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 \
		LD_PRELOAD=$work/slow-io.so ./app 2>stderr || fail "the program failed: $(cat stderr)"
	expect_written_samples "${policy:-process}" 100
done
note ok
