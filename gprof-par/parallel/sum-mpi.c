/*
 * sum-mpi.c - gprof-par's parallel sum with MPI; see sum-mpi.h.  Here the
 * plumbing and the main sum's protocol (blocks, the serial order's
 * agreement, the reduction of the profiles and of the load balance); the
 * companions beside the files are in sum-mpi-companions.c.
 */
#include "sum-mpi.h"
#include "sum-mpi-internal.h"

#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callpaths.h"
#include "gmon-read.h"
#include "profile-pack.h"
#include "grow.h"
#include "mpi-module.h"

#define CHUNK (1 << 30)          /* bytes per MPI call: counts are ints */
#define TAG_LENGTH 1
#define TAG_DATA 2

int sum_me, sum_nprocs = 1;

/* ------------------------------------------------------------------ */
/* Plumbing.                                                            */

void sum_mpi_init(int *argc, char ***argv, int *rank, int *size)
{
	int provided;

	/* FUNNELED: process 0 prepares on a second thread meanwhile
	 * (stages/reduce.c), which makes no MPI call. */
	MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &sum_me);
	MPI_Comm_size(MPI_COMM_WORLD, &sum_nprocs);
	*rank = sum_me;
	*size = sum_nprocs;
}

void sum_mpi_finalize(void)
{
	MPI_Finalize();
}

/* Something that should not happen (out of memory): every process must
 * stop, and waiting for a collective would hang. */
void mpi_fatal(const char *what)
{
	fprintf(stderr, PROGRAM ": process %d of %d: %s\n", sum_me, sum_nprocs, what);
	MPI_Abort(MPI_COMM_WORLD, 1);
	exit(1);
}

void *mpi_xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		mpi_fatal("out of memory");
	return p;
}

void sum_mpi_bcast_int(int *v)
{
	MPI_Bcast(v, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

static void bcast_bytes(void *buf, size_t len)
{
	for (size_t off = 0; off < len; off += CHUNK) {
		size_t n = len - off < CHUNK ? len - off : CHUNK;

		MPI_Bcast((char *)buf + off, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
	}
}

/* Process 0's buffer (*data, *len) for all: malloc'ed on the others. */
void sum_mpi_bcast_buffer(void **data, size_t *len)
{
	uint64_t n = *len;

	MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	if (sum_me != 0) {
		*len = (size_t)n;
		*data = mpi_xmalloc(*len);
	}
	bcast_bytes(*data, *len);
}

void sum_mpi_gather_buffers(const void *data, size_t len, void **all, size_t *all_len)
{
	uint64_t mine = len, total = 0, *lens = NULL;
	int *counts = NULL, *displs = NULL;

	*all = NULL;
	*all_len = 0;
	MPI_Allreduce(&mine, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
	if (total > INT_MAX) {
		/* past what MPI's int counts say at once: one by one */
		if (sum_me != 0) {
			mpi_send_buffer(data, len, 0);
			return;
		}
		*all = mpi_xmalloc((size_t)total);
		memcpy(*all, data, len);
		*all_len = len;
		for (int q = 1; q < sum_nprocs; q++) {
			size_t n;
			void *theirs = mpi_recv_buffer(q, &n);

			memcpy((char *)*all + *all_len, theirs, n);
			*all_len += n;
			free(theirs);
		}
		return;
	}
	if (sum_me == 0) {
		lens = mpi_xmalloc((size_t)sum_nprocs * sizeof *lens);
		counts = mpi_xmalloc((size_t)sum_nprocs * sizeof *counts);
		displs = mpi_xmalloc((size_t)sum_nprocs * sizeof *displs);
	}
	MPI_Gather(&mine, 1, MPI_UINT64_T, lens, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	if (sum_me == 0) {
		for (int q = 0; q < sum_nprocs; q++) {
			counts[q] = (int)lens[q];
			displs[q] = (int)*all_len;
			*all_len += (size_t)lens[q];
		}
		*all = mpi_xmalloc(*all_len);
	}
	MPI_Gatherv(data, (int)len, MPI_BYTE, *all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
	free(lens);
	free(counts);
	free(displs);
}

int sum_mpi_bcast_ranks(int64_t **ranks, size_t *n)
{
	size_t len = *n * sizeof **ranks;
	void *data = *ranks;

	sum_mpi_bcast_buffer(&data, &len);
	*ranks = data;
	*n = len / sizeof **ranks;
	return 0;
}

void mpi_send_buffer(const void *data, size_t len, int to)
{
	uint64_t n = len;

	MPI_Send(&n, 1, MPI_UINT64_T, to, TAG_LENGTH, MPI_COMM_WORLD);
	for (size_t off = 0; off < len; off += CHUNK) {
		size_t k = len - off < CHUNK ? len - off : CHUNK;

		MPI_Send((const char *)data + off, (int)k, MPI_BYTE, to, TAG_DATA, MPI_COMM_WORLD);
	}
}

void *mpi_recv_buffer(int from, size_t *len)
{
	uint64_t n;
	char *data;

	MPI_Recv(&n, 1, MPI_UINT64_T, from, TAG_LENGTH, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	*len = (size_t)n;
	data = mpi_xmalloc(*len);
	for (size_t off = 0; off < *len; off += CHUNK) {
		size_t k = *len - off < CHUNK ? *len - off : CHUNK;

		MPI_Recv(data + off, (int)k, MPI_BYTE, from, TAG_DATA, MPI_COMM_WORLD,
			 MPI_STATUS_IGNORE);
	}
	return data;
}

/* ------------------------------------------------------------------ */
/* The state of a sum: what later files are checked against.           */

/* Packs p's histogram ranges (with zero bins: no bins packed), fingerprint
 * and the names of the files they came from; no arcs, no counts. */
static void pack_state(const struct profile *p, void **data, size_t *len)
{
	struct profile v = *p;
	struct profile_histogram *hists = NULL;
	char err[1024];

	if (p->nhists)
		hists = mpi_xmalloc(p->nhists * sizeof *hists);
	for (size_t i = 0; i < p->nhists; i++) {
		hists[i] = p->hists[i];
		hists[i].bins = NULL;  /* all zero */
	}
	v.hists = hists;
	v.arcs = NULL;
	v.narcs = 0;
	v.nfiles = 0;
	v.bb_records_skipped = v.bb_counts_skipped = 0;
	v.priv = NULL;
	if (profile_pack(&v, data, len, err, sizeof err) != 0)
		mpi_fatal(err);
	free(hists);
}

/* p (empty) takes a state made by pack_state. */
static void unpack_state(struct profile *p, const void *data, size_t len)
{
	char err[1024];

	if (profile_add_packed(p, data, len, "the state of the earlier files", err,
			       sizeof err) != 0)
		mpi_fatal(err);
}

/* ------------------------------------------------------------------ */
/* Each process's run over its block of files.                          */

/* Process q's files: job->blocks', or an even share. */
void file_block(const struct sum_job *job, int q, size_t *lo, size_t *hi)
{
	if (job->blocks) {
		*lo = job->blocks[q];
		*hi = job->blocks[q + 1];
		return;
	}
	sum_even_block(job->n, q, sum_nprocs, lo, hi);
}

static void local_run(struct sum_run *run, const struct sum_job *job, const void *state,
		      size_t state_len)
{
	struct sum_progress *pg = NULL;
	size_t lo, hi;
	char err[1024];

	sum_run_free(run);
	if (state)
		unpack_state(&run->prof, state, state_len);
	file_block(job, sum_me, &lo, &hi);
	if (sum_me == 0) {
		char who[64];

		snprintf(who, sizeof who, " (process 0 of %d)", sum_nprocs);
		pg = sum_progress_start(job, hi - lo, who);
	}
	if (sum_run_files(run, job, lo, hi, pg, err, sizeof err) != 0)
		mpi_fatal(err);
	sum_progress_end(pg);
}

/* ------------------------------------------------------------------ */
/* Process 0 checks the blocks against the serial order.                 */

enum { DECIDE_DONE, DECIDE_ERROR, DECIDE_RERUN };

struct events {
	int64_t *all;       /* (index, kind) pairs of all processes */
	int *counts;        /* int64 values per process */
	int *displs;
};

struct state_cache {
	void *data;
	size_t len;
	size_t nhists;
	int has_fingerprint;
	int valid;
};

struct fold {
	struct profile state;  /* the serial sum's state, from events only */
	int from;              /* first process not yet checked */
	unsigned char *rerun;  /* processes already summed again */
	struct sum_bad_file *bad;
	size_t nbad, cap;
	char message[1024];
	struct state_cache cache;
};

static void gather_events(const struct sum_run *run, struct events *ev)
{
	int count = (int)(run->nevents * 2), total = 0;

	if (run->nevents > INT_MAX / 2)
		mpi_fatal("too many bad files to report");
	MPI_Gather(&count, 1, MPI_INT, sum_me == 0 ? ev->counts : NULL, 1, MPI_INT, 0,
		   MPI_COMM_WORLD);
	if (sum_me == 0) {
		for (int q = 0; q < sum_nprocs; q++) {
			ev->displs[q] = total;
			if (ev->counts[q] > INT_MAX - total)
				mpi_fatal("too many bad files to report");
			total += ev->counts[q];
		}
		free(ev->all);
		ev->all = mpi_xmalloc((size_t)total * sizeof *ev->all);
	}
	MPI_Gatherv(run->events, count, MPI_INT64_T, ev->all, ev->counts, ev->displs,
		    MPI_INT64_T, 0, MPI_COMM_WORLD);
}

static void fold_add_bad(struct fold *f, size_t index, const char *message)
{
	struct sum_bad_file *grown = grow_array(f->bad, &f->cap, f->nbad + 1, sizeof *grown, 16);

	if (!grown)
		mpi_fatal("out of memory");
	f->bad = grown;
	f->bad[f->nbad].index = index;
	f->bad[f->nbad].message = strdup(message);
	if (!f->bad[f->nbad].message)
		mpi_fatal("out of memory");
	f->nbad++;
}

static void fold_truncate(struct fold *f, size_t nbad)
{
	while (f->nbad > nbad)
		free(f->bad[--f->nbad].message);
}

/* The state packed once for as long as it does not change (it changes
 * when the sum gets its histograms and when it gets its fingerprint). */
static void cache_state(struct state_cache *c, const struct profile *p)
{
	if (c->valid && c->nhists == p->nhists && c->has_fingerprint == p->has_fingerprint)
		return;
	free(c->data);
	pack_state(p, &c->data, &c->len);
	c->nhists = p->nhists;
	c->has_fingerprint = p->has_fingerprint;
	c->valid = 1;
}

/* The serial state follows the shapes of the files only. */
static void init_state(struct profile *state)
{
	char err[1024];

	profile_init(state);
	if (profile_shapes_only(state, err, sizeof err) != 0)
		mpi_fatal(err);
}

/*
 * Reads again, in file order, the files where the blocks from f->from on
 * started their histograms or fingerprint or rejected a file, adding them
 * to f->state as the serial sum would.  The files in between change no
 * state and are good (they match what their block's earlier events set),
 * so f->state follows the serial sum exactly until a block disagrees with
 * it: that block must be summed again from the state before it (a copy in
 * *state_data).  Returns a DECIDE_ value; *who is the block to sum again.
 */
static int fold(struct fold *f, const struct sum_job *job, const struct events *ev, int *who,
		void **state_data, size_t *state_len)
{
	struct state_cache *c = &f->cache;
	char msg[1024];
	size_t index = 0;
	int q;

	for (q = f->from; q < sum_nprocs; q++) {
		const int64_t *e = ev->all + ev->displs[q];
		size_t nev = (size_t)ev->counts[q] / 2, mark = f->nbad;
		int disagree = 0;

		cache_state(c, &f->state);
		for (size_t k = 0; k < nev && !disagree; k++) {
			int kind = (int)e[2 * k + 1], bad;

			index = (size_t)e[2 * k];
			bad = profile_add_file(&f->state, job->paths[index], msg, sizeof msg) != 0;
			if (bad && !job->skip_bad) {
				snprintf(f->message, sizeof f->message, "%s", msg);
				fold_add_bad(f, index, msg);
				return DECIDE_ERROR;
			}
			if (bad != (kind == SUM_EVENT_BAD))
				disagree = 1;
			else if (bad)
				fold_add_bad(f, index, msg);
		}
		if (!disagree)
			continue;
		fold_truncate(f, mark);
		if (f->rerun[q]) {
			/* Summed from the exact state, it still disagrees: the
			 * file reads differently on two processes. */
			snprintf(f->message, sizeof f->message,
				 "%s reads differently on process %d and on process 0: is it still "
				 "being written, or not on a file system all nodes share?",
				 job->paths[index], q);
			return DECIDE_ERROR;
		}
		f->rerun[q] = 1;
		profile_free(&f->state);
		init_state(&f->state);
		unpack_state(&f->state, c->data, c->len);
		*state_data = mpi_xmalloc(c->len);
		memcpy(*state_data, c->data, c->len);
		*state_len = c->len;
		f->from = q;
		*who = q;
		return DECIDE_RERUN;
	}
	return DECIDE_DONE;
}

/*
 * Rounds of: gather the events, let process 0 fold them, and sum again the
 * block it names, until every block agrees with the serial order or a bad
 * file stops the sum.  Returns DECIDE_DONE or DECIDE_ERROR (everywhere);
 * f is meaningful on process 0 only.
 */
static int agree(struct sum_run *run, const struct sum_job *job, struct fold *f)
{
	struct events ev = { NULL, NULL, NULL };
	int decision[2];   /* DECIDE_, process to sum again */

	if (sum_me == 0) {
		ev.counts = mpi_xmalloc((size_t)sum_nprocs * sizeof *ev.counts);
		ev.displs = mpi_xmalloc((size_t)sum_nprocs * sizeof *ev.displs);
	}
	for (;;) {
		void *state = NULL;
		size_t state_len = 0;

		gather_events(run, &ev);
		if (sum_me == 0)
			decision[0] = fold(f, job, &ev, &decision[1], &state, &state_len);
		MPI_Bcast(decision, 2, MPI_INT, 0, MPI_COMM_WORLD);
		if (decision[0] != DECIDE_RERUN)
			break;
		sum_mpi_bcast_buffer(&state, &state_len);
		if (sum_me == decision[1])
			local_run(run, job, state, state_len);
		free(state);
	}
	free(ev.all);
	free(ev.counts);
	free(ev.displs);
	return decision[0];
}

/* ------------------------------------------------------------------ */
/* Reductions.                                                           */

/*
 * Binomial tree: process q takes the partial sums of q+1, q+2..q+3,
 * q+4..q+7, ... (always higher ranks, after its own), so process 0 ends
 * with the arcs in order of first appearance over all files in order,
 * whatever sum_nprocs.  The histograms go up the same tree, packed as runs of
 * nonzero bins: one MPI_Reduce of the dense histograms moved and added
 * every bin of every process (850,000 of them for 30,000 functions, 1% in
 * blocks with samples) and was most of what the sum spent beyond reading.
 */
static void reduce_profiles(struct profile *local)
{
	char err[1024], name[64];

	for (int step = 1; step < sum_nprocs; step <<= 1) {
		if (sum_me & step) {
			void *data;
			size_t len;

			if (profile_pack(local, &data, &len, err, sizeof err) != 0)
				mpi_fatal(err);
			mpi_send_buffer(data, len, sum_me - step);
			free(data);
			return;
		}
		if (sum_me + step < sum_nprocs) {
			size_t len;
			void *data = mpi_recv_buffer(sum_me + step, &len);

			snprintf(name, sizeof name, "the sums of processes %d and up", sum_me + step);
			if (profile_add_packed(local, data, len, name, err, sizeof err) != 0)
				mpi_fatal(err);
			free(data);
		}
	}
}

/* Whether a and b have the same histograms in the same order. */
static int same_histograms(const struct profile *a, const struct profile *b)
{
	if (a->nhists != b->nhists)
		return 0;
	for (size_t i = 0; i < a->nhists; i++)
		if (a->hists[i].low_pc != b->hists[i].low_pc ||
		    a->hists[i].high_pc != b->hists[i].high_pc ||
		    a->hists[i].nbins != b->hists[i].nbins)
			return 0;
	return 1;
}

static void swap_names(char **a, char **b)
{
	char *t = *a;

	*a = *b;
	*b = t;
}

/*
 * Process 0: the sum, as the serial sum has it: the counts reduced into
 * *sum (taken: left empty), with the serial state's file names, and its
 * order of histograms.  When the orders agree (nearly always: one
 * histogram), the sum is taken as it is rather than merged into a copy of
 * the state (a second hashing of every arc).
 */
static void take_sum(struct profile *state, struct profile *sum, struct profile *out)
{
	char err[1024];

	if (same_histograms(state, sum)) {
		swap_names(&state->first_file, &sum->first_file);
		swap_names(&state->hist_file, &sum->hist_file);
		swap_names(&state->fingerprint_file, &sum->fingerprint_file);
		*out = *sum;
		profile_init(sum);
		return;
	}
	{
		void *data;
		size_t len;

		pack_state(state, &data, &len);
		profile_init(out);
		unpack_state(out, data, len);
		free(data);
		if (profile_merge(out, sum, err, sizeof err) != 0)
			mpi_fatal(err);
	}
}

/* ------------------------------------------------------------------ */

/*
 * The load balance: process 0 merges every other process's statistics in
 * process order (integers: the result does not depend on the grouping).
 */
static void reduce_balance(struct sum_run *run, struct sum_outcome *o)
{
	void *data;
	size_t len;

	if (sum_me != 0) {
		if (balance_pack(&run->balance, &data, &len) != 0)
			mpi_fatal("out of memory packing the load balance");
		mpi_send_buffer(data, len, 0);
		free(data);
		return;
	}
	o->balance = run->balance;
	o->has_balance = 1;
	run->has_balance = 0;
	for (int q = 1; q < sum_nprocs; q++) {
		struct balance part;

		data = mpi_recv_buffer(q, &len);
		if (balance_unpack(&part, data, len) != 0 || balance_merge(&o->balance, &part) != 0)
			mpi_fatal("bad or mismatched load balance from another process");
		balance_free(&part);
		free(data);
	}
	balance_finish(&o->balance);
}

/* ------------------------------------------------------------------ */
/* The shared libraries' profiles beside the files summed.              */

static void fold_init(struct fold *f)
{
	memset(f, 0, sizeof *f);
	init_state(&f->state);
	if (sum_me == 0)
		f->rerun = calloc((size_t)sum_nprocs, 1);
	if (sum_me == 0 && !f->rerun)
		mpi_fatal("out of memory");
}

static void fold_free(struct fold *f)
{
	if (f->bad)   /* not taken */
		fold_truncate(f, 0);
	free(f->bad);
	profile_free(&f->state);
	free(f->cache.data);
	free(f->rerun);
	memset(f, 0, sizeof *f);
}

/*
 * One library's files, as the main sum sums its files (job->blocks: each
 * process's own): each process sums its block, process 0 checks the
 * blocks against the serial order and takes the partial sums up the tree.
 * o is the serial sum's outcome on process 0.  Returns the seconds this
 * process spent on its own block (--timing's modules).
 */
double sum_blocks(const struct sum_job *job, struct sum_outcome *o)
{
	struct sum_run run;
	struct fold f;
	double own = MPI_Wtime();

	sum_run_init(&run);
	fold_init(&f);
	local_run(&run, job, NULL, 0);
	own = MPI_Wtime() - own;
	if (agree(&run, job, &f) == DECIDE_ERROR) {
		o->failed = 1;
		snprintf(o->message, sizeof o->message, "%s", f.message);
	} else {
		reduce_profiles(&run.prof);
		if (sum_me == 0) {
			take_sum(&f.state, &run.prof, &o->prof);
			if (o->prof.nfiles == 0) {
				o->failed = 1;
				snprintf(o->message, sizeof o->message, "none of the %zu gmon "
					 "file%s could be summed", job->n, job->n == 1 ? "" : "s");
			}
		}
	}
	if (sum_me == 0) {
		o->bad = f.bad;
		o->nbad = f.nbad;
		f.bad = NULL;
		f.nbad = 0;
	}
	fold_free(&f);
	sum_run_free(&run);
	return own;
}

/* ------------------------------------------------------------------ */

/* This process's own work so far: reading, checking, adding, balance,
 * call paths, modules. */
static double own_work(const struct sum_run *run)
{
	return run->times[SUM_PHASE_READ] + run->times[SUM_PHASE_CHECK] +
	       run->times[SUM_PHASE_ADD] + run->times[SUM_PHASE_BALANCE] +
	       run->times[SUM_PHASE_PATHS] + run->times[SUM_PHASE_MODULES];
}

/* --timing: every process's phases, on process 0.  wait and order were
 * measured; reduce is the rest of what the sum took beyond this process's
 * own work. */
static void gather_times(const struct sum_job *job, const struct sum_run *run,
			 struct sum_outcome *o, double wall)
{
	double mine[SUM_NPHASES];

	memcpy(mine, run->times, sizeof(mine));
	mine[SUM_PHASE_INIT] = job->init_seconds;
	mine[SUM_PHASE_LIST] = job->list_seconds;
	mine[SUM_PHASE_REDUCE] = wall - own_work(run) - mine[SUM_PHASE_WAIT] -
				 mine[SUM_PHASE_ORDER];
	if (mine[SUM_PHASE_REDUCE] < 0)
		mine[SUM_PHASE_REDUCE] = 0;
	memcpy(o->times, mine, sizeof(mine));
	if (sum_me == 0)
		o->proc_times = mpi_xmalloc((size_t)sum_nprocs * sizeof(mine));
	MPI_Gather(mine, SUM_NPHASES, MPI_DOUBLE, sum_me == 0 ? o->proc_times : NULL, SUM_NPHASES,
		   MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

int sum_parallel(const struct sum_job *job, struct sum_outcome *o)
{
	struct sum_run run;
	struct fold f;
	uint64_t bytes;
	int decision;

	double start = MPI_Wtime();

	o->nprocs = sum_nprocs;
	sum_run_init(&run);
	fold_init(&f);

	local_run(&run, job, NULL, 0);
	if (job->timing) {
		/* Only measured: the barrier shows the imbalance of the
		 * blocks apart from the steps that follow. */
		double t = MPI_Wtime(), work;

		MPI_Barrier(MPI_COMM_WORLD);
		run.times[SUM_PHASE_WAIT] = MPI_Wtime() - t;
		t = MPI_Wtime();
		work = own_work(&run);
		decision = agree(&run, job, &f);
		/* a block summed again is its process's own work */
		run.times[SUM_PHASE_ORDER] = MPI_Wtime() - t - (own_work(&run) - work);
	} else {
		decision = agree(&run, job, &f);
	}

	bytes = profile_bytes_read(&run.prof);
	MPI_Reduce(sum_me == 0 ? MPI_IN_PLACE : &bytes, &bytes, 1, MPI_UINT64_T, MPI_SUM, 0,
		   MPI_COMM_WORLD);
	o->bytes = bytes;
	if (sum_me == 0) {
		o->bad = f.bad;
		o->nbad = f.nbad;
		f.bad = NULL;
		f.nbad = 0;
	}
	if (decision == DECIDE_ERROR) {
		o->failed = 1;
		snprintf(o->message, sizeof o->message, "%s", f.message);
		goto out;
	}

	if (job->sum_paths) {
		sum_paths_parallel(&run, job, o->bad, o->nbad, o);
		sum_mpi_parallel(&run, job, o->bad, o->nbad, o);
	}
	if (job->sum_libraries) {
		sum_libraries_parallel(&run, job, o->bad, o->nbad, o);
		for (int k = 0; k < SUM_NCALLS; k++)
			sum_calls_parallel(&run, job, o->bad, o->nbad, o, (enum sum_calls_kind)k);
	}
	reduce_profiles(&run.prof);
	if (job->balance_map)
		reduce_balance(&run, o);
	if (sum_me == 0) {
		take_sum(&f.state, &run.prof, &o->prof);
		if (o->prof.nfiles == 0) {
			o->failed = 1;
			snprintf(o->message, sizeof o->message, "none of the %zu gmon file%s could "
				 "be summed", job->n, job->n == 1 ? "" : "s");
		}
	}
out:
	/* The others learn whether there is a sum. */
	MPI_Bcast(&o->failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (job->timing)
		gather_times(job, &run, o, MPI_Wtime() - start);
	fold_free(&f);
	sum_run_free(&run);
	return o->failed ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* The module's one exported symbol (see mpi-module.h).                 */

__attribute__((visibility("default"))) const struct gprof_par_mpi gprof_par_mpi_functions = {
	.abi = GPROF_PAR_MPI_ABI,
	.init = sum_mpi_init,
	.finalize = sum_mpi_finalize,
	.bcast_int = sum_mpi_bcast_int,
	.bcast_ranks = sum_mpi_bcast_ranks,
	.bcast_buffer = sum_mpi_bcast_buffer,
	.gather_buffers = sum_mpi_gather_buffers,
	.sum_parallel = sum_parallel,
};
