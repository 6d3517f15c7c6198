/*
 * sum-mpi-internal.h - what the two files of the MPI module share:
 * sum-mpi.c (the plumbing, the main sum's protocol: blocks, the serial
 * order's agreement, the reduction, the load balance) and
 * sum-mpi-companions.c (the files summed beside the profiles: the call
 * paths, the MPI profiles, the calls between modules, the shared
 * libraries' profiles).  Inside the module only (hidden visibility).
 */
#ifndef GPROF_PAR_SUM_MPI_INTERNAL_H
#define GPROF_PAR_SUM_MPI_INTERNAL_H

#include <stddef.h>

#include "sum.h"

#define PROGRAM "gprof-par"

/* This process's rank and the number of processes (MPI_COMM_WORLD). */
extern int sum_me, sum_nprocs;

/* Something that should not happen (out of memory): every process stops. */
void mpi_fatal(const char *what) __attribute__((noreturn));

/* malloc, or mpi_fatal. */
void *mpi_xmalloc(size_t size);

/* A buffer of any length from this process to process `to', and its
 * reception from `from' (malloc'ed; its length in *len). */
void mpi_send_buffer(const void *data, size_t len, int to);
void *mpi_recv_buffer(int from, size_t *len);

/* Process q's block of the job's files: [*lo, *hi). */
void file_block(const struct sum_job *job, int q, size_t *lo, size_t *hi);

/* A job's files summed as the main sum sums them (each process its
 * block, checked against the serial order, reduced up the tree); o is the
 * serial sum's outcome on process 0.  Returns the seconds this process
 * spent on its own block. */
double sum_blocks(const struct sum_job *job, struct sum_outcome *o);

/* The companions, summed in the main sum's pass (sum-mpi-companions.c):
 * those of the files not in bad[0 .. nbad), into o on process 0. */
void sum_paths_parallel(struct sum_run *run, const struct sum_job *job,
			const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o);
void sum_mpi_parallel(struct sum_run *run, const struct sum_job *job,
		      const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o);
void sum_calls_parallel(struct sum_run *run, const struct sum_job *job,
			const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o,
			enum sum_calls_kind kind);
void sum_libraries_parallel(struct sum_run *run, const struct sum_job *job,
			    const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o);

#endif /* GPROF_PAR_SUM_MPI_INTERNAL_H */
