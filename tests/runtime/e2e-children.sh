#!/bin/bash
# A -pg program started by a profiled process (fork and exec, posix_spawn,
# system()) inherits its rank's variables; it must neither replace the
# rank's profile nor be lost: it writes gmon.out.<rank>.<pid> (a serial
# program's child: gmon.out.<pid>), and the rank's own file keeps the
# rank's exact counts.  Before, all three children wrote gmon.out.<rank>
# and the parent, exiting last, replaced them: two profiles in three lost.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked spawner "$programs/spawner.c"
build_linked child "$programs/serial-calls.c"

# check_children PREFIX N: N files PREFIX.<pid>, each the child's profile
check_children() {
	local files
	files=$(ls | grep -E "^${1//./\\.}\\.[0-9]+$" || true)
	expect_eq "$(echo "$files" | grep -c .)" "$2" "child profiles named $1.<pid>: $(ls | tr '\n' ' ')"
	for f in $files; do
		expect_eq "$(calls_of child work "$f")" 1234 "work() calls in the child's $f"
	done
}

# Under mpirun: 2 ranks, 3 children each
mpirun_np 2 ./spawner "$work/child" || fail "the ranks failed"
for rank in 0 1; do
	expect_eq "$(calls_of spawner spawner_work gmon.out.$rank)" 77 "spawner_work calls in gmon.out.$rank"
	check_children "gmon.out.$rank" 3
done

# Serially: gmon.out is the parent's, gmon.out.<pid> the children's
rm -f gmon.out*
./spawner "$work/child" || fail "the serial spawner failed"
expect_eq "$(calls_of spawner spawner_work gmon.out)" 77 "spawner_work calls in gmon.out"
check_children gmon.out 3

# A process exec'd in place of a profiled one (no fork) is the same process
# and keeps its name; a marker left by an unrelated, finished process that
# is not an ancestor cannot be told apart, so only a live pid is special:
# here the variable names the pid the program itself gets.
rm -f gmon.out*
bash -c 'GMON_MPI_PROFILED_PID=$$ exec ./child' || fail "the exec'd child failed"
expect_eq "$(ls_profiles)" "gmon.out" "the profile of a process exec'd in place"
note ok
