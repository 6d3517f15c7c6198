/*
 * job-sum-companions.h - the ranks' companions in the in-job sum
 * (job-sum.h): the calls between modules, the call paths, the list of
 * modules and the libraries' profiles, summed into the sections of the
 * job's gmon.sum+gmon-mpi by gprof-par -S's own code, the same bytes as
 * -S over the ranks' files.
 *
 * They are reduced up the tree the profiles go up (job-sum.c), as -S's
 * parallel sum reduces its blocks (parallel/sum-mpi-companions.c): each
 * rank sums its own companion as -S sums one file (parallel/sum.h:
 * sum_paths_files, sum_calls_files, sum_libraries_serial, reading the
 * companion from memory: companion-file.h, companion_file_adopt), adds
 * the partial sums of the ranks after it that its children send (the
 * call paths and the calls as the text callpaths_print and
 * module_calls_print write, added by callpaths_add_text and
 * module_calls_add_text; the libraries by sum_libraries_take, each
 * library's profile by profile_add_packed), in rank order, and sends one
 * partial up: rank 0 holds its own and its children's partials only,
 * never every rank's companion.  Rank 0 writes the sum's sections from the
 * whole (stages/: library_sums_sections, call_paths_sum_section).
 *
 * Why the tree gives -S's bytes: the sets are written in a canonical
 * order (callpaths_print, module_calls_print), a module keeps the path of
 * its first file as every addition is of the next ranks after the
 * earlier ones; a library keeps the description of the first list naming
 * it (sum_libraries_take, as -S's processes take each other's) and the
 * libraries are sorted at the end by a total order; the libraries' and
 * the main profiles add as the main sum does.  What can differ is a
 * failure's message: ranks whose paths or calls cannot be added to one
 * another (another executable, another rate in one job) fail the section
 * as -S does, named by their ranks rather than by their files.
 */
#ifndef GMON_PMPI_JOB_SUM_COMPANIONS_H
#define GMON_PMPI_JOB_SUM_COMPANIONS_H

#include <stddef.h>

#include "run-facts.h"
#include "sum-companion.h"
#include "sum.h"

/* The partial sum of the companions of the ranks a part holds. */
struct job_companions {
	struct sum_outcome sum;  /* its paths, calls and libraries (each
				  * profiled library's sum in libs[i].sum) */
	unsigned merged;         /* partials of other ranks added into it */
	size_t merged_bytes;     /* their bytes */
	double cpu;              /* this rank's CPU time in the functions
				  * below, seconds */
	struct runs_facts facts; /* what the ranks' run sections say
				  * (run-facts.h), in rank order */
	int facts_oom;           /* out of memory adding them: no section */
};

void job_companions_init(struct job_companions *jc);
void job_companions_free(struct job_companions *jc);

/* Sums this rank's companion (gmon_mpi_sum_companion), if its runtime
 * gives one, into jc (empty).  Returns 0, or -1 with a message in err (the
 * rank's part then fails: its files are written); no companion
 * (BG_GMON_COMPANIONS=files, an earlier runtime) is 0 with nothing in it. */
int job_companions_own(struct job_companions *jc, char *err, size_t errlen);

/* jc in bytes for the parent (malloc'ed).  Returns 0, or ENOMEM. */
int job_companions_pack(struct job_companions *jc, char **data, size_t *len);

/* Adds the packed partial of the ranks from `from' on (the next ranks
 * after jc's).  Returns 0, or -1 with a message in err. */
int job_companions_add(struct job_companions *jc, const void *data, size_t len, int from,
		       char *err, size_t errlen);

/* Rank 0: the whole sum as sections of sc (the companion of output), in
 * -S's order (the modules and the libraries, the calls, the call paths:
 * the MPI profiles follow).  Its messages (a library or a paths section
 * left out) on stderr, as -S's.  Returns 0, or 1 (a section left out,
 * said), or -1 (nothing summed: said). */
int job_companions_sum(struct job_companions *jc, const char *output, struct sum_companion *sc);

/* Rank 0: what the ranks' run sections say together, as the section
 * "runs" of output's companion sc (-S's from the ranks' files: run-facts.h).
 * Each rank's are its run section's at MPI_Finalize, where its file's are
 * at exit: the profiler's writes and the threads' CPU time differ by what
 * ran between.  Returns 0, or -1 with a message in err. */
int job_companions_runs_section(const struct job_companions *jc, const char *output,
				struct sum_companion *sc, char *err, size_t errlen);

#endif /* GMON_PMPI_JOB_SUM_COMPANIONS_H */
