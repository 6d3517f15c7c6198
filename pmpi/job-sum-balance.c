/* job-sum-balance.c - see job-sum-balance.h. */
#include "job-sum-balance.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "balance-map.h"
#include "balance-section.h"
#include "gmon-read.h"
#include "errors.h"
#include "regions.h"
#include "symtab.h"

#define TAG 0x6d6f6f   /* the sum's communicator; job-sum.c's tag + 1 */

/* The executable the program runs. */
#define EXECUTABLE "/proc/self/exe"

#define NONE "the job's sum has no load balance (its section balance): "

/* Rank 0: the map of the executable's functions, as gprof-par makes the
 * load balance's (its defaults: OpenMP regions charged to their function),
 * packed.  Returns 0, or -1 with a message in err. */
static int make_map(struct job_balance *jb, char *err, size_t errlen)
{
	const struct sym **rows = NULL;
	struct symtab st;
	char why[1024];
	int rc = symtab_read_with(&st, EXECUTABLE, NULL, SYMTAB_REGIONS, why, sizeof why);

	if (rc == 0 && regions_apply(&st, REGIONS_PARENT, 0, why, sizeof why) != 0) {
		symtab_free(&st);
		rc = -1;
	}
	if (rc != 0) {
		set_error(err, errlen, NONE "%s", why);
		return -1;
	}
	rc = balance_map_from_symtab(&st, &jb->map, &rows);
	jb->st = st;   /* (the categories classify by it: job_balance_symtab) */
	jb->has_st = 1;
	free(rows);
	if (rc == 0) {
		jb->has_map = 1;
		rc = balance_map_pack(&jb->map, &jb->image, &jb->image_len);
	}
	if (rc != 0 || jb->image_len > INT_MAX) {
		set_error(err, errlen, NONE "out of memory for the map of %s's functions",
			  EXECUTABLE);
		return -1;
	}
	return 0;
}

int job_balance_start(struct job_balance *jb, int me, MPI_Comm comm, char *err, size_t errlen)
{
	uint64_t len;
	int failed;

	memset(jb, 0, sizeof *jb);
	failed = me == 0 && make_map(jb, err, errlen) != 0;
	len = me == 0 && !failed ? jb->image_len : 0;
	PMPI_Bcast(&len, 1, MPI_UINT64_T, 0, comm);
	if (len == 0)
		return failed ? -1 : 0;
	if (me != 0) {
		jb->image = malloc((size_t)len);
		jb->image_len = (size_t)len;
	}
	/* (a rank without the memory receives into none: it fails alone) */
	PMPI_Bcast(jb->image, jb->image ? (int)len : 0, MPI_BYTE, 0, comm);
	if (me != 0 && (!jb->image || balance_map_view(&jb->map, jb->image, jb->image_len) != 0)) {
		set_error(err, errlen, NONE "no memory for rank 0's map (%llu bytes)",
			  (unsigned long long)len);
		return -1;
	}
	if (balance_init(&jb->b, &jb->map, 0, 0) != 0) {
		set_error(err, errlen, NONE "no memory for its statistics");
		return -1;
	}
	jb->has_b = 1;
	jb->ok = 1;
	return 0;
}

int job_balance_own(struct job_balance *jb, int me, const void *image, size_t len, char *err,
		    size_t errlen)
{
	struct profile q;
	char why[1024], name[64];
	int rc;

	if (!jb->ok)
		return 0;
	/* its own profile once more, traced (as -S adds a rank file for the
	 * load balance); the sum's profile is left as it is */
	profile_init(&q);
	snprintf(name, sizeof name, "rank %d's profile", me);
	rc = profile_trace_files(&q, why, sizeof why) != 0 ||
	     profile_begin_batch(&q, why, sizeof why) != 0 ||
	     profile_add_buffer(&q, image, len, name, why, sizeof why) != 0;
	if (!rc && balance_add_file(&jb->b, me, 0, &q) != 0) {
		snprintf(why, sizeof why, "out of memory counting %s", name);
		rc = 1;
	}
	profile_end_batch(&q);
	profile_trace_arc_sums(&q, NULL);
	balance_flush(&jb->b);
	profile_free(&q);
	if (rc) {
		set_error(err, errlen, NONE "%s", why);
		jb->ok = 0;
		return -1;
	}
	return 0;
}

int job_balance_send(struct job_balance *jb, int to, MPI_Comm comm, char *err, size_t errlen)
{
	void *data = NULL;
	size_t len = 0;
	uint64_t head;
	int rc = 0;

	if (jb->ok && (balance_pack(&jb->b, &data, &len) != 0 || len > INT_MAX)) {
		set_error(err, errlen, NONE "out of memory packing it");
		jb->ok = 0;
		rc = -1;
	}
	head = jb->ok ? len : 0;
	PMPI_Send(&head, 1, MPI_UINT64_T, to, TAG, comm);
	if (head)
		PMPI_Send(data, (int)head, MPI_BYTE, to, TAG, comm);
	free(data);
	return rc;
}

int job_balance_add(struct job_balance *jb, int from, MPI_Comm comm, char *err, size_t errlen)
{
	struct balance part;
	uint64_t head;
	void *data;
	int rc = 0;

	PMPI_Recv(&head, 1, MPI_UINT64_T, from, TAG, comm, MPI_STATUS_IGNORE);
	if (!head) {
		jb->ok = 0;   /* (the rank that failed said why) */
		return 0;
	}
	data = malloc((size_t)head);
	/* (without the memory, received into none: the sender goes on) */
	PMPI_Recv(data, data ? (int)head : 0, MPI_BYTE, from, TAG, comm, MPI_STATUS_IGNORE);
	if (!jb->ok) {
		rc = 0;
	} else if (!data) {
		set_error(err, errlen, NONE "out of memory for rank %d's (%llu bytes)", from,
			  (unsigned long long)head);
		rc = -1;
	} else if (balance_unpack(&part, data, (size_t)head) != 0) {
		set_error(err, errlen, NONE "rank %d's is not valid, or no memory to read it",
			  from);
		rc = -1;
	} else {
		/* (the next ranks: still in rank order, which finish keeps) */
		if (balance_merge(&jb->b, &part) == 0)
			balance_finish(&jb->b);
		else {
			set_error(err, errlen, NONE "out of memory adding rank %d's", from);
			rc = -1;
		}
		balance_free(&part);
	}
	if (rc)
		jb->ok = 0;
	free(data);
	return rc;
}

int job_balance_section(const struct job_balance *jb, struct sum_companion *sc,
			const char *output, char *err, size_t errlen)
{
	if (!jb->ok)
		return 0;
	return balance_section_add(sc, output, &jb->b, &jb->map, err, errlen);
}

const struct symtab *job_balance_symtab(const struct job_balance *jb)
{
	return jb->has_st ? &jb->st : NULL;
}

void job_balance_free(struct job_balance *jb)
{
	if (jb->has_st)
		symtab_free(&jb->st);
	if (jb->has_b)
		balance_free(&jb->b);
	/* rank 0's map is its own arrays; the others' point into the image */
	if (jb->has_map)
		balance_map_free(&jb->map);
	free(jb->image);
	memset(jb, 0, sizeof *jb);
}
