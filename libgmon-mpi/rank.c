/* rank.c - see rank.h. */
#include "rank.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

static const char *const rank_variables[] = {
	"OMPI_COMM_WORLD_RANK", /* Open MPI */
	"PMIX_RANK",            /* PMIx launchers */
	"PMI_RANK",             /* MPICH/Hydra, Intel MPI */
	"MV2_COMM_WORLD_RANK",  /* MVAPICH */
	"SLURM_PROCID",         /* srun */
};

/* Reads one non-negative decimal number (at most INT_MAX) at *text and
 * advances past it.  Returns -1 if there is none or it is too large. */
static long parse_number(const char **text)
{
	const char *p = *text;
	char *end;
	long v;

	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	v = strtol(p, &end, 10);
	if (errno != 0 || v > INT_MAX)
		return -1;
	*text = end;
	return v;
}

int rank_parse(const char *text, long *rank)
{
	long r = parse_number(&text);

	if (r < 0 || *text != '\0')
		return -1;
	*rank = r;
	return 0;
}

int rank_from_environment(struct launcher_rank *out)
{
	*out = (struct launcher_rank){.found = 0};
	for (size_t i = 0; i < sizeof rank_variables / sizeof rank_variables[0]; i++) {
		const char *value = getenv(rank_variables[i]);

		if (!value)
			continue;
		if (rank_parse(value, &out->rank) == 0) {
			out->found = 1;
			out->source = rank_variables[i];
			break;
		}
		if (!out->bad_variable) {
			out->bad_variable = rank_variables[i];
			out->bad_value = value;
		}
	}
	return out->found;
}

long world_size_from_environment(void)
{
	static const char *const size_variables[] = {
		"OMPI_COMM_WORLD_SIZE", /* Open MPI */
		"PMI_SIZE",             /* MPICH/Hydra, Intel MPI */
		"MV2_COMM_WORLD_SIZE",  /* MVAPICH */
		"SLURM_STEP_NUM_TASKS", /* srun */
		"SLURM_NTASKS",
	};
	long size;

	for (size_t i = 0; i < sizeof size_variables / sizeof size_variables[0]; i++) {
		const char *value = getenv(size_variables[i]);

		if (value && rank_parse(value, &size) == 0 && size > 0)
			return size;
	}
	return 0;
}

int rank_subset_parse(const char *text, struct rank_subset *subset)
{
	struct rank_subset s;
	const char *p = text;

	if (!p)
		return -1;
	s.first = parse_number(&p);
	if (s.first < 0)
		return -1;
	s.last = s.first;
	s.stride = 1;
	if (*p == ':') {
		p++;
		s.last = parse_number(&p);
		if (s.last < 0 || s.last < s.first)
			return -1;
		if (*p == ':') {
			p++;
			s.stride = parse_number(&p);
			if (s.stride < 1)
				return -1;
		}
	}
	if (*p != '\0')
		return -1;
	*subset = s;
	return 0;
}

int rank_subset_contains(const struct rank_subset *subset, long rank)
{
	return rank >= subset->first && rank <= subset->last &&
	       (rank - subset->first) % subset->stride == 0;
}

int rank_subset_selects_none(const struct rank_subset *subset, long world_size)
{
	/* the smallest rank a subset selects is its first */
	return world_size > 0 && subset->first >= world_size;
}
