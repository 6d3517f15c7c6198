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
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "gmon-job-sum.h"
#include "gmon-companion.h"
#include "gmon-mpi-profile.h"
#include "gmon-read.h"
#include "job-sum-balance.h"
#include "job-sum-categories.h"
#include "job-sum-companions.h"
#include "mpi-profile.h"
#include "mpi-table.h"
#include "profile-pack.h"
#include "stale-companions.h"
#include "sum-companion.h"

#define TAG 0x6d6f6e   /* on a communicator of its own (PMPI_Comm_dup) */
#define CHUNK (1 << 30)

/* What a rank holds in the sum: the ranks [me, me + 2^k) so far. */
struct part {
	struct profile prof;
	char *text;        /* their MPI profiles, in rank order (the
			    * companion's section mpi) */
	size_t len;
	struct job_companions comps;  /* their companions' partial sum
				       * (job-sum-companions.h) */
	struct job_balance bal;  /* their load balance (job-sum-balance.h) */
	struct job_categories cats;  /* this rank's paths by category
				      * (job-sum-categories.h) */
	int ok;            /* 0: a rank failed (it said why) */
};

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

/* BG_GMON_VERBOSE (as the runtime reads it: 1, yes, true, on): how the
 * sum went up the tree, a line a rank (what it merged and sent). */
static int verbose(void)
{
	static const char *const on[] = {"1", "yes", "true", "on"};
	const char *v = getenv("BG_GMON_VERBOSE");

	for (size_t i = 0; v && i < sizeof on / sizeof on[0]; i++)
		if (strcasecmp(v, on[i]) == 0)
			return 1;
	return 0;
}

#define trace(rank, ...) do { if (verbose()) say(rank, "job sum: " __VA_ARGS__); } while (0)

/* This process's peak resident memory (VmHWM of /proc/self/status), in
 * kB, as text into buf ("?" where not known). */
static const char *peak_kb(char *buf, size_t size)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];

	snprintf(buf, size, "?");
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "VmHWM:", 6) == 0) {
			snprintf(buf, size, "%lu", strtoul(line + 6, NULL, 10));
			break;
		}
	if (f)
		fclose(f);
	return buf;
}

/* len bytes to or from rank peer, in chunks (an MPI count is an int). */
static void send_bytes(const void *data, size_t len, int to, MPI_Comm comm)
{
	for (size_t off = 0; off < len; off += CHUNK)
		PMPI_Send((const char *)data + off, (int)(len - off < CHUNK ? len - off : CHUNK),
			  MPI_BYTE, to, TAG, comm);
}

static void recv_bytes(void *data, size_t len, int from, MPI_Comm comm)
{
	for (size_t off = 0; off < len; off += CHUNK)
		PMPI_Recv((char *)data + off, (int)(len - off < CHUNK ? len - off : CHUNK),
			  MPI_BYTE, from, TAG, comm, MPI_STATUS_IGNORE);
}

/* The part to rank `to': {ok, packed profile's length, text's length,
 * companions' length}, then their bytes (none when not ok). */
static void send_part(struct part *p, int me, int to, MPI_Comm comm)
{
	char err[1024], *comps = NULL;
	void *packed = NULL;
	size_t plen = 0, clen = 0;
	uint64_t head[4];
	int e;

	if (p->ok && profile_pack(&p->prof, &packed, &plen, err, sizeof err) != 0) {
		say(me, "%s", err);
		p->ok = 0;
	}
	if (p->ok && (e = job_companions_pack(&p->comps, &comps, &clen)) != 0) {
		say(me, "cannot pass the companions' sum up: %s", strerror(e));
		p->ok = 0;
	}
	head[0] = (uint64_t)p->ok;
	head[1] = p->ok ? plen : 0;
	head[2] = p->ok ? p->len : 0;
	head[3] = p->ok ? clen : 0;
	PMPI_Send(head, 4, MPI_UINT64_T, to, TAG, comm);
	send_bytes(packed, (size_t)head[1], to, comm);
	send_bytes(p->text, (size_t)head[2], to, comm);
	send_bytes(comps, (size_t)head[3], to, comm);
	free(packed);
	free(comps);
	trace(me, "sent its part to rank %d (%llu bytes of companions' sum; its companions' "
	      "CPU time %.4f s)", to, (unsigned long long)head[3], p->comps.cpu);
}

/* A part from rank `from', added into p (the ranks after p's); that
 * rank's subtree failed, or this rank cannot add it: p->ok is 0. */
static void add_part(struct part *p, int me, int from, MPI_Comm comm)
{
	uint64_t head[4];
	char err[1024], *packed, *text, *comps;

	PMPI_Recv(head, 4, MPI_UINT64_T, from, TAG, comm, MPI_STATUS_IGNORE);
	packed = malloc(head[1] ? (size_t)head[1] : 1);
	text = realloc(p->text, p->len + (size_t)head[2] + 1);
	comps = malloc(head[3] ? (size_t)head[3] : 1);
	if (!packed || !text || !comps) {
		/* its bytes must be received all the same: the sender goes on */
		say(me, "out of memory for the job's sum (%llu bytes from rank %d)",
		    (unsigned long long)(head[1] + head[2] + head[3]), from);
		free(packed);
		free(comps);
		p->text = text ? text : p->text;
		p->ok = 0;
		for (uint64_t left = head[1] + head[2] + head[3]; left > 0;) {
			char sink[4096];
			size_t n = left < sizeof sink ? (size_t)left : sizeof sink;

			recv_bytes(sink, n, from, comm);
			left -= n;
		}
		return;
	}
	p->text = text;
	recv_bytes(packed, (size_t)head[1], from, comm);
	recv_bytes(p->text + p->len, (size_t)head[2], from, comm);
	recv_bytes(comps, (size_t)head[3], from, comm);
	if (!head[0])
		p->ok = 0;
	if (p->ok && job_companions_add(&p->comps, comps, (size_t)head[3], from, err,
					sizeof err) != 0) {
		say(me, "%s", err);
		p->ok = 0;
	}
	free(comps);
	if (p->ok && profile_add_packed(&p->prof, packed, (size_t)head[1], "the job's sum", err,
					sizeof err) != 0) {
		say(me, "%s", err);
		p->ok = 0;
	}
	p->len += (size_t)head[2];
	free(packed);
}

/* This rank's own part: its profile (its gmon bytes, checked as -S checks
 * a rank file) and its MPI profile (checked as -S checks the section);
 * the sum's name into path.  A rank that does not profile (not built with
 * -pg, mondisable()) writes no rank file, and -S would sum the others: it
 * brings nothing. */
static void own_part(struct part *p, int me, char *path, size_t size)
{
	char err[1024], name[64];
	void *image = NULL;
	size_t len = 0;
	int e = gmon_mpi_sum_image ? gmon_mpi_sum_image(&image, &len, path, size) : EPERM;

	p->ok = e == EPERM;
	if (e != 0) {
		if (e != EPERM)
			say(me, "cannot give its profile to the job's sum: %s", strerror(e));
		return;
	}
	snprintf(name, sizeof name, "rank %d's profile", me);
	e = profile_add_buffer(&p->prof, image, len, name, err, sizeof err);
	if (e == 0 && job_balance_own(&p->bal, me, image, len, err, sizeof err) != 0)
		say(me, "%s", err);
	free(image);
	if (e != 0) {
		say(me, "%s", err);
		return;
	}
	if (job_companions_own(&p->comps, err, sizeof err) != 0) {
		say(me, "cannot give its companion to the job's sum: %s", err);
		return;
	}
	if (job_categories_own(&p->cats, &p->comps.sum.paths.set, err, sizeof err) != 0)
		say(me, "%s", err);
	e = pmpi_end_profile((void **)&p->text, &p->len);
	snprintf(name, sizeof name, "rank %d's MPI profile", me);
	if (e != 0)
		say(me, "%s: %s", name, strerror(e));
	else if (p->len > 0 && mpi_profile_check(name, p->text, p->len, err, sizeof err) != 0)
		say(me, "%s", err);
	else
		p->ok = 1;
}

/* Up a binomial tree in rank order: rank r holds ranks [r, r + 2^k)
 * after step k, so every addition is of the next ranks, in order
 * (profile_add_packed keeps arcs in first appearance, as the serial sum
 * over the files in rank order; the MPI profiles follow one another). */
static void reduce_tree(struct part *p, int me, int n, MPI_Comm comm)
{
	char err[1024];

	for (int step = 1; step < n; step <<= 1) {
		if (me & step) {
			send_part(p, me, me - step, comm);
			if (job_balance_send(&p->bal, me - step, comm, err, sizeof err) != 0)
				say(me, "%s", err);
			return;
		}
		if (me + step < n) {
			add_part(p, me, me + step, comm);
			if (job_balance_add(&p->bal, me + step, comm, err, sizeof err) != 0)
				say(me, "%s", err);
		}
	}
}

/* Rank 0: the sum and its companion (the ranks' companions summed up the
 * tree as -S sums them: job-sum-companions.h; their MPI profiles: the
 * section "mpi"),
 * as one pair, by -S's writer (sum-companion.h); the files of an
 * earlier sum beside it that this one does not replace (PATH+paths of an
 * earlier -S, of the earlier layout: stale-companions.h) are removed, as
 * -S removes them.  Returns 1, or 0 (said). */
static int write_sum(struct part *p, const char *path)
{
	struct stale_companions stale = {0};
	struct sum_companion sc;
	int noted = stale_companions_note(path, &stale) == 0, ok = 1;
	char err[1024];

	sum_companion_init(&sc);
	if (job_companions_sum(&p->comps, path, &sc) < 0)
		ok = 0;
	else if (mpi_profile_sum_section(&sc, path, p->text, p->len, err, sizeof err) != 0 ||
	    job_balance_section(&p->bal, &sc, path, err, sizeof err) != 0 ||
	    job_categories_section(&p->cats, &sc, path, err, sizeof err) != 0 ||
	    job_companions_runs_section(&p->comps, path, &sc, err, sizeof err) != 0 ||
	    sum_companion_write(&p->prof, path, &sc, err, sizeof err) != 0) {
		say(0, "%s", err);
		ok = 0;
	}
	sum_companion_free(&sc);
	if (ok && noted)
		stale_companions_remove(&stale, stderr, "gmon-mpi");
	stale_companions_free(&stale);
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
	char path[PATH_MAX], comp_path[PATH_MAX + 16], of[32] = "", err[1024], hwm[32];
	int me = 0, n = 0, written = 0, flag = 0, mpi;
	double start = now();
	struct part p = {.ok = 0};
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
	profile_init(&p.prof);
	job_companions_init(&p.comps);
	job_categories_init(&p.cats);
	if (job_balance_start(&p.bal, me, comm, err, sizeof err) != 0)
		say(me, "%s", err);
	path[0] = '\0';
	own_part(&p, me, path, sizeof path);
	if (!path[0])   /* this rank does not profile: the default name */
		snprintf(path, sizeof path, "gmon.sum");
	reduce_tree(&p, me, n, comm);
	/* each rank's paths by category: rank 0 classifies the job's set */
	if (job_categories_gather(&p.cats, me, n, comm,
				  me == 0 && p.ok && !p.comps.sum.paths.failed
					  ? &p.comps.sum.paths.set : NULL,
				  job_balance_symtab(&p.bal), err, sizeof err) != 0)
		say(me, "%s", err);
	if (me == 0 && p.ok && p.prof.nfiles == 0) {
		say(me, "no rank profiles (not built with -pg?): the job's sum is not written");
		p.ok = 0;
	}
	written = me == 0 && p.ok && write_sum(&p, path);
	if (p.comps.merged > 0)
		trace(me, "merged %u partial companion sums (%zu bytes) of the ranks after it; its "
		      "companions' CPU time %.4f s, peak memory %s kB", p.comps.merged,
		      p.comps.merged_bytes, p.comps.cpu, peak_kb(hwm, sizeof hwm));
	mpi = p.len > 0;
	if (p.prof.nfiles < (size_t)n)   /* the others do not profile */
		snprintf(of, sizeof of, "%zu of ", p.prof.nfiles);
	snprintf(comp_path, sizeof comp_path, "%s+" GMON_COMPANION_KIND, path);
	PMPI_Bcast(&written, 1, MPI_INT, 0, comm);
	PMPI_Comm_free(&comm);
	profile_free(&p.prof);
	free(p.text);
	job_companions_free(&p.comps);
	job_balance_free(&p.bal);
	job_categories_free(&p.cats);
	if (gmon_mpi_sum_done)
		gmon_mpi_sum_done(written);
	if (me == 0 && written)
		say(me, "summed the profiles of %s%d ranks in the job into %s and %s%s (%.3f s)",
		    of, n, path, comp_path, mpi ? " (their MPI profiles: its section mpi)" : "",
		    now() - start);
	else if (me == 0)
		say(me, "the job's sum is not written (above): every rank that profiles writes its "
		    "own files");
}
