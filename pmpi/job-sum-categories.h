/*
 * job-sum-categories.h - each rank's call paths by the summary's
 * categories in the in-job sum (job-sum.h): the section "categories" of
 * gmon.sum+gmon-mpi (gprof-par/profile/path-rows.h), the same bytes as
 * gprof-par -S writes over the same ranks' files given the executable.
 *
 * A path's class needs the names on its frames (the program's and the
 * libraries' symbols: gprof-par/analysis/summary-paths.c), which only
 * rank 0 reads, once, after the tree has brought it every rank's paths:
 * it classifies the whole set and broadcasts each path's class, keyed by
 * the path's frames (each frame's module, by base name and build-id as
 * the sets match modules, and its address: the same key on every rank
 * whatever its set's numbering); each rank counts its own paths' samples
 * by class, and rank 0 gathers the rows.  The cost at rank 0 is -S's
 * (naming each distinct path once); on the others, a hash of each of its
 * paths and a search.
 */
#ifndef GMON_PMPI_JOB_SUM_CATEGORIES_H
#define GMON_PMPI_JOB_SUM_CATEGORIES_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "callpaths.h"
#include "path-rows.h"
#include "sum-companion.h"
#include "symtab.h"

struct job_categories {
	uint64_t *keys, *samples;  /* this rank's own paths */
	size_t n;
	int has;                   /* it brought call paths (a row) */
	int ok;                    /* 0: out of memory (said) */
	struct path_rows rows;     /* rank 0: every rank's, gathered */
	int have_rows;
};

/* Empty: a rank that brings no paths (no row). */
void job_categories_init(struct job_categories *jc);

/* This rank's own paths (own: its set before any other rank's was added;
 * none: no row, as -S gives a rank file without paths).  Returns 0, or -1
 * with a message in err. */
int job_categories_own(struct job_categories *jc, const struct callpaths *own, char *err,
		       size_t errlen);

/*
 * Collective on comm (n ranks): rank 0 classifies the paths of whole (the
 * job's set) with the executable's symbols st (NULL: none to classify by,
 * or whole's sum failed: no section on any rank), every rank counts its
 * row, rank 0 gathers them.  Returns 0, or -1 with a message in err on the
 * rank that failed (rank 0 then writes no section).
 */
int job_categories_gather(struct job_categories *jc, int me, int n, MPI_Comm comm,
			  const struct callpaths *whole, const struct symtab *st, char *err,
			  size_t errlen);

/* Rank 0: the section "categories" of output's companion sc, when every
 * rank's row came.  Returns 0, or -1 with a message in err. */
int job_categories_section(const struct job_categories *jc, struct sum_companion *sc,
			   const char *output, char *err, size_t errlen);

void job_categories_free(struct job_categories *jc);

#endif /* GMON_PMPI_JOB_SUM_CATEGORIES_H */
