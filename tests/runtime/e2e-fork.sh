#!/bin/bash
# A forked child that exits after its parent must not overwrite the
# parent's profile.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/fork.c"
BG_GMON_VERBOSE=1 ./app child.pid 2>stderr
for _ in $(seq 100); do [ -s child.pid ] && break; sleep 0.1; done
[ -s child.pid ] || fail "the child did not run"
child=$(cat child.pid)
for _ in $(seq 100); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
sleep 0.2

expect_eq "$(ls_profiles)" "gmon.out" "files after parent and child exited"
expect_eq "$(calls_of app parent_work gmon.out)" 7 "parent_work calls"
expect_eq "$(calls_of app child_work gmon.out)" "" "child_work calls (the child's)"
grep -q "pid $child is a forked child: not writing over its parent's profile" stderr ||
	fail "verbose note of the child: $(cat stderr)"
note "ok"
