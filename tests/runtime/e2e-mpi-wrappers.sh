#!/bin/bash
# The PMPI wrappers' corner cases (programs/mpi-corners.c, one mode each),
# under Open MPI with 3 ranks, through gmon-run --mpi and gprof-par --mpi:
# - nested: an MPI call inside another (a user MPI_Op calling
#   MPI_Comm_rank in MPI_Allreduce) is part of the outer call's time, and
#   every call after it is recorded: 1,000 MPI_Allreduce and 1,000
#   MPI_Barrier per rank, exactly (1 of each once, the wrappers' depth
#   left one too high by the inner call).
# - short: a receive of fewer bytes than posted counts what its status
#   says, with a status and with MPI_STATUS_IGNORE (then the wrapper's
#   own): 5 x 8,000 bytes into buffers of 80,000 are 40,000 bytes, not
#   400,000.
. "$(dirname "$0")/lib.sh"
gmon_run=$top_builddir/scripts/gmon-run
gprof_par=$top_builddir/gprof-par/gprof-par
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so
export GMON_MPI_PMPI_LIBRARY=$top_builddir/pmpi/.libs/libgmon-mpi-pmpi-openmpi.so
np=3

"$MPICC" -pg -g -O1 "$programs/mpi-corners.c" -o app

# run MODE [ARG...]: ./app MODE under np ranks, its output in ./truth; the
# MPI profile as --mpi=csv in ./csv
run() {
	rm -f gmon.out*
	mpirun_np $np "$gmon_run" --mpi ./app "$@" >truth 2>stderr ||
		fail "$1: the run failed: $(cat stderr)"
	"$gprof_par" --mpi=csv app $(seq -f 'gmon.out.%g' 0 $((np - 1))) >csv 2>csv.err ||
		fail "$1: --mpi=csv failed: $(cat csv.err)"
}
# csv_field FUNCTION CALL_SITE RANK COLUMN: a cell of ./csv (empty if none)
csv_field() {
	awk -F, -v f="\"$1\"" -v s="\"$2\"" -v r="$3" -v c="$4" \
		'$1 == f && $2 == s && $3 == r { print $c }' csv
}

run nested
ops=$(awk '$3 == "op_calls" { n += $4 } END { print n + 0 }' truth)
[ "$ops" -gt 0 ] || fail "nested: the user MPI_Op never ran: $(cat truth)"
for r in $(seq 0 $((np - 1))); do
	expect_eq "$(csv_field MPI_Allreduce reduce_loop "$r" 4)" 1000 "nested: rank $r's MPI_Allreduce calls"
	expect_eq "$(csv_field MPI_Barrier barrier_loop "$r" 4)" 1000 "nested: rank $r's MPI_Barrier calls after them"
	expect_eq "$(csv_field MPI_Comm_rank main "$r" 4)" 1 "nested: rank $r's MPI_Comm_rank calls from main"
done
# the op's MPI_Comm_rank is part of MPI_Allreduce's time, not a call of its own
expect_eq "$(csv_field MPI_Comm_rank sum_op all 4)" "" "nested: MPI_Comm_rank calls recorded from sum_op"
note "nested: the op ran $ops times in the ranks; $(csv_field MPI_Allreduce reduce_loop all 4) MPI_Allreduce, $(csv_field MPI_Barrier barrier_loop all 4) MPI_Barrier recorded"

run short
expect_eq "$(csv_field MPI_Recv recv_ignore 1 4),$(csv_field MPI_Recv recv_ignore 1 7)" 5,40000 \
	"short: rank 1's MPI_Recv calls and bytes received with MPI_STATUS_IGNORE"
expect_eq "$(csv_field MPI_Recv recv_status 1 4),$(csv_field MPI_Recv recv_status 1 7)" 5,40000 \
	"short: rank 1's MPI_Recv calls and bytes received with a status"
for r in 0 1; do
	expect_eq "$(csv_field MPI_Sendrecv exchange $r 4),$(csv_field MPI_Sendrecv exchange $r 6),$(csv_field MPI_Sendrecv exchange $r 7)" \
		5,40000,40000 "short: rank $r's MPI_Sendrecv calls, bytes sent and received (MPI_STATUS_IGNORE)"
done
expect_eq "$(csv_field MPI_Send short_messages 0 6)" 80000 "short: rank 0's bytes sent"
