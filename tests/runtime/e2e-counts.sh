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

# The header's spare bytes: the marker "BI", then the build-id's first 10 bytes
build_id=$(readelf -n app | awk '/Build ID:/ { print $3 }')
[ -n "$build_id" ] || fail "the test program has no build-id"
spare=$(od -An -tx1 -j8 -N12 gmon.out.0 | tr -d ' \n')
expect_eq "$spare" "4249${build_id:0:20}" "fingerprint in the header of gmon.out.0"
note "ok"
