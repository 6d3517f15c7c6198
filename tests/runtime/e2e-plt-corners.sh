#!/bin/bash
# Corners of the rtld-audit library (BG_GMON_COUNT_LIB_CALLS; issue 31,
# seeded bugs), with libtarget.c (target_run(N): N calls of its own
# target_inner through its PLT) built as two files, libt1.so and libt2.so:
#   - libt1.so opened, called 1000 times, closed; libt2.so opened where it
#     was (one page lower), called 2000 times, closed: each call is named
#     after the module mapped when it was counted (a generation per close).
#     The closed module's range used to be emptied at the next opening
#     over it, so that libt1.so's 1000 calls were written as libt2.so's,
#     one page off, and libt1.so had no module line;
#   - the same with a child forked after libt1.so's calls, which makes 777
#     more and outlives the parent by 0.5 s: the parent's file stays (the
#     child writes none);
#   - the profile cannot be written (gmon.out is a directory): no
#     gmon.out+plt-calls either (it was written, beside no profile).
. "$(dirname "$0")/lib.sh"

audit=$top_builddir/audit/.libs/libgmon-mpi-audit.so
[ -r "$audit" ] || fail "no audit library $audit"
"$CC" -shared -fPIC -O1 -Wl,--build-id=0x1111 "$programs/libtarget.c" -o libt1.so
"$CC" -shared -fPIC -O1 -Wl,--build-id=0x2222 "$programs/libtarget.c" -o libt2.so
build_linked reload "$programs/plt-reload.c" -ldl
inner=$(nm libt1.so | awk '$3 == "target_inner" { sub(/^0*/, "", $1); print $1 }')

# calls_into: "PATH:ADDRESS:COUNT" of gmon.out+plt-calls's callees, sorted
calls_into() {
	awk -F'\t' '$1 == "module" { path[$2] = $4 } $1 == "call" { split($4, t, ":")
		n[path[t[1]] ":" t[2]] += $2 } END { for (k in n) print k ":" n[k] }' \
		gmon.out+plt-calls | sort | tr '\n' ' '
}
expected="$work/libt1.so:$inner:1000 $work/libt2.so:$inner:2000 "

BG_GMON_COUNT_LIB_CALLS=libt1.so:libt2.so LD_AUDIT=$audit ./reload "$work/libt1.so" 1000 \
	"$work/libt2.so" 2000 || fail "the run failed"
expect_eq "$(calls_into)" "$expected" "calls into each library (one over the other's range)"

rm -f gmon.out*
BG_GMON_COUNT_LIB_CALLS=libt1.so:libt2.so LD_AUDIT=$audit ./reload fork "$work/libt1.so" 1000 \
	"$work/libt2.so" 2000 > child || fail "the run (fork) failed"
child=$(cat child)
[ -n "$child" ] || fail "no child pid"
for _ in $(seq 50); do kill -0 "$child" 2> /dev/null || break; sleep 0.1; done
sleep 0.2
expect_eq "$(calls_into)" "$expected" "calls into each library after the forked child ended"

# The profile cannot be written (gmon.out is a directory): no
# gmon.out+plt-calls either, and one message says so
rm -rf gmon.out*
mkdir gmon.out
BG_GMON_COUNT_LIB_CALLS=libt1.so LD_AUDIT=$audit ./reload "$work/libt1.so" 1000 2> stderr ||
	fail "the run (no profile) failed"
expect_eq "$(ls_beside)" "" "files beside a profile not written"
grep -q "^gmon-mpi: the profile gmon.out was not written: the calls through the PLT are not written either" stderr ||
	fail "no message about the calls not written: $(cat stderr)"
note ok
