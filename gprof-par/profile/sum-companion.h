/*
 * sum-companion.h - a sum's profile and its one companion, OUTPUT and
 * OUTPUT+gmon-mpi (include/gmon-companion.h), written as one pair: by
 * gprof-par -s/-S (stages/reduce.c) and by the in-job sum (pmpi/job-sum.c),
 * the same bytes from the same sums.
 *
 * The sections are gathered in memory as the sum's parts are made (the
 * modules list and the libraries' profiles, the calls between modules, the
 * call paths, the MPI profiles); sum_companion_write then writes the
 * profile's temporary, the companion's (its first section "sum" naming
 * the profile: its size and checksum, so that a reader pairs them as it
 * pairs a rank's), and renames the profile, then at once the companion.
 * A failure before the renames replaces nothing and leaves no temporary;
 * one between them (the second rename refused) removes the earlier
 * companion, which would not be the new profile's.
 */
#ifndef GPROF_PAR_SUM_COMPANION_H
#define GPROF_PAR_SUM_COMPANION_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profile.h"

struct sum_section {
	uint32_t type;         /* GMON_SECTION_TEXT or _LIBRARY */
	char *name;
	void *data;
	size_t size;
};

struct sum_companion {
	struct sum_section *sections;  /* in the order added */
	size_t n, cap;
	FILE *text;            /* a text section being printed */
	char *text_data;
	size_t text_size;
};

void sum_companion_init(struct sum_companion *sc);
void sum_companion_free(struct sum_companion *sc);

/* A text section: a stream to print it into (in memory), or NULL when
 * out of memory; sum_companion_text_close adds what was printed as the
 * section name, printed 1 when its printer succeeded (0: it is dropped,
 * out of memory).  Returns 0, or -1 with a message naming output's
 * companion's section in err. */
FILE *sum_companion_text_open(struct sum_companion *sc);
int sum_companion_text_close(struct sum_companion *sc, const char *output, const char *name,
			     int printed, char *err, size_t errlen);

/* A text section of len bytes (copied). */
int sum_companion_add_text(struct sum_companion *sc, const char *output, const char *name,
			   const void *text, size_t len, char *err, size_t errlen);

/* A library's sum p (one histogram) as the LIBRARY section name: sparse
 * (profile_write_sparse_fd). */
int sum_companion_add_library(struct sum_companion *sc, const char *output, const char *name,
			      const struct profile *p, char *err, size_t errlen);

/* "OUTPUT+gmon-mpi/NAME", how messages and readers name a section of the
 * sum's companion (malloc'ed; NULL when out of memory). */
char *sum_companion_member(const char *output, const char *name);

/* Writes sum to output and the sections to output's companion, as one
 * pair.  Returns 0, or -1 with a message naming the file in err. */
int sum_companion_write(const struct profile *sum, const char *output,
			const struct sum_companion *sc, char *err, size_t errlen);

#endif /* GPROF_PAR_SUM_COMPANION_H */
