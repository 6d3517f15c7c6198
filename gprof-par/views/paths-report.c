/*
 * paths-report.c - the view of the exports (--format=folded|callgrind|json,
 * with --per-rank each rank's paths too): the sampled call paths beside the
 * profiles, named after the executable's functions (the model's measured
 * paths, analysis/measured.h), handed to report/'s exports.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgrind.h"
#include "files.h"
#include "call-paths.h"
#include "folded.h"
#include "json-export.h"
#include "lines.h"
#include "view.h"

/* The source line of each of m's sampled PCs (callgrind's hot lines). */
static void site_lines(struct symtab *st, struct measured *m)
{
	gmon_addr_t *addrs = malloc((m->nsites ? m->nsites : 1) * sizeof *addrs);
	const char **files = malloc((m->nsites ? m->nsites : 1) * sizeof *files);
	unsigned *lines = malloc((m->nsites ? m->nsites : 1) * sizeof *lines);

	if (!addrs || !files || !lines)
		die("out of memory finding the source lines of the samples");
	for (size_t i = 0; i < m->nsites; i++)
		addrs[i] = m->sites[i].addr;
	if (lines_at(st, addrs, m->nsites, files, lines) != 0)
		die("out of memory finding the source lines of the samples");
	for (size_t i = 0; i < m->nsites; i++) {
		m->sites[i].file = files[i];
		m->sites[i].line = lines[i];
	}
	free(addrs);
	free(files);
	free(lines);
}

/* One rank's paths, named with m's names, as a callgrind part or an entry of
 * the JSON document's "ranks". */
static void print_rank(const struct options *o, struct measured *m, const struct callgraph *cg,
		       struct symtab *st, const char *file, int64_t rank, size_t number)
{
	struct callpaths cp;
	struct measured part;
	struct measured_arc *arcs = NULL;
	size_t narcs = 0, missing;
	char err[1024];
	char *const files[1] = { (char *)file };

	callpaths_init(&cp);
	if (call_paths_gather(&cp, files, 1, o->skip_bad, NULL, NULL, &missing, stderr, PROGRAM, err,
			      sizeof err) != 0 ||
	    measured_resolve_part(m, &cp, &part, err, sizeof err) != 0)
		die(err);
	if (o->format == FORMAT_CALLGRIND) {
		struct callgrind_part which = { number, rank, file };

		site_lines(st, &part);
		if (measured_arcs(&part, cg, st, &arcs, &narcs) != 0 ||
		    callgrind_print_part(stdout, &part, arcs, narcs, o->executable, &which) != 0)
			die("out of memory writing the callgrind profile");
	} else {
		json_export_rank(stdout, &part, rank, file, cp.lost, cp.cut, number == 1);
	}
	free(arcs);
	measured_free(&part);
	callpaths_free(&cp);
}

/* --per-rank: every profile summed, in order, a part or an entry each. */
static void print_ranks(const struct options *o, struct measured *m, const struct callgraph *cg,
			struct symtab *st, const struct sum_job *job,
			const struct sum_outcome *sum)
{
	size_t bad = 0, number = 0;

	if (o->format == FORMAT_CALLGRIND)
		callgrind_print_file_header(stdout);
	else
		json_export_ranks_begin(stdout);
	for (size_t i = 0; i < job->n; i++) {
		if (bad < sum->nbad && sum->bad[bad].index == i) {
			bad++;
			continue;
		}
		print_rank(o, m, cg, st, job->paths[i], job->ranks ? job->ranks[i] : (int64_t)i,
			   ++number);
	}
	if (o->format == FORMAT_JSON)
		json_export_ranks_end(stdout, number > 0);
}

/*
 * --format: the export of m on standard output, calls counted from cg
 * (may be NULL) and st; for callgrind, the source lines of m's sampled
 * PCs read from st's executable (their file names go to st).  With
 * --per-rank (callgrind and JSON), also each rank's own paths: the files
 * of job that were summed (those of sum->bad left out), each read again
 * and named with m's names.
 */
static void paths_print_export(const struct options *o, struct measured *m,
			       const struct callgraph *cg, struct symtab *st,
			       const struct sum_job *job,
			const struct sum_outcome *sum)
{
	struct measured_arc *arcs = NULL;
	size_t narcs = 0;

	if (o->format == FORMAT_FOLDED) {
		folded_print(stdout, m);
		return;
	}
	if (o->per_rank && o->format == FORMAT_CALLGRIND) {
		print_ranks(o, m, cg, st, job, sum);
		return;
	}
	if (measured_arcs(m, cg, st, &arcs, &narcs) != 0)
		die("out of memory finding the calls of the sampled paths");
	if (o->format == FORMAT_CALLGRIND)
		site_lines(st, m);
	if (o->format == FORMAT_CALLGRIND && callgrind_print(stdout, m, arcs, narcs,
							     o->executable) != 0)
		die("out of memory writing the callgrind profile");
	if (o->format == FORMAT_JSON && o->per_rank) {
		json_export_head(stdout, m, arcs, narcs, o->executable);
		print_ranks(o, m, cg, st, job, sum);
	} else if (o->format == FORMAT_JSON) {
		json_export_print(stdout, m, arcs, narcs, o->executable);
	}
	free(arcs);
}

static int export_wanted(const struct options *o)
{
	return o->format != FORMAT_GNU;
}

static unsigned export_needs(const struct options *o)
{
	(void)o;
	return NEED_FUNCTIONS | NEED_PATHS | NEED_CALLGRAPH;
}

static int export_render(struct view_output *vo, struct model *m)
{
	(void)vo;   /* standard output */
	paths_print_export(m->o, &m->measured, m->cg, &m->st, &m->plan->job, m->sum);
	return 0;
}

const struct view view_export = {
	"export", export_wanted, export_needs, REGIONS_PARENT, 0, export_render,
};
