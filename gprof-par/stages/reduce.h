/*
 * reduce.h - the reduce stage: the plan's gmon files read, validated and
 * summed (parallel/sum.h), in parallel under an MPI launcher
 * (parallel/mpi-module.h: serial runs never load MPI); the sum written
 * where the plan says, with its companions (the call paths, the shared
 * libraries' profiles, the MPI profiles).  Its result, struct reduce's
 * sum, is the summed profile and the per-rank statistics (the load
 * balance, the files left out), on process 0.
 */
#ifndef GPROF_PAR_REDUCE_H
#define GPROF_PAR_REDUCE_H

#include "launcher.h"
#include "mpi-module.h"
#include "plan.h"
#include "sum.h"

struct reduce {
	const struct gprof_par_mpi *mpi;  /* NULL: serial */
	int me, nprocs;                  /* this process, of how many */
	struct sum_outcome sum;
};

/*
 * Starts the stage: under a launcher that wants MPI, loads the MPI module
 * and starts MPI; process 0 (as the launcher says) runs prepare(arg) on a
 * thread of its own meanwhile (reading the executable and listing the
 * directory is then done when the others are ready), and on another
 * process, discard(arg) frees what it made.  Serially, prepare(arg) runs
 * here.  Returns prepare's status, the same on every process.
 */
int reduce_start(struct reduce *r, const struct launcher *l, int *argc, char ***argv,
		 int (*prepare)(void *), void (*discard)(void *), void *arg);

/* Ends MPI, if started (after a failure before the sum). */
void reduce_abandon(struct reduce *r);

/* Every process gets the ranks process 0 listed (-S). */
void reduce_share_ranks(struct reduce *r, struct plan *plan);

/*
 * Sums plan->job (in parallel under MPI, which is then ended), writes the
 * sum where the plan says with its companions, and prints the summary on
 * process 0.  Returns the exit status, the same on every process.
 */
int reduce_run(struct reduce *r, const struct plan *plan);

void reduce_free(struct reduce *r);

#endif /* GPROF_PAR_REDUCE_H */
