/*
 * job-sum.h - the in-job sum (include/gmon-job-sum.h): at MPI_Finalize,
 * before PMPI_Finalize, every rank's profile is added across
 * MPI_COMM_WORLD with gprof-par's profile layer (gmon-read.h's checks,
 * profile-pack.h's buffers, up a binomial tree in rank order, as the
 * parallel -S reduces its blocks), and rank 0 writes gmon.sum with
 * profile-write.h and its companion with the ranks' companions summed
 * up the same tree (job-sum-companions.h: each rank adds its children's
 * partial sums and passes one up): the bytes gprof-par -S writes over the
 * ranks' files.
 */
#ifndef GMON_PMPI_JOB_SUM_H
#define GMON_PMPI_JOB_SUM_H

/* Collective over MPI_COMM_WORLD when the runtime says the sum is wanted
 * (the same on every rank); nothing otherwise.  Each rank then tells the
 * runtime whether the sum holds its profile (gmon_mpi_sum_done); a
 * problem is said on stderr (the rank's own, and on rank 0 the outcome),
 * and the ranks write their files as without the sum. */
void pmpi_job_sum(void);

#endif /* GMON_PMPI_JOB_SUM_H */
