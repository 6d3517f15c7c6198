/*
 * gnu-report.c - the view of GNU gprof's report: the sections GNU gprof
 * 2.40 prints for the same options, byte for byte and in its order (-i's
 * file information, the flat profile, the call graph and its index, -C's
 * counts, -A's annotated source, -r's and -R's orders), formatted by
 * report/.  Its --regions default is GNU's rule.
 */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include "annotated-source.h"
#include "balance-print.h"
#include "callgraph-print.h"
#include "counts.h"
#include "exec-counts.h"
#include "flat.h"
#include "gmon-read.h"
#include "ordering.h"

/* -i: what each gmon file holds, in GNU gprof's words.  A file that cannot
 * be read was skipped by --skip-bad (else the sum failed): it is left out. */
static void print_file_info(FILE *out, const struct sum_job *job)
{
	for (size_t i = 0; i < job->n; i++) {
		struct gmon_record_counts c;
		char err[1024];

		if (gmon_count_records(job->paths[i], &c, err, sizeof(err)) != 0)
			continue;
		fprintf(out, "File `%s' (version %d) contains:\n"
		       "\t%llu histogram record%s\n"
		       "\t%llu call-graph record%s\n"
		       "\t%llu basic-block count record%s\n",
		       job->paths[i], c.version,
		       (unsigned long long)c.hist, c.hist == 1 ? "" : "s",
		       (unsigned long long)c.arcs, c.arcs == 1 ? "" : "s",
		       (unsigned long long)c.bb, c.bb == 1 ? "" : "s");
	}
}

/* -r: the suggested function order; without arcs every function is one
 * never called, listed in address order (as GNU's does). */
static void print_function_order(FILE *out, const struct symtab *st,
				 const struct callgraph *cg)
{
	if (cg) {
		if (ordering_print_functions(out, cg) != 0)
			die("out of memory ordering the functions");
		return;
	}
	for (size_t i = 0; i < st->nsyms; i++)
		if (sym_is_row(&st->syms[i]))
			fprintf(out, "%s\n", st->syms[i].name);
}

/* -R: the suggested link order of the object files. */
static void print_file_order(FILE *out, const struct symtab *st, const struct callgraph *cg,
			     const struct function_map *file_map)
{
	const char **names = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*names));
	unsigned char *mapped = malloc(st->nsyms ? st->nsyms : 1);
	const char **files = malloc((file_map->n ? file_map->n : 1) * sizeof(*files));
	size_t n = 0;

	if (!names || !mapped || !files)
		die("out of memory ordering the files");
	for (size_t i = 0; i < st->nsyms; i++)
		if (sym_is_row(&st->syms[i])) {
			names[n] = st->syms[i].name;
			mapped[n++] = st->syms[i].mapped;
		}
	for (size_t i = 0; i < file_map->n; i++)
		files[i] = file_map->entries[i].file_name;
	if (ordering_print_files(out, cg, names, mapped, n, files, file_map->n) != 0)
		die("out of memory ordering the files");
	free(names);
	free(mapped);
	free(files);
}

static int gnu_report_wanted(const struct options *o)
{
	/* the summary's files and --load-balance are what was asked for: the
	 * report too only when a section (-p, -q, -A, -C, ...) or --measured
	 * is */
	int other = o->summary_text || o->summary_json || o->html || o->load_balance;

	if (other && !(o->style & ~STYLE_SUM) && !o->measured)
		return 0;
	/* CSV and JSON of the load balance, the exports and the source times
	 * are the whole output */
	return o->format == FORMAT_GNU && o->balance != BALANCE_CSV && o->balance != BALANCE_JSON &&
	       !o->source_times && !o->summary;
}

static unsigned gnu_report_needs(const struct options *o)
{
	return NEED_FUNCTIONS | NEED_SECTIONS | (o->measured ? NEED_PATHS : 0);
}

static int gnu_report_render(struct view_output *vo, struct model *m)
{
	const struct options *o = m->o;
	const struct symtab *st = &m->st;
	const struct callgraph *cg = m->cg;
	int style = m->sections;
	struct cg_report_options co;
	FILE *out = vo->out;

	if ((o->style & STYLE_FILE_INFO) && style) {
		print_file_info(out, &m->plan->job);
		vo->printed = 1;
	}
	if (cg && (style & STYLE_GRAPH)) {
		memset(&co, 0, sizeof(co));
		co.brief = o->brief;
		co.show_zeros = o->show_zeros;
		co.output_width = o->width;
		co.hz = (double)m->hs.hz;
		co.sample_bytes = callgraph_sample_bytes(&m->p);
		co.print_path = o->print_path;
		co.bsd = o->bsd;
		co.line_symbols = st->line_symbols;
		co.measured = o->measured;
		co.measured_samples = m->measured.samples;
		co.estimated = m->measured_out.estimated;
		co.measured_outside = m->measured_out.outside;
	}
	/* GNU -T: the call graph, then the flat profile, then the index */
	if (o->bsd && cg && (style & STYLE_GRAPH)) {
		co.follows_other_section = vo->printed;
		callgraph_print_graph(out, cg, &co);
		vo->printed = 1;
	}
	if (style & STYLE_FLAT) {
		struct flat_options fo = { o->brief, o->show_zeros, o->bsd,
					   callgraph_sample_bytes(&m->p), cg };

		view_separate(vo);
		if (flat_print(out, st, &m->hs, &fo) != 0)
			die("out of memory printing the flat profile");
	}
	if (cg && (style & STYLE_GRAPH)) {
		if (!o->bsd) {
			co.follows_other_section = vo->printed;   /* the graph prints its "\f\n" */
			callgraph_print_graph(out, cg, &co);
		}
		callgraph_print_index(out, cg, &co);
		vo->printed = 1;
	}
	if (style & STYLE_EXEC_COUNTS) {
		view_separate(vo);
		if (counts_print(out, st, o->show_zeros) != 0)
			die("out of memory printing the execution counts");
	}
	if (style & STYLE_ANNOTATED)
		print_annotated_source(o, st, &vo->printed);
	if (style & STYLE_FUNCTION_ORDER)
		print_function_order(out, st, cg);
	if (style & STYLE_FILE_ORDER)
		print_file_order(out, st, cg, m->file_map);
	return 0;
}

const struct view view_gnu_report = {
	"gnu-report", gnu_report_wanted, gnu_report_needs, REGIONS_GNU, 0, gnu_report_render,
};
