/*
 * gmon-job-sum.h - the in-job sum (BG_GMON_SUM_IN_JOB=1): at MPI_Finalize
 * the PMPI wrapper library (pmpi/job-sum.c) adds every rank's profile
 * across MPI_COMM_WORLD with gprof-par's profile layer, and rank 0 writes
 * gmon.sum and gmon.sum+gmon-mpi beside the ranks' profiles (the ranks'
 * companions summed up the same tree by -S's code:
 * pmpi/job-sum-companions.h), the bytes
 * `gprof-par -S` writes over all the ranks' files; only the ranks of
 * BG_GMON_RANK_SUBSET write their own files then.  The runtime
 * (libgmon-mpi, libc only) hands over its profile and its companion
 * through these entry points, defined by libgmon-mpi and referenced
 * weakly by the wrappers (which work without the runtime, and with an
 * earlier one that has no gmon_mpi_sum_companion).
 *
 * A rank whose profile the sum does not hold (it never reached
 * MPI_Finalize, the sum failed, a flush signal ended it first) writes its
 * own files whatever the subset, and says so.
 */
#ifndef GMON_JOB_SUM_H
#define GMON_JOB_SUM_H

#include <stddef.h>

/* 1 when this rank takes part in the in-job sum (BG_GMON_SUM_IN_JOB on,
 * under a launcher), whether or not it profiles: the same on every rank
 * of a job started with one environment; else 0. */
int gmon_mpi_sum_wanted(void) __attribute__((weak));

/*
 * Ends this rank's profile (what runs after it is not counted, so that
 * its files, written later, hold the same profile) and gives its bytes as
 * its gmon.out.<rank> holds them, written by the same writer, in *data
 * (malloc'ed; free it) and *len, and the name of the job's sum (gmon.sum
 * in the directory of the rank's profile) in path (size bytes).  Returns
 * 0, or an errno value (EPERM: this rank does not profile).
 */
int gmon_mpi_sum_image(void **data, size_t *len, char *path, size_t size)
	__attribute__((weak));

/*
 * After gmon_mpi_sum_image: this rank's companion (PROFILE+gmon-mpi,
 * gmon-companion.h) as it writes it at exit, by the same writers, less
 * its run and MPI profile sections (the wrappers hand the MPI profile over
 * themselves): the calls between modules, the call paths, the list of
 * modules and the libraries' profiles, in *data (malloc'ed; free it) and
 * *len; the rank's profile's name (gmon.out.<rank>, which the list of
 * modules and the sum's messages name) in profile (size bytes).  Returns
 * 0, or an errno value (EPERM: this rank does not profile or its profile
 * was not taken; ENOENT: it writes no companion, BG_GMON_COMPANIONS=files).
 * Wrappers of an earlier runtime find it NULL (weak) and sum the profiles
 * only.
 */
int gmon_mpi_sum_companion(void **data, size_t *len, char *profile, size_t size)
	__attribute__((weak));

/* Whether the job's sum holds this rank's profile: a rank outside
 * BG_GMON_RANK_SUBSET then writes no file of its own; when not, it writes
 * them (the caller has said why). */
void gmon_mpi_sum_done(int summed) __attribute__((weak));

#endif /* GMON_JOB_SUM_H */
