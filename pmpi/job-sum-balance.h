/*
 * job-sum-balance.h - the load balance of every rank in the in-job sum
 * (job-sum.h): the section "balance" of gmon.sum+gmon-mpi
 * (gprof-par/profile/balance-section.h), the same bytes as gprof-par -S
 * writes over the same ranks' files given the executable.
 *
 * As -S under mpirun: rank 0 reads the executable's symbol table
 * (/proc/self/exe) with gprof-par's own symbols code (symbols/symtab.c,
 * OpenMP regions charged to their function: the load balance's default),
 * makes the map of its functions (analysis/balance-map.c) and broadcasts
 * it; each rank counts its own profile by it (profile/balance.c: as -S
 * counts one rank file), and the statistics are merged up the sum's tree
 * (balance_merge: integers, the same in any grouping).
 */
#ifndef GMON_PMPI_JOB_SUM_BALANCE_H
#define GMON_PMPI_JOB_SUM_BALANCE_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

#include "balance.h"
#include "sum-companion.h"
#include "symtab.h"

struct job_balance {
	struct balance_map map;   /* rank 0: made; the others: over image */
	void *image;              /* the map, packed (balance_map_pack) */
	size_t image_len;
	struct balance b;         /* the ranks held so far */
	struct symtab st;         /* rank 0: the executable's, the map's */
	int has_map, has_b, has_st;
	int ok;                   /* 0: no section (the sum goes on without) */
};

/*
 * Each returns 0, or -1 with a message in err when it fails on this rank
 * (then jb->ok is 0: the sum is written without the section, and every
 * rank above it in the tree learns it without a message).
 *
 * Collective on comm: the map, made by rank 0 from the executable and
 * broadcast; jb->ok is 0 on every rank when rank 0 could not make it.
 */
int job_balance_start(struct job_balance *jb, int me, MPI_Comm comm, char *err, size_t errlen);

/* Counts this rank's profile (its gmon bytes: image, len) as rank me. */
int job_balance_own(struct job_balance *jb, int me, const void *image, size_t len, char *err,
		    size_t errlen);

/* Up the sum's tree: this part's statistics to rank `to' (failed: none),
 * and another's from rank `from' merged in (the next ranks). */
int job_balance_send(struct job_balance *jb, int to, MPI_Comm comm, char *err, size_t errlen);
int job_balance_add(struct job_balance *jb, int from, MPI_Comm comm, char *err, size_t errlen);

/* Rank 0: the section "balance" of output's companion sc, when every rank
 * counted.  Returns 0, or -1 with a message in err. */
int job_balance_section(const struct job_balance *jb, struct sum_companion *sc,
			const char *output, char *err, size_t errlen);

/* Rank 0: the executable's symbols the map was made from (OpenMP regions
 * charged to their function), or NULL; valid until job_balance_free. */
const struct symtab *job_balance_symtab(const struct job_balance *jb);

void job_balance_free(struct job_balance *jb);

#endif /* GMON_PMPI_JOB_SUM_BALANCE_H */
