/*
 * balance-view.h - the load-balance view: the functions of a symbol table
 * as the plain map the sum counts by (profile/balance.h), and the
 * statistics it gathered turned into what the report shows: per function
 * the minimum, mean, maximum and standard deviation over the ranks of self
 * time and of calls, the ranks of the minimum and the maximum, the
 * imbalance max/mean - 1 and the time lost to it, (max - mean) x ranks;
 * per rank its sampled time and its place among the others.
 */
#ifndef GPROF_PAR_BALANCE_VIEW_H
#define GPROF_PAR_BALANCE_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "balance.h"
#include "balance-map.h"
#include "mpi-profile.h"
#include "rank-noise.h"
#include "symtab.h"

struct balance_summary {
	double min, mean, max, stddev;
	int64_t min_rank, max_rank;
};

struct balance_function {
	const struct sym *sym;
	uint32_t index;                 /* its number in the map */
	struct balance_summary time;    /* seconds */
	struct balance_summary calls;
	double imbalance;               /* max/mean - 1 of time; 0 when no time */
	double lost;                    /* (max - mean) x ranks, seconds */
	int significant;                /* the ranks' samples differ more than
					 * sampling noise explains: either test
					 * of noise (rank-noise.h) */
	struct balance_noise noise;     /* the tests' verdicts */
};

struct balance_rank_view {
	int64_t rank;
	double seconds;                 /* all its samples */
	size_t place;                   /* 1: the slowest */
	double mpi_seconds;             /* wall time in MPI calls (the MPI
					 * profile, gmon-run --mpi); -1: none */
};

struct balance_view {
	uint64_t nranks;
	int64_t lowest_rank, highest_rank;
	double hz;
	struct balance_function *funcs; /* by time lost, most first; those with
					 * samples or calls in some rank */
	size_t nfuncs;
	struct balance_rank_view *ranks;  /* in rank order */
	size_t slowest, fastest;        /* indexes into ranks */
	double rank_mean;               /* seconds */
	int ranks_beyond_noise;         /* the ranks' samples differ more than
					 * sampling noise explains (either test
					 * of rank-noise.h) */
	struct balance_noise rank_noise;  /* the tests' verdicts */
	int has_mpi;                    /* some rank has mpi_seconds */
	double per_signal;              /* rank-noise.h's */
	const char *dimen;              /* the samples' clock: "seconds" (CPU
					 * time) or "wall-sec" (gmon-format.h) */
};

/*
 * Builds the view of b (finished: ranks sorted), whose function numbers
 * are rows[], at hz samples per second, per_signal samples a signal
 * (rank-noise.h).  Returns 0, or -1 when out of memory.
 */
int balance_view_build(struct balance_view *v, const struct balance *b,
		       const struct sym *const *rows, double hz, double per_signal);
void balance_view_free(struct balance_view *v);

/* Each rank's wall time in MPI calls, from the MPI profiles read (the
 * ranks mp holds; mpi_seconds stays -1 for the others). */
void balance_view_add_mpi(struct balance_view *v, const struct mpi_profile *mp);

/* The index of the first of v->ranks (in rank order) whose rank is rank or
 * more: v->nranks when none is. */
size_t balance_view_rank_index(const struct balance_view *v, int64_t rank);

/* The heat map's data: the first rows of the view (by time lost) by the
 * balance's rank columns. */
struct balance_heat {
	size_t nrows;
	const struct balance_function **rows;
	uint32_t ncolumns;
	double *cells;                  /* nrows x ncolumns: mean self seconds
					 * per rank of the column; -1: no rank */
	const int64_t *first, *last;    /* each column's ranks (b's arrays) */
	double max;                     /* the largest cell */
	uint64_t nranks;
};

/* Builds the heat map of at most max_rows functions from v and b (which
 * must outlive it: it points into both).  Returns 0, or -1 when out of
 * memory. */
int balance_heat_build(struct balance_heat *h, const struct balance_view *v,
		       const struct balance *b, size_t max_rows);
void balance_heat_free(struct balance_heat *h);

#endif /* GPROF_PAR_BALANCE_VIEW_H */
