/*
 * rank.h - which MPI rank this process is, from the launcher's environment
 * (the runtime starts before MPI_Init), and BG_GMON_RANK_SUBSET.
 */
#ifndef GMON_MPI_RANK_H
#define GMON_MPI_RANK_H

/* Returns 1 and sets *rank if a launcher variable holds a valid rank
 * (Open MPI, PMIx, MPICH/Hydra, MVAPICH, Slurm, in that order); 0 for a
 * serial program.  *source gets the variable's name. */
int rank_from_environment(long *rank, const char **source);

/* Ranks first..last (inclusive), every stride-th, counted from first. */
struct rank_subset {
	long first;
	long last;
	long stride;
};

#define RANK_SUBSET_DEFAULT ((struct rank_subset){0, 31, 1})

/* Parses N, N:M or N:M:S (non-negative decimal, N <= M, S >= 1).
 * Returns 0, or -1 (and leaves *subset alone) if text is malformed. */
int rank_subset_parse(const char *text, struct rank_subset *subset);

int rank_subset_contains(const struct rank_subset *subset, long rank);

#endif /* GMON_MPI_RANK_H */
