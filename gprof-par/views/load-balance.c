/*
 * load-balance.c - the view of the load balance (--load-balance: text
 * after the report, or CSV or JSON as the whole output;
 * --load-balance-svg=FILE: a heat map), from the per-rank statistics
 * counted while summing (analysis/balance-view.h, report/balance-print.h,
 * report/balance-svg.h), with each rank's wall time in MPI where MPI
 * profiles lie beside the profiles.  Its functions are the views' table's:
 * a parallel loop's time is its function's unless --regions says otherwise.
 */
#include "view.h"

#include "balance-print.h"
#include "balance-svg.h"
#include "balance-view.h"
#include "files.h"

static void write_balance_svg(const char *path, const struct balance_view *v,
			      const struct balance *b)
{
	struct balance_heat heat;
	struct output_file out;
	char err[1024];

	if (balance_heat_build(&heat, v, b, BALANCE_SVG_ROWS) != 0)
		die("out of memory drawing the load balance");
	if (output_open(&out, path, err, sizeof(err)) != 0)
		die(err);
	balance_svg_print(out.stream, &heat);
	if (output_commit(&out, err, sizeof(err)) != 0)
		die(err);
	balance_heat_free(&heat);
}

/* The load balance's ranks get their wall time in MPI from the MPI
 * profiles beside the profiles, where there are some. */
static void balance_add_mpi_time(struct balance_view *v, const struct model *m)
{
	struct mpi_profile mp = {0};
	size_t missing;

	if (model_read_mpi_profiles(m, &mp, &missing) == 0)
		balance_view_add_mpi(v, &mp);
	mpi_profile_free(&mp);
}

static int load_balance_render(struct view_output *vo, struct model *m)
{
	const struct options *o = m->o;
	const struct balance *b = model_balance(m);
	const struct profile *p = &m->p;
	struct balance_view v;
	double hz = p->nhists > 0 && p->hists[0].rate > 0 ? p->hists[0].rate : 1.0;

	if (balance_view_build(&v, b, m->vt.rows, hz,
			       runs_facts_per_signal(model_profiles_facts(m))) != 0)
		die("out of memory computing the load balance");
	v.dimen = p->nhists > 0 ? p->hists[0].dimen : NULL;
	balance_add_mpi_time(&v, m);
	if (o->balance_svg)
		write_balance_svg(o->balance_svg, &v, b);
	if (o->balance) {
		if (o->balance == BALANCE_TEXT)
			view_separate(vo);
		balance_print(vo->out, &v, (enum balance_format)o->balance, o->brief);
		vo->printed = 1;
	}
	balance_view_free(&v);
	return 0;
}

static int load_balance_wanted(const struct options *o)
{
	return o->balance || o->balance_svg;
}

static unsigned load_balance_needs(const struct options *o)
{
	(void)o;
	return NEED_FUNCTIONS | NEED_BALANCE | NEED_BALANCE_CALLS | NEED_VIEWS_TABLE;
}

const struct view view_load_balance = {
	"load-balance", load_balance_wanted, load_balance_needs, REGIONS_PARENT,
	VIEW_OWN_TABLE, load_balance_render,
};
