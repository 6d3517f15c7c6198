/*
 * balance.h - where ranks differ: per-function statistics over the ranks'
 * gmon files, gathered while they are summed (the load-balance view).
 *
 * The functions are given as plain data (struct balance_map: the sorted
 * start addresses of the symbol table's entries and the function each
 * belongs to), so this layer needs no symbols; analysis/ makes the map and
 * reads the result.  Each file added (balance_add_file) is one rank: its
 * samples and calls per function are counted, then folded into streaming
 * statistics (minimum and maximum with the lowest rank holding them, sum,
 * sum of squares) and the scratch counters are cleared.  Memory is per
 * function and per rank, never per function x rank: the optional heat map
 * keeps a fixed number of rank columns per function.
 *
 * Everything is an integer (samples, calls), so that statistics merged in
 * any grouping (balance_merge, e.g. across MPI processes) are exactly the
 * same: the result does not depend on the number of processes.
 *
 * Rules, as the report's: a bin counts for the function that contains the
 * address where the bin starts (functions are aligned; GNU's proportional
 * split of a straddling bin is not reproduced per rank); an arc counts as a
 * call of the function containing self_pc when the one containing from_pc
 * is another function (GNU's count without self-recursion), and not at all
 * when either end is in no function.
 */
#ifndef GPROF_PAR_BALANCE_H
#define GPROF_PAR_BALANCE_H

#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"
#include "profile.h"

#define BALANCE_NONE UINT32_MAX

struct balance_map {
	gmon_addr_t *starts;     /* sorted start address of each entry */
	uint32_t *func;          /* its function, 0..nfuncs-1, or BALANCE_NONE */
	size_t nentries;
	gmon_addr_t text_end;    /* the last entry ends before this address */
	uint32_t nfuncs;
};

/* A statistic over the ranks (integers: samples or calls). */
struct balance_stat {
	uint64_t min, max;
	int64_t min_rank, max_rank;  /* lowest rank holding the min / the max */
	uint64_t sum;
	unsigned __int128 sumsq;     /* sum of squares */
};

struct balance_rank {
	int64_t rank;
	uint64_t samples;            /* all of the rank's samples */
};

struct balance_scratch;

struct balance {
	uint32_t nfuncs;
	uint64_t nranks;             /* files folded in */
	struct balance_stat *time;   /* per function, in samples */
	struct balance_stat *calls;  /* per function */
	struct balance_rank *ranks;  /* every rank folded in, in rank order
				      * after balance_finish */
	size_t ranks_cap;
	/* Heat map (ncolumns > 0): file index i of nfiles goes to column
	 * i * ncolumns / nfiles; per function and column the samples, and per
	 * column the files in it. */
	uint32_t ncolumns;
	uint64_t nfiles;
	uint64_t *columns;           /* nfuncs x ncolumns */
	uint64_t *column_files;      /* ncolumns */
	int64_t *column_first;       /* ncolumns: lowest and highest rank in */
	int64_t *column_last;        /* each column (-1: none yet) */

	/* files counted that were sums of ranks, each as one rank (the caller
	 * counts them: parallel/sum.c): such a balance is not every rank's */
	uint32_t sums;
	int without_calls;           /* set before the first file: the calls
				      * per function are not counted (their
				      * statistics stay empty), for a reader
				      * of the samples alone (the summary) */
	const struct balance_map *map;   /* NULL in a merged-only result */
	struct balance_scratch *scratch; /* per-file counters, bin maps */
};

/*
 * Prepares b for files mapped by map (kept, not copied).  ncolumns: the
 * heat map's columns for nfiles files (0: none).  Returns 0, or -1 when
 * out of memory.
 */
int balance_init(struct balance *b, const struct balance_map *map, uint32_t ncolumns,
		 uint64_t nfiles);
/* An empty result of nfuncs functions and no map, to merge into or to
 * fill (balance_unpack, a sum's section: balance-section.h). */
int balance_init_merged(struct balance *b, uint32_t nfuncs, uint32_t ncolumns, uint64_t nfiles);
void balance_free(struct balance *b);

/*
 * Counts the file profile_add_file() just added into p, which must trace
 * its files (profile_trace_files), as rank `rank`, file `index` of the
 * nfiles.  Gives p's arcs their classes and points p's arc sums
 * (profile_trace_arc_sums) into b for the next files: p must add its
 * files only for b from then on, until profile_trace_arc_sums(p, NULL).
 * Returns 0, or -1 when out of memory or p is not traced.
 */
int balance_add_file(struct balance *b, int64_t rank, uint64_t index, struct profile *p);

/* Folds the files counted but not yet folded into the statistics (they
 * are folded in batches): call before reading, merging or packing b. */
void balance_flush(struct balance *b);

/* Adds what from holds into into (same nfuncs and ncolumns).  Returns 0,
 * or -1 when out of memory or they do not match. */
int balance_merge(struct balance *into, const struct balance *from);

/* Sorts the ranks (call once all is merged). */
void balance_finish(struct balance *b);

/* A flat image of b's results (not its map), for another process; and
 * back, into an empty b.  Return 0, or -1 (out of memory, bad image). */
int balance_pack(const struct balance *b, void **data, size_t *len);
int balance_unpack(struct balance *b, const void *data, size_t len);

/* The map as one flat image, and back (the arrays point into data, which
 * must outlive map). */
int balance_map_pack(const struct balance_map *map, void **data, size_t *len);
int balance_map_view(struct balance_map *map, const void *data, size_t len);

#endif /* GPROF_PAR_BALANCE_H */
