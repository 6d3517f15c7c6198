/*
 * sum-mpi.c - gprof-par's parallel sum with MPI; see sum-mpi.h.
 *
 * Over 800 lines (about 1,350): the reduction's protocol (the profiles,
 * the libraries, the calls, the paths, the balance) in one place, so that
 * serial and parallel sums stay alike; issue 26 splits it by companion.
 */
#include "sum-mpi.h"

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

#define PROGRAM "gprof-par"
#define CHUNK (1 << 30)          /* bytes per MPI call: counts are ints */
#define TAG_LENGTH 1
#define TAG_DATA 2

static int me, nprocs = 1;

/* ------------------------------------------------------------------ */
/* Plumbing.                                                            */

void sum_mpi_init(int *argc, char ***argv, int *rank, int *size)
{
	int provided;

	/* FUNNELED: process 0 prepares on a second thread meanwhile (main.c),
	 * which makes no MPI call. */
	MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &me);
	MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
	*rank = me;
	*size = nprocs;
}

void sum_mpi_finalize(void)
{
	MPI_Finalize();
}

/* Something that should not happen (out of memory): every process must
 * stop, and waiting for a collective would hang. */
static void fatal(const char *what)
{
	fprintf(stderr, PROGRAM ": process %d of %d: %s\n", me, nprocs, what);
	MPI_Abort(MPI_COMM_WORLD, 1);
	exit(1);
}

static void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		fatal("out of memory");
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
	if (me != 0) {
		*len = (size_t)n;
		*data = xmalloc(*len);
	}
	bcast_bytes(*data, *len);
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

static void send_buffer(const void *data, size_t len, int to)
{
	uint64_t n = len;

	MPI_Send(&n, 1, MPI_UINT64_T, to, TAG_LENGTH, MPI_COMM_WORLD);
	for (size_t off = 0; off < len; off += CHUNK) {
		size_t k = len - off < CHUNK ? len - off : CHUNK;

		MPI_Send((const char *)data + off, (int)k, MPI_BYTE, to, TAG_DATA, MPI_COMM_WORLD);
	}
}

static void *recv_buffer(int from, size_t *len)
{
	uint64_t n;
	char *data;

	MPI_Recv(&n, 1, MPI_UINT64_T, from, TAG_LENGTH, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	*len = (size_t)n;
	data = xmalloc(*len);
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
		hists = xmalloc(p->nhists * sizeof *hists);
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
		fatal(err);
	free(hists);
}

/* p (empty) takes a state made by pack_state. */
static void unpack_state(struct profile *p, const void *data, size_t len)
{
	char err[1024];

	if (profile_add_packed(p, data, len, "the state of the earlier files", err,
			       sizeof err) != 0)
		fatal(err);
}

/* ------------------------------------------------------------------ */
/* Each process's run over its block of files.                          */

/* Process q's files: job->blocks', or an even share. */
static void block(const struct sum_job *job, int q, size_t *lo, size_t *hi)
{
	size_t n = job->n;

	if (job->blocks) {
		*lo = job->blocks[q];
		*hi = job->blocks[q + 1];
		return;
	}
	*lo = (size_t)((unsigned __int128)n * (unsigned)q / (unsigned)nprocs);
	*hi = (size_t)((unsigned __int128)n * (unsigned)(q + 1) / (unsigned)nprocs);
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
	block(job, me, &lo, &hi);
	if (me == 0) {
		char who[64];

		snprintf(who, sizeof who, " (process 0 of %d)", nprocs);
		pg = sum_progress_start(job, hi - lo, who);
	}
	if (sum_run_files(run, job, lo, hi, pg, err, sizeof err) != 0)
		fatal(err);
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
		fatal("too many bad files to report");
	MPI_Gather(&count, 1, MPI_INT, me == 0 ? ev->counts : NULL, 1, MPI_INT, 0,
		   MPI_COMM_WORLD);
	if (me == 0) {
		for (int q = 0; q < nprocs; q++) {
			ev->displs[q] = total;
			if (ev->counts[q] > INT_MAX - total)
				fatal("too many bad files to report");
			total += ev->counts[q];
		}
		free(ev->all);
		ev->all = xmalloc((size_t)total * sizeof *ev->all);
	}
	MPI_Gatherv(run->events, count, MPI_INT64_T, ev->all, ev->counts, ev->displs,
		    MPI_INT64_T, 0, MPI_COMM_WORLD);
}

static void fold_add_bad(struct fold *f, size_t index, const char *message)
{
	struct sum_bad_file *grown = grow_array(f->bad, &f->cap, f->nbad + 1, sizeof *grown, 16);

	if (!grown)
		fatal("out of memory");
	f->bad = grown;
	f->bad[f->nbad].index = index;
	f->bad[f->nbad].message = strdup(message);
	if (!f->bad[f->nbad].message)
		fatal("out of memory");
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
		fatal(err);
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

	for (q = f->from; q < nprocs; q++) {
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
		*state_data = xmalloc(c->len);
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

	if (me == 0) {
		ev.counts = xmalloc((size_t)nprocs * sizeof *ev.counts);
		ev.displs = xmalloc((size_t)nprocs * sizeof *ev.displs);
	}
	for (;;) {
		void *state = NULL;
		size_t state_len = 0;

		gather_events(run, &ev);
		if (me == 0)
			decision[0] = fold(f, job, &ev, &decision[1], &state, &state_len);
		MPI_Bcast(decision, 2, MPI_INT, 0, MPI_COMM_WORLD);
		if (decision[0] != DECIDE_RERUN)
			break;
		sum_mpi_bcast_buffer(&state, &state_len);
		if (me == decision[1])
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
 * whatever nprocs.  The histograms go up the same tree, packed as runs of
 * nonzero bins: one MPI_Reduce of the dense histograms moved and added
 * every bin of every process (850,000 of them for 30,000 functions, 1% in
 * blocks with samples) and was most of what the sum spent beyond reading.
 */
static void reduce_profiles(struct profile *local)
{
	char err[1024], name[64];

	for (int step = 1; step < nprocs; step <<= 1) {
		if (me & step) {
			void *data;
			size_t len;

			if (profile_pack(local, &data, &len, err, sizeof err) != 0)
				fatal(err);
			send_buffer(data, len, me - step);
			free(data);
			return;
		}
		if (me + step < nprocs) {
			size_t len;
			void *data = recv_buffer(me + step, &len);

			snprintf(name, sizeof name, "the sums of processes %d and up", me + step);
			if (profile_add_packed(local, data, len, name, err, sizeof err) != 0)
				fatal(err);
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
			fatal(err);
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

	if (me != 0) {
		if (balance_pack(&run->balance, &data, &len) != 0)
			fatal("out of memory packing the load balance");
		send_buffer(data, len, 0);
		free(data);
		return;
	}
	o->balance = run->balance;
	o->has_balance = 1;
	run->has_balance = 0;
	for (int q = 1; q < nprocs; q++) {
		struct balance part;

		data = recv_buffer(q, &len);
		if (balance_unpack(&part, data, len) != 0 || balance_merge(&o->balance, &part) != 0)
			fatal("bad or mismatched load balance from another process");
		balance_free(&part);
		free(data);
	}
	balance_finish(&o->balance);
}

/* ------------------------------------------------------------------ */
/* The call paths beside the files summed.                              */

/* What print writes of set, in memory (malloc'ed); what: in the message. */
static void print_to_memory(int (*print)(FILE *, const void *), const void *set,
			    const char *what, char **text, size_t *len)
{
	FILE *f = open_memstream(text, len);
	char message[128];
	int rc = f ? print(f, set) : -1;

	if (!f || fclose(f) != 0 || rc != 0) {
		snprintf(message, sizeof message, "out of memory printing %s", what);
		fatal(message);
	}
}

static int print_paths_all(FILE *f, const void *cp) { return callpaths_print(f, cp); }
static int print_paths_state(FILE *f, const void *cp) { return callpaths_print_state(f, cp); }

/* cp in the file format (all of it, or with state_only its rate and
 * executable), in memory: malloc'ed. */
static void print_paths(const struct callpaths *cp, int state_only, char **text, size_t *len)
{
	print_to_memory(state_only ? print_paths_state : print_paths_all, cp, "the call paths",
			text, len);
}

static void add_paths_text(struct callpaths *cp, char *text, size_t len, const char *name)
{
	char err[1024];

	if (callpaths_add_text(cp, text, len, name, err, sizeof err) != 0)
		fatal(err);
}

/*
 * The sets up the binomial tree of reduce_profiles, as canonical texts:
 * a process adds those of higher processes after its own, so that a
 * module keeps the path of its first file as in the serial sum (the
 * written sum is canonical anyway).  A process without paths sends none.
 */
static void reduce_paths(struct callpaths *cp)
{
	for (int step = 1; step < nprocs; step <<= 1) {
		if (me & step) {
			char *text = NULL;
			size_t len = 0;

			if (cp->nfiles > 0)
				print_paths(cp, 0, &text, &len);
			send_buffer(text, len, me - step);
			free(text);
			return;
		}
		if (me + step < nprocs) {
			size_t len;
			char *text = recv_buffer(me + step, &len), name[64];

			snprintf(name, sizeof name, "the call paths of processes %d and up",
				 me + step);
			if (len > 0)
				add_paths_text(cp, text, len, name);
			free(text);
		}
	}
}

/* What a process's paths came to, beside the set: counts, warnings and
 * its failure, whether a file was refused for its samples' overflow, the
 * set's samples, lost and cut, packed for process 0. */
#define PATHS_NOTE_HEAD 10
static void pack_paths_note(const struct sum_paths *sp, char **data, size_t *len)
{
	FILE *f = open_memstream(data, len);
	uint64_t head[PATHS_NOTE_HEAD] = { sp->set.nfiles, sp->nprofiles, sp->missing,
					   (uint64_t)sp->failed, sp->nwarnings, sp->set.bytes,
					   (uint64_t)sp->overflow, sp->set.samples, sp->set.lost,
					   sp->set.cut };

	if (!f)
		fatal("out of memory");
	fwrite(head, sizeof head, 1, f);
	for (size_t i = 0; i <= sp->nwarnings; i++) {
		const char *text = i < sp->nwarnings ? sp->warnings[i] : sp->message;
		uint64_t n = strlen(text);

		fwrite(&n, sizeof n, 1, f);
		fwrite(text, 1, n, f);
	}
	if (fclose(f) != 0)
		fatal("out of memory");
}

/* The next packed text at *at (of end), malloc'ed and terminated. */
static char *unpack_text(const char **at, const char *end)
{
	uint64_t n;
	char *text;

	if ((size_t)(end - *at) < sizeof n)
		fatal("a bad note from another process (a text cut short)");
	memcpy(&n, *at, sizeof n);
	*at += sizeof n;
	if ((uint64_t)(end - *at) < n)
		fatal("a bad note from another process (a text cut short)");
	text = xmalloc((size_t)n + 1);
	memcpy(text, *at, (size_t)n);
	text[n] = '\0';
	*at += n;
	return text;
}

/*
 * Process 0 takes q's note after the earlier processes': its files come
 * after theirs, and count only if the serial sum got to them.  Returns
 * q's number of files with paths (their bytes go to sp->set.bytes).
 */
static uint64_t take_paths_note(struct sum_paths *sp, int q, uint64_t totals[3])
{
	size_t len;
	char *data = recv_buffer(q, &len);
	const char *at = data, *end = data + len;
	uint64_t head[PATHS_NOTE_HEAD];
	char *failure;

	if (len < sizeof head)
		fatal("a bad call paths note from another process");
	memcpy(head, at, sizeof head);
	at += sizeof head;
	for (uint64_t i = 0; i < head[4]; i++) {
		char *warning = unpack_text(&at, end);
		char **grown = grow_array(sp->warnings, &sp->warnings_cap, sp->nwarnings + 1,
					  sizeof *grown, 16);

		if (!grown)
			fatal("out of memory");
		sp->warnings = grown;
		sp->warnings[sp->nwarnings++] = warning;
	}
	failure = unpack_text(&at, end);
	free(data);
	/* a file refused for overflow in q's block, or the blocks' sets that
	 * would add up past 2^64 - 1: process 0 sums serially */
	sp->overflow |= head[6] != 0;
	for (int k = 0; k < 3; k++) {
		if (head[7 + k] > UINT64_MAX - totals[k])
			sp->overflow = 1;
		else
			totals[k] += head[7 + k];
	}
	if (sp->failed) {   /* q's files come after the serial sum stopped */
		free(failure);
		return 0;
	}
	if (head[3]) {      /* the first bad paths file in file order */
		sp->failed = 1;
		snprintf(sp->message, sizeof sp->message, "%s", failure);
	}
	free(failure);
	sp->nprofiles += (size_t)head[1];
	sp->missing += (size_t)head[2];
	sp->set.bytes += head[5];
	return head[0];
}

/*
 * The call paths of the files summed (sum.h, struct sum_paths), after the
 * processes agreed on the bad files: bad is the serial sum's list on
 * process 0, and each other process's run rejected exactly the serial
 * sum's bad files of its block.  Whether a paths file can be added depends
 * on the earlier ones only through the sum's rate and executable, which
 * the first files with paths fix: process 0 reads files in order until
 * they are known (nearly always the first file), then every process adds
 * the rest of its block to a set that starts from that state, so it judges
 * each file as the serial sum does.  Process 0 takes the counts and
 * warnings in process order and the sets up the tree; o->paths on process
 * 0 is then the serial sum's, whatever the number of processes.  Unless
 * samples overflow: a file refused for it in a block, or blocks whose sets
 * add up past 2^64 - 1, and process 0 sums all the paths in file order
 * (which file the serial sum refuses depends on every file before it).
 */
static void sum_paths_parallel(struct sum_run *run, const struct sum_job *job,
			       const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o)
{
	struct sum_paths sp;
	double t0 = MPI_Wtime();
	uint64_t start = job->n, files;
	void *seed = NULL;
	size_t seed_len = 0, lo, hi, next = job->n;
	int mode;

	sum_paths_init(&sp);
	block(job, me, &lo, &hi);
	if (me == 0) {
		if (sum_paths_files(&sp, job, 0, job->n, bad, nbad, 1, &next) != 0)
			fatal(sp.message);
		start = sp.failed ? job->n : next;
		if (start < job->n) {
			char *state;

			print_paths(&sp.set, 1, &state, &seed_len);
			seed = state;
		}
	}
	MPI_Bcast(&start, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	sum_mpi_bcast_buffer(&seed, &seed_len);
	if (me != 0) {
		bad = run->bad;
		nbad = run->nbad;
		if (start < hi)
			add_paths_text(&sp.set, seed, seed_len, "the call paths' state");
		sp.set.nfiles = 0;   /* the state is no file */
	}
	free(seed);
	if (start < hi && sum_paths_files(&sp, job, start > lo ? start : lo, hi, bad, nbad, 0,
					  NULL) != 0)
		fatal(sp.message);
	run->times[SUM_PHASE_PATHS] += MPI_Wtime() - t0;

	files = sp.set.nfiles;
	if (me != 0) {
		char *note;
		size_t len;

		pack_paths_note(&sp, &note, &len);
		send_buffer(note, len, 0);
		free(note);
	} else {
		uint64_t totals[3] = { sp.set.samples, sp.set.lost, sp.set.cut };

		for (int q = 1; q < nprocs; q++)
			files += take_paths_note(&sp, q, totals);
	}
	/* 0: reduce the sets; 1: the sum failed; 2: process 0 sums serially */
	mode = me != 0 ? 0 : sp.overflow ? 2 : sp.failed ? 1 : 0;
	MPI_Bcast(&mode, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (mode == 0)
		reduce_paths(&sp.set);
	if (me == 0 && mode == 2) {
		sum_paths_free(&sp);
		if (sum_paths_files(&sp, job, 0, job->n, bad, nbad, 0, NULL) != 0)
			fatal(sp.message);
		files = sp.set.nfiles;
	}
	if (me == 0) {
		sp.set.nfiles = (size_t)files;
		o->bytes += sp.set.bytes;
		sum_paths_free(&o->paths);
		o->paths = sp;
	} else {
		sum_paths_free(&sp);
	}
}

/* ------------------------------------------------------------------ */
/* The MPI profiles beside the files summed: each process reads those of
 * its block, process 0 adds the others' after its own, in process order
 * (file order): the same bytes whatever the number of processes.        */

static void sum_mpi_parallel(struct sum_run *run, const struct sum_job *job,
			     const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o)
{
	struct sum_mpi_text mt;
	size_t lo, hi;

	memset(&mt, 0, sizeof mt);
	block(job, me, &lo, &hi);
	if (me != 0) {
		bad = run->bad;
		nbad = run->nbad;
	}
	sum_mpi_files(&mt, job, lo, hi, bad, nbad);
	if (me != 0) {
		/* the files added, whether it failed, and the message or the text */
		size_t len = 2 * sizeof(uint64_t) + (mt.failed ? sizeof mt.message : mt.len);
		char *note = xmalloc(len ? len : 1);
		uint64_t head[2] = { mt.files, (uint64_t)mt.failed };

		memcpy(note, head, sizeof head);
		if (len > sizeof head)
			memcpy(note + sizeof head, mt.failed ? mt.message : mt.text,
			       len - sizeof head);
		send_buffer(note, len, 0);
		free(note);
		sum_mpi_text_free(&mt);
		return;
	}
	for (int q = 1; q < nprocs; q++) {
		size_t len;
		char *note = recv_buffer(q, &len);
		uint64_t head[2];

		if (len < sizeof head)
			fatal("a short note of the MPI profiles");
		memcpy(head, note, sizeof head);
		if (head[1] && !mt.failed) {
			mt.failed = 1;
			snprintf(mt.message, sizeof mt.message, "%.*s", (int)(len - sizeof head),
				 note + sizeof head);
		} else if (!head[1] && len > sizeof head) {
			char *grown = grow_array(mt.text, &mt.cap, mt.len + len - sizeof head, 1,
						 65536);

			if (!grown)
				fatal("out of memory adding the MPI profiles");
			mt.text = grown;
			memcpy(mt.text + mt.len, note + sizeof head, len - sizeof head);
			mt.len += len - sizeof head;
		}
		mt.files += head[0];
		free(note);
	}
	sum_mpi_text_free(&o->mpi);
	o->mpi = mt;
}

/* ------------------------------------------------------------------ */
/* The calls between modules beside the files summed.                   */

/* The set in the file format (all of it, or with state_only its
 * executable), in memory: malloc'ed. */
static int print_calls_all(FILE *f, const void *mc) { return module_calls_print(f, mc); }
static int print_calls_state(FILE *f, const void *mc) { return module_calls_print_state(f, mc); }

static void print_calls(const struct module_calls *mc, int state_only, char **text,
			size_t *len)
{
	print_to_memory(state_only ? print_calls_state : print_calls_all, mc,
			"the calls between modules", text, len);
}

static void add_calls_text(struct module_calls *mc, char *text, size_t len, const char *name)
{
	char err[1024];

	if (module_calls_add_text(mc, text, len, name, err, sizeof err) != 0)
		fatal(err);
}

/* A process's messages and number of files added, then its set (none
 * without files), for process 0. */
static void send_calls(const struct sum_calls *sc)
{
	char *data = NULL, *set = NULL;
	size_t len = 0, set_len = 0;
	FILE *f = open_memstream(&data, &len);
	uint64_t head[4] = { sc->nmessages, sc->set.nfiles, (uint64_t)sc->oom,
			     (uint64_t)sc->overflow };

	if (!f)
		fatal("out of memory");
	fwrite(head, sizeof head, 1, f);
	for (size_t i = 0; i < sc->nmessages; i++) {
		uint64_t n = strlen(sc->messages[i]);

		fwrite(&n, sizeof n, 1, f);
		fwrite(sc->messages[i], 1, n, f);
	}
	if (fclose(f) != 0)
		fatal("out of memory");
	send_buffer(data, len, 0);
	free(data);
	if (sc->set.nfiles > 0 && !sc->oom)
		print_calls(&sc->set, 0, &set, &set_len);
	send_buffer(set, set_len, 0);
	free(set);
}

/* Process 0 takes q's messages and set after the earlier processes'. */
static void take_calls(struct sum_calls *sc, int q)
{
	size_t len;
	char *data = recv_buffer(q, &len), *set, name[64];
	const char *at = data, *end = data + len;
	uint64_t head[4];
	char err[1024];
	int rc;

	if (len < sizeof head)
		fatal("a bad note of the calls between modules from another process");
	memcpy(head, at, sizeof head);
	at += sizeof head;
	for (uint64_t i = 0; i < head[0]; i++) {
		char **grown = grow_array(sc->messages, &sc->messages_cap, sc->nmessages + 1,
					  sizeof *grown, 8);

		if (!grown)
			fatal("out of memory");
		sc->messages = grown;
		sc->messages[sc->nmessages++] = unpack_text(&at, end);
	}
	free(data);
	sc->oom |= head[2] != 0;
	sc->overflow |= head[3] != 0;
	set = recv_buffer(q, &len);
	if (len > 0 && !sc->oom && !sc->overflow) {
		size_t files = sc->set.nfiles;

		snprintf(name, sizeof name, "the calls between modules of process %d", q);
		rc = module_calls_add_text(&sc->set, set, len, name, err, sizeof err);
		if (rc == -1)
			fatal(err);
		sc->overflow = rc == -2;
		sc->set.nfiles = files + (size_t)head[1];
	}
	free(set);
}

/*
 * The calls between modules of one kind (sum.h, struct sum_calls), after
 * the processes agreed on the bad files (as sum_paths_parallel).  Whether
 * a calls file can be added depends on the earlier ones only through the
 * executable, which the first file added fixes: process 0 reads files in
 * order until it is known (nearly always at the first file), then every
 * process adds the rest of its block to a set that starts from it, so it
 * judges each file as the serial sum does.  Process 0 takes the messages
 * and sets in process order (the messages are then in file order); the
 * written sum is canonical.  o->calls[kind] on process 0 is then the
 * serial sum's, whatever the number of processes (on a count past
 * 2^64 - 1, in a block or adding the blocks, process 0 sums serially).
 */
static void sum_calls_parallel(struct sum_run *run, const struct sum_job *job,
			       const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o,
			       enum sum_calls_kind kind)
{
	struct sum_calls sc;
	double t0 = MPI_Wtime();
	uint64_t start = job->n;
	void *seed = NULL;
	size_t seed_len = 0, lo, hi, next = job->n;

	sum_calls_init(&sc);
	block(job, me, &lo, &hi);
	if (me == 0) {
		if (sum_calls_files(&sc, kind, job, 0, job->n, bad, nbad, 1, &next) != 0)
			sc.oom = 1;
		start = sc.oom ? job->n : next;
		if (start < job->n) {
			char *state;

			print_calls(&sc.set, 1, &state, &seed_len);
			seed = state;
		}
	}
	MPI_Bcast(&start, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	sum_mpi_bcast_buffer(&seed, &seed_len);
	if (me != 0) {
		bad = run->bad;
		nbad = run->nbad;
		if (start < hi) {
			add_calls_text(&sc.set, seed, seed_len, "the executable of the calls");
			sc.set.nfiles = 0;   /* the state is no file */
		}
	}
	free(seed);
	if (start < hi && !sc.oom &&
	    sum_calls_files(&sc, kind, job, start > lo ? start : lo, hi, bad, nbad, 0, NULL) != 0)
		sc.oom = 1;
	run->times[SUM_PHASE_PATHS] += MPI_Wtime() - t0;
	if (me != 0) {
		send_calls(&sc);
		sum_calls_free(&sc);
		return;
	}
	for (int q = 1; q < nprocs; q++)
		take_calls(&sc, q);
	if (sc.overflow && !sc.oom) {
		/* A count past 2^64 - 1: which file the serial sum refuses
		 * depends on all the files before it, in every block.  Rare:
		 * process 0 sums them all in file order. */
		sum_calls_free(&sc);
		if (sum_calls_files(&sc, kind, job, 0, job->n, bad, nbad, 0, NULL) != 0)
			sc.oom = 1;
	}
	sum_calls_free(&o->calls[kind]);
	o->calls[kind] = sc;
}

/* ------------------------------------------------------------------ */
/* The shared libraries' profiles beside the files summed.              */

static void fold_init(struct fold *f)
{
	memset(f, 0, sizeof *f);
	init_state(&f->state);
	if (me == 0)
		f->rerun = calloc((size_t)nprocs, 1);
	if (me == 0 && !f->rerun)
		fatal("out of memory");
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
 * o is the serial sum's outcome on process 0.
 */
static void sum_blocks(const struct sum_job *job, struct sum_outcome *o)
{
	struct sum_run run;
	struct fold f;

	sum_run_init(&run);
	fold_init(&f);
	local_run(&run, job, NULL, 0);
	if (agree(&run, job, &f) == DECIDE_ERROR) {
		o->failed = 1;
		snprintf(o->message, sizeof o->message, "%s", f.message);
	} else {
		reduce_profiles(&run.prof);
		if (me == 0) {
			take_sum(&f.state, &run.prof, &o->prof);
			if (o->prof.nfiles == 0) {
				o->failed = 1;
				snprintf(o->message, sizeof o->message, "none of the %zu gmon "
					 "file%s could be summed", job->n, job->n == 1 ? "" : "s");
			}
		}
	}
	if (me == 0) {
		o->bad = f.bad;
		o->nbad = f.nbad;
		f.bad = NULL;
		f.nbad = 0;
	}
	fold_free(&f);
	sum_run_free(&run);
}

static void put_u64(FILE *f, uint64_t v)
{
	fwrite(&v, sizeof v, 1, f);
}

/* A string, or NULL. */
static void put_text(FILE *f, const char *text)
{
	uint64_t n = text ? strlen(text) : UINT64_MAX;

	put_u64(f, n);
	if (text)
		fwrite(text, 1, (size_t)n, f);
}

struct reader {
	const char *at, *end;
};

static uint64_t get_u64(struct reader *r)
{
	uint64_t v;

	if ((size_t)(r->end - r->at) < sizeof v)
		fatal("a bad list of libraries from another process");
	memcpy(&v, r->at, sizeof v);
	r->at += sizeof v;
	return v;
}

static char *get_text(struct reader *r)
{
	uint64_t n = get_u64(r);
	char *text;

	if (n == UINT64_MAX)
		return NULL;
	if ((uint64_t)(r->end - r->at) < n)
		fatal("a bad list of libraries from another process");
	text = xmalloc((size_t)n + 1);
	memcpy(text, r->at, (size_t)n);
	text[n] = '\0';
	r->at += n;
	return text;
}

/* sl in bytes (with_blocks: each library's blocks too), malloc'ed. */
static void pack_libraries(const struct sum_libraries *sl, int with_blocks, char **data,
			   size_t *len)
{
	FILE *f = open_memstream(data, len);

	if (!f)
		fatal("out of memory");
	put_u64(f, (uint64_t)sl->overflow);
	put_u64(f, sl->nunread);
	for (size_t i = 0; i < sl->nunread; i++)
		put_text(f, sl->unread[i]);
	put_u64(f, sl->n);
	for (size_t i = 0; i < sl->n; i++) {
		const struct sum_library *lib = &sl->libs[i];

		put_text(f, lib->base);
		put_text(f, lib->path);
		put_text(f, lib->build_id);
		put_text(f, lib->soname);
		put_u64(f, lib->low);
		put_u64(f, lib->high);
		put_u64(f, lib->samples);
		put_u64(f, (uint64_t)lib->profiled);
		put_u64(f, lib->n);
		for (size_t k = 0; k < lib->n; k++)
			put_text(f, lib->paths[k]);
		for (int q = 0; with_blocks && q <= nprocs; q++)
			put_u64(f, lib->blocks[q]);
	}
	if (fclose(f) != 0)
		fatal("out of memory");
}

/*
 * Adds the packed libraries after sl's, as reading their lists after
 * sl's would: the unread lists' messages after sl's, a library new to sl
 * described as they describe it, the samples added, the files after sl's.
 */
static void take_libraries(struct sum_libraries *sl, const void *data, size_t len,
			   int with_blocks)
{
	struct reader r = { data, (const char *)data + len };
	uint64_t n;

	sl->overflow |= get_u64(&r) != 0;
	n = get_u64(&r);
	for (uint64_t i = 0; i < n; i++) {
		char **grown = grow_array(sl->unread, &sl->unread_cap, sl->nunread + 1,
					  sizeof *grown, 8);

		if (!grown)
			fatal("out of memory");
		sl->unread = grown;
		sl->unread[sl->nunread] = get_text(&r);
		if (!sl->unread[sl->nunread])
			fatal("a bad list of libraries from another process");
		sl->nunread++;
	}
	n = get_u64(&r);
	for (uint64_t i = 0; i < n; i++) {
		char *base = get_text(&r), *path = get_text(&r), *build_id = get_text(&r);
		char *soname = get_text(&r);
		uint64_t low = get_u64(&r), high = get_u64(&r), samples, profiled, npaths;
		struct sum_library *lib;

		if (!base || !path)
			fatal("a bad list of libraries from another process");
		lib = sum_libraries_find_or_add(sl, base, path, build_id, soname, low, high);
		if (!lib)
			fatal("out of memory");
		free(base);
		free(path);
		free(build_id);
		free(soname);
		samples = get_u64(&r);
		profiled = get_u64(&r);
		npaths = get_u64(&r);
		if (lib->samples > UINT64_MAX - samples)
			sl->overflow = 1;   /* process 0 then reads them serially */
		else
			lib->samples += samples;
		lib->profiled |= profiled != 0;
		for (uint64_t k = 0; k < npaths; k++) {
			char *file = get_text(&r);

			if (!file || sum_library_add_path(lib, file) != 0)
				fatal("out of memory");
		}
		if (with_blocks) {
			lib->blocks = xmalloc((size_t)(nprocs + 1) * sizeof *lib->blocks);
			for (int q = 0; q <= nprocs; q++)
				lib->blocks[q] = (size_t)get_u64(&r);
		}
	}
}

/* Process 0, once process q's libraries are in sl: its files of each
 * library end where that library's files now end. */
static void mark_blocks(struct sum_libraries *sl, int q)
{
	for (size_t i = 0; i < sl->n; i++) {
		struct sum_library *lib = &sl->libs[i];

		if (!lib->blocks) {   /* new: no files before q's */
			lib->blocks = calloc((size_t)nprocs + 1, sizeof *lib->blocks);
			if (!lib->blocks)
				fatal("out of memory");
		}
		lib->blocks[q + 1] = lib->n;
	}
}

/*
 * The shared libraries (sum.h, struct sum_libraries), after the processes
 * agreed on the bad files (as for the call paths): each process reads the
 * lists beside the files of its block that are summed; process 0 takes the
 * others' in process order, so that the libraries, their descriptions and
 * their files in file order are the serial sum's, sorts them and sends
 * them to all, with the range of each library's files that each process
 * read.  Then each library's files are summed as the main sum's are, each
 * process its own range.  o->libraries on process 0 is then the serial
 * sum's, whatever the number of processes (on samples past 2^64 - 1,
 * process 0 reads the lists serially and sums the libraries alone).
 */
static void sum_libraries_parallel(struct sum_run *run, const struct sum_job *job,
				   const struct sum_bad_file *bad, size_t nbad,
				   struct sum_outcome *o)
{
	struct sum_libraries sl;
	size_t lo, hi, len = 0;
	char *data = NULL;

	sum_libraries_init(&sl);
	block(job, me, &lo, &hi);
	if (me != 0) {
		bad = run->bad;
		nbad = run->nbad;
	}
	if (sum_libraries_read(&sl, job, lo, hi, bad, nbad) != 0)
		fatal("out of memory reading the lists of modules");
	if (me != 0) {
		pack_libraries(&sl, 0, &data, &len);
		send_buffer(data, len, 0);
		free(data);
		data = NULL;
		sum_libraries_free(&sl);
	} else {
		mark_blocks(&sl, 0);
		for (int q = 1; q < nprocs; q++) {
			void *part = recv_buffer(q, &len);

			take_libraries(&sl, part, len, 0);
			free(part);
			mark_blocks(&sl, q);
		}
		if (sl.overflow) {
			/* Samples past 2^64 - 1: which list the serial sum leaves
			 * out depends on all the lists before it, in every block.
			 * Rare: process 0 reads them all in file order, and sums
			 * the libraries' files alone (the others' blocks empty). */
			sum_libraries_free(&sl);
			if (sum_libraries_read(&sl, job, 0, job->n, bad, nbad) != 0)
				fatal("out of memory reading the lists of modules");
			for (int q = 0; q < nprocs; q++)
				mark_blocks(&sl, q);
		}
		sum_libraries_sort(&sl);
		pack_libraries(&sl, 1, &data, &len);
	}
	{
		void *buf = data;

		sum_mpi_bcast_buffer(&buf, &len);
		data = buf;
	}
	if (me != 0)
		take_libraries(&sl, data, len, 1);
	free(data);
	for (size_t i = 0; i < sl.n; i++) {
		struct sum_job lj = sum_library_job(job, &sl.libs[i]);

		if (!sl.libs[i].profiled)
			continue;
		if (!(sl.libs[i].sum = sum_library_outcome()))
			fatal("out of memory");
		sum_blocks(&lj, sl.libs[i].sum);
	}
	if (me == 0) {
		sum_libraries_free(&o->libraries);
		o->libraries = sl;
	} else {
		sum_libraries_free(&sl);
	}
}

/* ------------------------------------------------------------------ */

/* This process's own work so far: reading, checking, adding, balance,
 * call paths. */
static double own_work(const struct sum_run *run)
{
	return run->times[SUM_PHASE_READ] + run->times[SUM_PHASE_CHECK] +
	       run->times[SUM_PHASE_ADD] + run->times[SUM_PHASE_BALANCE] +
	       run->times[SUM_PHASE_PATHS];
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
	mine[SUM_PHASE_REDUCE] = wall - own_work(run) - mine[SUM_PHASE_WAIT] -
				 mine[SUM_PHASE_ORDER];
	if (mine[SUM_PHASE_REDUCE] < 0)
		mine[SUM_PHASE_REDUCE] = 0;
	memcpy(o->times, mine, sizeof(mine));
	if (me == 0)
		o->proc_times = xmalloc((size_t)nprocs * sizeof(mine));
	MPI_Gather(mine, SUM_NPHASES, MPI_DOUBLE, me == 0 ? o->proc_times : NULL, SUM_NPHASES,
		   MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

int sum_parallel(const struct sum_job *job, struct sum_outcome *o)
{
	struct sum_run run;
	struct fold f;
	uint64_t bytes;
	int decision;

	double start = MPI_Wtime();

	o->nprocs = nprocs;
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
	MPI_Reduce(me == 0 ? MPI_IN_PLACE : &bytes, &bytes, 1, MPI_UINT64_T, MPI_SUM, 0,
		   MPI_COMM_WORLD);
	o->bytes = bytes;
	if (me == 0) {
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
	if (me == 0) {
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
	.sum_parallel = sum_parallel,
};
