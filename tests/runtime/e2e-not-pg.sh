#!/bin/bash
# gmon-run on a program not built with -pg: the runtime is preloaded but
# never started, and no profile can be written; this used to pass in
# silence (even with BG_GMON_VERBOSE=1).  Now one line says so: from the
# program gmon-run started (not from the programs it runs in turn), from
# rank 0 under mpirun; the program's exit status is its own.  A -pg
# program gets no such line.  And a program of two files, one built
# without -pg (mixed-pg-*.c, issue 40): its function has samples and no
# call counted, <spontaneous> in GNU's report; gprof-par names it once on
# stderr, as not compiled with -pg (its code calls no mcount), and names
# none of the -pg program's functions (main, whose call comes from libc, and
# the C runtime's frame_dummy, which takes OpenMP regions' samples, both
# have samples and no call).
. "$(dirname "$0")/lib.sh"

gmon_run=$top_builddir/scripts/gmon-run
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so
message="was not built with -pg (it never called __monstartup): no profile is written"

"$CC" -O1 "$programs/serial-calls.c" -o plain
set +e
"$gmon_run" ./plain 4 2>stderr; status=$?
set -e
expect_eq "$status" 4 "the program's exit status"
expect_eq "$(grep -c "^gmon-mpi: plain $message" stderr)" 1 "messages for a program without -pg"
expect_eq "$(ls_profiles)" "" "profiles written"

# under mpirun: rank 0 says it, once
"$MPICC" -O1 -I"$top_srcdir/include" -Dmondisable=abort "$programs/mpi-calls.c" -o mpi-plain
mpirun_np 3 "$gmon_run" ./mpi-plain 2>stderr
expect_eq "$(grep -c "$message" stderr)" 1 "messages from 3 ranks"

# a shell started by gmon-run runs the plain program: the shell says it, the
# program it starts (another pid) does not
"$gmon_run" bash -c './plain 0; ./plain 0; exit 0' 2>stderr
expect_eq "$(grep -c "$message" stderr)" 1 "messages for a shell and the two programs it ran"
grep -q "^gmon-mpi: bash $message" stderr || fail "the message does not name the shell: $(cat stderr)"

# a -pg program: a profile, no such line
build_plain pg "$programs/serial-calls.c"
"$gmon_run" ./pg 0 2>stderr
grep -q "$message" stderr && fail "a -pg program was said not to be built with -pg: $(cat stderr)"
expect_eq "$(ls_profiles)" "gmon.out" "the -pg program's profile"

# a file built without -pg among -pg ones: named
"$CC" -O1 -c "$programs/mixed-pg-other.c" -o other.o
build_linked mixed "$programs/mixed-pg-main.c" other.o
rm -f gmon.out*
./mixed 0.3 || fail "mixed-pg failed"
"$top_builddir/gprof-par/gprof-par" -b mixed gmon.out > report 2> err || fail "gprof-par: $(cat err)"
grep -q "<spontaneous>" report || fail "not_pg is not <spontaneous> in the call graph: $(cat report)"
expect_eq "$(grep -c "^gprof-par: note: functions with samples that were not compiled with -pg (their code calls no mcount), so their calls are not counted and the call graph shows them <spontaneous>: compile their files with -pg: not_pg$" err)" 1 \
	"notes naming not_pg ($(cat err))"
build_linked all-pg "$programs/mixed-pg-main.c" "$programs/mixed-pg-other.c"
rm -f gmon.out*
./all-pg 0.3 || fail "all-pg failed"
"$top_builddir/gprof-par/gprof-par" -b all-pg gmon.out > report 2> err || fail "gprof-par: $(cat err)"
! grep -q "not compiled with -pg" err || fail "a program all built with -pg: $(cat err)"
note ok
