/* launcher.c - MPI launcher detection from the environment; see launcher.h. */
#include "launcher.h"

#include <errno.h>
#include <stdlib.h>

/* A non-negative decimal number, or -1 (unset, empty or not a number). */
static long env_number(const char *name)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < 0)
		return -1;
	return v;
}

struct pair {
	const char *name;
	const char *size_var;   /* NULL: the launcher does not say */
	const char *rank_var;
};

static const struct pair launchers[] = {
	{ "Open MPI", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK" },
	{ "MVAPICH", "MV2_COMM_WORLD_SIZE", "MV2_COMM_WORLD_RANK" },
	{ "PMI (MPICH, Intel MPI)", "PMI_SIZE", "PMI_RANK" },
};

static int found(struct launcher *l, const char *name, long size, long rank)
{
	l->name = name;
	l->size = size;
	l->rank = rank;
	return 1;
}

int launcher_detect(struct launcher *l)
{
	long size, rank;

	for (size_t i = 0; i < sizeof launchers / sizeof launchers[0]; i++) {
		size = env_number(launchers[i].size_var);
		if (size >= 1)
			return found(l, launchers[i].name, size, env_number(launchers[i].rank_var));
	}
	/* srun: only a job step runs tasks; a batch script also has
	 * SLURM_NTASKS but is a single process. */
	if (getenv("SLURM_STEP_ID") && (rank = env_number("SLURM_PROCID")) >= 0) {
		size = env_number("SLURM_STEP_NUM_TASKS");
		if (size < 1)
			size = env_number("SLURM_NTASKS");
		return found(l, "Slurm srun", size >= 1 ? size : -1, rank);
	}
	if ((rank = env_number("PMIX_RANK")) >= 0)
		return found(l, "PMIx", -1, rank);
	l->name = NULL;
	l->size = 1;
	l->rank = 0;
	return 0;
}

int launcher_wants_mpi(const struct launcher *l)
{
	return l->name && (l->size > 1 || l->size < 0);
}
