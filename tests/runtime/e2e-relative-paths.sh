#!/bin/bash
# A -pg library loaded by a relative path (issue 31, item 4): the dynamic
# linker names it as it was asked for ("./libwork.so", "lib/libwork.so"
# from a relative LD_LIBRARY_PATH entry), and the runtime wrote no profile
# for a module whose name was not absolute: its calls were lost, the list
# saying "-".  Its absolute path now comes from /proc/self/maps (the file
# mapped at its first segment).
#   - dlopen("./libwork.so"), kept loaded: its profile, lib_inner's 3000
#     calls, the list naming the absolute path;
#   - the same, closed with dlclose before exit;
#   - linked with -lwork, found through LD_LIBRARY_PATH=lib;
#   - a flush signal's writer does the same (dlopen, then SIGUSR1).
. "$(dirname "$0")/lib.sh"
need_gprof

"$CC" -shared -fPIC -pg -O1 "$programs/libwork.c" -o libwork.so
mkdir lib
cp libwork.so lib/
build_linked plugins "$programs/plugins.c" -ldl
build_linked caller "$programs/dlclose-caller.c" -ldl
build_linked worker "$programs/work-caller.c" -L"$work" -lwork

# check LABEL ABSOLUTE-PATH: the list's line for it names a profile with
# lib_inner's 3000 calls
check() {
	local file
	file=$(awk -F'\t' -v p="$2" '$8 == p { print $1 }' gmon.out+modules)
	[ -n "$file" ] && [ "$file" != - ] && [ -s "$file" ] ||
		fail "$1: no profile listed for $2: $(cat gmon.out+modules)"
	expect_eq "$(calls_of "$2" lib_inner "$file")" 3000 "$1: lib_inner's calls in $file"
}

./plugins ./libwork.so 3000 || fail "the run (dlopen ./libwork.so) failed"
unpack_companions
check "dlopen(\"./libwork.so\")" "$work/libwork.so"

rm -f gmon.out*
./caller ./libwork.so lib_outer 3000 1 > /dev/null || fail "the run (closed) failed"
unpack_companions
check "dlopen(\"./libwork.so\"), closed" "$work/libwork.so"

rm -f gmon.out*
LD_LIBRARY_PATH=lib ./worker > /dev/null || fail "the run (LD_LIBRARY_PATH=lib) failed"
unpack_companions
check "LD_LIBRARY_PATH=lib" "$work/lib/libwork.so"

rm -f gmon.out*
status=0
BG_GMON_FLUSH_SIGNALS=USR1 ./caller ./libwork.so lib_outer 3000 0 keep,flush > /dev/null || status=$?
unpack_companions
expect_eq "$status" 138 "exit status after the flush signal"
check "dlopen(\"./libwork.so\"), flushed" "$work/libwork.so"
note ok
