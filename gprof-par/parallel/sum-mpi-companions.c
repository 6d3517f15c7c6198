/*
 * sum-mpi-companions.c - the MPI module's sums of the files beside the
 * profiles, in the main sum's pass (sum-mpi-internal.h): the call paths
 * (gathered up a tree as canonical text), the MPI profiles (in process
 * order), the calls between modules, the shared libraries' profiles (each
 * summed as the main sum is, sum_blocks).  Split from sum-mpi.c.
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
#include "grow.h"

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
		mpi_fatal(message);
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
		mpi_fatal(err);
}

/*
 * The sets up the binomial tree of reduce_profiles, as canonical texts:
 * a process adds those of higher processes after its own, so that a
 * module keeps the path of its first file as in the serial sum (the
 * written sum is canonical anyway).  A process without paths sends none.
 */
static void reduce_paths(struct callpaths *cp)
{
	for (int step = 1; step < sum_nprocs; step <<= 1) {
		if (sum_me & step) {
			char *text = NULL;
			size_t len = 0;

			if (cp->nfiles > 0)
				print_paths(cp, 0, &text, &len);
			mpi_send_buffer(text, len, sum_me - step);
			free(text);
			return;
		}
		if (sum_me + step < sum_nprocs) {
			size_t len;
			char *text = mpi_recv_buffer(sum_me + step, &len), name[64];

			snprintf(name, sizeof name, "the call paths of processes %d and up",
				 sum_me + step);
			if (len > 0)
				add_paths_text(cp, text, len, name);
			free(text);
		}
	}
}

/* The files whose paths process q added: those of its block from start
 * on (process 0 added the earlier ones while settling the state). */
static void paths_block(const struct sum_job *job, int q, uint64_t start, size_t *lo, size_t *hi)
{
	file_block(job, q, lo, hi);
	if (*lo < start)
		*lo = start < *hi ? (size_t)start : *hi;
}

/* What a process's paths came to, beside the set: counts, warnings and
 * its failure, whether a file was refused for its samples' overflow, the
 * set's samples, lost and cut, and the rows of its files' paths by class
 * (path-rows.h), packed for process 0. */
#define PATHS_NOTE_HEAD 10
static void pack_paths_note(const struct sum_paths *sp, const struct sum_job *job,
			    uint64_t start, char **data, size_t *len)
{
	FILE *f = open_memstream(data, len);
	uint64_t head[PATHS_NOTE_HEAD] = { sp->set.nfiles, sp->nprofiles, sp->missing,
					   (uint64_t)sp->failed, sp->nwarnings, sp->set.bytes,
					   (uint64_t)sp->overflow, sp->set.samples, sp->set.lost,
					   sp->set.cut };
	void *rows;
	size_t lo, hi, rows_len;
	uint64_t n;

	if (!f)
		mpi_fatal("out of memory");
	fwrite(head, sizeof head, 1, f);
	for (size_t i = 0; i <= sp->nwarnings; i++) {
		const char *text = i < sp->nwarnings ? sp->warnings[i] : sp->message;

		n = strlen(text);
		fwrite(&n, sizeof n, 1, f);
		fwrite(text, 1, n, f);
	}
	paths_block(job, sum_me, start, &lo, &hi);
	if (path_rows_pack(&sp->rows, lo, hi, &rows, &rows_len) != 0)
		mpi_fatal("out of memory");
	n = rows_len;
	fwrite(&n, sizeof n, 1, f);
	fwrite(rows, 1, rows_len, f);
	free(rows);
	if (fclose(f) != 0)
		mpi_fatal("out of memory");
}

/* The next packed text at *at (of end), malloc'ed and terminated. */
static char *unpack_text(const char **at, const char *end)
{
	uint64_t n;
	char *text;

	if ((size_t)(end - *at) < sizeof n)
		mpi_fatal("a bad note from another process (a text cut short)");
	memcpy(&n, *at, sizeof n);
	*at += sizeof n;
	if ((uint64_t)(end - *at) < n)
		mpi_fatal("a bad note from another process (a text cut short)");
	text = mpi_xmalloc((size_t)n + 1);
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
static uint64_t take_paths_note(struct sum_paths *sp, const struct sum_job *job, uint64_t start,
				int q, uint64_t totals[3])
{
	size_t len, lo, hi;
	char *data = mpi_recv_buffer(q, &len);
	const char *at = data, *end = data + len;
	uint64_t head[PATHS_NOTE_HEAD], rows_len;
	char *failure;

	if (len < sizeof head)
		mpi_fatal("a bad call paths note from another process");
	memcpy(head, at, sizeof head);
	at += sizeof head;
	for (uint64_t i = 0; i < head[4]; i++) {
		char *warning = unpack_text(&at, end);
		char **grown = grow_array(sp->warnings, &sp->warnings_cap, sp->nwarnings + 1,
					  sizeof *grown, 16);

		if (!grown)
			mpi_fatal("out of memory");
		sp->warnings = grown;
		sp->warnings[sp->nwarnings++] = warning;
	}
	failure = unpack_text(&at, end);
	if ((size_t)(end - at) < sizeof rows_len)
		mpi_fatal("a bad call paths note from another process (no rows)");
	memcpy(&rows_len, at, sizeof rows_len);
	at += sizeof rows_len;
	paths_block(job, q, start, &lo, &hi);
	if ((uint64_t)(end - at) != rows_len ||
	    path_rows_unpack(&sp->rows, lo, hi, at, (size_t)rows_len) != 0)
		mpi_fatal("a bad call paths note from another process (its rows)");
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
void sum_paths_parallel(struct sum_run *run, const struct sum_job *job,
			const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o)
{
	struct sum_paths sp;
	double t0 = MPI_Wtime();
	uint64_t start = job->n, files;
	void *seed = NULL;
	size_t seed_len = 0, lo, hi, next = job->n;
	int mode;

	sum_paths_init(&sp);
	file_block(job, sum_me, &lo, &hi);
	if (sum_me == 0) {
		if (sum_paths_files(&sp, job, 0, job->n, bad, nbad, 1, &next) != 0)
			mpi_fatal(sp.message);
		start = sp.failed ? job->n : next;
		if (start < job->n) {
			char *state;

			print_paths(&sp.set, 1, &state, &seed_len);
			seed = state;
		}
	}
	MPI_Bcast(&start, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	sum_mpi_bcast_buffer(&seed, &seed_len);
	if (sum_me != 0) {
		bad = run->bad;
		nbad = run->nbad;
		if (start < hi)
			add_paths_text(&sp.set, seed, seed_len, "the call paths' state");
		sp.set.nfiles = 0;   /* the state is no file */
	}
	free(seed);
	if (start < hi && sum_paths_files(&sp, job, start > lo ? start : lo, hi, bad, nbad, 0,
					  NULL) != 0)
		mpi_fatal(sp.message);
	run->times[SUM_PHASE_PATHS] += MPI_Wtime() - t0;

	files = sp.set.nfiles;
	if (sum_me != 0) {
		char *note;
		size_t len;

		pack_paths_note(&sp, job, start, &note, &len);
		mpi_send_buffer(note, len, 0);
		free(note);
	} else {
		uint64_t totals[3] = { sp.set.samples, sp.set.lost, sp.set.cut };

		for (int q = 1; q < sum_nprocs; q++)
			files += take_paths_note(&sp, job, start, q, totals);
	}
	/* 0: reduce the sets; 1: the sum failed; 2: process 0 sums serially */
	mode = sum_me != 0 ? 0 : sp.overflow ? 2 : sp.failed ? 1 : 0;
	MPI_Bcast(&mode, 1, MPI_INT, 0, MPI_COMM_WORLD);
	if (mode == 0)
		reduce_paths(&sp.set);
	if (sum_me == 0 && mode == 2) {
		sum_paths_free(&sp);
		if (sum_paths_files(&sp, job, 0, job->n, bad, nbad, 0, NULL) != 0)
			mpi_fatal(sp.message);
		files = sp.set.nfiles;
	}
	if (sum_me == 0) {
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

void sum_mpi_parallel(struct sum_run *run, const struct sum_job *job,
		      const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o)
{
	struct sum_mpi_text mt;
	size_t lo, hi;
	double t0 = MPI_Wtime();

	memset(&mt, 0, sizeof mt);
	file_block(job, sum_me, &lo, &hi);
	if (sum_me != 0) {
		bad = run->bad;
		nbad = run->nbad;
	}
	sum_mpi_files(&mt, job, lo, hi, bad, nbad);
	/* (the serial sum's paths phase holds its MPI profiles too) */
	run->times[SUM_PHASE_PATHS] += MPI_Wtime() - t0;
	if (sum_me != 0) {
		/* the files added, whether it failed, and the message or the text */
		size_t len = 2 * sizeof(uint64_t) + (mt.failed ? sizeof mt.message : mt.len);
		char *note = mpi_xmalloc(len ? len : 1);
		uint64_t head[2] = { mt.files, (uint64_t)mt.failed };

		memcpy(note, head, sizeof head);
		if (len > sizeof head)
			memcpy(note + sizeof head, mt.failed ? mt.message : mt.text,
			       len - sizeof head);
		mpi_send_buffer(note, len, 0);
		free(note);
		sum_mpi_text_free(&mt);
		return;
	}
	for (int q = 1; q < sum_nprocs; q++) {
		size_t len;
		char *note = mpi_recv_buffer(q, &len);
		uint64_t head[2];

		if (len < sizeof head)
			mpi_fatal("a short note of the MPI profiles");
		memcpy(head, note, sizeof head);
		if (head[1] && !mt.failed) {
			mt.failed = 1;
			snprintf(mt.message, sizeof mt.message, "%.*s", (int)(len - sizeof head),
				 note + sizeof head);
		} else if (!head[1] && len > sizeof head) {
			char *grown = grow_array(mt.text, &mt.cap, mt.len + len - sizeof head, 1,
						 65536);

			if (!grown)
				mpi_fatal("out of memory adding the MPI profiles");
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
		mpi_fatal(err);
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
		mpi_fatal("out of memory");
	fwrite(head, sizeof head, 1, f);
	for (size_t i = 0; i < sc->nmessages; i++) {
		uint64_t n = strlen(sc->messages[i]);

		fwrite(&n, sizeof n, 1, f);
		fwrite(sc->messages[i], 1, n, f);
	}
	if (fclose(f) != 0)
		mpi_fatal("out of memory");
	mpi_send_buffer(data, len, 0);
	free(data);
	if (sc->set.nfiles > 0 && !sc->oom)
		print_calls(&sc->set, 0, &set, &set_len);
	mpi_send_buffer(set, set_len, 0);
	free(set);
}

/* Process 0 takes q's messages and set after the earlier processes'. */
static void take_calls(struct sum_calls *sc, int q)
{
	size_t len;
	char *data = mpi_recv_buffer(q, &len), *set, name[64];
	const char *at = data, *end = data + len;
	uint64_t head[4];
	char err[1024];
	int rc;

	if (len < sizeof head)
		mpi_fatal("a bad note of the calls between modules from another process");
	memcpy(head, at, sizeof head);
	at += sizeof head;
	for (uint64_t i = 0; i < head[0]; i++) {
		char **grown = grow_array(sc->messages, &sc->messages_cap, sc->nmessages + 1,
					  sizeof *grown, 8);

		if (!grown)
			mpi_fatal("out of memory");
		sc->messages = grown;
		sc->messages[sc->nmessages++] = unpack_text(&at, end);
	}
	free(data);
	sc->oom |= head[2] != 0;
	sc->overflow |= head[3] != 0;
	set = mpi_recv_buffer(q, &len);
	if (len > 0 && !sc->oom && !sc->overflow) {
		size_t files = sc->set.nfiles;

		snprintf(name, sizeof name, "the calls between modules of process %d", q);
		rc = module_calls_add_text(&sc->set, set, len, name, err, sizeof err);
		if (rc == -1)
			mpi_fatal(err);
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
void sum_calls_parallel(struct sum_run *run, const struct sum_job *job,
			const struct sum_bad_file *bad, size_t nbad, struct sum_outcome *o,
			enum sum_calls_kind kind)
{
	struct sum_calls sc;
	double t0 = MPI_Wtime();
	uint64_t start = job->n, first;
	void *seed = NULL;
	size_t seed_len = 0, lo, hi, next = job->n;

	sum_calls_init(&sc);
	file_block(job, sum_me, &lo, &hi);
	/* Where the first calls file is, each process looking in its own
	 * block: process 0 starts there, not looking through every block
	 * itself where the first files have none (the PLT counts: most
	 * often no file has them; on 4,096 files at 2 processes that was
	 * most of --timing's modules) */
	first = sum_calls_first(kind, job, lo, hi, sum_me == 0 ? bad : run->bad,
				sum_me == 0 ? nbad : run->nbad);
	MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
	if (sum_me == 0) {
		if (sum_calls_files(&sc, kind, job, (size_t)first, job->n, bad, nbad, 1, &next) != 0)
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
	if (sum_me != 0) {
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
	run->times[SUM_PHASE_MODULES] += MPI_Wtime() - t0;
	if (sum_me != 0) {
		send_calls(&sc);
		sum_calls_free(&sc);
		return;
	}
	for (int q = 1; q < sum_nprocs; q++)
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

/* sl in bytes (with_blocks: each library's blocks too), malloc'ed. */
static void pack_libraries(const struct sum_libraries *sl, int with_blocks, char **data,
			   size_t *len)
{
	if (sum_libraries_pack(sl, with_blocks ? (size_t)sum_nprocs + 1 : 0, data, len) != 0)
		mpi_fatal("out of memory");
}

/* Adds the packed libraries after sl's (sum.h: sum_libraries_take). */
static void take_libraries(struct sum_libraries *sl, const void *data, size_t len,
			   int with_blocks)
{
	char err[1024];

	if (sum_libraries_take(sl, data, len, with_blocks ? (size_t)sum_nprocs + 1 : 0, NULL, NULL,
			       err, sizeof err) != 0)
		mpi_fatal(err);
}

/* Process 0, once process q's libraries are in sl: its files of each
 * library end where that library's files now end. */
static void mark_blocks(struct sum_libraries *sl, int q)
{
	for (size_t i = 0; i < sl->n; i++) {
		struct sum_library *lib = &sl->libs[i];

		if (!lib->blocks) {   /* new: no files before q's */
			lib->blocks = calloc((size_t)sum_nprocs + 1, sizeof *lib->blocks);
			if (!lib->blocks)
				mpi_fatal("out of memory");
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
void sum_libraries_parallel(struct sum_run *run, const struct sum_job *job,
			    const struct sum_bad_file *bad, size_t nbad,
			    struct sum_outcome *o)
{
	struct sum_libraries sl;
	size_t lo, hi, len = 0;
	char *data = NULL;

	double t0 = MPI_Wtime();

	sum_libraries_init(&sl);
	file_block(job, sum_me, &lo, &hi);
	if (sum_me != 0) {
		bad = run->bad;
		nbad = run->nbad;
	}
	if (sum_libraries_read(&sl, job, lo, hi, bad, nbad) != 0)
		mpi_fatal("out of memory reading the lists of modules");
	run->times[SUM_PHASE_MODULES] += MPI_Wtime() - t0;
	if (sum_me != 0) {
		pack_libraries(&sl, 0, &data, &len);
		mpi_send_buffer(data, len, 0);
		free(data);
		data = NULL;
		sum_libraries_free(&sl);
	} else {
		mark_blocks(&sl, 0);
		for (int q = 1; q < sum_nprocs; q++) {
			void *part = mpi_recv_buffer(q, &len);

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
				mpi_fatal("out of memory reading the lists of modules");
			for (int q = 0; q < sum_nprocs; q++)
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
	if (sum_me != 0)
		take_libraries(&sl, data, len, 1);
	free(data);
	for (size_t i = 0; i < sl.n; i++) {
		struct sum_job lj = sum_library_job(job, &sl.libs[i]);

		if (!sl.libs[i].profiled)
			continue;
		if (!(sl.libs[i].sum = sum_library_outcome()))
			mpi_fatal("out of memory");
		run->times[SUM_PHASE_MODULES] += sum_blocks(&lj, sl.libs[i].sum);
	}
	if (sum_me == 0) {
		sum_libraries_free(&o->libraries);
		o->libraries = sl;
	} else {
		sum_libraries_free(&sl);
	}
}
