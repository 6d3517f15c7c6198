#!/bin/bash
# mcount re-entered in one thread: a signal handler calls an instrumented
# function while the thread it interrupted is inside mcount's C path (new
# and chained arcs, programs/reentrant.c).  The per-thread guard drops that
# call and counts it: no crash, no hang, the interrupted thread's counts
# stay exact, and the handler's calls recorded plus those dropped are the
# signals taken, to the call.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/reentrant.c"
# timeout only stops a hung run; nothing here depends on speed
BG_GMON_VERBOSE=1 timeout 600 ./app >stdout 2>stderr || fail "the program failed ($?): $(cat stderr)"
read -r _ callers _ callees _ rounds _ signals <stdout ||
	fail "no counts from the program: $(cat stdout)"
note "$(cat stdout)"
summary=$(grep '^gmon-mpi: pid [0-9]*: wrote gmon.out:' stderr) || fail "no verbose summary: $(cat stderr)"
note "$summary"
dropped=$(sed -n 's/.* calls, [0-9]* dropped (\([0-9]*\) re-entrant, 0 out of memory).*/\1/p' <<<"$summary")
[ -n "$dropped" ] || fail "no count of re-entrant calls in: $summary"
[ "$dropped" -ge 1 ] ||
	fail "none of $signals calls from the signal handler was dropped: the re-entrancy guard did not act"

# the handler's calls: those recorded plus those dropped are the signals
recorded=$(calls_of app in_handler gmon.out)
expect_eq "$((${recorded:-0} + dropped))" "$signals" "in_handler calls recorded ($recorded) + dropped ($dropped)"

# the interrupted thread's calls, exactly: main -> caller_I callees times a
# round, caller_I -> callee_J once, two calls of set_timer, and in_handler's
pairs=$((callers * callees))
handler_arcs=$((recorded > 0 ? 1 : 0))
grep -q ", $((pairs + callers + 2 + handler_arcs)) arcs, $((rounds * 2 * pairs + 2 + recorded)) calls," <<<"$summary" ||
	fail "expected $((pairs + callers + 2 + handler_arcs)) arcs and $((rounds * 2 * pairs + 2 + recorded)) calls: $summary"
"$GPROF" -b -p app gmon.out >flat
exact() { # PREFIX CALLS: functions named PREFIX<N> listed with CALLS calls
	awk -v p="^$1[0-9]+$" -v c="$2" '$NF ~ p && NF == 7 && $4 == c { n++ } END { print n + 0 }' flat
}
expect_eq "$(exact caller_ $((rounds * callees)))" "$callers" "callers with exactly $((rounds * callees)) calls"
expect_eq "$(exact callee_ $((rounds * callers)))" "$callees" "callees with exactly $((rounds * callers)) calls"
note "ok"
