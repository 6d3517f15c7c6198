#!/bin/bash
# LD_PRELOAD into an unmodified -pg binary through the gmon-run launcher.
. "$(dirname "$0")/lib.sh"
need_gprof

gmon_run=$top_builddir/scripts/gmon-run
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so

"$MPICC" -pg -O1 -I"$top_srcdir/include" -Dmondisable=abort "$programs/mpi-calls.c" -o app
! readelf -d app | grep -q gmon-mpi || fail "app must not be linked with the runtime"

mpirun_np 3 "$gmon_run" ./app
# glibc's runtime would write one gmon.out; ours one file per rank
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1 gmon.out.2" "files"
for r in 0 1 2; do
	expect_eq "$(calls_of app per_rank_work gmon.out.$r)" $((10 * (r + 1))) "per_rank_work calls in rank $r"
	expect_eq "$(calls_of app leaf gmon.out.$r)" $((1000 + 20 * (r + 1))) "leaf calls in rank $r"
done

rm -f gmon.out*
mpirun_np 3 "$gmon_run" --subset 1 --prefix out --verbose ./app 2>stderr
expect_eq "$(ls | grep '^out[.+]' | LC_ALL=C sort | tr '\n' ' ')" \
	"out+gmon-mpi.1 out.1 " \
	"files with --subset 1 --prefix out (and its companion: call paths, calls between modules, libraries)"
grep -q '^gmon-mpi: rank 1: wrote out.1' stderr || fail "--verbose: $(cat stderr)"

"$gmon_run" --help | grep -q -- '--subset N\[:M\[:S\]\]' || fail "--help does not describe --subset"
set +e
"$gmon_run" --bogus ./app 2>stderr; status=$?
set -e
expect_eq "$status" 2 "exit status for an unknown option"
grep -q "unknown option '--bogus'" stderr || fail "unknown option message: $(cat stderr)"
note "ok"
