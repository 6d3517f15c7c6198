#!/bin/bash
# MPICH beside Open MPI: a -pg program built with MPICH's mpicc and run by
# its Hydra launcher, which gives the rank in PMI_RANK only.  Each rank
# writes gmon.out.<rank> with exact counts, linked with -lgmon-mpi or
# preloaded by gmon-run, and BG_GMON_RANK_SUBSET selects among them.
# Skips if MPICH is not installed (Debian: apt-get install mpich
# libmpich-dev; elsewhere set MPICH_MPICC and MPICH_MPIRUN).
. "$(dirname "$0")/lib.sh"
need_gprof

need_mpich

# Hydra's ranks are in PMI_RANK, and in none of the variables read before it
# (each rank writes a file of its own, and lives a second: with ranks that
# ended at once, Hydra's mpiexec gave no output in a CI run beside two
# busy loops, and in another died of SIGPIPE (status 141), saying nothing;
# its stdin from /dev/null, nothing to forward)
rm -f variables.*
status=0
"$mpich_run" -np 2 sh -c 'echo "$PMI_RANK ${OMPI_COMM_WORLD_RANK-unset} ${PMIX_RANK-unset}" > variables.$$; sleep 1' \
	< /dev/null 2> hydra.err || status=$?
expect_eq "$status" 0 "$mpich_run -np 2 sh's status (stderr: $(cat hydra.err))"
cat variables.* 2>/dev/null | sort >variables
expect_eq "$(tr '\n' ' ' <variables)" "0 unset unset 1 unset unset " "PMI_RANK, OMPI_COMM_WORLD_RANK, PMIX_RANK under $mpich_run"

# check_ranks PROGRAM RANK...: mpi-calls.c's counts in gmon.out.RANK
check_ranks() {
	local program=$1 r; shift
	for r in "$@"; do
		expect_eq "$(calls_of "$program" common_work gmon.out.$r)" 1000 "$program: common_work calls in rank $r"
		expect_eq "$(calls_of "$program" per_rank_work gmon.out.$r)" $((10 * (r + 1))) "$program: per_rank_work calls in rank $r"
		expect_eq "$(calls_of "$program" leaf gmon.out.$r)" $((1000 + 20 * (r + 1))) "$program: leaf calls in rank $r"
	done
}

"$mpich_cc" -pg -O1 -I"$top_srcdir/include" "$programs/mpi-calls.c" -o app \
	-L"$runtime_libdir" -lgmon-mpi -Wl,-rpath,"$runtime_libdir"
readelf -d app | grep -q 'NEEDED.*libmpich' || fail "app is not linked with MPICH: $(readelf -d app | grep NEEDED)"

BG_GMON_VERBOSE=1 "$mpich_run" -np 3 ./app 2>stderr
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1 gmon.out.2" "files under $mpich_run -np 3"
check_ranks app 0 1 2
for r in 0 1 2; do
	grep -q "^gmon-mpi: rank $r: wrote gmon.out.$r: .* $((2000 + 30 * (r + 1))) calls, 0 dropped" stderr ||
		fail "rank $r: verbose summary missing or wrong: $(cat stderr)"
done
expect_eq "$(calls_of app common_work gmon.out.0 gmon.out.1 gmon.out.2)" 3000 "common_work calls in ranks 0+1+2"

rm -f gmon.out*
BG_GMON_RANK_SUBSET=1:2 "$mpich_run" -np 3 ./app
expect_eq "$(ls_profiles)" "gmon.out.1 gmon.out.2" "files with BG_GMON_RANK_SUBSET=1:2"
check_ranks app 1 2

# An unmodified MPICH -pg binary, the runtime preloaded by gmon-run
rm -f gmon.out*
"$mpich_cc" -pg -O1 -I"$top_srcdir/include" -Dmondisable=abort "$programs/mpi-calls.c" -o plain
GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so "$mpich_run" -np 3 "$top_builddir/scripts/gmon-run" ./plain
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1 gmon.out.2" "files of the preloaded program"
check_ranks plain 0 1 2
note "ok"
