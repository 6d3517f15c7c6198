#!/bin/bash
# Corners of the call-path walker that no other test pins (issue 31,
# seeded bugs), with a library built without -pg and without frame
# pointers (libcorners.c):
#   - a thread started inside the library, which never runs the
#     executable's code: its paths are kept whole (not trimmed to nothing,
#     nor dropped uncounted): the paths ending in the library have all the
#     library's samples;
#   - a library frame holding, in a local below its return address, a
#     return address into the executable of a function no longer on the
#     stack (never_caller): the gap between the callback's frame and the
#     next is scanned for the return address nearest the next frame
#     (real_caller's), and never_caller is on no path.
. "$(dirname "$0")/lib.sh"

"$CC" -shared -fPIC -O2 -fomit-frame-pointer -Wl,--build-id "$programs/libcorners.c" \
	-o libcorners.so -lpthread
build_linked caller "$programs/corners-caller.c" -L"$work" -lcorners -Wl,-rpath,"$work"
lib=$work/libcorners.so
index_of() { awk -F'\t' -v p="$1" '$1 == "module" && $4 == p { print $2 }' gmon.out+paths; }

BG_GMON_HZ=1000 ./caller thread 100000000 || fail "the run (thread) failed"
unpack_companions
listed=$(awk -F'\t' -v p="$lib" '$8 == p { print $2 }' gmon.out+modules)
[ "${listed:-0}" -ge 20 ] || fail "thread: ${listed:-no} samples listed for libcorners.so"
index=$(index_of "$lib")
[ -n "$index" ] || fail "thread: the call paths do not name libcorners.so"
expect_eq "$(awk -F'\t' -v m="$index" '$1 == "path" { split($3, f, " "); split(f[1], a, ":")
	if (a[1] == m) s += $2 } END { print s + 0 }' gmon.out+paths)" "$listed" \
	"thread: samples of the paths ending in libcorners.so, and of its list line"

rm -f gmon.out*
BG_GMON_HZ=1000 ./caller gap 100000000 || fail "the run (gap) failed"
unpack_companions
# the executable's frames of the paths through burn_back, as functions
awk -F'\t' '$1 == "path" { n = split($3, f, " "); for (i = 1; i <= n; i++) {
	split(f[i], a, ":"); if (a[1] == 0) print i, a[2] } }' gmon.out+paths | sort -u > frames
: > functions
while read -r i at; do
	[ "$i" = 1 ] || at=$(printf '%x' $((0x$at - 1)))
	function_at caller "$at" >> functions
done < frames
sort -u functions -o functions
grep -qx burn_back functions || fail "gap: burn_back on no path: $(cat functions)"
grep -qx real_caller functions || fail "gap: real_caller on no path: $(cat functions)"
! grep -qx never_caller functions || fail "gap: never_caller, never on the stack, is on a path"
note ok
