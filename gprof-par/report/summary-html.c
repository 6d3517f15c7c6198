/* summary-html.c - see summary-html.h. */
#define _GNU_SOURCE
#include "summary-html.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "balance-svg.h"
#include "files.h"
#include "flame-svg.h"
#include "rank-spread.h"
#include "summary-print.h"
#include "utf8.h"

/* HTML's escapes of ASCII characters: the markup characters as entities,
 * control characters (but tab) as U+FFFD. */
static const char *html_escape(unsigned char c, char buf[8])
{
	(void)buf;
	switch (c) {
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '&': return "&amp;";
	case '"': return "&quot;";
	default: return (c < 0x20 && c != '\t') || c == 0x7f ? UTF8_REPLACEMENT : NULL;
	}
}

/* Text for HTML (valid UTF-8: a byte that starts no sequence as U+FFFD). */
static void text(FILE *out, const char *s)
{
	utf8_write_escaped(out, s ? s : "", UTF8_REPLACEMENT, html_escape);
}

/* A function's name on one line, cut by the style where long, whole in
 * its title. */
static void name(FILE *out, const char *s)
{
	fputs("<code class=\"name\" title=\"", out);
	text(out, s);
	fputs("\">", out);
	text(out, s);
	fputs("</code>", out);
}

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1400px}"
	"h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}"
	"table{border-collapse:collapse;margin:.5em 0}"
	"th,td{padding:2px 8px;border-bottom:1px solid #eee;text-align:left}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}"
	"th{background:#f2f2f2;cursor:pointer;user-select:none}"
	"th.asc:after{content:' \\25b2'}th.desc:after{content:' \\25bc'}"
	"tr.fn{cursor:pointer}tr.fn:hover{background:#fff6d5}"
	".bar{display:flex;height:28px;width:100%;box-sizing:border-box;border:1px solid #999}"
	".bar div{height:100%}.legend span{display:inline-block;width:12px;height:12px;"
	"margin:0 4px 0 12px;vertical-align:middle}"
	"details{margin:.3em 0 .3em 1em}summary{cursor:pointer;font-weight:bold}"
	".run{color:#444}code{font-size:.95em}svg{max-width:100%;height:auto}"
	/* a name of any length on one line, cut with its whole self in the
	 * title (C++ names of 200 characters wrapped every table) */
	"code.name{display:inline-block;max-width:36em;overflow:hidden;text-overflow:ellipsis;"
	"white-space:nowrap;vertical-align:bottom}"
	"td details{margin:0}td details p{margin:.2em 0;max-width:60em}";

static const char *const colours[SUMMARY_NCATEGORIES] = {
	"#4e79a7", "#e15759", "#f28e2b", "#edc948", "#76b7b2", "#b07aa1", "#9c755f",
};

/* Sortable tables, rows that open their function's details. */
static const char script[] =
	"(function(){\n"
	"function val(td){var v=td.getAttribute('data-v');return v===null?td.textContent:+v;}\n"
	"document.querySelectorAll('table.sortable').forEach(function(t){\n"
	" t.querySelectorAll('th').forEach(function(th,i){th.addEventListener('click',function(){\n"
	"  var body=t.tBodies[0],rows=Array.prototype.slice.call(body.rows),"
	"asc=!th.classList.contains('asc');\n"
	"  t.querySelectorAll('th').forEach(function(h){h.classList.remove('asc','desc');});\n"
	"  th.classList.add(asc?'asc':'desc');\n"
	"  rows.sort(function(a,b){var x=val(a.cells[i]),y=val(b.cells[i]);"
	"var c=typeof x==='number'&&typeof y==='number'?x-y:String(x).localeCompare(String(y));"
	"return asc?c:-c;});\n"
	"  rows.forEach(function(r){body.appendChild(r);});\n"
	" });});\n"
	"});\n"
	"document.querySelectorAll('tr.fn').forEach(function(tr){tr.addEventListener('click',"
	"function(e){var d=document.getElementById(tr.getAttribute('data-fn'));"
	"if(!d||e.target.closest('details'))return;d.open=true;});});\n"
	"})();\n";

static void head(FILE *out, const struct summary *s)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Summary of ",
	      out);
	text(out, path_base_name(s->program));
	fprintf(out, "</title>\n<style>%s</style></head>\n<body>\n<h1>Summary of ", style);
	text(out, s->program);
	fputs("</h1>\n<p class=\"run\">", out);
	summary_print_run(out, s);
	fputs(".</p>\n", out);
}

static void spread_cells(FILE *out, const struct summary_spread *r)
{
	if (r->n == 0) {
		fputs("<td class=\"n\" data-v=\"-1\">-</td><td class=\"n\" data-v=\"-1\">-</td>"
		      "<td class=\"n\" data-v=\"-1\">-</td>", out);
		return;
	}
	if (r->max <= 0) {   /* none in any rank: no rank holds the least */
		fputs("<td class=\"n\" data-v=\"0\">0.000</td><td class=\"n\" data-v=\"0\">0.000</td>"
		      "<td class=\"n\" data-v=\"0\">0.000</td>", out);
		return;
	}
	fprintf(out, "<td class=\"n\" data-v=\"%.6f\">%.3f (rank %" PRId64 ")</td>"
		"<td class=\"n\" data-v=\"%.6f\">%.3f</td>"
		"<td class=\"n\" data-v=\"%.6f\">%.3f (rank %" PRId64 ")</td>",
		r->min, r->min, r->min_rank, r->mean, r->mean, r->max, r->max, r->max_rank);
}

static void breakdown(FILE *out, const struct summary *s)
{
	fprintf(out, "<h2 id=\"where\">Where the time went</h2>\n<p>Shares of the ranks' %s, "
		"%.3f s in all%s.</p>\n",
		strcmp(s->basis, "wall") == 0 ? "wall time" : "sampled time", s->total_seconds,
		s->mpi_seconds >= 0 ? "; MPI as the MPI profile measured it" : "");
	summary_print_mpi_blind(out, s, "<p><b>", ".</b></p>\n");
	fputs("<div class=\"bar\">", out);
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		if (s->shares[c].percent > 0)
			fprintf(out, "<div style=\"width:%.2f%%;background:%s\" title=\"%s %.1f%%\">"
				"</div>", s->shares[c].percent, colours[c], summary_category_text(c),
				s->shares[c].percent);
	fputs("</div>\n<p class=\"legend\">", out);
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		fprintf(out, "<span style=\"background:%s\"></span>%s", colours[c],
			summary_category_text(c));
	fputs("</p>\n<table class=\"sortable\"><thead><tr><th>category</th><th>share %</th>"
	      "<th>&plusmn; (95%)</th><th>seconds</th><th>per rank min, s</th><th>mean</th><th>max</th></tr></thead>"
	      "<tbody>\n", out);
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++) {
		const struct summary_share *sh = &s->shares[c];

		fprintf(out, "<tr><td>%s</td><td class=\"n\" data-v=\"%.4f\">%.1f</td>"
			"<td class=\"n\" data-v=\"%.4f\">%.1f</td>"
			"<td class=\"n\" data-v=\"%.6f\">%.3f</td>", summary_category_text(c),
			sh->percent, sh->percent, sh->plus_minus, sh->plus_minus, sh->seconds,
			sh->seconds);
		spread_cells(out, &sh->ranks);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
	if (s->profiler_unsampled > 0)
		fprintf(out, "<p>The profiler itself: with %.3f s of its start, signal handlers and writes "
			"that no sample sees, measured by the runtime.</p>\n", s->profiler_unsampled);
	summary_print_unplaced(out, s, "<p>", ".</p>\n");
	fprintf(out, "<p>&plusmn;: the 95%% sampling error in points, from %.0f %s%s.</p>\n",
		s->sampled, s->signals ? "signals" : "samples",
		s->too_few ? ": too few to say where the time went" : "");
}

static void short_words(FILE *out, const struct summary *s)
{
	char words[128];

	fputs("<h2 id=\"short\">In short</h2>\n<ul>\n", out);
	if (s->hot && s->too_few) {
		fprintf(out, "<li>Hot function: too few samples to say (%.0f %s)</li>\n", s->sampled,
			s->signals ? "signals" : "samples");
	} else if (s->hot) {
		fputs("<li>Hot function: <b>", out);
		text(out, s->hot->name);
		fprintf(out, "</b> (%.1f%% of the %" PRIu64 " samples)</li>\n", s->hot->self_percent,
			s->samples);
	}
	if (s->has_balance)
		fprintf(out, "<li>Slowest rank: <b>%" PRId64 "</b> (%.3f s in the program); fastest: "
			"rank %" PRId64 " (%.3f s); mean %.3f s; %s</li>\n", s->slowest.rank,
			s->slowest.seconds, s->fastest.rank, s->fastest.seconds, s->rank_mean,
			summary_rank_noise(s, words, sizeof words));
	for (size_t i = 0; i < s->nsentences; i++) {
		fputs("<li>", out);
		text(out, s->sentences[i]);
		fputs(".</li>\n", out);
	}
	fputs("</ul>\n", out);
}

/* The functions of both lists, once each (by name). */
static size_t collect(const struct summary *s, const struct summary_function **fs)
{
	size_t n = 0;

	for (int pass = 0; pass < 2; pass++) {
		const struct summary_function *list = pass ? s->top_self : s->top_total;
		size_t count = pass ? s->ntop_self : s->ntop_total;

		for (size_t i = 0; i < count; i++) {
			size_t k;

			for (k = 0; k < n && strcmp(fs[k]->name, list[i].name) != 0; k++)
				;
			if (k == n)
				fs[n++] = &list[i];
		}
	}
	return n;
}

static void line_text(FILE *out, const struct summary_line *l)
{
	text(out, path_base_name(l->file));
	fprintf(out, ":%u", l->line);
}

static void neighbour_list(FILE *out, const char *what, const struct summary_neighbour *n,
			   size_t count)
{
	fprintf(out, "<p>%s: ", what);
	if (count == 0)
		fputs("none sampled", out);
	for (size_t i = 0; i < count; i++) {
		fputs(i ? ", " : "", out);
		name(out, n[i].name);
		fprintf(out, " (%" PRIu64 ")", n[i].samples);
	}
	fputs("</p>\n", out);
}

/* A function's details, in its row's first cell: its definition, callers,
 * callees, hottest lines (opened by a click on them, or on the row). */
static void function_details(FILE *out, const struct summary_function *f, size_t i)
{
	fprintf(out, "<details id=\"fn-%zu\"><summary>", i);
	name(out, f->name);
	fputs("</summary>\n", out);
	if (f->file) {
		fputs("<p>Defined at ", out);
		text(out, f->file);
		fprintf(out, ":%u</p>\n", f->line);
	}
	neighbour_list(out, "Callers (samples with it directly below)", f->callers, f->ncallers);
	neighbour_list(out, "Callees (samples with them directly below)", f->callees,
		       f->ncallees);
	if (f->nlines) {
		fputs("<p>Hottest lines: ", out);
		for (size_t k = 0; k < f->nlines; k++) {
			fputs(k ? ", " : "", out);
			line_text(out, &f->lines[k]);
			fprintf(out, " (%" PRIu64 " samples)", f->lines[k].samples);
		}
		fputs("</p>\n", out);
	}
	fputs("</details>", out);
}

static void functions(FILE *out, const struct summary *s)
{
	const struct summary_function *fs[2 * SUMMARY_TOP];
	size_t n = collect(s, fs);

	fprintf(out, "<h2 id=\"functions\">Top functions</h2>\n<p>From the sampled call paths: self is "
	      "the function running, inclusive with its callees, %% of the %" PRIu64 " samples%s; "
	      "an OpenMP region counts for its function. Click a row for its callers, callees and "
	      "hottest lines.</p>\n", s->samples,
	      s->mpi_thread_samples ? " (MPI's own threads' left out)" : "");
	fputs("<table class=\"sortable\" id=\"functions-table\"><thead><tr><th>function</th>"
	      "<th>self %</th><th>inclusive %</th><th>self s</th><th>inclusive s</th>"
	      "<th>category</th><th>module</th><th>hottest line</th></tr></thead><tbody>\n", out);
	for (size_t i = 0; i < n; i++) {
		const struct summary_function *f = fs[i];

		fprintf(out, "<tr class=\"fn\" data-fn=\"fn-%zu\"><td>", i);
		function_details(out, f, i);
		fprintf(out, "</td><td class=\"n\" data-v=\"%.4f\">%.1f</td>"
			"<td class=\"n\" data-v=\"%.4f\">%.1f</td><td class=\"n\" data-v=\"%.6f\">%.3f</td>"
			"<td class=\"n\" data-v=\"%.6f\">%.3f</td><td>%s</td><td>", f->self_percent,
			f->self_percent, f->total_percent, f->total_percent, f->self_seconds,
			f->self_seconds, f->total_seconds, f->total_seconds,
			summary_category_text(f->category));
		text(out, f->module);
		fputs("</td><td>", out);
		if (f->nlines)
			line_text(out, &f->lines[0]);
		fputs("</td></tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

static void mpi(FILE *out, const struct summary *s)
{
	if (s->mpi_seconds < 0)
		return;
	fprintf(out, "<h2 id=\"mpi\">Top MPI call sites</h2>\n<p>%.3f s in MPI over all ranks "
		"(the MPI profile).</p>\n<table class=\"sortable\"><thead><tr><th>function</th>"
		"<th>caller</th><th>source</th><th>calls</th><th>bytes</th><th>seconds</th>"
		"<th>%% of MPI</th><th>per rank min, s</th><th>mean</th><th>max</th></tr></thead>"
		"<tbody>\n", s->mpi_seconds);
	for (size_t i = 0; i < s->nsites; i++) {
		const struct summary_mpi_site *m = &s->sites[i];

		fputs("<tr><td>", out);
		name(out, m->function);
		fputs("</td><td>", out);
		name(out, m->caller);
		fputs("</td><td>", out);
		text(out, m->source);
		fprintf(out, "</td><td class=\"n\" data-v=\"%" PRIu64 "\">%" PRIu64 "</td>"
			"<td class=\"n\" data-v=\"%" PRIu64 "\">%" PRIu64 "</td>"
			"<td class=\"n\" data-v=\"%.6f\">%.3f</td><td class=\"n\" data-v=\"%.4f\">%.1f</td>",
			m->calls, m->calls, m->bytes, m->bytes, m->seconds, m->seconds, m->percent,
			m->percent);
		spread_cells(out, &m->ranks);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table>\n", out);
}

/* An SVG made by print(arg) into memory, written inline: without its XML
 * declaration and namespace (HTML gives it).  Only markup is edited, never
 * text a name could hold: a name's quotes are entities in the SVG (a
 * textual edit of the script's root, document.documentElement, renamed a
 * function of that name). */
static int inline_svg(FILE *out, int (*print)(FILE *, const void *), const void *arg)
{
	static const struct { const char *from, *to; } edits[] = {
		{ " xmlns=\"http://www.w3.org/2000/svg\"", "" },
	};
	char *buf = NULL, *p;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem)
		return -1;
	if (print(mem, arg) != 0 || fclose(mem) != 0) {
		free(buf);
		return -1;
	}
	p = buf;
	if (strncmp(p, "<?xml", 5) == 0 && strchr(p, '\n'))
		p = strchr(p, '\n') + 1;
	for (;;) {
		char *next = NULL;
		size_t e = 0;

		for (size_t k = 0; k < sizeof(edits) / sizeof(*edits); k++) {
			char *at = strstr(p, edits[k].from);

			if (at && (!next || at < next)) {
				next = at;
				e = k;
			}
		}
		if (!next)
			break;
		fwrite(p, 1, (size_t)(next - p), out);
		fputs(edits[e].to, out);
		p = next + strlen(edits[e].from);
	}
	fputs(p, out);
	free(buf);
	return 0;
}

static int print_flame(FILE *out, const void *arg)
{
	return flame_svg_print(out, arg, "Flame graph: the sampled call paths");
}

static int print_heat(FILE *out, const void *arg)
{
	balance_svg_print(out, arg);
	return 0;
}

static int imbalance(FILE *out, const struct summary *s, const struct balance_heat *heat)
{
	if (!s->has_balance)
		return 0;
	fprintf(out, "<h2 id=\"imbalance\">Imbalance</h2>\n<p>Slowest rank %" PRId64 " (%.3f s "
		"in the program), fastest rank %" PRId64 " (%.3f s), mean %.3f s.</p>\n",
		s->slowest.rank, s->slowest.seconds, s->fastest.rank, s->fastest.seconds,
		s->rank_mean);
	/* past a screen of ranks, their spread (its words need no escape) */
	if (s->nranks > RANK_ROWS_MAX) {
		fputs("<pre class=\"spread\">", out);
		if (summary_print_rank_spread(out, s) != 0)
			return -1;
		fputs("</pre>\n", out);
	}
	fputs("<table class=\"sortable\"><thead><tr><th>function (ranks differ beyond sampling "
		"noise)</th><th>min s</th><th>min rank</th><th>mean s</th><th>max s</th>"
		"<th>max rank</th><th>lost s</th></tr></thead><tbody>\n", out);
	for (size_t i = 0; i < s->nimbalanced; i++) {
		const struct summary_imbalanced *f = &s->imbalanced[i];

		char named[96];

		fputs("<tr><td>", out);
		name(out, f->name);
		/* (its words need no escape) */
		fputs(summary_noise_named(&f->noise, named, sizeof named), out);
		fprintf(out, "</td><td class=\"n\" data-v=\"%.6f\">%.3f</td>"
			"<td class=\"n\">%" PRId64 "</td><td class=\"n\" data-v=\"%.6f\">%.3f</td>"
			"<td class=\"n\" data-v=\"%.6f\">%.3f</td><td class=\"n\">%" PRId64 "</td>"
			"<td class=\"n\" data-v=\"%.6f\">%.3f</td></tr>\n", f->time.min, f->time.min,
			f->time.min_rank, f->time.mean, f->time.mean, f->time.max, f->time.max,
			f->time.max_rank, f->lost, f->lost);
	}
	fputs("</tbody></table>\n", out);
	if (heat) {
		fputs("<h3>Per-rank heat map</h3>\n", out);
		if (inline_svg(out, print_heat, heat) != 0)
			return -1;
	}
	return 0;
}

int summary_html_print(FILE *out, const struct summary *s, const struct measured *paths,
		       const struct balance_heat *heat)
{
	head(out, s);
	short_words(out, s);
	breakdown(out, s);
	functions(out, s);
	mpi(out, s);
	if (imbalance(out, s, heat) != 0)
		return -1;
	if (paths && paths->samples > 0) {
		fputs("<h2 id=\"flame\">Flame graph</h2>\n<p>Click a box to zoom into it.</p>\n", out);
		if (inline_svg(out, print_flame, paths) != 0)
			return -1;
	}
	fprintf(out, "<script>\n%s</script>\n</body></html>\n", script);
	return 0;
}
