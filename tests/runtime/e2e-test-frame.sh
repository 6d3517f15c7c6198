#!/bin/bash
# e2e-test-frame.sh - the frame of the shell tests (tests/e2e-lib.sh): a
# command that ends a test through set -e says its line, its function, its
# status and itself; nothing is said for failures set -e lets pass (an if's
# test, || and !, set +e, inside $( ) and ( )); fail's message and status
# stay as they were; mpirun's session directory is the test's own.

. "$(dirname "$0")/lib.sh"

# run_frame NAME BODY: a test script NAME.sh sourcing the frame, run with
# bash as make check runs the tests; its status into frame_status, its
# stderr into NAME.err
run_frame() {
	{ printf '. "%s/tests/e2e-lib.sh"\n' "$top_srcdir"; printf '%s\n' "$2"; } > "$1.sh"
	frame_status=0
	bash "$1.sh" > "$1.out" 2> "$1.err" || frame_status=$?
}

# A failure in a function: line 3 of the script (the frame's one line,
# then the body's 2nd).
run_frame ends 'helper() {
	sh -c "exit 3"
}
true; helper
echo not-reached'
expect_eq "$frame_status" 3 "status of a test ended by a failing command"
grep -qx 'FAIL: ends: line 3 (in helper main): status 3 from: sh -c "exit 3"' ends.err ||
	fail "the failing command not said as expected; its stderr: $(cat ends.err)"
grep -q not-reached ends.out && fail "the test went on past the failing command"

# Failures set -e lets pass: the test ends well and nothing is said.
run_frame passes 'guarded() { false; return 1; }
if guarded; then :; fi
guarded || true
! guarded
x=$(false; echo value)
( set +e; false; true )
set +e
false
set -e
[ "$x" = value ]'
expect_eq "$frame_status" 0 "status of a test whose failures are all guarded"
[ -s passes.err ] && fail "something said for guarded failures: $(cat passes.err)"

# fail's own message and status, with no second message from the trap.
run_frame fails 'fail "the reason"'
expect_eq "$frame_status" 1 "fail's status"
expect_eq "$(cat fails.err)" "FAIL: fails: the reason" "fail's message alone"

# Open MPI's session directory is this test's own (clean-environment.sh:
# two tests' mpiruns raced for the shared /tmp/ompi.HOST.UID)
top=$(mpirun_np 1 printenv OMPI_MCA_orte_top_session_dir) ||
	fail "mpirun -np 1 printenv failed"
case $top in
*/gmon-mpi-tests.*/e2e-test-frame.sh/ompi.*) note "mpirun's session directory: $top" ;;
*) fail "mpirun's session directory is '$top', not under this test's own" ;;
esac
exit 0
