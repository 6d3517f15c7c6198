#!/bin/bash
# GNU gprof reads every rank's file and reports exact call counts; summing
# two PIE rank files (different load addresses under ASLR) doubles the
# common counts with the right function names; the header carries the
# executable's build-id; BG_GMON_VERBOSE reports each file.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked app "$programs/mpi-calls.c"
readelf -h app | grep -q 'DYN' || fail "the test program is not PIE"
[ "$(cat /proc/sys/kernel/randomize_va_space)" != 0 ] || note "ASLR is off: PIE load addresses do not differ"

BG_GMON_VERBOSE=1 mpirun_np 4 ./app 2>stderr
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3" "files"

for r in 0 1 2 3; do
	expect_eq "$(calls_of app common_work gmon.out.$r)" 1000 "common_work calls in rank $r"
	expect_eq "$(calls_of app per_rank_work gmon.out.$r)" $((10 * (r + 1))) "per_rank_work calls in rank $r"
	expect_eq "$(calls_of app leaf gmon.out.$r)" $((1000 + 20 * (r + 1))) "leaf calls in rank $r"
	# the call graph attributes leaf's calls to both callers
	"$GPROF" -b -q app gmon.out.$r >graph.$r
	grep -Eq "^ +[0-9.]+ +[0-9.]+ +1000/$((1000 + 20 * (r + 1))) +common_work \[" graph.$r ||
		fail "rank $r: common_work -> leaf arc missing: $(cat graph.$r)"
	grep -Eq "^ +[0-9.]+ +[0-9.]+ +$((20 * (r + 1)))/$((1000 + 20 * (r + 1))) +per_rank_work \[" graph.$r ||
		fail "rank $r: per_rank_work -> leaf arc missing: $(cat graph.$r)"
	# one verbose line per rank, with the calls it recorded
	grep -q "^gmon-mpi: rank $r: wrote gmon.out.$r: .* $((2000 + 30 * (r + 1))) calls, 0 dropped" stderr ||
		fail "rank $r: verbose summary missing or wrong: $(cat stderr)"
done

# GNU gprof adds the two PIE files: doubled common counts, summed per-rank ones
expect_eq "$(calls_of app common_work gmon.out.0 gmon.out.1)" 2000 "common_work calls in ranks 0+1"
expect_eq "$(calls_of app per_rank_work gmon.out.0 gmon.out.1)" 30 "per_rank_work calls in ranks 0+1"
expect_eq "$(calls_of app leaf gmon.out.0 gmon.out.1)" 2060 "leaf calls in ranks 0+1"
expect_eq "$(calls_of app common_work gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3)" 4000 "common_work in 4 ranks"

# Exact call sites: each arc into leaf comes from the return address of one
# `call leaf` (per_rank_work has two, 7 bytes apart: glibc rounds them into one)
return_addresses() { # FUNCTION: addresses right after its calls of leaf
	objdump -d --no-show-raw-insn app | awk -v f="<$1>:" '
		/^[0-9a-f]+ </ { inside = ($2 == f) }
		inside && after { sub(/:.*/, "", $1); print $1; after = 0 }
		inside && /call.*<leaf>/ { after = 1 }'
}
read -r leaf_start leaf_size < <(nm -S app | awk '$4 == "leaf" { print $1, $2 }')
"$top_builddir/tests/runtime/gmon-inspect" arcs gmon.out.0 | while read -r from self count; do
	if ((0x$self >= 0x$leaf_start && 0x$self < 0x$leaf_start + 0x$leaf_size)); then
		echo "$from $count"
	fi
done | sort >arcs-into-leaf
{
	for a in $(return_addresses common_work); do echo "$((0x$a)) 1000"; done
	for a in $(return_addresses per_rank_work); do echo "$((0x$a)) 10"; done
} | awk '{ printf "%x %s\n", $1, $2 }' | sort >expected-arcs
[ "$(wc -l <expected-arcs)" = 3 ] || fail "expected 3 calls of leaf in the code: $(cat expected-arcs)"
diff expected-arcs arcs-into-leaf >/dev/null ||
	fail "arcs into leaf (from_pc count) are not the exact call sites: $(diff expected-arcs arcs-into-leaf)"

# The header's spare bytes: the marker "BI", then the build-id's first 10 bytes
build_id=$(readelf -n app | awk '/Build ID:/ { print $3 }')
[ -n "$build_id" ] || fail "the test program has no build-id"
spare=$(od -An -tx1 -j8 -N12 gmon.out.0 | tr -d ' \n')
expect_eq "$spare" "4249${build_id:0:20}" "fingerprint in the header of gmon.out.0"
note "ok"
