/*
 * job-sum-companions.h - the ranks' companions in the in-job sum
 * (job-sum.h): the calls between modules, the call paths, the list of
 * modules and the libraries' profiles, summed into the sections of the
 * job's gmon.sum+gmon-mpi by gprof-par -S's own code (parallel/sum.h:
 * sum_paths_files, sum_calls_files, sum_libraries_serial; stages/:
 * library_sums_sections, call_paths_sum_section), reading each rank's
 * companion from memory (companion-file.h: companion_file_adopt) under the
 * name its file would have: the same sections, byte for byte, as -S over
 * the ranks' files.
 *
 * Each rank's companion comes up the tree as a record (struct
 * job_companions); rank 0 sums them all, in rank order.
 */
#ifndef GMON_PMPI_JOB_SUM_COMPANIONS_H
#define GMON_PMPI_JOB_SUM_COMPANIONS_H

#include <stddef.h>

#include "sum-companion.h"

/* The companions of the ranks a part holds, in rank order: records of
 * {uint64 length of the profile's name, the name, uint64 length of the
 * companion, its bytes}. */
struct job_companions {
	char *data;
	size_t len;
};

/* Appends this rank's companion (gmon_mpi_sum_companion), if its runtime
 * gives one.  Returns 0, or an errno value (the rank's part then fails:
 * its files are written); no companion (BG_GMON_COMPANIONS=files, an
 * earlier runtime) is 0 with nothing appended. */
int job_companions_own(struct job_companions *jc);

/* Appends len bytes of records (another part's, the next ranks').
 * Returns 0 or ENOMEM. */
int job_companions_append(struct job_companions *jc, const void *records, size_t len);

void job_companions_free(struct job_companions *jc);

/* Rank 0: the records summed as -S sums the ranks' files, as sections of
 * sc (the companion of output), in -S's order (the modules and the
 * libraries, the calls, the call paths: the MPI profiles follow).  Its
 * messages (a library or a paths section left out) on stderr, as -S's.
 * Returns 0, or 1 (a section left out, said), or -1 (nothing summed:
 * said). */
int job_companions_sum(const struct job_companions *jc, const char *output,
		       struct sum_companion *sc);

#endif /* GMON_PMPI_JOB_SUM_COMPANIONS_H */
