#!/bin/bash
# The in-job sum (issue 39, BG_GMON_SUM_IN_JOB=1 under gmon-run --mpi):
# 64 ranks of mpi-job-sum (oversubscribed), every rank's profile added at
# MPI_Finalize by the PMPI wrappers, rank 0 writing gmon.sum.
# - With every rank in the subset: gmon.sum is byte for byte what
#   gprof-par -S writes over the same run's 64 rank files, and holds every
#   rank (rank_extra: rank + 1 calls a rank, 2,080 in all).
# - With BG_GMON_RANK_SUBSET=0:3: 4 rank files (and their companions), and
#   gmon.sum still holds the 64 ranks (2,080 calls of rank_extra, 64 x 3 of
#   round_work).
# - A rank that ends by _exit before MPI_Finalize (rank 5): no gmon.sum;
#   the others, killed by mpirun while in (or before) the sum, write their
#   own files on the signal, the subset's and the others', and each of
#   those outside the subset says why.
. "$(dirname "$0")/lib.sh"

need_gmon_run_mpi
export BG_GMON_SUM_IN_JOB=1
np=64

build_linked app -I"$programs" "$programs/mpi-job-sum.c"
calls_in() { # SUM FUNCTION: its calls in the sum's flat profile
	"$gpp" -b -p ../app "$1" 2>/dev/null | awk -v f="$2" '$NF == f { print $(NF - 3) }'
}
run() { # SUBSET ARGS...: the job, in the current directory
	local subset=$1; shift
	BG_GMON_RANK_SUBSET=$subset "$MPIRUN" --oversubscribe -np $np \
		--mca odls_base_sigkill_timeout 10 -x BG_GMON_SUM_IN_JOB -x BG_GMON_RANK_SUBSET \
		"$gmon_run" --mpi ../app "$@" > out 2> err
}

mkdir all && cd all
SECONDS=0
run 0:63 3 || fail "the run failed: $(cat err)"
note "64 ranks with the in-job sum: ${SECONDS} s; $(grep 'summed the profiles' err)"
grep -q "^gmon-mpi: rank 0: summed the profiles of 64 ranks in the job into gmon.sum ([0-9.]* s)$" err ||
	fail "rank 0 does not say it summed the job: $(cat err)"
expect_eq "$(ls gmon.out.* | wc -l)" 64 "rank files with BG_GMON_RANK_SUBSET=0:63"
mv gmon.sum job.sum
"$gpp" -S . ../app > /dev/null 2> sum.err || fail "-S over the 64 rank files: $(cat sum.err)"
cmp job.sum gmon.sum || fail "the in-job sum differs from -S over the same run's files"
expect_eq "$(calls_in job.sum rank_extra)" 2080 "rank_extra's calls in the in-job sum"
"$gpp" -b -p ../app job.sum 2>/dev/null | grep -q ' rank_work$' ||
	fail "no samples of rank_work in the in-job sum"
cd ..

mkdir subset && cd subset
run 0:3 3 || fail "the run with BG_GMON_RANK_SUBSET=0:3 failed: $(cat err)"
expect_eq "$(ls gmon.out.* | tr '\n' ' ')" "gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 " \
	"rank files with BG_GMON_RANK_SUBSET=0:3"
expect_eq "$(ls gmon.out+gmon-mpi.* | wc -l)" 4 "companions with BG_GMON_RANK_SUBSET=0:3"
expect_eq "$(calls_in gmon.sum rank_extra)" 2080 "rank_extra's calls in the sum of 64 ranks"
expect_eq "$(calls_in gmon.sum round_work)" 192 "round_work's calls in the sum of 64 ranks"
cd ..

mkdir killed && cd killed
status=0
run 0:3 3 5 || status=$?
[ "$status" -ne 0 ] || fail "a run whose rank 5 ended by _exit(3) succeeded"
[ ! -e gmon.sum ] || fail "a job with a rank that never reached MPI_Finalize wrote gmon.sum"
[ ! -e gmon.out.5 ] || fail "rank 5 ended by _exit but wrote gmon.out.5"
for r in $(seq 0 63); do
	[ "$r" = 5 ] || [ -s gmon.out.$r ] || fail "rank $r left no gmon.out.$r: $(ls) $(cat err)"
done
said=$(grep -c "^gmon-mpi: gmon.out.[0-9]*: not in BG_GMON_RANK_SUBSET, but the job's sum (BG_GMON_SUM_IN_JOB) does not hold its profile (.*): written on a signal$" err || true)
expect_eq "$said" 59 "ranks outside the subset that said why they wrote their files"
"$gpp" -S . ../app > /dev/null 2> sum.err || fail "-S over the 63 ranks left: $(cat sum.err)"
note ok
