#!/bin/bash
# A job stopped by a flush signal (GMON_STOP_AFTER; Slurm's --signal) loses
# no rank's files to mpirun: every rank writes its profile and companions,
# and the PMPI library its MPI profile, in the signal's handler, then ends;
# Open MPI's mpirun, once the first rank ended, gave the others 1 s before
# SIGKILL, and a rank still writing lost the rest (seen in CI: rank 0 of a
# stopped job had written gmon.out and +calls, not +paths nor +modules).
# Here rank 0's flush takes 3 s (a flush hook that sleeps, then leaves a
# mark, as the MPI profile's writer is a hook), rank 1's none: the mark and
# both ranks' files must be there.
. "$(dirname "$0")/jobs-lib.sh"
need_runtime
need_sum_option

cat > slow.c <<'SRC'
#include <fcntl.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "gmon-mpi-profile.h"

static char mark[4096];

/* a slow flush: async-signal-safe calls only */
static void slow_hook(void)
{
	struct timespec t = { 3, 0 };
	int fd;

	while (nanosleep(&t, &t) != 0)
		;
	fd = open(mark, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	snprintf(mark, sizeof mark, "%s", argc > 1 ? argv[1] : "flushed");
	if (rank == 0 && (!gmon_mpi_at_flush || gmon_mpi_at_flush(slow_hook) != 0))
		return 9;
	MPI_Barrier(MPI_COMM_WORLD);
	for (;;)
		pause();
}
SRC
"$MPICC" -pg -O1 -I"$top_srcdir/include" slow.c -o slow || fail "cannot build slow.c"

status=0
GMON_NTASKS=2 GMON_STOP_AFTER=6 GMON_RESULTS=$work/results GMON_MPI_PROFILE=0 \
	LAUNCHER="$MPIRUN --oversubscribe" BG_GMON_RANK_SUBSET=0:2 \
	bash "$top_srcdir/scripts/gmon-job" "$work/slow" "$work/rank0-flushed" > out 2>&1 || status=$?
expect_eq $status 4 "exit status of the stopped job"
[ -e "$work/rank0-flushed" ] && note "rank 0's 3 s flush finished" ||
	fail "rank 0 was killed before its flush ended: $(cat out)"
results=$(echo "$work/results"/local-*)
expect_eq "$(ls_ranks "$results/ranks")" "gmon.out.0 gmon.out.1" "the stopped ranks' files"
note ok
