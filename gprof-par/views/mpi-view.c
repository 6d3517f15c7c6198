/*
 * mpi-view.c - the view of the MPI profile (--mpi), the whole output: the
 * wall time inside MPI calls the PMPI wrapper library recorded beside each
 * profile (profile/mpi-profile.h), its call sites named after the
 * executable's functions (analysis/mpi-sites.h), printed by
 * report/mpi-report.h.
 */
#include "view.h"

#include "demangle.h"
#include "mpi-report.h"
#include "mpi-sites.h"

/* --mpi: the MPI profiles beside profiles[0 .. n), read and printed. */
static int mpi_render(struct view_output *vo, struct model *m)
{
	const struct options *o = m->o;
	char *const *profiles = m->profiles;
	size_t n = m->nprofiles;
	struct mpi_profile mp = {0};
	struct mpi_site_names names;
	size_t missing = 0;
	int status = model_read_mpi_profiles(m, &mp, &missing);

	if (status == 0 && mp.nranks == 0) {
		fprintf(stderr, PROGRAM ": no MPI profile beside %s%s: run the program under "
			"gmon-run --mpi (the PMPI wrapper library) to record one\n", profiles[0],
			n > 1 ? " and the others" : "");
		status = 1;
	}
	if (status == 0 && missing > 0)
		fprintf(stderr, PROGRAM ": %zu of %zu profiles have no MPI profile beside them\n",
			missing, n);
	/* the callers named as in every other view: demangled unless
	 * --no-demangle (the view is alone: the model did not do it) */
	if (status == 0 && o->demangle && demangle_symtab(&m->st) != 0)
		die("out of memory demangling symbol names");
	if (status == 0) {
		if (mpi_sites_name(&names, &mp, &m->st, o->executable) != 0 ||
		    mpi_report_print(vo->out, &mp, &names, (enum mpi_report_format)o->mpi) != 0)
			die("out of memory printing the MPI profile");
		mpi_sites_free(&names, &mp);
	}
	mpi_profile_free(&mp);
	return status;
}

static int mpi_wanted(const struct options *o)
{
	return o->mpi != 0;
}

static unsigned mpi_needs(const struct options *o)
{
	(void)o;
	return 0;
}

const struct view view_mpi = {
	"mpi", mpi_wanted, mpi_needs, REGIONS_PARENT, VIEW_ALONE, mpi_render,
};
