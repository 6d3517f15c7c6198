/*
 * main.c - gprof-par's stages, wired in order (README.md next to this file
 * draws them):
 *
 *   options  the command line (options.h)
 *   plan     which gmon files are summed (-S: of one run, each process
 *            reading the runs of its share), where the sum goes (stages/plan.h)
 *   reduce   the files read, validated and summed, in parallel under an MPI
 *            launcher; the sum written (stages/reduce.h)
 *   model    the symbols, then what the views asked for need of the sum:
 *            functions, counts, call graph, paths, balance (stages/model.h)
 *   views    each output, from one table (views/view.h, views/views.c)
 *
 *   gprof-par [options] [executable [gmon-file ...]]
 *   gprof-par -S [options] [directory [executable]]
 *
 * Under mpirun or srun (parallel/launcher.h) the gmon files are summed in
 * parallel and only process 0 prints; otherwise MPI is never touched.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "bsd-format.h"
#include "dump-files.h"
#include "extract-module.h"
#include "launcher.h"
#include "model.h"
#include "options.h"
#include "plan.h"
#include "reduce.h"
#include "timing.h"
#include "view.h"

/* What process 0 prepares before the sum (under a launcher, while MPI
 * starts): the model's symbols and, for -S, the plan's rank files. */
struct prepare {
	struct model *m;
	struct plan *plan;
};

static int prepare(void *arg)
{
	struct prepare *w = arg;

	return model_prepare(w->m, w->plan);
}

/* Another process than the launcher's 0 prepared: it drops what it made. */
static void discard(void *arg)
{
	struct prepare *w = arg;
	const struct options *o = w->m->o;
	unsigned needs = w->m->needs;
	enum regions_mode views_regions = w->m->views_regions;

	model_free(w->m, 0);
	plan_free(w->plan);
	model_init(w->m, o, needs, views_regions);
}

/* Checks, before anything is read, that the files the views write can be
 * replaced. */
static void check_outputs(const struct options *o)
{
	const char *summaries[] = { o->summary_text, o->summary_json, o->html };
	char err[1024];

	if (o->balance_svg && output_check_replaceable(o->balance_svg, err, sizeof(err)) != 0)
		die(err);
	if (o->flame_graph && output_check_replaceable(o->flame_graph, err, sizeof(err)) != 0)
		die(err);
	for (size_t i = 0; i < sizeof(summaries) / sizeof(*summaries); i++)
		if (summaries[i] && output_check_replaceable(summaries[i], err, sizeof(err)) != 0)
			die(err);
}

/* The plan's files, known on every process, and how they are summed
 * (-S's of several runs, or a rank's copies: runs_mixed, said). */
static void plan_job(const struct options *o, struct plan *plan, struct reduce *r,
		     struct model *m)
{
	if (o->sum_dir) {
		reduce_share_ranks(r, plan);
		plan->runs_mixed = plan_dir_runs(o, plan, r->mpi, r->me, r->nprocs) != 0;
		if (plan->runs_mixed)
			return;
		plan_dir_files(o, plan);
	} else {
		plan_named_files(o, plan);
	}
	plan->job.skip_bad = o->skip_bad;
	plan->job.sum_paths = plan->output != NULL;   /* -s, -S: the paths too */
	if (plan->job.sum_paths)
		plan->job.path_classifier = model_path_classifier(m, r->me);
	plan->job.sum_libraries = plan->output != NULL;   /* and OUTPUT+LIBRARY */
	if (m->needs & NEED_BALANCE) {
		if (r->mpi)
			model_share_balance(m, r->mpi->bcast_buffer, r->me);
		plan->job.balance_map = &m->vt.map;
		plan->job.balance_calls = (m->needs & NEED_BALANCE_CALLS) != 0;
		if (o->balance_svg || o->html)   /* the heat maps */
			plan->job.balance_columns = model_balance_columns(m, plan->job.n);
	}
	plan->job.progress = plan->summing && r->me == 0 && isatty(STDERR_FILENO);
	plan->job.timing = o->timing;
	plan->job.init_seconds = timing.init;
	plan->job.list_seconds = timing.list;
}

/* What a sum written needs beyond the views: given the executable, the
 * load balance of the files summed with their calls, for its companion's
 * section "balance", and each file's paths by class, for its section
 * "categories" (a sum's readers report every rank from them). */
static unsigned sum_needs(const struct options *o)
{
	if (!o->executable || !(o->sum_dir || (o->style & STYLE_SUM)))
		return 0;
	return NEED_BALANCE | NEED_BALANCE_CALLS | NEED_VIEWS_TABLE | NEED_PATH_ROWS;
}

/* Standard output must have taken the whole report. */
static void check_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		die("error writing the report to standard output");
}

int main(int argc, char **argv)
{
	struct options o;
	struct launcher l;
	struct plan plan;
	struct reduce r;
	struct model m;
	struct prepare w = { &m, &plan };
	struct view_output vo = { stdout, 0 };
	const struct view *alone;
	enum regions_mode views_regions;
	int status;
	double reporting;

	/* a file-size limit (ulimit -f) fails a write with EFBIG, said and
	 * cleaned up (the temporary removed, the earlier file kept), rather
	 * than killing gprof-par with a temporary left half-written */
	signal(SIGXFSZ, SIG_IGN);

	/* options */
	timing.start = sum_now();
	launcher_detect(&l);
	options_quiet = l.rank > 0;
	options_expand_response_files(&argc, &argv);
	options_parse(argc, argv, &o);
	gmon_set_file_format((enum gmon_file_format)o.file_format);
	if (o.dump)   /* the operands' records, nothing else */
		return dump_files(stdout, o.dump_files, o.ndump_files);
	if (o.extract_module)   /* one library's gmon file, nothing else */
		return extract_module_main(&o);
	timing.on = o.timing;
	check_outputs(&o);

	/* plan: the views asked for, their regions, what they need */
	memset(&plan, 0, sizeof(plan));
	views_regions = views_choose_regions(&o);
	alone = views_alone(&o);
	model_init(&m, &o, sum_needs(&o) | views_needs(&o), views_regions);

	/* reduce: the symbols (model) prepared while MPI starts, then the sum */
	status = reduce_start(&r, &l, &argc, &argv, prepare, discard, &w);
	if (status != 0) {
		reduce_abandon(&r);
		model_free(&m, r.me);
		plan_free(&plan);
		return 1;
	}
	plan_job(&o, &plan, &r, &m);
	if (plan.runs_mixed) {   /* -s, -S, the summary: files of several runs, named (runs.h) */
		reduce_abandon(&r);
		status = 1;
	} else {
		status = reduce_run(&r, &plan);
	}
	if (status == 0 && r.me == 0 && o.timing && o.sum_dir && !o.executable)
		timing_print(&r.sum, &plan);
	if (status != 0 || r.me != 0 || (o.sum_dir && !o.executable)) {
		reduce_free(&r);
		model_free(&m, r.me);
		plan_free(&plan);
		return status;
	}

	/* model and views, on process 0 */
	reporting = sum_now();
	if (alone)
		model_take_sum(&m, &r.sum.prof, &r.sum, &plan);
	else
		model_build(&m, &r.sum.prof, &r.sum, &plan);
	status = views_render(&vo, &m);
	if (!alone) {
		timing_add(&timing.report, reporting);
		if (o.timing)
			timing_print(&r.sum, &plan);
	}
	model_free(&m, 0);
	reduce_free(&r);
	plan_free(&plan);
	check_stdout();        /* the views alone (--mpi) too */
	return status;
}
