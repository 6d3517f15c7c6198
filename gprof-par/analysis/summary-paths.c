/*
 * summary-paths.c - the summary's class of a sampled call path
 * (summary.h: summary_path_class), from its named frames or, while the
 * paths are summed, from its raw frames (summary_paths_classifier: each
 * rank's samples by category, path-rows.h).
 */
#include "summary.h"

#include <string.h>

#include "files.h"

_Static_assert(SUMMARY_PATH_CLASSES <= PATH_CLASSES, "a path row holds every class");

int summary_path_class(const char *leaf_module, const char *leaf_name, const char *exe_base,
		       int under_mpi, int program, int omp_idle)
{
	enum summary_category c;

	/* MPI's own threads (progress, events) under the wall clock */
	if (under_mpi && !program)
		return SUMMARY_MPI_THREAD;
	c = summary_classify(leaf_module, leaf_name, exe_base, under_mpi);
	/* an idle worker's wait: the runtime's frames, or the system calls
	 * and libraries it waits in */
	if (omp_idle && c != SUMMARY_PROFILER && c != SUMMARY_MPI)
		c = SUMMARY_OMP_WAITING;
	return (int)c;
}

int summary_measured_class(const struct measured *m, size_t path, const char *exe_base)
{
	const struct measured_path *p = &m->paths[path];
	const struct measured_fn *leaf = &m->fns[m->ids[p->first + p->n - 1]];
	int under = 0, program = 0, idle = 0;

	for (uint32_t k = 0; k < p->n; k++) {
		const struct measured_fn *f = &m->fns[m->ids[p->first + k]];

		under |= summary_is_mpi_frame(f);
		program |= f->module && strcmp(f->module, exe_base) == 0;
		idle |= summary_is_omp_idle(f->name);
	}
	return summary_path_class(leaf->module, leaf->name, exe_base, under, program, idle);
}

int summary_is_mpi_frame(const struct measured_fn *f)
{
	return summary_is_mpi_name(f->name) || summary_is_mpi_module(f->module);
}

/* path_classifier's classify: the frames named as measured_resolve names
 * them (the namer starts at the first set: the executable is named after
 * its module there, as the report's paths are). */
static int classify(void *ctx, const struct callpaths *cp, size_t path)
{
	struct summary_paths_classifier *c = ctx;
	const struct callpath *p = &cp->paths[path];
	const char *leaf_module = NULL, *leaf_name = NULL;
	int under = 0, program = 0, idle = 0;

	if (!c->started) {
		c->started = 1;   /* (what a failed start holds is freed too) */
		/* the program's frames are named after its module in the set
		 * (the in-job sum reads its symbols as /proc/self/exe) */
		if (cp->nmodules)
			c->exe_base = cp->modules[0].base;
		if (measured_namer_init(&c->names, c->st, c->exe_base) != 0)
			return -1;
	}
	for (uint32_t i = 0; i < p->nframes; i++) {
		const struct measured_fn *f = measured_name_frame(&c->names, cp,
								  &cp->frames[p->first + i], i > 0);

		if (!f)
			return -1;
		if (i == 0) {
			leaf_module = f->module;
			leaf_name = f->name;
		}
		under |= summary_is_mpi_frame(f);
		program |= f->module && strcmp(f->module, c->exe_base) == 0;
		idle |= summary_is_omp_idle(f->name);
	}
	return summary_path_class(leaf_module, leaf_name, c->exe_base, under, program, idle);
}

void summary_paths_classifier_init(struct summary_paths_classifier *c, const struct symtab *st)
{
	memset(c, 0, sizeof *c);
	c->base.classify = classify;
	c->base.ctx = c;
	c->st = st;
	c->exe_base = path_base_name(st->path);
}

void summary_paths_classifier_free(struct summary_paths_classifier *c)
{
	if (c->started)
		measured_free(&c->names);
	memset(c, 0, sizeof *c);
}
