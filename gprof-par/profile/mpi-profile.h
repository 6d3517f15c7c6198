/*
 * mpi-profile.h - the MPI profiles the PMPI wrapper library writes
 * (include/gmon-mpi-profile.h: the section "mpi" of the rank's companion,
 * or the file PROFILE+mpi.<rank> of earlier runs and of
 * BG_GMON_COMPANIONS=files): read, validated, and concatenated into a
 * sum's section "mpi" of SUM+gmon-mpi (sum-companion.h; SUM+mpi, a file,
 * in sums of earlier versions, still read).
 */
#ifndef GPROF_PAR_MPI_PROFILE_H
#define GPROF_PAR_MPI_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "name-index.h"

/* One (MPI function, call site) of one rank; or a function's overflow
 * line: its calls from the sites the wrappers' table had no room for
 * (module "", site 0). */
struct mpi_site {
	char *function;          /* "MPI_Barrier" */
	char *module;            /* the caller's module (unescaped path); "": overflow */
	uint64_t site;           /* the return address, link-time, in module */
	uint64_t calls, ns, bytes_sent, bytes_received;
};

static inline int mpi_site_is_overflow(const struct mpi_site *s)
{
	return s->module[0] == '\0';
}

struct mpi_rank {
	int64_t rank, size;
	uint64_t elapsed_ns;
	uint64_t mpi_ns;         /* the threads' times in MPI, added */
	uint64_t mpi_wall_ns;    /* the wall time some thread was in MPI (version 1: mpi_ns) */
	uint64_t dropped_calls;
	struct mpi_site *sites;
	size_t nsites;
};

struct mpi_profile {
	struct mpi_rank *ranks;  /* in the order read */
	size_t nranks;
	/* over every site of every rank read, each below 2^64 (a file that
	 * would take one past it is refused): no sum of a report passes them */
	uint64_t calls, ns, bytes;      /* bytes: sent and received */
	struct name_index by_rank;      /* ranks[] by rank: each one once */
};

/* Appends the rank blocks of path (a companion_input_path: a file, or the
 * section of a companion, companion-file.h) to *p (zeroed at first).
 * Returns 0; 1 if path does not exist (no MPI profile: the program ran
 * without the wrapper library); -1 with a message naming the file and line
 * in err: a malformed line, an empty profile, a rank of p again, calls,
 * time or bytes that would add up past 2^64 - 1 with p's. */
int mpi_profile_read(struct mpi_profile *p, const char *path, char *err, size_t errlen);

/* The same for text[0 .. len), read as if from a file named path. */
int mpi_profile_read_buffer(struct mpi_profile *p, const char *path, const char *text,
			    size_t len, char *err, size_t errlen);

/* Checks text[0 .. len) as mpi_profile_read would read it alone from a
 * file named path: 0, or -1 with its message in err. */
int mpi_profile_check(const char *path, const char *text, size_t len, char *err, size_t errlen);

void mpi_profile_free(struct mpi_profile *p);

/* Appends the bytes of profile's MPI profile (its companion's section
 * "mpi" when it has a companion, else the file PROFILE+mpi) to
 * *text (*len used of *cap, grown with malloc), ended by a newline.
 * Returns 0; 1 if there is none; -1 with a message in err, *len as it was
 * (not a regular file, unreadable, what mpi_profile_read would refuse,
 * out of memory). */
int mpi_profile_append_beside(const char *profile, char **text, size_t *len, size_t *cap,
			      char *err, size_t errlen);

/* text[0 .. len): the ranks' MPI profiles one after another, which
 * mpi_profile_read reads back rank by rank, as the section "mpi" of
 * output's companion (sum-companion.h); nothing with len 0.  Returns 0,
 * or -1 with a message in err: also, with nothing added, when
 * mpi_profile_read would refuse the sum (the same rank in two files,
 * counts adding up past 2^64 - 1). */
struct sum_companion;
int mpi_profile_sum_section(struct sum_companion *sc, const char *output, const char *text,
			    size_t len, char *err, size_t errlen);

#endif /* GPROF_PAR_MPI_PROFILE_H */
