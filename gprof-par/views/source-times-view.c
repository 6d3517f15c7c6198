/*
 * source-times-view.c - see source-times-view.h.
 */
#include "source-times-view.h"
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotated-source.h"
#include "lines.h"
#include "source-times.h"
#include "source.h"

#define HOT_PERCENT 1            /* a function printed without FUNC: >= 1% */
#define MAX_SPAN 2000            /* lines of a function shown, at most */

/* A sampled bin: its first address, samples, and the function charged. */
struct bin {
	size_t sym;              /* the owner's index in st */
	const char *file;
	unsigned line;
	uint64_t samples;
};

static int cmp_bins(const void *a, const void *b)
{
	const struct bin *l = a, *r = b;
	int c;

	if (l->sym != r->sym)
		return l->sym < r->sym ? -1 : 1;
	if (!l->file || !r->file)
		return !l->file - !r->file;
	c = strcmp(l->file, r->file);
	if (c)
		return c;
	return l->line < r->line ? -1 : l->line > r->line;
}

static void *xmalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		die("out of memory finding the source lines of the samples");
	return p;
}

/* The sampled bins of p charged to st's functions, with their lines,
 * sorted by function, file, line (one entry per line); *total: every
 * sample of the profile. */
static struct bin *gather(struct symtab *st, const struct profile *p, size_t *nbins,
			  uint64_t *total)
{
	size_t n = 0, k = 0;
	gmon_addr_t *addrs;
	const char **files;
	unsigned *lines;
	struct bin *bins;

	*total = 0;
	for (size_t h = 0; h < p->nhists; h++)
		for (uint32_t i = 0; i < p->hists[h].nbins; i++)
			n += p->hists[h].bins[i] > 0;
	addrs = xmalloc(n, sizeof *addrs);
	files = xmalloc(n, sizeof *files);
	lines = xmalloc(n, sizeof *lines);
	bins = xmalloc(n, sizeof *bins);
	for (size_t h = 0; h < p->nhists; h++) {
		const struct profile_histogram *hg = &p->hists[h];

		for (uint32_t i = 0; i < hg->nbins; i++) {
			gmon_addr_t lo = profile_bin_start(hg, i);
			struct sym *s;

			if (hg->bins[i] == 0)
				continue;
			*total += hg->bins[i];
			if (!(s = symtab_lookup(st, lo)))
				continue;
			bins[k] = (struct bin){ sym_owner(s)->index, NULL, 0, hg->bins[i] };
			addrs[k++] = lo;
		}
	}
	if (lines_at(st, addrs, k, files, lines) != 0)
		die("out of memory finding the source lines of the samples");
	for (size_t i = 0; i < k; i++) {
		bins[i].file = files[i];
		bins[i].line = lines[i];
	}
	if (k > 1)
		qsort(bins, k, sizeof *bins, cmp_bins);
	n = 0;
	for (size_t i = 0; i < k; i++) {
		if (n > 0 && cmp_bins(&bins[n - 1], &bins[i]) == 0)
			bins[n - 1].samples += bins[i].samples;
		else
			bins[n++] = bins[i];
	}
	free(addrs);
	free(files);
	free(lines);
	*nbins = n;
	return bins;
}

struct chosen {
	size_t sym;
	size_t first, end;       /* its bins */
	uint64_t samples;
};

static int cmp_chosen(const void *a, const void *b)
{
	const struct chosen *l = a, *r = b;

	if (l->samples != r->samples)
		return l->samples > r->samples ? -1 : 1;
	return l->sym < r->sym ? -1 : l->sym > r->sym;
}

/* The functions to print: FUNC's (with or without samples), else the hot
 * ones, the most first.  Returns how many. */
static size_t choose(const struct symtab *st, const struct bin *bins, size_t nbins,
		     uint64_t total, const char *func, struct chosen *out)
{
	size_t n = 0;

	for (size_t b = 0; b < nbins;) {
		size_t e = b;
		uint64_t samples = 0;
		const struct sym *s = &st->syms[bins[b].sym];

		for (; e < nbins && bins[e].sym == bins[b].sym; e++)
			samples += bins[e].samples;
		if (func ? strcmp(sym_print_name(s), func) == 0 || strcmp(s->name, func) == 0
			 : samples * 100 >= total * HOT_PERCENT)
			out[n++] = (struct chosen){ bins[b].sym, b, e, samples };
		b = e;
	}
	if (func && n == 0)
		for (size_t i = 0; i < st->nsyms; i++) {
			const struct sym *s = &st->syms[i];

			if (sym_is_row(s) && (strcmp(sym_print_name(s), func) == 0 ||
					      strcmp(s->name, func) == 0)) {
				out[n++] = (struct chosen){ i, 0, 0, 0 };
				break;
			}
		}
	if (n > 1)
		qsort(out, n, sizeof *out, cmp_chosen);
	return n;
}

int print_source_times(const struct options *o, struct symtab *st, const struct profile *p,
		       uint64_t libraries)
{
	size_t nbins, n;
	uint64_t total;
	struct bin *bins = gather(st, p, &nbins, &total);
	struct chosen *chosen = xmalloc(nbins + 1, sizeof *chosen);
	struct source_times_fn *fns;
	struct source_line_cost *costs = xmalloc(nbins, sizeof *costs);
	gmon_addr_t *ends;
	const char **end_files;
	unsigned *end_lines;
	struct source_path path = { NULL, 0 };
	struct source_times_options so = { p->nhists ? p->hists[0].rate : 0, total, libraries,
					   source_read_or_say, &path };

	n = choose(st, bins, nbins, total, o->source_times_fn, chosen);
	if (n == 0 && o->source_times_fn) {
		fprintf(stderr, PROGRAM ": --source-times=%s: no such function\n",
			o->source_times_fn);
		free(bins);
		free(chosen);
		free(costs);
		return 1;
	}
	fns = xmalloc(n, sizeof *fns);
	ends = xmalloc(n, sizeof *ends);
	end_files = xmalloc(n, sizeof *end_files);
	end_lines = xmalloc(n, sizeof *end_lines);
	/* a function's last line: that of its last address (its closing
	 * brace, or the padding after it, which the line tables give it) */
	for (size_t f = 0; f < n; f++)
		ends[f] = st->syms[chosen[f].sym].end_addr;
	if (lines_at(st, ends, n, end_files, end_lines) != 0)
		die("out of memory finding the source lines of the samples");
	for (size_t b = 0; b < nbins; b++)
		costs[b] = (struct source_line_cost){ bins[b].file, bins[b].line, bins[b].samples };
	for (size_t f = 0; f < n; f++) {
		const struct sym *s = &st->syms[chosen[f].sym];
		struct source_times_fn *fn = &fns[f];
		size_t first = chosen[f].first, end = chosen[f].end;

		/* the bins without a line sort last: not lines */
		while (end > first && !bins[end - 1].file)
			end--;
		*fn = (struct source_times_fn){ sym_print_name(s), s->file, s->line, s->line,
						chosen[f].samples, costs + first, end - first };
		if (!s->file)
			continue;
		if (end_files[f] && strcmp(end_files[f], s->file) == 0 && end_lines[f] > fn->last &&
		    end_lines[f] - s->line < MAX_SPAN)
			fn->last = end_lines[f];
		for (size_t b = first; b < end; b++)
			if (strcmp(bins[b].file, s->file) == 0 && bins[b].line > fn->last &&
			    bins[b].line - s->line < MAX_SPAN)
				fn->last = bins[b].line;
	}
	source_search_path(o, &path);
	if (source_times_print(stdout, fns, n, &so) != 0)
		die("out of memory printing the source times");
	source_path_free(&path);
	free(ends);
	free(end_files);
	free(end_lines);
	free(fns);
	free(costs);
	free(chosen);
	free(bins);
	return 0;
}

static int source_times_wanted(const struct options *o)
{
	return o->source_times;
}

static unsigned source_times_needs(const struct options *o)
{
	(void)o;
	return NEED_FUNCTIONS | NEED_DEMANGLED;
}

static int source_times_render(struct view_output *vo, struct model *m)
{
	struct module_list all;
	struct module_list *lists = model_read_module_lists(m, &all);
	uint64_t libraries = 0;
	int status;

	(void)vo;   /* standard output */
	for (size_t i = 0; i < all.n; i++)
		libraries += all.entries[i].samples;
	status = print_source_times(m->o, &m->st, &m->p, libraries);
	model_free_module_lists(m, lists, &all);
	return status;
}

const struct view view_source_times = {
	"source-times", source_times_wanted, source_times_needs, REGIONS_PARENT, 0,
	source_times_render,
};
