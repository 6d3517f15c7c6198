/* summary-lines.c - see summary-lines.h. */
#define _GNU_SOURCE
#include "summary-lines.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"
#include "inlines.h"
#include "lines.h"

struct line_count {
	const char *file;
	unsigned line;
	uint64_t samples;
};

static int cmp_line_count(const void *a, const void *b)
{
	const struct line_count *l = a, *r = b;

	if (l->samples != r->samples)
		return l->samples < r->samples ? 1 : -1;
	if (l->file != r->file)
		return l->file < r->file ? -1 : 1;
	return (l->line > r->line) - (l->line < r->line);
}

void summary_want_lines(struct summary_wanted_lines *w, struct summary_function *f,
			const struct sym *sym)
{
	if (w->n < 2 * SUMMARY_TOP) {
		w->f[w->n] = f;
		w->sym[w->n++] = sym;
	}
}

/* Whether wanted k and j are the same function (one in both lists). */
static int same_wanted(const struct summary_wanted_lines *w, size_t k, size_t j)
{
	if (w->sym[k] || w->sym[j])
		return w->sym[k] == w->sym[j];
	return strcmp(w->f[k]->name, w->f[j]->name) == 0;
}

/* The first wanted function with symbol s (not an inlined one), or w->n. */
static size_t wanted_sym(const struct summary_wanted_lines *w, const struct sym *s)
{
	size_t k;

	for (k = 0; k < w->n && (!w->sym[k] || w->sym[k] != s); k++)
		;
	return k;
}

/* A nonzero bin: its address, samples, which wanted function has them
 * (SIZE_MAX: none, or not known yet). */
struct bin_at {
	gmon_addr_t addr;
	uint64_t samples;
	size_t which;
};

static int add_bin(struct bin_at **bins, size_t *n, size_t *cap, struct bin_at b)
{
	if (*n == *cap) {
		size_t c2 = *cap ? 2 * *cap : 256;
		struct bin_at *grown = realloc(*bins, c2 * sizeof(*grown));

		if (!grown)
			return -1;
		*bins = grown;
		*cap = c2;
	}
	(*bins)[(*n)++] = b;
	return 0;
}

/* Whether label is "NAME [inlined]". */
static int is_label(const char *label, const char *name)
{
	size_t len = strlen(name);

	return strncmp(label, name, len) == 0 && strcmp(label + len, INLINES_MARK) == 0;
}

/* The wanted inlined function that inlined function name is (its row's
 * label as the table names it: "NAME [inlined]", NAME demangled or not),
 * or w->n; -1 when out of memory. */
static long wanted_inlined(const struct summary_wanted_lines *w, const char *name)
{
	char *demangled = NULL;
	int tried = 0;
	long found = (long)w->n;

	for (size_t k = 0; k < w->n && found == (long)w->n; k++) {
		if (w->sym[k])
			continue;
		if (!tried) {
			tried = 1;
			if (demangle_name(name, &demangled) != 0)
				return -1;
		}
		if (is_label(w->f[k]->name, name) ||
		    (demangled && is_label(w->f[k]->name, demangled)))
			found = (long)k;
	}
	free(demangled);
	return found;
}

/* inlines_ranges' want: a wanted inlined function's name. */
static int want_inlined(const char *name, void *arg)
{
	const struct summary_wanted_lines *w = arg;
	long k = wanted_inlined(w, name);

	return k < 0 ? -1 : k < (long)w->n;
}

/* Gives each bin to the function whose code it is: a bin of code inlined
 * into a function is the innermost inlined function's (a wanted one's, or
 * nobody's), not the function's.  Returns 0, or -1 when out of memory. */
static int place_inlined(const struct summary_wanted_lines *w, struct inlines *in,
			 struct bin_at *bins, size_t n)
{
	struct inline_frame frames[INLINES_MAX_DEPTH];

	for (size_t i = 0; i < n; i++) {
		size_t depth = inlines_at(in, bins[i].addr, frames, INLINES_MAX_DEPTH);
		long k;

		if (depth == 0)
			continue;
		k = wanted_inlined(w, frames[depth - 1].name);
		if (k < 0)
			return -1;
		bins[i].which = (size_t)k < w->n ? (size_t)k : SIZE_MAX;
	}
	return 0;
}

/* The histogram's nonzero bins in the wanted functions (their OpenMP
 * regions' too, charged to them) and in the code inlined from the wanted
 * inlined functions (where inlined[0 .. ninlined) says: it may be inlined
 * anywhere); nobody's yet in the latter, which place_inlined tells. */
static int wanted_bins(const struct summary_wanted_lines *w, const struct symtab *st,
		       const struct profile *p, const struct inline_range *inlined,
		       size_t ninlined, struct bin_at **bins, size_t *n)
{
	size_t cap = 0;

	for (size_t h = 0; h < p->nhists; h++) {
		const struct profile_histogram *hg = &p->hists[h];

		if (hg->nbins == 0 || hg->high_pc <= hg->low_pc)
			continue;
		for (uint32_t b = 0; b < hg->nbins; b++) {
			gmon_addr_t a = profile_bin_start(hg, b);
			struct sym *s = hg->bins[b] ? symtab_lookup(st, a) : NULL;
			size_t k = s ? wanted_sym(w, sym_owner(s)) : w->n;

			if (!s || (k == w->n && !inline_ranges_hold(inlined, ninlined, a)))
				continue;
			if (add_bin(bins, n, &cap,
				    (struct bin_at){ a, hg->bins[b], k < w->n ? k : SIZE_MAX }) != 0)
				return -1;
		}
	}
	return 0;
}

/* The bins of the wanted functions, each given to its function (one
 * without: the code of an inlined function not wanted) with in (the
 * executable's DWARF; NULL: none).  Returns 0, or -1 when out of memory. */
static int place_bins(const struct summary_wanted_lines *w, const struct symtab *st,
		      const struct profile *p, struct inlines *in, struct bin_at **bins,
		      size_t *n)
{
	struct inline_range *inlined = NULL;
	size_t ninlined = 0;
	int any_inlined = 0, rc;

	for (size_t k = 0; k < w->n; k++)
		any_inlined |= !w->sym[k];
	if (any_inlined &&
	    inlines_ranges(in, want_inlined, (void *)w, &inlined, &ninlined) != 0)
		return -1;
	rc = wanted_bins(w, st, p, inlined, ninlined, bins, n) != 0 ||
	     place_inlined(w, in, *bins, *n) != 0 ? -1 : 0;
	free(inlined);
	return rc;
}

int summary_hot_lines(struct summary_wanted_lines *w, struct symtab *st, const struct profile *p,
		      struct inlines *in)
{
	struct inlines *own = NULL;
	struct bin_at *bins = NULL;
	size_t n = 0;
	gmon_addr_t *addrs = NULL;
	const char **files = NULL;
	unsigned *lines = NULL;
	struct line_count *lc = NULL;
	int rc = -1;

	if (w->n == 0)
		return 0;
	if (!in)
		in = own = inlines_open(st->path);   /* (none: no code is inlined) */
	if (place_bins(w, st, p, in, &bins, &n) != 0)
		goto out;
	size_t kept = 0;

	for (size_t i = 0; i < n; i++) /* (the bins of no wanted function) */
		if (bins[i].which != SIZE_MAX)
			bins[kept++] = bins[i];
	n = kept;
	if (n == 0) {
		rc = 0;
		goto out;
	}
	addrs = malloc(n * sizeof(*addrs));
	files = calloc(n, sizeof(*files));
	lines = calloc(n, sizeof(*lines));
	lc = calloc(n, sizeof(*lc));
	if (!addrs || !files || !lines || !lc)
		goto out;
	for (size_t i = 0; i < n; i++)
		addrs[i] = bins[i].addr;
	if (lines_at(st, addrs, n, files, lines) != 0)
		goto out;
	for (size_t k = 0; k < w->n; k++) {
		struct summary_function *f = w->f[k];
		size_t nlc = 0;

		for (size_t i = 0; i < n; i++) {
			size_t j;

			/* (a function in both lists is wanted twice, its bins
			 * noted under its first place) */
			if (!same_wanted(w, bins[i].which, k) || !files[i] || !lines[i])
				continue;
			for (j = 0; j < nlc; j++)
				if (lc[j].file == files[i] && lc[j].line == lines[i])
					break;
			if (j == nlc)
				lc[nlc++] = (struct line_count){ files[i], lines[i], 0 };
			lc[j].samples += bins[i].samples;
		}
		qsort(lc, nlc, sizeof(*lc), cmp_line_count);
		for (size_t j = 0; j < nlc && j < SUMMARY_LINES; j++)
			f->lines[f->nlines++] = (struct summary_line){ lc[j].file, lc[j].line,
								       lc[j].samples };
	}
	rc = 0;
out:
	inlines_close(own);
	free(bins);
	free(addrs);
	free(files);
	free(lines);
	free(lc);
	return rc;
}
