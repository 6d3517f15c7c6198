/* job-sum.c - see job-sum.h. */
#include "job-sum.h"

#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gmon-job-sum.h"
#include "gmon-read.h"
#include "profile-pack.h"
#include "profile-write.h"

#define TAG 0x6d6f6e   /* on a communicator of its own (PMPI_Comm_dup) */
#define CHUNK (1 << 30)

/* "gmon-mpi: rank N: ..." in one write(2). */
static void say(int rank, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(int rank, const char *fmt, ...)
{
	char line[2048];
	int n = snprintf(line, sizeof line, "gmon-mpi: rank %d: ", rank);
	va_list ap;

	va_start(ap, fmt);
	if (n > 0 && (size_t)n < sizeof line)
		n += vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof line - 1)
		n = (int)sizeof line - 2;
	line[n++] = '\n';
	if (write(STDERR_FILENO, line, (size_t)n) < 0)
		return;
}

/* A buffer to rank `to': {ok, length}, then the bytes in chunks (an MPI
 * count is an int). */
static void send_buffer(const void *data, size_t len, int ok, int to, MPI_Comm comm)
{
	uint64_t head[2] = {(uint64_t)ok, ok ? (uint64_t)len : 0};

	PMPI_Send(head, 2, MPI_UINT64_T, to, TAG, comm);
	for (size_t off = 0; ok && off < len; off += CHUNK) {
		size_t n = len - off < CHUNK ? len - off : CHUNK;

		PMPI_Send((const char *)data + off, (int)n, MPI_BYTE, to, TAG, comm);
	}
}

/* From rank `from': the buffer (malloc'ed) and its length, or NULL with
 * *ok 0 (that rank's subtree failed, or no memory: its bytes are
 * received all the same). */
static void *recv_buffer(int from, size_t *len, int *ok, MPI_Comm comm)
{
	uint64_t head[2];
	char *data, sink[4096];

	PMPI_Recv(head, 2, MPI_UINT64_T, from, TAG, comm, MPI_STATUS_IGNORE);
	*ok = head[0] != 0;
	*len = (size_t)head[1];
	data = *ok ? malloc(*len ? *len : 1) : NULL;
	for (size_t off = 0; *ok && off < *len; off += CHUNK) {
		size_t n = *len - off < CHUNK ? *len - off : CHUNK;

		if (data)
			PMPI_Recv(data + off, (int)n, MPI_BYTE, from, TAG, comm, MPI_STATUS_IGNORE);
		else   /* no memory: received in pieces, and dropped */
			for (size_t k = 0; k < n; k += sizeof sink)
				PMPI_Recv(sink, (int)(n - k < sizeof sink ? n - k : sizeof sink),
					  MPI_BYTE, from, TAG, comm, MPI_STATUS_IGNORE);
	}
	if (!data)
		*ok = 0;
	return data;
}

/* This rank's profile into p (its gmon bytes, checked as -S checks a
 * rank file); the sum's name into path.  Returns 1, or 0 (said). */
static int own_profile(int me, struct profile *p, char *path, size_t size)
{
	char err[1024], name[64];
	void *image = NULL;
	size_t len = 0;
	int e = gmon_mpi_sum_image ? gmon_mpi_sum_image(&image, &len, path, size) : EPERM;

	if (e != 0) {
		say(me, "cannot give its profile to the job's sum: %s", e == EPERM
		    ? "this rank does not profile (not built with -pg, or mondisable())"
		    : strerror(e));
		return 0;
	}
	snprintf(name, sizeof name, "rank %d's profile", me);
	e = profile_add_buffer(p, image, len, name, err, sizeof err);
	free(image);
	if (e != 0)
		say(me, "%s", err);
	return e == 0;
}

/* Adds the ranks' profiles up a binomial tree in rank order: rank r holds
 * ranks [r, r + 2^k) after step k, so every addition is of the next
 * ranks, in order (profile_add_packed: arcs in first appearance, as the
 * serial sum over the files in rank order).  Returns ok on rank 0. */
static int reduce_tree(struct profile *p, int ok, int me, int n, MPI_Comm comm)
{
	char err[1024];

	for (int step = 1; step < n; step <<= 1) {
		if (me & step) {
			void *data = NULL;
			size_t len = 0;

			if (ok && profile_pack(p, &data, &len, err, sizeof err) != 0) {
				say(me, "%s", err);
				ok = 0;
			}
			send_buffer(data, len, ok, me - step, comm);
			free(data);
			return ok;
		}
		if (me + step < n) {
			size_t len;
			int got;
			void *data = recv_buffer(me + step, &len, &got, comm);

			if (ok && got &&
			    profile_add_packed(p, data, len, "the job's sum", err, sizeof err) != 0) {
				say(me, "%s", err);
				got = 0;
			}
			ok = ok && got;
			free(data);
		}
	}
	return ok;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void pmpi_job_sum(void)
{
	char path[PATH_MAX], err[1024];
	int me = 0, n = 0, ok, written = 0, flag = 0;
	double start = now();
	struct profile p;
	MPI_Comm comm;

	if (!gmon_mpi_sum_wanted || !gmon_mpi_sum_wanted() ||
	    PMPI_Initialized(&flag) != MPI_SUCCESS || !flag ||
	    PMPI_Finalized(&flag) != MPI_SUCCESS || flag)
		return;
	PMPI_Comm_rank(MPI_COMM_WORLD, &me);
	PMPI_Comm_size(MPI_COMM_WORLD, &n);
	if (PMPI_Comm_dup(MPI_COMM_WORLD, &comm) != MPI_SUCCESS) {
		say(me, "cannot start the job's sum (MPI_Comm_dup failed): the ranks write their "
		    "profiles");
		if (gmon_mpi_sum_done)
			gmon_mpi_sum_done(0);
		return;
	}
	profile_init(&p);
	path[0] = '\0';
	ok = own_profile(me, &p, path, sizeof path);
	ok = reduce_tree(&p, ok, me, n, comm);
	if (me == 0 && ok && profile_write(&p, path, err, sizeof err) != 0) {
		say(me, "%s", err);
		ok = 0;
	}
	written = ok;
	PMPI_Bcast(&written, 1, MPI_INT, 0, comm);
	PMPI_Comm_free(&comm);
	profile_free(&p);
	if (gmon_mpi_sum_done)
		gmon_mpi_sum_done(written);
	if (me == 0 && written)
		say(me, "summed the profiles of %d ranks in the job into %s (%.3f s)", n, path,
		    now() - start);
	else if (me == 0)
		say(me, "the job's sum is not written (above): every rank writes its profile");
}
