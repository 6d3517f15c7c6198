#!/bin/bash
# How the runtime reads BG_GMON_VERBOSE and the launchers' rank variables:
# 1/yes/true/on turn verbose output on, 0/no/false/off/empty leave it off,
# anything else gets one message and leaves it off; a malformed rank
# variable gets one message naming it and its value, and the next launcher
# variable gives the rank (under a real mpirun too); with none left the
# process is profiled as a serial program.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked serial "$programs/serial-calls.c"

# run_serial VARIABLE=VALUE...: ./serial with those, stderr into stderr
run_serial() {
	rm -f gmon.out*
	env "$@" ./serial 2>stderr
}

for on in 1 yes true on YES; do
	run_serial BG_GMON_VERBOSE=$on
	grep -q '^gmon-mpi: pid [0-9]*: wrote gmon.out: .* 1234 calls' stderr ||
		fail "BG_GMON_VERBOSE=$on: no verbose summary: $(cat stderr)"
done
for off in 0 no false off OFF ''; do
	run_serial BG_GMON_VERBOSE=$off
	expect_eq "$(cat stderr)" "" "stderr with BG_GMON_VERBOSE='$off'"
	expect_eq "$(ls_profiles)" "gmon.out" "files with BG_GMON_VERBOSE='$off'"
done
for garbage in 2 maybe verbose; do
	run_serial BG_GMON_VERBOSE=$garbage
	expect_eq "$(cat stderr)" \
		"gmon-mpi: BG_GMON_VERBOSE='$garbage' is not 1, yes, true, on or 0, no, false, off; verbose output stays off" \
		"stderr with BG_GMON_VERBOSE='$garbage'"
	expect_eq "$(calls_of serial work gmon.out)" 1234 "work calls with BG_GMON_VERBOSE='$garbage'"
done

# A malformed rank alone: one message, and a serial program's gmon.out
for bad in abc -1 99999999999 12x ''; do
	run_serial OMPI_COMM_WORLD_RANK=$bad
	expect_eq "$(cat stderr)" \
		"gmon-mpi: OMPI_COMM_WORLD_RANK='$bad' is not a rank (a number from 0 to 2147483647) and no other launcher variable holds one; profiling this process as a serial program" \
		"stderr with OMPI_COMM_WORLD_RANK='$bad'"
	expect_eq "$(ls_profiles)" "gmon.out" "files with OMPI_COMM_WORLD_RANK='$bad'"
done
# ... followed by a valid launcher variable, which gives the rank
run_serial PMI_RANK=x7 SLURM_PROCID=0
expect_eq "$(cat stderr)" "gmon-mpi: PMI_RANK='x7' is not a rank (a number from 0 to 2147483647); taking the ranks from SLURM_PROCID" \
	"stderr with PMI_RANK=x7 SLURM_PROCID=0"
expect_eq "$(ls_profiles)" "gmon.out.0" "files with PMI_RANK=x7 SLURM_PROCID=0"

# Under a real mpirun: Open MPI also sets PMIX_RANK, which gives the ranks;
# rank 0 alone says so, once for the job
build_linked app "$programs/mpi-calls.c"
rm -f gmon.out*
mpirun_np 3 sh -c 'OMPI_COMM_WORLD_RANK=garbled exec ./app' 2>stderr
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1 gmon.out.2" "files under mpirun with a garbled OMPI_COMM_WORLD_RANK"
expect_eq "$(grep -c "OMPI_COMM_WORLD_RANK='garbled' is not a rank (a number from 0 to 2147483647); taking the ranks from PMIX_RANK" stderr)" 1 \
	"messages about OMPI_COMM_WORLD_RANK"
for r in 0 1 2; do
	expect_eq "$(calls_of app per_rank_work gmon.out.$r)" $((10 * (r + 1))) "per_rank_work calls in rank $r"
done

# A variable that looks meant for gmon-mpi but is not one it reads (a
# misspelling): one message naming it and the nearest known variable, and
# the run goes on; a known one, or an unrelated one, says nothing.
expect_misspelt() { # NAME NEAREST
	run_serial "$1=1"
	expect_eq "$(cat stderr)" \
		"gmon-mpi: $1 is set but gmon-mpi reads no such variable; did you mean $2? (gmon-mpi(7) lists them all)" \
		"stderr with $1 set"
	expect_eq "$(calls_of serial work gmon.out)" 1234 "work calls with $1 set"
}
expect_misspelt BG_GMON_RANK_SUBET BG_GMON_RANK_SUBSET
expect_misspelt BGMON_HZ BG_GMON_HZ
expect_misspelt bg_gmon_verbose BG_GMON_VERBOSE
expect_misspelt GMON_NTASK GMON_NTASKS
run_serial BG_GMON_FROBNICATE_EVERYTHING_NOW=1
expect_eq "$(cat stderr)" \
	"gmon-mpi: BG_GMON_FROBNICATE_EVERYTHING_NOW is set but gmon-mpi reads no such variable (gmon-mpi(7) lists them all)" \
	"stderr with a variable named like ours but near none"
run_serial BG_GMON_HZ=100 GMON_NTASKS=4 GMON_RESULTS=x HOME_DIR=x SLURM_NTASKS=4
expect_eq "$(cat stderr)" "" "stderr with known and unrelated variables"
# under mpirun: rank 0 alone says it, once for the job
rm -f gmon.out*
BG_GMON_RANK_SUBET=0 mpirun_np 3 ./app 2>stderr
expect_eq "$(grep -c 'BG_GMON_RANK_SUBET is set but gmon-mpi reads no such variable' stderr)" 1 \
	"messages about BG_GMON_RANK_SUBET under mpirun"
note "ok"
