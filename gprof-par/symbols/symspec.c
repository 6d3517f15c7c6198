/*
 * symspec.c - GNU gprof's symbol specifications (see symspec.h).
 */
#include "symspec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"

/* One entry of an arc table, as GNU's sym_id_parse makes it: a run of
 * consecutive functions that FROM matched (first and last index), with the
 * runs TO of the same specification matched. */
struct symspec_arc {
	enum symspec_table table;
	size_t first, last;
	const size_t *to;        /* pairs (first, last), shared by the runs of
				  * one specification */
	size_t nto;
};

struct spec_part {
	int has_file;
	const char *file;        /* the function's file (one of st->files) it
				  * names; NULL: a file no function has */
	long line;               /* 0: none */
	const char *name;        /* NULL: none */
	size_t name_len;
};

/* The number at the start of [s, end), as atoi reads it (saturating). */
static long leading_number(const char *s, const char *end)
{
	long v = 0;

	for (; s < end && isdigit((unsigned char)*s); s++)
		v = v > (__LONG_MAX__ - 9) / 10 ? __LONG_MAX__ : v * 10 + (*s - '0');
	return v;
}

/* GNU's source_file_lookup_name: the source file whose base name is
 * [name, name + len) (the one met last of several), or NULL. */
static const char *find_file(const struct symtab *st, const char *name, size_t len)
{
	for (size_t i = st->nfiles; i > 0; i--) {
		const char *base = path_base_name(st->files[i - 1]);

		if (strlen(base) == len && memcmp(base, name, len) == 0)
			return st->files[i - 1];
	}
	return NULL;
}

/* GNU's parse_spec on [s, s + len). */
static void parse_part(const struct symtab *st, const char *s, size_t len, struct spec_part *p)
{
	const char *end = s + len, *colon = NULL;

	memset(p, 0, sizeof(*p));
	for (size_t i = len; i > 0; i--)
		if (s[i - 1] == ':') {
			colon = s + i - 1;
			break;
		}
	if (colon) {
		p->has_file = colon > s;
		if (p->has_file)
			p->file = find_file(st, s, (size_t)(colon - s));
		s = colon + 1;
	} else if (memchr(s, '.', len)) {
		p->has_file = 1;
		p->file = find_file(st, s, len);
		return;
	}
	if (s == end)
		return;
	if (isdigit((unsigned char)*s)) {
		p->line = leading_number(s, end);
	} else {
		p->name = s;
		p->name_len = (size_t)(end - s);
	}
}

/* GNU's match(): the file (a file no function has matches none), the line
 * unless 0, the name. */
static int part_matches(const struct spec_part *p, const struct sym *s)
{
	if (p->has_file && (!p->file || p->file != s->file))
		return 0;
	if (p->line != 0 && (unsigned long)p->line != s->line)
		return 0;
	return !p->name || (strncmp(s->name, p->name, p->name_len) == 0 &&
			    s->name[p->name_len] == '\0');
}

/* The runs of consecutive functions of st that p matches, as (first, last)
 * pairs appended to *runs; returns the number of runs, or -1 (no memory). */
static long match_runs(const struct symtab *st, const struct spec_part *p, size_t **runs)
{
	size_t n = 0, cap = 0;

	*runs = NULL;
	for (size_t i = 0; i < st->nsyms; i++) {
		if (!part_matches(p, &st->syms[i]))
			continue;
		if (n > 0 && (*runs)[2 * n - 1] + 1 == i) {
			(*runs)[2 * n - 1] = i;
			continue;
		}
		if (n == cap) {
			size_t *grown = realloc(*runs, 2 * (cap = cap ? 2 * cap : 4) * sizeof(**runs));

			if (!grown) {
				free(*runs);
				*runs = NULL;
				return -1;
			}
			*runs = grown;
		}
		(*runs)[2 * n] = (*runs)[2 * n + 1] = i;
		n++;
	}
	return (long)n;
}

static int is_arc_table(enum symspec_table t)
{
	return t == SYMSPEC_INCL_ARCS || t == SYMSPEC_EXCL_ARCS;
}

/* Entries by table, then start; of two with the same start, GNU keeps one:
 * that of the specification given last (see add_arc_runs). */
static int cmp_arc(const void *a, const void *b)
{
	const struct symspec_arc *l = a, *r = b;

	if (l->table != r->table)
		return l->table < r->table ? -1 : 1;
	if (l->first != r->first)
		return l->first < r->first ? -1 : 1;
	return 0;
}

/*
 * The arc tables' entries, sorted and with one entry per start, as GNU's
 * symtab_finalize leaves them.  GNU adds the specifications in reverse
 * order, so of two entries with the same start the later specification's
 * comes first and stays; here they are added in order, so the last one
 * with a start is kept.
 */
static void finish_arcs(struct symtab *st)
{
	size_t kept = 0;

	/* stable by position: later entries of a start replace earlier ones */
	for (size_t i = 0; i < st->nspec_arcs; i++) {
		size_t j;

		for (j = 0; j < kept; j++)
			if (st->spec_arcs[j].table == st->spec_arcs[i].table &&
			    st->spec_arcs[j].first == st->spec_arcs[i].first)
				break;
		st->spec_arcs[j] = st->spec_arcs[i];
		if (j == kept)
			kept++;
	}
	st->nspec_arcs = kept;
	if (kept > 1)
		qsort(st->spec_arcs, kept, sizeof(*st->spec_arcs), cmp_arc);
}

int symspec_apply(struct symtab *st, const struct symspec *specs, size_t n, char *err,
		  size_t errlen)
{
	const unsigned defaults = SYMSPEC_BIT(SYMSPEC_EXCL_FLAT) | SYMSPEC_BIT(SYMSPEC_EXCL_TIME) |
				  SYMSPEC_BIT(SYMSPEC_EXCL_GRAPH);

	symspec_free(st);
	st->spec_nonempty = 0;
	for (size_t i = 0; i < st->nsyms; i++) {
		st->syms[i].spec = st->syms[i].excluded ? defaults : 0;
		if (st->syms[i].excluded)
			st->spec_nonempty |= defaults;
	}
	for (size_t k = 0; k < n; k++) {
		const char *text = specs[k].text, *slash = strchr(text, '/');
		enum symspec_table t = specs[k].table;
		struct spec_part from, to;
		size_t *from_runs, *to_runs = NULL;
		long nfrom, nto = 0;

		parse_part(st, text, slash ? (size_t)(slash - text) : strlen(text), &from);
		if (slash)
			parse_part(st, slash + 1, strlen(slash + 1), &to);
		nfrom = match_runs(st, &from, &from_runs);
		if (nfrom < 0)
			goto oom;
		if (!is_arc_table(t)) {
			for (long r = 0; r < nfrom; r++)
				for (size_t i = from_runs[2 * r]; i <= from_runs[2 * r + 1]; i++)
					st->syms[i].spec |= SYMSPEC_BIT(t);
			if (nfrom > 0)
				st->spec_nonempty |= SYMSPEC_BIT(t);
			free(from_runs);
			continue;
		}
		if (slash && (nto = match_runs(st, &to, &to_runs)) < 0) {
			free(from_runs);
			goto oom;
		}
		if (nfrom > 0) {
			struct symspec_arc *grown = realloc(st->spec_arcs, (st->nspec_arcs + (size_t)nfrom) *
								       sizeof(*grown));
			size_t **owned = realloc(st->spec_arc_runs,
						 (st->nspec_arc_runs + 1) * sizeof(*owned));

			if (grown)
				st->spec_arcs = grown;
			if (owned)
				st->spec_arc_runs = owned;
			if (!grown || !owned) {
				free(from_runs);
				free(to_runs);
				goto oom;
			}
			st->spec_arc_runs[st->nspec_arc_runs++] = to_runs;
			to_runs = NULL;
			for (long r = 0; r < nfrom; r++)
				st->spec_arcs[st->nspec_arcs++] = (struct symspec_arc){
					t, from_runs[2 * r], from_runs[2 * r + 1],
					st->spec_arc_runs[st->nspec_arc_runs - 1], (size_t)nto };
			st->spec_nonempty |= SYMSPEC_BIT(t);
		}
		free(from_runs);
		free(to_runs);
	}
	finish_arcs(st);
	return 0;
oom:
	snprintf(err, errlen, "out of memory matching symbol specifications");
	return -1;
}

/* GNU's sym_id_arc_is_present: any entry of table t whose run holds the
 * parent and whose TO runs hold the child (a run of "/TO", which matches
 * every function, holds the FROM of every other entry too). */
static int arc_present(const struct symtab *st, enum symspec_table t, size_t parent, size_t child)
{
	for (size_t i = 0; i < st->nspec_arcs; i++) {
		const struct symspec_arc *a = &st->spec_arcs[i];

		if (a->table != t || parent < a->first || parent > a->last)
			continue;
		for (size_t r = 0; r < a->nto; r++)
			if (a->to[2 * r] <= child && child <= a->to[2 * r + 1])
				return 1;
	}
	return 0;
}

int symspec_arc_kept(const struct symtab *st, const struct sym *parent, const struct sym *child)
{
	if (!symspec_selects_arcs(st))
		return 1;
	if (arc_present(st, SYMSPEC_INCL_ARCS, parent->index, child->index))
		return 1;
	if (st->spec_nonempty & SYMSPEC_BIT(SYMSPEC_INCL_ARCS))
		return 0;
	return !arc_present(st, SYMSPEC_EXCL_ARCS, parent->index, child->index);
}

int symspec_each_arc_pair(const struct symtab *st, const struct symspec *specs, size_t n,
			  void (*fn)(void *ctx, const struct sym *from, const struct sym *to),
			  void *ctx)
{
	for (size_t k = n; k > 0; k--) {
		const char *text = specs[k - 1].text, *slash = strchr(text, '/');
		struct spec_part from, to;
		size_t *from_runs = NULL, *to_runs = NULL;
		long nfrom, nto;

		if (!is_arc_table(specs[k - 1].table) || !slash)
			continue;
		parse_part(st, text, (size_t)(slash - text), &from);
		parse_part(st, slash + 1, strlen(slash + 1), &to);
		nfrom = match_runs(st, &from, &from_runs);
		nto = nfrom < 0 ? -1 : match_runs(st, &to, &to_runs);
		if (nfrom < 0 || nto < 0) {
			free(from_runs);
			return -1;
		}
		for (long f = nfrom; f > 0; f--)
			for (long t = nto; t > 0; t--)
				fn(ctx, &st->syms[from_runs[2 * (f - 1)]], &st->syms[to_runs[2 * (t - 1)]]);
		free(from_runs);
		free(to_runs);
	}
	return 0;
}

int symspec_selects_arcs(const struct symtab *st)
{
	return (st->spec_nonempty &
		(SYMSPEC_BIT(SYMSPEC_INCL_ARCS) | SYMSPEC_BIT(SYMSPEC_EXCL_ARCS))) != 0;
}

void symspec_free(struct symtab *st)
{
	for (size_t i = 0; i < st->nspec_arc_runs; i++)
		free(st->spec_arc_runs[i]);
	free(st->spec_arc_runs);
	free(st->spec_arcs);
	st->spec_arc_runs = NULL;
	st->nspec_arc_runs = 0;
	st->spec_arcs = NULL;
	st->nspec_arcs = 0;
	st->spec_nonempty &= ~(SYMSPEC_BIT(SYMSPEC_INCL_ARCS) | SYMSPEC_BIT(SYMSPEC_EXCL_ARCS));
}
