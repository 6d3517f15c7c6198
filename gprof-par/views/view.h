/*
 * view.h - one output of gprof-par behind one small interface: whether
 * the options ask for it, what it reads of the model (enum model_need,
 * stages/model.h), its --regions default, and a function that renders it.
 * Every view is registered in one table, views.c's; main.c asks the table
 * what the views asked for need, builds the model that far, and renders
 * them in the table's order.
 *
 * A new view: a file here defining `const struct view view_NAME', its
 * declaration at the end of this file, and its place in views.c's table
 * (the order is the order of the output).  See README.md.
 */
#ifndef GPROF_PAR_VIEW_H
#define GPROF_PAR_VIEW_H

#include <stdio.h>

#include "model.h"
#include "options.h"
#include "regions.h"

/* Where the views print, and whether a section was printed (GNU's form
 * feed goes between sections). */
struct view_output {
	FILE *out;
	int printed;
};

enum view_flags {
	/* the view is the whole output, instead of the report: the model is
	 * not built past the symbols and the sum, and no other view runs */
	VIEW_ALONE = 1 << 0,
	/* printed beside GNU's report, it reads the views' table (model.h
	 * struct views_table) in its own region mode, not the report's */
	VIEW_OWN_TABLE = 1 << 1,
};

struct view {
	const char *name;
	/* whether the options ask for it */
	int (*wanted)(const struct options *o);
	/* what it reads of the model (enum model_need), given the options */
	unsigned (*needs)(const struct options *o);
	/* its --regions default: GNU's for GNU's report, whose bytes are GNU
	 * gprof's; parent, where a parallel loop's time is its function's,
	 * for the views that promise no such bytes */
	enum regions_mode regions;
	unsigned flags;              /* enum view_flags */
	/* prints it; returns the exit status (0), or exits with a message */
	int (*render)(struct view_output *vo, struct model *m);
};

/* The table, in the order of the output, ended by NULL (views.c). */
extern const struct view *const views[];

/* What the views o asks for need of the model. */
unsigned views_needs(const struct options *o);

/* Sets o->regions (unless --regions or -l chose) to the report's mode: the
 * default of the views asked for that read the report's table (parent if
 * one of them has it, or with --measured, whose times GNU never printed);
 * returns the mode of the views' own table (VIEW_OWN_TABLE). */
enum regions_mode views_choose_regions(struct options *o);

/* The view that prints alone that o asks for, or NULL. */
const struct view *views_alone(const struct options *o);

/* Renders every view o asks for, in order; returns the first nonzero
 * status, or 0. */
int views_render(struct view_output *vo, struct model *m);

/* GNU's form feed line between sections, when one was printed before. */
void view_separate(struct view_output *vo);

/* The views (one file each). */
extern const struct view view_mpi;            /* mpi-view.c: --mpi */
extern const struct view view_modules;        /* modules-report.c: -M */
extern const struct view view_gnu_report;     /* gnu-report.c: -p -q -C -A -i -r -R */
extern const struct view view_load_balance;   /* load-balance.c: --load-balance(-svg) */
extern const struct view view_export;         /* paths-report.c: --format */
extern const struct view view_flame_graph;    /* flame-graph.c: --flame-graph */
extern const struct view view_source_times;   /* source-times-view.c: --source-times */
extern const struct view view_summary;        /* summary.c: --summary, --html */

#endif /* GPROF_PAR_VIEW_H */
