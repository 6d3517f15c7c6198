#!/bin/bash
# A sample handler half way through when the profile is written at exit
# (descheduled between its check that sampling runs and its adding, as
# on a loaded machine: here an LD_PRELOADed clock makes each handler of
# the spinning thread take 30 ms there, and fsync takes 300 ms, so the
# handler finishes during the write) must not add its samples after the
# snapshot: the write waits for it, so the verbose line's count after the
# write equals what the file holds.  Without the wait the handler's
# samples land after the snapshot, nearly every run.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/spin-at-exit.c" -pthread
"$CC" -shared -fPIC -O1 "$programs/slow-thread-clock.c" -o slow-thread-clock.so -ldl
"$CC" -shared -fPIC -O1 "$programs/slow-fsync.c" -o slow-fsync.so -ldl

for run in 1 2 3; do
	rm -f gmon.out
	env BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 LD_PRELOAD="$work/slow-thread-clock.so $work/slow-fsync.so" ./app 2>stderr ||
		fail "the program failed: $(cat stderr)"
	in_file=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)
	read -r total outside < <(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples (\([0-9]*\) outside the text).*/\1 \2/p' stderr)
	[ -n "${total:-}" ] || fail "no verbose line: $(cat stderr)"
	note "run $run: $in_file samples in the file, $total counted after the write ($outside outside the text)"
	[ "$in_file" -ge 1 ] || fail "run $run: no sample of the spinning thread"
	expect_eq "$((total - outside))" "$in_file" "run $run: samples counted after the write, less those outside the text"
done
note ok
