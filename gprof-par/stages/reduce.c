/* reduce.c - see reduce.h. */
#include "config.h"

#include "reduce.h"
#include "stale-companions.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gmon-mpi-profile.h"

#include "balance-section.h"
#include "call-paths.h"
#include "library-sums.h"
#include "mpi-profile.h"
#include "options.h"
#include "path-rows.h"
#include "sum-companion.h"
#include "summary.h"
#include "timing.h"

/* -s and -S: the MPI profiles beside the files summed, one after another
 * (the sum's, in file order: sum.h), as the section "mpi" of the sum's
 * companion.  Returns 0 or 1. */
static int sum_mpi_profiles(const struct plan *plan, const struct sum_outcome *sum,
			    struct sum_companion *sc, FILE *msgs)
{
	const struct sum_mpi_text *mt = &sum->mpi;
	char err[1024], *member = sum_companion_member(plan->output, GMON_MPI_PROFILE_KIND);
	int status = 0;

	if (!member) {
		fprintf(msgs, PROGRAM ": out of memory\n");
		return 1;
	}
	if (mt->failed) {
		fprintf(msgs, PROGRAM ": %s (%s is not written)\n", mt->message, member);
		status = 1;
	} else if (mpi_profile_sum_section(sc, plan->output, mt->text, mt->len, err,
					   sizeof(err)) != 0) {
		fprintf(msgs, PROGRAM ": %s\n", err);
		status = 1;
	} else if (mt->files > 0 && !options_quiet) {
		fprintf(msgs, PROGRAM ": added the MPI profiles (%" PRIu64 " file%s) into %s\n",
			mt->files, mt->files == 1 ? "" : "s", member);
	}
	free(member);
	return status;
}

/* -s and -S given the executable: the load balance of every file summed
 * (counted while summing, with its calls), as the section "balance" of
 * the sum's companion (balance-section.h).  Returns 0 or 1. */
static int sum_balance(const struct plan *plan, const struct sum_outcome *sum,
		       struct sum_companion *sc, FILE *msgs)
{
	char err[1024];

	if (!sum->has_balance || !plan->job.balance_map || !plan->job.balance_calls)
		return 0;
	if (sum->balance.sums > 0) {
		/* its readers report every rank from it: not files as ranks */
		fprintf(msgs, PROGRAM ": the load balance is left out of %s: %" PRIu32 " of the "
			"%" PRIu64 " files summed are sums of ranks, which it would count as one rank "
			"each (sum the ranks' own files for it)\n",
			plan->output, sum->balance.sums, sum->balance.nranks);
		return 0;
	}
	if (balance_section_add(sc, plan->output, &sum->balance, plan->job.balance_map, err,
				sizeof err) != 0) {
		fprintf(msgs, PROGRAM ": %s\n", err);
		return 1;
	}
	return 0;
}

/* -s and -S given the executable: each file's call paths by the summary's
 * classes (counted while summing: path-rows.h), as the section
 * "categories" of the sum's companion, so that the summary of the sum
 * gives every category per rank.  Left out with the load balance where
 * files summed are sums (each would count as one rank), and where the
 * paths' sum failed.  Returns 0 or 1. */
static int sum_categories(const struct plan *plan, const struct sum_outcome *sum,
			  struct sum_companion *sc, FILE *msgs)
{
	char err[1024];

	if (!plan->job.path_classifier || !sum->paths.rows.classifier || sum->paths.failed ||
	    (sum->has_balance && sum->balance.sums > 0))
		return 0;
	if (path_rows_section_add(sc, plan->output, &sum->paths.rows, summary_path_class_keys(),
				  SUMMARY_PATH_CLASSES, err, sizeof err) != 0) {
		fprintf(msgs, PROGRAM ": %s\n", err);
		return 1;
	}
	return 0;
}

/* -s and -S: what the files' run sections say together (the threads, the
 * profiler's own time per file, the signals, the engine, the node's
 * load), with the sums' among them (plan->runs: run-facts.h), as the
 * section "runs" of the sum's companion, so that the summary and -M of the
 * sum have them.  Returns 0 or 1. */
static int sum_runs(const struct plan *plan, struct sum_companion *sc, FILE *msgs)
{
	char err[1024];

	if (runs_facts_section_add(sc, plan->output, &plan->runs, err, sizeof err) != 0) {
		fprintf(msgs, PROGRAM ": %s\n", err);
		return 1;
	}
	return 0;
}

/*
 * Under a launcher, process 0 prepares (reads the executable, builds the
 * load balance's map, lists the directory) on a thread of its own while
 * MPI_Init runs: that is mostly waiting for the other processes, and the
 * others would otherwise wait for process 0 to prepare.  The thread makes
 * no MPI call (the module asks for MPI_THREAD_FUNNELED).
 */
struct early_prepare {
	int (*prepare)(void *);
	void (*discard)(void *);
	void *arg;
	int started, status;
	pthread_t thread;
};

static void *prepare_early(void *arg)
{
	struct early_prepare *e = arg;

	e->status = e->prepare(e->arg);
	return NULL;
}

/* The status of prepare() on process me: from the thread, or prepared
 * now (the launcher did not name process 0); 0 elsewhere. */
static int early_prepare_join(struct early_prepare *e, int me)
{
	if (e->started && pthread_join(e->thread, NULL) != 0)
		die("cannot join the thread that read the executable and the directory");
	if (me != 0) {
		if (e->started)   /* the launcher's rank was not MPI's */
			e->discard(e->arg);
		return 0;
	}
	if (e->started) {
		timing.prepared_early = 1;
		return e->status;
	}
	return e->prepare(e->arg);
}

/*
 * The sum and its companion (sum-companion.h), as one pair: the shared
 * libraries' profiles of the files summed (not of those --skip-bad
 * skipped), the calls between modules, the call paths and the MPI
 * profiles the sum gathered and the load balance, as its sections.  Their messages go to
 * *msgs (to follow the summary line), errors of the write to stderr.
 * Returns 0 or 1 (a part left out, or nothing written: *written 0).
 */
static int write_sum(const struct plan *plan, const struct sum_outcome *out, FILE *msgs,
		     int *written)
{
	struct sum_companion sc;
	char err[1024];
	int status;

	sum_companion_init(&sc);
	status = library_sums_sections(msgs, PROGRAM, out, plan->output, plan->job.skip_bad, &sc);
	status |= call_paths_sum_section(&out->paths, &sc, plan->output, msgs, PROGRAM);
	status |= sum_mpi_profiles(plan, out, &sc, msgs);
	status |= sum_balance(plan, out, &sc, msgs);
	status |= sum_categories(plan, out, &sc, msgs);
	status |= sum_runs(plan, &sc, msgs);
	*written = sum_companion_write(&out->prof, plan->output, &sc, err, sizeof(err)) == 0;
	if (!*written) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		status = 1;
	}
	sum_companion_free(&sc);
	return status;
}

/*
 * Sums the files (in parallel under a launcher), writes the sum where the
 * plan says and prints the summary, all on process 0: *written says
 * whether the sum was written.  Returns 0 or 1 (the exit status), the
 * same on every process.
 */
static int sum_and_write(const struct plan *plan, const struct gprof_par_mpi *mpi,
			 int root, struct sum_outcome *out, int *written)
{
	double start = sum_now(), writing;
	char *notes = NULL;
	size_t notes_len = 0;
	FILE *msgs = NULL;
	int failed, status = 0;

	*written = 0;
	if (root && companion_cache_bad_setting())
		fprintf(stderr, PROGRAM ": warning: GPROF_PAR_COMPANION_CACHE='%s' is not a number "
			"of bytes; the default is used (%zu)\n", companion_cache_bad_setting(),
			companion_cache_budget());
	if (mpi)
		mpi->sum_parallel(&plan->job, out);
	else
		sum_serial(&plan->job, out);
	failed = out->failed;
	writing = sum_now();
	if (root && !failed && plan->output) {
		/* the parts' messages after the summary line, as they were
		 * when each part was a file written after the sum */
		msgs = open_memstream(&notes, &notes_len);
		status = write_sum(plan, out, msgs ? msgs : stderr, written);
		failed = !*written;
		if (msgs)
			fclose(msgs);
	}
	timing_add(&timing.write, writing);
	if (root && !failed && out->prof.bb_records_skipped > 0)
		fprintf(stderr,
			PROGRAM ": warning: %llu basic-block count record(s) were skipped "
			"(gprof-par does not use them)\n",
			(unsigned long long)out->prof.bb_records_skipped);
	if (root) {
		sum_print_skipped(stderr, &plan->job, out);
		/* -s, -S: a bad file can be left out (a report keeps GNU's words) */
		if (out->failed)
			fprintf(stderr, PROGRAM ": %s%s%s\n", out->message,
				plan->output ? " (nothing written)" : "",
				plan->summing && out->nbad > 0 && !plan->job.skip_bad
					? "; add --skip-bad to sum the other files without it"
					: "");
		else if (plan->summing && !failed)
			sum_print_summary(stderr, &plan->job, out, sum_now() - start,
					  plan->output);
	}
	if (notes && notes_len > 0 && *written)  /* else they name what is not there */
		fwrite(notes, 1, notes_len, stderr);
	free(notes);
	failed |= status;
	if (mpi)
		mpi->bcast_int(&failed);
	return failed;
}

/*
 * Under a launcher of another MPI than the module's (MPICH's Hydra starting
 * an Open MPI build), MPI_Init makes each process a world of its own, and
 * every one of them would sum all the files and write the sum.  So the
 * world must be as large as the launcher says; else every process stops,
 * and the one the launcher numbered 0 says why.
 */
static void check_world_size(const struct launcher *l, const struct gprof_par_mpi *mpi,
			     int nprocs)
{
	if (l->size <= 0 || l->size == nprocs)
		return;
	if (l->rank <= 0)
		fprintf(stderr,
			PROGRAM ": started by a launcher (%s) with %ld processes, but MPI sees %d: "
			"the launcher is not of the MPI that " GPROF_PAR_MPI_MODULE " was built with; "
			"start gprof-par with that MPI's mpirun or srun, or with one process\n",
			l->name, l->size, nprocs);
	mpi->finalize();
	exit(1);
}

int reduce_start(struct reduce *r, const struct launcher *l, int *argc, char ***argv,
		 int (*prepare)(void *), void (*discard)(void *), void *arg)
{
	struct early_prepare early = { .prepare = prepare, .discard = discard, .arg = arg };
	double starting = sum_now();
	char err[1024];
	int status;

	r->mpi = NULL;
	r->me = 0;
	r->nprocs = 1;
	sum_outcome_init(&r->sum);
	if (!launcher_wants_mpi(l))
		return prepare(arg);
	r->mpi = mpi_module_load(err, sizeof(err));
	if (!r->mpi)
		die(err);
	/* Process 0 (as the launcher says) prepares while MPI starts. */
	if (l->rank == 0)
		early.started = pthread_create(&early.thread, NULL, prepare_early, &early) == 0;
	r->mpi->init(argc, argv, &r->me, &r->nprocs);
	if (options_quiet != (r->me != 0))
		options_quiet = r->me != 0;
	check_world_size(l, r->mpi, r->nprocs);
	timing_add(&timing.init, starting);
	status = early_prepare_join(&early, r->me);
	r->mpi->bcast_int(&status);
	return status;
}

void reduce_abandon(struct reduce *r)
{
	if (r->mpi)
		r->mpi->finalize();
}

void reduce_share_ranks(struct reduce *r, struct plan *plan)
{
	if (r->mpi)
		r->mpi->bcast_ranks(&plan->ranks, &plan->nranks);
}

int reduce_run(struct reduce *r, const struct plan *plan)
{
	struct stale_companions stale = { 0 };
	int noted = r->me == 0 && plan->output &&
		    stale_companions_note(plan->output, &stale) == 0;
	int written, status = sum_and_write(plan, r->mpi, r->me == 0, &r->sum, &written);

	if (r->mpi)
		r->mpi->finalize();
	/* the files beside an earlier sum (its companion's earlier layout,
	 * OUTPUT+paths, +LIBRARY, ...) once the new pair is in place: a
	 * reader would take them for the new sum's where it has no companion */
	if (noted && written)
		stale_companions_remove(&stale, stderr, PROGRAM);
	stale_companions_free(&stale);
	return status;
}

void reduce_free(struct reduce *r)
{
	sum_outcome_free(&r->sum);
}
