# e2e-lib.sh - the frame of the end-to-end shell tests (runtime/lib.sh and
# analyzer/jobs-lib.sh source it): strict mode, a work directory named after
# the test under the build tree (kept on failure, removed on success), mpirun
# allowed as root, and fail/skip/note/expect_eq.  (No profiling setting is
# inherited from the caller's environment: tests/clean-environment.sh.)

set -eu

: "${top_srcdir:?run me through make check}" "${top_builddir:?run me through make check}"
test_name=$(basename "$0" .sh)
work=$PWD/$test_name.dir

rm -rf "$work"
mkdir -p "$work"
cd "$work"
# at_exit: what a test leaves to run however it ends (its busy loops), before
# the directory is removed on success
at_exit=
trap 'status=$?; eval "$at_exit"; [ $status -eq 0 ] && { cd /; rm -rf "$work"; }; exit $status' EXIT

# A command whose failure ends the test through set -e says which, where and
# with what status (three CI runs ended a test with nothing said: an mpirun's
# 139, a kill's 1).  errtrace carries the trap into functions; it says
# nothing where set -e is off (set +e, an if's test, || and !), nor in a
# subshell or a pipeline's part, whose status reaches this shell's command.
# (bash only: the tests run by /bin/sh have no ERR trap.)
if [ -n "${BASH_VERSION:-}" ]; then
	set -o errtrace
	trap 'status=$?; case $- in *e*) [ "$BASHPID" = "$$" ] && printf "FAIL: %s: line %s%s: status %s from: %s\n" "$test_name" "$LINENO" "${FUNCNAME:+ (in ${FUNCNAME[*]})}" "$status" "$BASH_COMMAND" >&2;; esac; (exit $status)' ERR
fi

if [ "$(id -u)" -eq 0 ]; then
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi

fail() { printf 'FAIL: %s: %s\n' "$test_name" "$*" >&2; exit 1; }
skip() { printf 'SKIP: %s: %s\n' "$test_name" "$*" >&2; exit 77; }
note() { printf '%s: %s\n' "$test_name" "$*"; }

# unpack_companions (the tests that read a companion's sections as files)
unpack_tool=$top_builddir/tests/analyzer/gmon-read-tool
. "$top_srcdir/tests/unpack-lib.sh"

expect_eq() { # actual expected what
	[ "$1" = "$2" ] || fail "$3: expected '$2', got '$1'"
}
