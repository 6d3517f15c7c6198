/* paths-report.c - see paths-report.h. */
#include "paths-report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call-paths.h"
#include "callgrind.h"
#include "files.h"
#include "flame-svg.h"
#include "folded.h"
#include "json-export.h"
#include "lines.h"

int paths_wanted(const struct options *o)
{
	return o->measured || o->format != FORMAT_GNU || o->flame_graph;
}

void paths_read(const struct options *o, char *const *files, size_t n,
		const struct symtab *st, struct measured *m)
{
	size_t missing;
	struct callpaths cp;
	char err[1024];

	callpaths_init(&cp);
	if (call_paths_gather(&cp, files, n, o->skip_bad, &missing, stderr, PROGRAM, err,
			      sizeof err) != 0)
		die(err);
	if (cp.nfiles == 0)
		die(n == 1 ? "no call paths beside the profile (PROFILE+paths): libgmon-mpi "
			     "samples them unless BG_GMON_CALLSTACKS=0, and -s/-S sum them"
			   : "no call paths beside the profiles (PROFILE+paths): libgmon-mpi "
			     "samples them unless BG_GMON_CALLSTACKS=0, and -s/-S sum them");
	if (missing > 0)
		fprintf(stderr, PROGRAM ": warning: %zu of the %zu profiles have no call paths "
			"(PROFILE+paths): the paths are the others'\n", missing, n);
	if (measured_resolve(m, st, &cp, o->demangle && !o->bsd, stderr, PROGRAM, err,
			     sizeof err) != 0)
		die(err);
	callpaths_free(&cp);
}

void paths_write_flame_graph(const char *path, const char *executable, const struct measured *m)
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
	if (call_paths_gather(&cp, files, 1, o->skip_bad, &missing, stderr, PROGRAM, err,
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

void paths_print_export(const struct options *o, struct measured *m, const struct callgraph *cg,
			struct symtab *st, const struct sum_job *job,
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
