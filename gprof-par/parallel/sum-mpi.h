/*
 * sum-mpi.h - the parallel sum of gprof-par -S / -s under mpirun or srun,
 * and the few other MPI steps gprof-par needs.  Only called when the
 * launcher module says that MPI is wanted: a serial run never initialises
 * MPI.
 *
 * The files are split into contiguous blocks, one per process, in order;
 * every process sums its block as the serial sum would; process 0 then
 * checks, by reading again only the files where a block's own sum started
 * its histograms or fingerprint or rejected a file, that each block was
 * judged as the serial sum judges it (a block whose first file is bad, say,
 * is summed again from the state the earlier blocks leave), so that the
 * bad files, their messages and the sum are the serial ones whatever the
 * number of processes (process 0's serial state takes the files' shapes
 * only: histogram ranges, fingerprint, names).  The partial sums then go
 * up a binomial tree of packed profiles merged in rank order (arcs in
 * first appearance over the files in order; histograms as runs of nonzero
 * bins, added straight from the buffer): O(nonzero bins + arcs) per step,
 * not O(files); process 0 takes the result as the sum.
 *
 * With job->sum_paths, the call paths beside the files summed are added in
 * the same pass (sum.h, struct sum_paths): once the bad files are agreed,
 * process 0 reads paths files in order until the sum's rate and executable
 * are known (one file, nearly always), broadcasts that state, and every
 * process adds its block's paths to a set that starts from it, so that each
 * paths file is judged as in the serial sum; the counts, warnings and first
 * error come to process 0 in process order, the sets up the same tree as
 * canonical text (callpaths_print, callpaths_add_text).
 */
#ifndef GPROF_PAR_SUM_MPI_H
#define GPROF_PAR_SUM_MPI_H

#include <stddef.h>
#include <stdint.h>

#include "sum.h"

/* MPI_Init; gives this process's rank and the number of processes. */
void sum_mpi_init(int *argc, char ***argv, int *rank, int *size);
void sum_mpi_finalize(void);

/* Process 0's value of *v, for all. */
void sum_mpi_bcast_int(int *v);

/* Process 0's ranks list (malloc'ed on the others), for all; -1 when out
 * of memory somewhere (then no process has a list). */
int sum_mpi_bcast_ranks(int64_t **ranks, size_t *n);

/* Process 0's buffer of *len bytes for every process (malloc'ed on the
 * others, which set *data and *len). */
void sum_mpi_bcast_buffer(void **data, size_t *len);

/* Every process's buffer (data, len bytes), one after another in process
 * order, into *all (malloc'ed), *all_len bytes, on process 0 (NULL, 0 on
 * the others). */
void sum_mpi_gather_buffers(const void *data, size_t len, void **all, size_t *all_len);

/*
 * The parallel sum, collective: o->prof holds the sum on process 0 only;
 * o->failed, o->message, o->bad and o->bytes are set on process 0 (the
 * others know only o->failed).  Returns 0, or -1 if failed.
 */
int sum_parallel(const struct sum_job *job, struct sum_outcome *o);

#endif /* GPROF_PAR_SUM_MPI_H */
