#!/bin/bash
# Programs built with -pg -mfentry call __fentry__ first thing, before the
# prologue (no frame pointer: the caller's return address is one slot above
# the trampoline's own).  Exact call counts and callers, checked with GNU
# gprof, linked with -lgmon-mpi (serially and under mpirun), -static with
# libgmon-mpi.a, and LD_PRELOADed by gmon-run into an unmodified binary.
. "$(dirname "$0")/lib.sh"
need_gprof

# check_profile PROGRAM GMON-FILE...: callers.c's counts and callers
check_profile() {
	local program=$1; shift
	local what="$program: $*"
	expect_eq "$(calls_of "$program" common_work "$@")" 1000 "$what: common_work calls"
	expect_eq "$(calls_of "$program" other_work "$@")" 10 "$what: other_work calls"
	expect_eq "$(calls_of "$program" leaf "$@")" 1020 "$what: leaf calls"
	"$GPROF" -b -q "$program" "$@" >graph
	# the callers of leaf, and of common_work, in GNU gprof's call graph
	grep -Eq '^ +[0-9.]+ +[0-9.]+ +1000/1020 +common_work \[' graph ||
		fail "$what: no common_work -> leaf arc with 1000 of 1020 calls: $(cat graph)"
	grep -Eq '^ +[0-9.]+ +[0-9.]+ +20/1020 +other_work \[' graph ||
		fail "$what: no other_work -> leaf arc with 20 of 1020 calls: $(cat graph)"
	grep -Eq '^ +[0-9.]+ +[0-9.]+ +1000/1000 +main \[' graph ||
		fail "$what: no main -> common_work arc with 1000 calls: $(cat graph)"
}

# uses_fentry PROGRAM: callers.c's functions call __fentry__, not mcount
uses_fentry() {
	local f
	for f in main common_work other_work leaf; do
		objdump -d --disassemble="$f" "$1" >disassembly
		grep -q 'call.*__fentry__' disassembly || fail "$1: $f does not call __fentry__"
		! grep -q 'call.*mcount' disassembly || fail "$1: $f calls mcount"
	done
}

build_linked linked "$programs/callers.c" -mfentry
uses_fentry linked
./linked
check_profile linked gmon.out
rm -f gmon.out
mpirun_np 2 ./linked
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1" "files of the linked program under mpirun"
check_profile linked gmon.out.1

rm -f gmon.out*
build_static static "$programs/callers.c" -mfentry
uses_fentry static
nm static | grep -q ' gmon_count_arc$' || fail "the static program does not contain gmon-mpi's __fentry__"
./static
check_profile static gmon.out

rm -f gmon.out
build_plain plain "$programs/callers.c" -mfentry
uses_fentry plain
GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so mpirun_np 2 "$top_builddir/scripts/gmon-run" ./plain
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1" "files of the preloaded program under mpirun"
check_profile plain gmon.out.0
note "ok"
