#!/bin/bash
# write(2) may write less than asked (a signal, a network file system):
# with every write of the profile cut to 7 bytes by a preloaded library,
# the file is the same size as without, and holds the same exact arcs,
# which GNU gprof reads.  (A writer that restarted from the buffer's start
# would repeat bytes.)  Serial: mpirun's own pipes would get the short
# writes too.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/callers.c"
"$CC" -shared -fPIC -O1 "$programs/short-writes.c" -o short-writes.so -ldl

./app || fail "the normal run failed"
mkdir short && cd short
LD_PRELOAD=$work/short-writes.so ../app || fail "the run with short writes failed"
expect_eq "$(stat -c %s gmon.out)" "$(stat -c %s ../gmon.out)" "size of gmon.out"
"$top_builddir/tests/runtime/gmon-inspect" arcs gmon.out >arcs.short || fail "the file cannot be read"
"$top_builddir/tests/runtime/gmon-inspect" arcs ../gmon.out >arcs.normal
cmp -s arcs.short arcs.normal || fail "the arcs differ with short writes: $(diff arcs.normal arcs.short | head)"
expect_eq "$(calls_of ../app leaf gmon.out)" 1020 "leaf calls"
expect_eq "$(calls_of ../app common_work gmon.out)" 1000 "common_work calls"
note ok
