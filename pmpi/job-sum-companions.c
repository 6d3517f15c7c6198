/* job-sum-companions.c - see job-sum-companions.h. */
#define _GNU_SOURCE
#include "job-sum-companions.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call-paths.h"
#include "companion-file.h"
#include "companions.h"
#include "gmon-job-sum.h"
#include "library-sums.h"
#include "sum.h"

#define PROGRAM "gmon-mpi"

static int put(struct job_companions *jc, const void *a, size_t alen, const void *b, size_t blen)
{
	uint64_t n[2] = { alen, blen };
	char *grown = realloc(jc->data, jc->len + sizeof n + alen + blen);

	if (!grown)
		return ENOMEM;
	jc->data = grown;
	memcpy(jc->data + jc->len, &n[0], sizeof n[0]);
	memcpy(jc->data + jc->len + sizeof n[0], a, alen);
	memcpy(jc->data + jc->len + sizeof n[0] + alen, &n[1], sizeof n[1]);
	memcpy(jc->data + jc->len + sizeof n + alen, b, blen);
	jc->len += sizeof n + alen + blen;
	return 0;
}

int job_companions_own(struct job_companions *jc)
{
	char profile[PATH_MAX];
	void *data = NULL;
	size_t len = 0;
	int e;

	if (!gmon_mpi_sum_companion)
		return 0;
	e = gmon_mpi_sum_companion(&data, &len, profile, sizeof profile);
	if (e == ENOENT)
		return 0;
	if (e == 0)
		e = put(jc, profile, strlen(profile), data, len);
	free(data);
	return e;
}

int job_companions_append(struct job_companions *jc, const void *records, size_t len)
{
	char *grown;

	if (len == 0)
		return 0;
	grown = realloc(jc->data, jc->len + len);
	if (!grown)
		return ENOMEM;
	jc->data = grown;
	memcpy(jc->data + jc->len, records, len);
	jc->len += len;
	return 0;
}

void job_companions_free(struct job_companions *jc)
{
	free(jc->data);
	jc->data = NULL;
	jc->len = 0;
}

/* The next record's field at *at: its bytes and length; 0, or -1 when
 * the records end short. */
static int field(const char **at, const char *end, const char **bytes, size_t *len)
{
	uint64_t n;

	if ((size_t)(end - *at) < sizeof n)
		return -1;
	memcpy(&n, *at, sizeof n);
	*at += sizeof n;
	if ((uint64_t)(end - *at) < n)
		return -1;
	*bytes = *at;
	*len = (size_t)n;
	*at += n;
	return 0;
}

/* The records' profiles (malloc'ed names into job->paths), their
 * companions adopted under their files' names.  Returns 0, or -1 (said). */
static int adopt_all(const struct job_companions *jc, struct sum_job *job)
{
	const char *at = jc->data, *end = jc->data + jc->len, *name, *bytes;
	size_t nlen, blen, cap = 0;
	char err[1024];

	while (at < end) {
		char **grown, *profile, *path;
		void *copy;

		if (field(&at, end, &name, &nlen) != 0 || field(&at, end, &bytes, &blen) != 0) {
			fprintf(stderr, PROGRAM ": rank 0: the ranks' companions end short\n");
			return -1;
		}
		grown = job->n == cap ? realloc(job->paths, (cap = cap * 2 + 16) * sizeof *grown)
				      : job->paths;
		profile = strndup(name, nlen);
		path = profile ? companion_file_path(profile) : NULL;
		copy = malloc(blen ? blen : 1);
		if (grown)
			job->paths = grown;
		if (!grown || !path || !copy) {
			free(profile);
			free(path);
			free(copy);
			fprintf(stderr, PROGRAM ": rank 0: out of memory for the ranks' companions\n");
			return -1;
		}
		job->paths[job->n++] = profile;
		memcpy(copy, bytes, blen);
		if (companion_file_adopt(path, copy, blen, err, sizeof err) != 0) {
			fprintf(stderr, PROGRAM ": rank 0: %s\n", err);
			free(path);
			return -1;
		}
		free(path);
	}
	return 0;
}

int job_companions_sum(const struct job_companions *jc, const char *output,
		       struct sum_companion *sc)
{
	struct sum_job job = { .sum_paths = 1, .sum_libraries = 1 };
	struct sum_outcome o;
	char *notes = NULL;
	size_t notes_len = 0;
	FILE *msgs;
	int status = 0;

	if (jc->len == 0)
		return 0;
	sum_outcome_init(&o);
	if (adopt_all(jc, &job) != 0) {
		status = -1;
		goto out;
	}
	/* -S's passes over the files summed (sum_serial), then its sections
	 * (stages/reduce.c: write_sum) */
	if (sum_paths_files(&o.paths, &job, 0, job.n, NULL, 0, 0, NULL) != 0) {
		fprintf(stderr, PROGRAM ": rank 0: %s\n", o.paths.message);
		status = -1;
		goto out;
	}
	sum_libraries_serial(&job, &o);
	for (int k = 0; k < SUM_NCALLS; k++)
		if (sum_calls_files(&o.calls[k], (enum sum_calls_kind)k, &job, 0, job.n, NULL, 0,
				    0, NULL) != 0)
			o.calls[k].oom = 1;
	msgs = open_memstream(&notes, &notes_len);
	if (!msgs) {
		fprintf(stderr, PROGRAM ": rank 0: out of memory for the ranks' companions\n");
		status = -1;
		goto out;
	}
	status = library_sums_sections(msgs, PROGRAM, &o, output, 0, sc);
	status |= call_paths_sum_section(&o.paths, sc, output, msgs, PROGRAM);
	fclose(msgs);
	/* -S's summary lines are for a person at a terminal; a job's log gets
	 * them only with a part left out */
	if (status != 0 && notes)
		fwrite(notes, 1, notes_len, stderr);
	free(notes);
out:
	for (size_t i = 0; i < job.n; i++)
		free(job.paths[i]);
	free(job.paths);
	sum_outcome_free(&o);
	return status;
}
