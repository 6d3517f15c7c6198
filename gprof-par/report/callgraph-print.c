/*
 * callgraph-print.c - the call graph report and the index by function name,
 * byte for byte as GNU gprof 2.40 prints them in its default (FSF) style
 * (cg_print.c): column formats, the order of parents, children and cycle
 * members, <spontaneous>, "N+M" recursive calls, separators, explanation.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph-print.h"
#include "callgraph-blurb.h"
#include "callgraph-data.h"
#include "files.h"

#define SEPARATOR "-----------------------------------------------\n"

/* The children ("descendants") column: 11 wide in GNU's -T style, else 7. */
#define CHILDREN_WIDTH(opt) ((opt)->bsd ? 11 : 7)

/* GNU print_name: name, " <cycle N>" if on a cycle, " [index]" or " (index)". */
static void print_name(FILE *out, const struct cg_node *n)
{
	fputs(n->print_name, out);
	if (n->cycle != 0)
		fprintf(out, " <cycle %u>", n->cycle);
	if (n->index != 0)
		fprintf(out, n->print_flag ? " [%zu]" : " (%zu)", n->index);
}

/* ---- ordering of parents and children (GNU cmp_arc) ---- */

/*
 * GNU cmp_arc orders the arcs of one entry by kind (self call, call between
 * members of one cycle, other), then calls within a cycle by count and the
 * others by propagated time, then count.  GNU insertion-sorts a list that
 * holds the arcs newest first, putting each before the first equal one, so
 * equal arcs end up oldest first: a sort on (key, creation order) gives the
 * same lines.
 */
struct arc_key {
	int kind;                /* 0: self call, 1: within a cycle, 2: other */
	double time;             /* time + child_time, for kind 2 */
	uint64_t count;
	size_t arc;              /* creation order */
};

static int cmp_arc_key(const struct arc_key *l, const struct arc_key *r)
{
	if (l->kind != r->kind)
		return l->kind < r->kind ? -1 : 1;
	if (l->kind == 0)
		return 0;
	if (l->kind == 2 && l->time != r->time)
		return l->time < r->time ? -1 : 1;
	if (l->count != r->count)
		return l->count < r->count ? -1 : 1;
	return 0;
}

static int cmp_ascending(const void *lp, const void *rp)
{
	const struct arc_key *l = lp, *r = rp;
	int c = cmp_arc_key(l, r);

	return c ? c : (l->arc < r->arc ? -1 : l->arc > r->arc);
}

static int cmp_descending(const void *lp, const void *rp)
{
	const struct arc_key *l = lp, *r = rp;
	int c = cmp_arc_key(r, l);

	return c ? c : (l->arc < r->arc ? -1 : l->arc > r->arc);
}

/* The arcs of list[0..n), in the order GNU prints them, as arc indexes. */
static size_t *sorted_arcs(const struct callgraph *cg, const size_t *list, size_t n,
			   int descending)
{
	struct arc_key *keys = malloc((n ? n : 1) * sizeof *keys);
	size_t *v = malloc((n ? n : 1) * sizeof *v);

	if (!keys || !v) {
		free(keys);
		free(v);
		return NULL;
	}
	for (size_t k = 0; k < n; k++) {
		const struct cg_arc *a = &cg->arcs[list[k]];
		const struct cg_node *p = &cg->nodes[a->parent], *c = &cg->nodes[a->child];
		int kind = a->parent == a->child ? 0 :
			   (p->cycle != 0 && p->cycle == c->cycle) ? 1 : 2;
		keys[k] = (struct arc_key){ kind, a->time + a->child_time, a->count, list[k] };
	}
	qsort(keys, n, sizeof *keys, descending ? cmp_descending : cmp_ascending);
	for (size_t k = 0; k < n; k++)
		v[k] = keys[k].arc;
	free(keys);
	return v;
}

/* ---- the entries ---- */

/*
 * One parent or child line of an entry: the arc's count alone for a call
 * within the entry's cycle or to itself (GNU prints no times there), else
 * its propagated times and "count/total calls of the other end", then the
 * other end's name.
 */
static void print_arc_line(FILE *out, const struct cg_arc *a, const struct cg_node *other,
			   int within_cycle, uint64_t other_calls,
			   const struct cg_report_options *opt)
{
	int cw = CHILDREN_WIDTH(opt);

	if (within_cycle)
		fprintf(out, "%6.6s %5.5s %7.7s %*.*s %7" PRIu64 " %7.7s     ",
			"", "", "", cw, cw, "", a->count, "");
	else
		fprintf(out, "%6.6s %5.5s %7.2f %*.2f %7" PRIu64 "/%-7" PRIu64 "     ",
			"", "", a->time / opt->hz, cw, a->child_time / opt->hz, a->count,
			other_calls);
	print_name(out, other);
	fputc('\n', out);
}

static void print_parents(FILE *out, const struct callgraph *cg, size_t child,
			  const struct cg_report_options *opt)
{
	const struct cg_node *c = &cg->nodes[child];
	const struct cg_node *head = &cg->nodes[c->cycle_head];
	size_t n = cg->in_start[child + 1] - cg->in_start[child];

	if (n == 0) {
		fprintf(out, "%6.6s %5.5s %7.7s %*.*s %7.7s %7.7s     <spontaneous>\n",
			"", "", "", CHILDREN_WIDTH(opt), CHILDREN_WIDTH(opt), "", "", "");
		return;
	}
	size_t *v = sorted_arcs(cg, cg->in_arcs + cg->in_start[child], n, 0);
	if (!v)
		return;
	for (size_t k = 0; k < n; k++) {
		const struct cg_arc *a = &cg->arcs[v[k]];
		const struct cg_node *p = &cg->nodes[a->parent];
		print_arc_line(out, a, p, a->parent == child ||
			       (c->cycle != 0 && p->cycle == c->cycle), head->ncalls, opt);
	}
	free(v);
}

static void print_children(FILE *out, const struct callgraph *cg, size_t parent,
			   const struct cg_report_options *opt)
{
	const struct cg_node *p = &cg->nodes[parent];
	size_t n = cg->out_start[parent + 1] - cg->out_start[parent];
	size_t *v = sorted_arcs(cg, cg->out_arcs + cg->out_start[parent], n, 1);

	if (!v)
		return;
	for (size_t k = 0; k < n; k++) {
		const struct cg_arc *a = &cg->arcs[v[k]];
		const struct cg_node *c = &cg->nodes[a->child];
		print_arc_line(out, a, c, a->child == parent ||
			       (c->cycle != 0 && c->cycle == p->cycle),
			       cg->nodes[c->cycle_head].ncalls, opt);
	}
	free(v);
}

static void print_line(FILE *out, const struct callgraph *cg, const struct cg_node *n,
		       const struct cg_report_options *opt)
{
	char buf[32];

	snprintf(buf, sizeof buf, "[%zu]", n->index);
	fprintf(out, "%-6.6s %5.1f %7.2f %*.2f", buf,
		100 * (n->prop_self + n->prop_child) / cg->print_time,
		n->prop_self / opt->hz, CHILDREN_WIDTH(opt), n->prop_child / opt->hz);
	if (n->ncalls + n->self_calls != 0) {
		fprintf(out, " %7" PRIu64, n->ncalls);
		if (n->self_calls != 0)
			fprintf(out, "+%-7" PRIu64 " ", n->self_calls);
		else
			fprintf(out, " %7.7s ", "");
	} else {
		fprintf(out, " %7.7s %7.7s ", "", "");
	}
	if (n->estimated) {  /* --measured: before the index, which ends the line */
		struct cg_node marked = *n;
		char name[4096];

		snprintf(name, sizeof name, "%s (estimated)", n->print_name);
		marked.print_name = name;
		print_name(out, &marked);
	} else {
		print_name(out, n);
	}
	fputc('\n', out);
}

static void print_cycle(FILE *out, const struct callgraph *cg, const struct cg_node *cyc,
			const struct cg_report_options *opt)
{
	char buf[32];

	snprintf(buf, sizeof buf, "[%zu]", cyc->index);
	fprintf(out, "%-6.6s %5.1f %7.2f %*.2f %7" PRIu64, buf,
		100 * (cyc->prop_self + cyc->prop_child) / cg->print_time,
		cyc->prop_self / opt->hz, CHILDREN_WIDTH(opt), cyc->prop_child / opt->hz,
		cyc->ncalls);
	if (cyc->self_calls != 0)
		fprintf(out, "+%-7" PRIu64, cyc->self_calls);
	else
		fprintf(out, " %7.7s", "");
	fprintf(out, " <cycle %u as a whole> [%zu]\n", cyc->cycle, cyc->index);
}

/* GNU cmp_member: by total time, then by all calls. */
static int cmp_member(const struct cg_node *l, const struct cg_node *r)
{
	double lt = l->prop_self + l->prop_child, rt = r->prop_self + r->prop_child;
	uint64_t lc = l->ncalls + l->self_calls, rc = r->ncalls + r->self_calls;

	if (lt != rt)
		return lt > rt ? 1 : -1;
	if (lc != rc)
		return lc > rc ? 1 : -1;
	return 0;
}

/*
 * The members, most time first; equal members in the order of their chain
 * (GNU sort_members inserts after equals).
 */
static void print_members(FILE *out, const struct callgraph *cg, const struct cg_node *cyc,
			  const struct cg_report_options *opt)
{
	size_t n = 0;

	for (size_t m = cyc->cycle_next; m != CG_NONE; m = cg->nodes[m].cycle_next)
		n++;
	const struct cg_node **v = malloc((n ? n : 1) * sizeof *v);
	if (!v)
		return;
	n = 0;
	for (size_t m = cyc->cycle_next; m != CG_NONE; m = cg->nodes[m].cycle_next) {
		/* insertion: after every member not less than this one */
		const struct cg_node *x = &cg->nodes[m];
		size_t at = n;
		while (at > 0 && cmp_member(x, v[at - 1]) > 0)
			at--;
		memmove(v + at + 1, v + at, (n - at) * sizeof *v);
		v[at] = x;
		n++;
	}
	for (size_t k = 0; k < n; k++) {
		const struct cg_node *m = v[k];
		fprintf(out, "%6.6s %5.5s %7.2f %*.2f %7" PRIu64, "", "",
			m->prop_self / opt->hz, CHILDREN_WIDTH(opt), m->prop_child / opt->hz,
			m->ncalls);
		if (m->self_calls != 0)
			fprintf(out, "+%-7" PRIu64, m->self_calls);
		else
			fprintf(out, " %7.7s", "");
		fputs("     ", out);
		print_name(out, m);
		fputc('\n', out);
	}
	free(v);
}

static void print_header(FILE *out, const struct callgraph *cg,
			 const struct cg_report_options *opt)
{
	if (opt->follows_other_section)
		fputs("\f\n", out);
	if (opt->bsd)
		;  /* no title: the explanation came first */
	else if (opt->brief)
		fputs("\t\t\tCall graph\n\n", out);
	else
		fputs("\t\t     Call graph (explanation follows)\n\n", out);
	fprintf(out, "\ngranularity: each sample hit covers %ld byte(s)", opt->sample_bytes);
	if (cg->print_time > 0.0)
		fprintf(out, " for %.2f%% of %.2f seconds\n\n",
			100.0 / cg->print_time, cg->print_time / opt->hz);
	else
		fputs(" no time propagated\n\n", out);
	if (opt->measured && opt->measured_outside)
		fprintf(out, "children's times measured from %" PRIu64 " sampled call paths, "
			"%" PRIu64 " of them in shared libraries (gprof-par %s)%s\n\n",
			opt->measured_samples, opt->measured_outside,
			opt->measured_by ? opt->measured_by : "--measured",
			opt->estimated ? "; entries marked (estimated) had none" : "");
	else if (opt->measured)
		fprintf(out, "children's times measured from %" PRIu64 " sampled call paths "
			"(gprof-par %s)%s\n\n", opt->measured_samples,
			opt->measured_by ? opt->measured_by : "--measured",
			opt->estimated ? "; entries marked (estimated) had none" : "");
	if (opt->bsd) {
		fprintf(out, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n", "", "", "", "",
			"called", "total", "parents");
		fprintf(out, "%-6.6s %5.5s %7.7s %11.11s %7.7s+%-7.7s %-8.8s\t%5.5s\n", "index",
			"%time", "self", "descendants", "called", "self", "name", "index");
		fprintf(out, "%6.6s %5.5s %7.7s %11.11s %7.7s/%-7.7s     %-8.8s\n\n", "", "", "", "",
			"called", "total", "children");
	} else {
		fputs("index % time    self  children    called     name\n", out);
	}
}

void callgraph_print_graph(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt)
{
	/* GNU sets print_time to 1 when nothing propagated: all numerators are 0. */
	struct callgraph view = *cg;

	if (opt->bsd && !opt->brief)
		fputs(cg_graph_explanation_bsd, out);
	print_header(out, cg, opt);
	if (!(view.print_time > 0.0))
		view.print_time = 1.0;
	for (size_t i = 0; i < cg->nfuncs + cg->ncycles; i++) {
		const struct cg_node *n = cg->by_time[i];
		if ((!opt->show_zeros && n->ncalls == 0 && n->self_calls == 0 &&
		     n->prop_self == 0 && n->prop_child == 0) || !n->print_flag ||
		    n->no_entry || (opt->line_symbols && !n->name && n->cycle != 0))
			continue;
		if (!n->name && n->cycle != 0) {
			print_cycle(out, &view, n, opt);
			print_members(out, &view, n, opt);
		} else {
			size_t f = (size_t)(n - cg->nodes);
			print_parents(out, &view, f, opt);
			print_line(out, &view, n, opt);
			print_children(out, &view, f, opt);
		}
		fputs(opt->bsd ? "\n" SEPARATOR "\n" : SEPARATOR, out);
	}
	if (!opt->brief && !opt->bsd)
		fputs(cg_graph_explanation, out);
}

/* ---- the index (GNU cg_print_index) ---- */

static int cmp_name(const void *lp, const void *rp)
{
	const struct cg_node *l = *(struct cg_node *const *)lp;
	const struct cg_node *r = *(struct cg_node *const *)rp;

	return strcmp(l->name, r->name);
}

void callgraph_print_index(FILE *out, const struct callgraph *cg,
			   const struct cg_report_options *opt)
{
	size_t total = cg->nfuncs + cg->ncycles, nnames = 0;
	const struct cg_node **v = malloc((total ? total : 1) * sizeof *v);
	int width = opt->output_width > 0 ? opt->output_width : 80;
	int column_width = (width - 1) / 3;

	if (!v)
		return;
	for (size_t f = 0; f < cg->nfuncs; f++) {
		const struct cg_node *n = &cg->nodes[f];
		if (!opt->show_zeros && n->ncalls == 0 && n->self_ticks == 0)
			continue;
		v[nnames++] = n;
	}
	qsort(v, nnames, sizeof *v, cmp_name);
	size_t todo = nnames;
	for (size_t c = cg->nfuncs; c < total; c++)
		v[todo++] = &cg->nodes[c];

	fputs("\f\nIndex by function name\n\n", out);
	size_t rows = (todo + 2) / 3;
	for (size_t i = 0; i < rows; i++) {
		long col = 0, starting_col = 0;
		for (size_t j = i; j < todo; j += rows) {
			const struct cg_node *n = v[j];
			char buf[32];
			snprintf(buf, sizeof buf, n->print_flag ? "[%zu]" : "(%zu)", n->index);
			if (opt->bsd) {
				/* GNU -T: fixed columns, the symbol-table name */
				char cycle[32];

				snprintf(cycle, sizeof cycle, "<cycle %u>", n->cycle);
				fprintf(out, "%6.6s %-19.19s", buf, j < nnames ? n->name : cycle);
				continue;
			}
			col += (long)strlen(buf);
			for (; col < starting_col + 5; ++col)
				fputc(' ', out);
			fprintf(out, " %s ", buf);
			if (j < nnames) {
				fputs(n->print_name, out);
				col += (long)strlen(n->print_name);
				if (n->static_file) {
					const char *f = opt->print_path ? n->static_file
									: path_base_name(n->static_file);

					fprintf(out, " (%s)", f);
					col += (long)strlen(f) + 3;
				}
			} else {
				snprintf(buf, sizeof buf, "<cycle %u>", n->cycle);
				fputs(buf, out);
				col += (long)strlen(buf);
			}
			starting_col += column_width;
		}
		fputc('\n', out);
	}
	free(v);
}
