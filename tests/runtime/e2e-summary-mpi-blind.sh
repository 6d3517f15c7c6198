#!/bin/bash
# The summary says what it could not see (issue 38): an MPI run profiled
# on the CPU clock without the MPI profile (the README's basic path: link
# -lgmon-mpi, mpirun, --summary) counts only MPI's CPU time, and a rank
# blocked in MPI is not sampled: the summary's first lines say so and name
# the command that measures it; with gmon-run --mpi (the MPI profile) they
# do not, nor for a program that is not an MPI run.
. "$(dirname "$0")/lib.sh"

gmon_run=$top_builddir/scripts/gmon-run
gpp=$top_builddir/gprof-par/gprof-par
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so
export GMON_MPI_PMPI_LIBRARY=$top_builddir/pmpi/.libs/libgmon-mpi-pmpi-openmpi.so
blind="MPI here is its CPU time only: a rank waiting in MPI off the CPU is not sampled, so MPI's share of the ranks' wall time may be far more; run the program under gmon-run --mpi to measure it"

build_linked app "$programs/mpi-rounds.c"
mkdir plain measured
(cd plain && mpirun_np 2 ../app 3 > /dev/null 2> run.err) || fail "the run failed: $(cat plain/run.err)"
"$gpp" --summary ./app plain/gmon.out.0 plain/gmon.out.1 > plain.txt 2> err || fail "--summary: $(cat err)"
sed -n 4p plain.txt | grep -qF "($blind)" || fail "the summary without the MPI profile does not say what it missed: $(head -5 plain.txt)"
"$gpp" --summary ./app plain/gmon.out.0 plain/gmon.out.1 --html=plain.html > /dev/null 2> err || fail "--html: $(cat err)"
grep -qF "<p><b>$blind.</b></p>" plain.html || fail "the HTML page does not say what it missed"

if [ -e "$GMON_MPI_PMPI_LIBRARY" ]; then
	(cd measured && mpirun_np 2 "$gmon_run" --mpi ../app 3 > /dev/null 2> run.err) ||
		fail "the run under gmon-run --mpi failed: $(cat measured/run.err)"
	"$gpp" --summary ./app measured/gmon.out.0 measured/gmon.out.1 > measured.txt 2> err ||
		fail "--summary with the MPI profile: $(cat err)"
	! grep -qF "$blind" measured.txt || fail "the summary with the MPI profile says MPI was not measured"
fi

build_linked serial "$programs/phases.c" -lpthread
rm -f gmon.out*
./serial 0.2 > /dev/null || fail "phases failed"
"$gpp" --summary ./serial gmon.out > serial.txt 2> err || fail "--summary of a serial program: $(cat err)"
! grep -qF "$blind" serial.txt || fail "a program that is not an MPI run is told about MPI"
note ok
