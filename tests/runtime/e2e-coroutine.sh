#!/bin/bash
# A user-level thread whose stack shrank under it (issue 31, item 10): the
# call-path walker cached the readable mapping that held %rsp and trusted
# it while %rsp stayed inside; a coroutine (makecontext/swapcontext) run on
# the lowest 64 KiB of a stack that was 1 MiB, its frame-pointer chain
# going on to the unmapped top, died of SIGSEGV in SIGPROF's handler (exit
# 139).  Each stack page is now checked at its first read of a walk.
#   - the program exits as without profiling (0, "done"), at 1000 Hz;
#   - its profile and call paths are written, with samples in burn.
. "$(dirname "$0")/lib.sh"

build_plain plain "$programs/coroutine.c"
build_linked coroutine "$programs/coroutine.c"
status=0
./plain 5 > plain.out || status=$?
rm -f gmon.out*
expect_eq "$status $(cat plain.out)" "0 done" "the program without the runtime"
status=0
BG_GMON_HZ=1000 ./coroutine 5 > out || status=$?
expect_eq "$status $(cat out)" "0 done" "exit status and output under the runtime"
unpack_companions
[ -s gmon.out+paths ] || fail "no gmon.out+paths: $(ls_beside)"
[ "$(exact_samples_of coroutine burn gmon.out)" -gt 0 ] || fail "no sample in burn"
note ok
