/*
 * views.c - the table of views (view.h), in the order of the output, and
 * what main.c asks of it.
 */
#include "view.h"

#include <stddef.h>

const struct view *const views[] = {
	/* the whole output, instead of the report */
	&view_mpi,
	&view_modules,
	/* the report and the views printed after it, in this order (the
	 * summary instead of the report with --summary) */
	&view_summary,
	&view_gnu_report,
	&view_load_balance,
	&view_export,
	&view_flame_graph,
	&view_source_times,
	/* the next views go here (view.h says how) */
	NULL,
};

const struct view *views_alone(const struct options *o)
{
	for (size_t i = 0; views[i]; i++)
		if ((views[i]->flags & VIEW_ALONE) && views[i]->wanted(o))
			return views[i];
	return NULL;
}

unsigned views_needs(const struct options *o)
{
	const struct view *alone = views_alone(o);
	unsigned needs = 0;

	if (alone)
		return alone->needs(o);
	for (size_t i = 0; views[i]; i++)
		if (views[i]->wanted(o))
			needs |= views[i]->needs(o);
	return needs;
}

enum regions_mode views_choose_regions(struct options *o)
{
	enum regions_mode own = REGIONS_PARENT;
	int parent = o->measured;

	for (size_t i = 0; views[i]; i++) {
		if (!views[i]->wanted(o))
			continue;
		if (views[i]->flags & VIEW_OWN_TABLE)
			own = views[i]->regions;
		else if (views[i]->regions == REGIONS_PARENT)
			parent = 1;
	}
	/* -l names line symbols after DWARF functions: no regions */
	if (!o->regions_explicit && !o->line && parent)
		o->regions = REGIONS_PARENT;
	return o->regions_explicit ? (enum regions_mode)o->regions : own;
}

int views_render(struct view_output *vo, struct model *m)
{
	const struct view *alone = views_alone(m->o);
	int status;

	if (alone)
		return alone->render(vo, m);
	for (size_t i = 0; views[i]; i++)
		if (views[i]->wanted(m->o) && (status = views[i]->render(vo, m)) != 0)
			return status;
	return 0;
}

void view_separate(struct view_output *vo)
{
	if (vo->printed)
		fputs("\f\n", vo->out);
	vo->printed = 1;
}
