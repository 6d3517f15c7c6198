/*
 * summary.c - the view of the job summary (--summary[=text|json]: the whole
 * output instead of GNU's report; --summary-text=FILE, --summary-json=FILE,
 * --html=FILE: files beside the other outputs): analysis/summary.h computes
 * it from the model (the views' table, the sum, the named call paths when
 * there are some, the load balance counted while summing, the MPI profiles
 * and the lists of sampled libraries beside the profiles), report/
 * summary-print.h and report/summary-html.h print it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "balance-svg.h"
#include "balance-view.h"
#include "files.h"
#include "mpi-sites.h"
#include "summary-html.h"
#include "summary-print.h"
#include "summary.h"
#include "view.h"

static int summary_wanted(const struct options *o)
{
	return o->summary || o->summary_text || o->summary_json || o->html;
}

static unsigned summary_needs(const struct options *o)
{
	(void)o;
	return NEED_FUNCTIONS | NEED_BALANCE | NEED_VIEWS_TABLE | NEED_PATHS_IF_ANY | NEED_LINES |
	       NEED_PATH_ROWS;
}

static void write_file(const char *path, void (*print)(FILE *, const struct summary *),
		       const struct summary *s)
{
	struct output_file out;
	char err[1024];

	if (output_open(&out, path, err, sizeof err) != 0)
		die(err);
	print(out.stream, s);
	if (output_commit(&out, err, sizeof err) != 0)
		die(err);
}

static void write_html(const char *path, const struct summary *s, const struct measured *paths,
		       const struct balance_view *v, const struct balance *b)
{
	struct balance_heat heat, *h = NULL;
	struct output_file out;
	char err[1024];

	if (v->nranks > 1) {
		if (balance_heat_build(&heat, v, b, BALANCE_SVG_ROWS) != 0)
			die("out of memory drawing the load balance");
		h = &heat;
	}
	if (output_open(&out, path, err, sizeof err) != 0)
		die(err);
	if (summary_html_print(out.stream, s, paths, h) != 0) {
		output_abandon(&out);
		die("out of memory writing the HTML report");
	}
	if (output_commit(&out, err, sizeof err) != 0)
		die(err);
	if (h)
		balance_heat_free(h);
}

static int summary_render(struct view_output *vo, struct model *m)
{
	const struct options *o = m->o;
	/* the views' table: the model's, or its own (lines interned) */
	struct symtab *st = m->vt.st ? (struct symtab *)m->vt.st : &m->st;
	const struct profile *p = &m->p;
	const struct measured *paths = m->measured.samples > 0 ? &m->measured : NULL;
	double hz = p->nhists > 0 && p->hists[0].rate > 0 ? p->hists[0].rate : 1.0;
	struct measured_arc *arcs = NULL;
	size_t narcs = 0, missing;
	struct module_list *lists = NULL, all = { NULL, 0 };
	struct mpi_profile mp = {0};
	struct mpi_site_names names;
	int have_names = 0;
	struct balance_view v;
	struct hist_summary hs;
	const struct path_rows *rows;
	struct summary_input in;
	const struct runs_facts *facts;
	struct summary s;
	char err[1024];

	facts = model_profiles_facts(m);
	if (balance_view_build(&v, model_balance(m), m->vt.rows, hz,
			       runs_facts_per_signal(facts)) != 0)
		die("out of memory computing the load balance");
	v.dimen = p->nhists > 0 ? p->hists[0].dimen : NULL;
	if (model_read_mpi_profiles(m, &mp, &missing) != 0)
		mpi_profile_free(&mp);   /* said why; the summary goes without */
	balance_view_add_mpi(&v, &mp);
	if (mp.nranks > 0) {
		if (mpi_sites_name(&names, &mp, st, o->executable) != 0)
			die("out of memory naming the MPI call sites");
		have_names = 1;
	}
	if (paths && measured_arcs(paths, NULL, st, &arcs, &narcs) != 0)
		die("out of memory");
	/* no paths: the functions by the histogram, in the views' table (the
	 * report's own summary of it, m->hs, is left as it is) */
	if (!paths && st != &m->st && hist_assign(st, p, &hs, err, sizeof err) != 0)
		die(err);
	lists = model_read_module_lists(m, &all);

	memset(&in, 0, sizeof in);
	in.program = o->executable;
	in.st = st;
	in.prof = p;
	in.paths = paths;
	in.inlines = measured_inlines(&m->measured);   /* (the paths' resolver's) */
	in.arcs = arcs;
	in.narcs = narcs;
	rows = model_path_rows(m);
	in.rows = rows ? rows->rows : NULL;
	in.nrows = rows ? rows->nrows : 0;
	in.modules = &all;
	in.balance = &v;
	in.mpi = mp.nranks > 0 ? &mp : NULL;
	in.mpi_names = have_names ? &names : NULL;
	in.files = model_balance(m)->nranks;
	in.when = model_profiles_time(m);
	in.threads = facts->threads;
	in.threads_rank = facts->threads_rank;
	in.profiler_signals_s = facts->profiler_signals_s;
	in.profiler_writes_s = facts->profiler_writes_s;
	in.profiler_files = facts->profiler_files;
	in.profiler_own = facts->own;
	in.signals = facts->signal_files ? facts->signals : 0;
	in.signal_samples = facts->signal_files ? facts->signal_samples : 0;
	in.engine = facts->engine;
	in.engine_refused = facts->engine_refused;
	in.sample_cost_ns = facts->sample_cost_ns;
	in.per_signal = runs_facts_per_signal(facts);
	in.load = (struct summary_load){
		.has_load = facts->load_files > 0,
		.has_steal = facts->steal_files > 0 && facts->node_ticks > 0,
		.cpu_s = (double)facts->threads_cpu_ns / 1e9,
		.waited_s = (double)facts->threads_waited_ns / 1e9,
		.steal_share = facts->node_ticks > 0
			? (double)facts->node_steal_ticks / (double)facts->node_ticks : 0,
		.cpus = facts->cpus,
		.has_task_clock = facts->task_clock_files > 0,
		.task_clock_cpu_s = (double)facts->task_clock_cpu_ns / 1e9,
		.task_clock_samples = facts->task_clock_samples,
		.wall_unplaced_samples = facts->wall_unplaced_samples };
	if (summary_build(&s, &in) != 0)
		die("out of memory summarizing the profile");

	if (o->summary_text)
		write_file(o->summary_text, summary_print_text, &s);
	if (o->summary_json)
		write_file(o->summary_json, summary_print_json, &s);
	if (o->html)
		write_html(o->html, &s, paths, &v, model_balance(m));
	if (o->summary == SUMMARY_TEXT)
		summary_print_text(vo->out, &s);
	else if (o->summary == SUMMARY_JSON)
		summary_print_json(vo->out, &s);
	vo->printed |= o->summary != 0;

	summary_free(&s);
	if (have_names)
		mpi_sites_free(&names, &mp);
	mpi_profile_free(&mp);
	model_free_module_lists(m, lists, &all);
	free(arcs);
	balance_view_free(&v);
	return 0;
}

const struct view view_summary = {
	"summary", summary_wanted, summary_needs, REGIONS_PARENT, VIEW_OWN_TABLE, summary_render,
};
