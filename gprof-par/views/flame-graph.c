/*
 * flame-graph.c - the view of the flame graph (--flame-graph=FILE): the
 * sampled call paths (the model's, named in the views' table) drawn into
 * FILE by report/flame-svg.h, written whole to a temporary file, then
 * renamed over it.
 */
#include "config.h"

#include <string.h>

#include "files.h"
#include "flame-svg.h"
#include "view.h"

/* --flame-graph=FILE: m drawn into FILE (a temporary renamed over it). */
static void paths_write_flame_graph(const char *path, const char *executable,
				    const struct measured *m)
{
	struct output_file out;
	char title[512], err[1024];
	const char *base = strrchr(executable, '/');

	snprintf(title, sizeof(title), "Flame graph of %s", base ? base + 1 : executable);
	if (output_open(&out, path, err, sizeof(err)) != 0)
		die(err);
	if (flame_svg_print(out.stream, m, title) != 0) {
		output_abandon(&out);
		die("out of memory drawing the flame graph");
	}
	if (output_commit(&out, err, sizeof(err)) != 0)
		die(err);
}

static int flame_graph_wanted(const struct options *o)
{
	return o->flame_graph != NULL;
}

static unsigned flame_graph_needs(const struct options *o)
{
	(void)o;
	return NEED_PATHS | NEED_VIEWS_TABLE;
}

static int flame_graph_render(struct view_output *vo, struct model *m)
{
	(void)vo;   /* its own file */
	paths_write_flame_graph(m->o->flame_graph, m->o->executable, &m->measured);
	return 0;
}

const struct view view_flame_graph = {
	"flame-graph", flame_graph_wanted, flame_graph_needs, REGIONS_PARENT, VIEW_OWN_TABLE,
	flame_graph_render,
};
