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

#include "call-paths.h"
#include "library-sums.h"
#include "mpi-profile.h"
#include "options.h"
#include "profile-write.h"
#include "timing.h"

/* -s and -S: the MPI profiles beside the files summed, one after another
 * (the sum's, in file order: sum.h), into OUTPUT+mpi. */
static int sum_mpi_profiles(const struct plan *plan, const struct sum_outcome *sum)
{
	const struct sum_mpi_text *mt = &sum->mpi;
	char err[1024];

	if (mt->failed) {
		fprintf(stderr, PROGRAM ": %s (%s+" GMON_MPI_PROFILE_KIND " is not written)\n",
			mt->message, plan->output);
		return 1;
	}
	if (mpi_profile_write_sum(plan->output, mt->text, mt->len, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		return 1;
	}
	if (mt->files > 0 && !options_quiet)
		fprintf(stderr, PROGRAM ": added the MPI profiles (%" PRIu64 " file%s) into %s+"
			GMON_MPI_PROFILE_KIND "\n", mt->files, mt->files == 1 ? "" : "s",
			plan->output);
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

/* The shared libraries' profiles of the files summed (not of those
 * --skip-bad skipped) and the call paths the sum gathered from them, into
 * OUTPUT+LIBRARY and OUTPUT+paths.
 * Returns 0 or 1. */
static int sum_libraries(const struct plan *plan, const struct sum_outcome *out)
{
	int status = library_sums_write(stderr, PROGRAM, out, plan->output, plan->job.skip_bad);

	if (call_paths_write_sum(&out->paths, plan->output, stderr, PROGRAM) != 0)
		status = 1;
	return status;
}

/*
 * Sums the files (in parallel under a launcher), writes the sum where the
 * plan says and prints the summary, all on process 0.  Returns 0 or 1 (the
 * exit status), the same on every process.
 */
static int sum_and_write(const struct plan *plan, const struct gprof_par_mpi *mpi,
			 int root, struct sum_outcome *out)
{
	double start = sum_now(), writing;
	char err[1024];
	int failed;

	if (mpi)
		mpi->sum_parallel(&plan->job, out);
	else
		sum_serial(&plan->job, out);
	failed = out->failed;
	writing = sum_now();
	if (root && !failed && plan->output &&
	    profile_write(&out->prof, plan->output, err, sizeof(err)) != 0) {
		fprintf(stderr, PROGRAM ": %s\n", err);
		failed = 1;
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
	if (root && !failed && plan->output)
		failed = sum_libraries(plan, out);
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
	int status = sum_and_write(plan, r->mpi, r->me == 0, &r->sum);

	if (r->mpi)
		r->mpi->finalize();
	if (status == 0 && r->me == 0 && plan->output)
		status = sum_mpi_profiles(plan, &r->sum);
	if (noted && status == 0)
		stale_companions_remove(&stale, stderr, PROGRAM);
	stale_companions_free(&stale);
	return status;
}

void reduce_free(struct reduce *r)
{
	sum_outcome_free(&r->sum);
}
