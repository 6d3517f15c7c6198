#!/bin/bash
# A program built with one MPI's mpicc started by the other MPI's launcher
# (issue 40): each rank is an MPI world of its own ("rank 0 of 1"), while
# the files are named by the launcher's ranks, gmon.out.0 .. N-1.  The
# launcher's rank 0 says so once on stderr (which launcher, which MPI the
# program is linked with, the mpicc to rebuild with), the run section of
# every companion says it (mpi-world), and gprof-par -S warns that the
# files are separate one-rank runs.  Each singleton's per_rank_work has
# its "rank 0" count, 10 (mpi-calls.c): the proof that the worlds were
# singletons.  Matched builds and launchers say nothing.  Skips without
# MPICH (apt-get install mpich libmpich-dev).
. "$(dirname "$0")/lib.sh"
need_gprof

need_mpich
gpp=$top_builddir/gprof-par/gprof-par

build_linked app-ompi "$programs/mpi-calls.c"
MPICC=$mpich_cc build_linked app-mpich "$programs/mpi-calls.c"

# check_mismatch LABEL N LAUNCHER-WORDS MPICC-WORDS: here, after a run of
# ../$prog on N ranks, its stderr in run.err
check_mismatch() {
	local label=$1 n=$2 launcher=$3 mpicc=$4 r
	expect_eq "$(grep -c "MPI_COMM_WORLD will have 1 rank" run.err || true)" 1 "$label: lines of the mismatch"
	grep -q "^gmon-mpi: rank 0: MPI_COMM_WORLD will have 1 rank, not the $n $launcher started: .*each rank is an MPI world of its own and gmon.out.0..$((n - 1)) are $n separate runs; rebuild it with $mpicc" run.err ||
		fail "$label: the runtime's message: $(cat run.err)"
	for ((r = 0; r < n; r++)); do
		expect_eq "$(calls_of "../$prog" per_rank_work gmon.out.$r)" 10 \
			"$label: per_rank_work's calls in gmon.out.$r (a singleton's rank 0)"
		"$gpp" --dump gmon.out.$r | grep -q "^text	run	mpi-world	1 of $n: " ||
			fail "$label: no mpi-world in gmon.out.$r's run section"
	done
	"$gpp" -S . > /dev/null 2> sum.err || fail "$label: -S failed: $(cat sum.err)"
	grep -q "^gprof-par: warning: $n of the $n files say their rank was an MPI world of its own (1 of $n: .*): they are separate one-rank runs" sum.err ||
		fail "$label: -S's warning: $(cat sum.err)"
}

mkdir mpich-under-ompi && cd mpich-under-ompi
prog=app-mpich
mpirun_np 4 ../app-mpich > /dev/null 2> run.err || fail "MPICH's program under Open MPI's mpirun failed: $(cat run.err)"
check_mismatch "MPICH's build under Open MPI's mpirun" 4 "Open MPI's mpirun" "Open MPI's mpicc"
grep -q "linked with another MPI than Open MPI (libmpich.so" run.err || fail "the library not named: $(cat run.err)"
cd ..

mkdir ompi-under-hydra && cd ompi-under-hydra
prog=app-ompi
"$mpich_run" -np 3 ../app-ompi > /dev/null 2> run.err || fail "Open MPI's program under Hydra failed: $(cat run.err)"
check_mismatch "Open MPI's build under MPICH's Hydra" 3 "MPICH's mpiexec" "MPICH's mpicc"
cd ..

# matched: nothing said
mkdir matched && cd matched
mpirun_np 2 ../app-ompi > /dev/null 2> run.err || fail "the Open MPI run failed"
"$mpich_run" -np 2 ../app-mpich > /dev/null 2>> run.err || fail "the MPICH run failed"
! grep -q "MPI_COMM_WORLD will have" run.err || fail "a mismatch said of matched runs: $(cat run.err)"
expect_eq "$(calls_of ../app-mpich per_rank_work gmon.out.1)" 20 "per_rank_work's calls in rank 1 of a matched run"
"$gpp" -S . > /dev/null 2> sum.err || fail "-S of the matched run failed: $(cat sum.err)"
! grep -q "MPI world of its own" sum.err || fail "-S warns of a matched run: $(cat sum.err)"
cd ..
note ok
