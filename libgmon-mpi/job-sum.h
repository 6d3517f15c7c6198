/*
 * job-sum.h - the runtime's part of the in-job sum (include/gmon-job-sum.h):
 * which ranks write their own files, and the profile's bytes in memory.
 */
#ifndef GMON_MPI_JOB_SUM_H
#define GMON_MPI_JOB_SUM_H

#include <stddef.h>

#include "image.h"
#include "settings.h"

/* At start: with BG_GMON_SUM_IN_JOB under a launcher, a rank outside the
 * subset profiles too, for the job's sum only (job_sum_only). */
void job_sum_start(const struct gmon_config *config);

/* This rank profiles for the job's sum only (outside the subset). */
int job_sum_only(void);

/* The wrappers said that the job's sum failed (gmon_mpi_sum_done(0)). */
int job_sum_failed(void);

/* The job's sum holds this rank's profile (gmon_mpi_sum_done). */
void job_sum_set_summed(int summed);

/*
 * Whether this rank writes its own files now (at exit, or on a flush
 * signal that may end it: one that does not leaves its files to the sum).  A rank outside the subset writes them only when the sum does
 * not hold its profile, and says so once, naming path and why (the sum
 * never started in this rank, or the job ended first), unless the sum
 * failed (its wrappers said so).  Async-signal-safe.
 */
enum job_sum_when { JOB_SUM_AT_EXIT, JOB_SUM_ON_SIGNAL };

int job_sum_writes_files(const char *path, enum job_sum_when when);

/* The profile's gmon bytes as output_write_profile writes them, malloc'ed
 * into *data and *len (the sum has started in this rank).  Returns 0 or
 * an errno value. */
int job_sum_image(unsigned rate, const struct image_info *image, void **data, size_t *len);

/* profile's companion as _mcleanup writes it (its sections of the calls
 * between modules, the call paths, the libraries' profiles and their
 * list; not the run's nor the MPI profile), by the same writers, into
 * memory (output_companion_begin_fd): malloc'ed into *data and *len.  The
 * caller holds the writes' lock (gmon.c).  Returns 0 or an errno value. */
int job_sum_companion(const char *profile, unsigned rate, void **data, size_t *len);

/* The sum's name: gmon.sum in profile's directory, into path.  Returns 0,
 * or ENAMETOOLONG. */
int job_sum_path(const char *profile, char *path, size_t size);

#endif /* GMON_MPI_JOB_SUM_H */
