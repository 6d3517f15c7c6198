/*
 * rank.h - which MPI rank this process is, from the launcher's environment
 * (the runtime starts before MPI_Init), and BG_GMON_RANK_SUBSET.
 */
#ifndef GMON_MPI_RANK_H
#define GMON_MPI_RANK_H

/* The launcher variables (Open MPI, PMIx, MPICH/Hydra, MVAPICH, Slurm) are
 * read in that order; the first that holds a rank (a decimal number from 0
 * to INT_MAX) gives it.  One that is set but malformed is passed over (the
 * launchers set several) and the first such is remembered, to be reported. */
struct launcher_rank {
	int found;                /* a variable held a rank; 0: a serial program */
	long rank;
	const char *source;       /* the name of the variable that held it */
	const char *bad_variable; /* the first malformed variable read, or NULL */
	const char *bad_value;    /* and its value */
};

/* Fills *out from the environment; returns out->found. */
int rank_from_environment(struct launcher_rank *out);

/* The number of ranks of the job, from the launcher's variables (Open MPI,
 * MPICH/Hydra, MVAPICH, Slurm's step), or 0 when none holds one. */
long world_size_from_environment(void);

/* Parses a launcher variable's value: 0 and *rank, or -1 if malformed. */
int rank_parse(const char *text, long *rank);

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

/* Whether the subset holds no rank of a job of world_size ranks. */
int rank_subset_selects_none(const struct rank_subset *subset, long world_size);

#endif /* GMON_MPI_RANK_H */
