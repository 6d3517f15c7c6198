/*
 * plan.h - the plan stage: from the options, which gmon files are summed
 * (the files named, less the companions named beside them; or -S's rank
 * files, listed by process 0 and sent to the others, of one run), where the sum goes,
 * and what the views read beside the profiles (the rank files, or the sum
 * -S wrote).  The next stage, reduce.h, sums plan.job.
 */
#ifndef GPROF_PAR_PLAN_H
#define GPROF_PAR_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "mpi-module.h"
#include "options.h"
#include "runs.h"
#include "sum.h"

struct plan {
	struct sum_job job;
	int64_t *ranks;          /* the rank of each file, or NULL */
	uint64_t *rank_places;   /* job.rank_places (plan_rank_places) */
	size_t nranks;
	char **owned_paths;      /* -S: paths made from the ranks */
	char **kept_paths;       /* -s, the report: the files named, less those
				  * beside a profile */
	const char *output;      /* where the sum goes, or NULL */
	char *owned_output;
	int summing;             /* -s or -S: progress and a summary line */
	int runs_mixed;          /* -s, -S, the summary: files of several runs
				  * (runs.h): exit 1 */
	struct runs_facts runs;  /* -s, -S: what the kept files' runs say
				  * (threads 0: unknown, or not read) */
	size_t *runs_read_by;    /* -S, process 0: the files whose runs each
				  * process read (runs_readers of them), of
				  * runs_listed (--timing says them) */
	size_t runs_readers, runs_listed;
};

void plan_free(struct plan *plan);

/* -S, process 0: lists the directory's rank files into plan->ranks (the
 * other files are named on stderr; no file is opened).  Returns 0, or -1
 * after saying why. */
int plan_list_dir(const struct options *o, struct plan *plan);

/*
 * -S, every process (collective under MPI: mpi not NULL), once process 0's
 * ranks are everyone's: the files of one run (runs.h: with --skip-bad the
 * newest run's; a rank's copies refused), plan->ranks left as the files
 * kept.  Process me of nprocs reads the runs of its share of the files
 * (the block the sum gives it: even by count, as a companion's run costs
 * about the same whatever its profile's size), process 0 gathers them (run-records.h), checks and says
 * what runs_select says, and sends the ranks kept.  Returns 0, or -1 (on
 * every process) after process 0 said why.
 */
int plan_dir_runs(const struct options *o, struct plan *plan, const struct gprof_par_mpi *mpi,
		  int me, int nprocs);

/* -s and the report: the files named (or gmon.out), less the companions of
 * other named ones; their ranks when all are named gmon.out.<N>.  -s and
 * the summary (--summary, --summary-text, --summary-json, --html): of one
 * run (runs.h): files of several set runs_mixed, with --skip-bad those of
 * the newest run are kept. */
void plan_named_files(const struct options *o, struct plan *plan);

/* -S: DIR/gmon.out.<N> for the ranks listed by process 0. */
void plan_dir_files(const struct options *o, struct plan *plan);

/* The profiles whose companions the views read: the files summed, or the
 * sum -S wrote; their number in *n. */
char *const *plan_profiles(const struct options *o, const struct plan *plan, size_t *n);

#endif /* GPROF_PAR_PLAN_H */
