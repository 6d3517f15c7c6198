/*
 * regions.c - recognise OpenMP regions and compiler clones by name, and
 * charge them as --regions says (see regions.h).
 */
#include "regions.h"
#include "demangle.h"
#include "errors.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OFFLOADING_PREFIX "__omp_offloading_"

/* The '.' suffixes a compiler adds to a function's name, and what the word
 * becomes in a label ("f [omp region 2]"); NULL: a clone, "[clone .w.N]". */
static const struct suffix_word {
	const char *word;
	enum region_kind kind;
	const char *label;
} suffix_words[] = {
	{ "_omp_fn", REGION_OMP, "omp region" },                 /* GCC */
	{ "_omp_cpyfn", REGION_OMP, "omp task copy" },
	{ "omp_outlined", REGION_OMP, "omp region" },            /* LLVM */
	{ "omp_outlined_debug__", REGION_OMP, "omp region" },
	{ "omp_task_entry", REGION_OMP, "omp task" },
	{ "omp_task_privates_map", REGION_OMP, "omp task" },
	{ "part", REGION_CLONE, NULL },                          /* GCC ipa-split */
	{ "cold", REGION_CLONE, NULL },                          /* hot/cold split */
	{ "isra", REGION_CLONE, NULL },
	{ "constprop", REGION_CLONE, NULL },
	{ "clone", REGION_CLONE, NULL },
	{ "lto_priv", REGION_CLONE, NULL },
	{ "specialized", REGION_CLONE, NULL },
	{ "llvm", REGION_CLONE, NULL },                          /* ThinLTO */
};

static const struct suffix_word *find_word(const char *s, size_t len)
{
	for (size_t i = 0; i < sizeof(suffix_words) / sizeof(suffix_words[0]); i++)
		if (strlen(suffix_words[i].word) == len &&
		    memcmp(suffix_words[i].word, s, len) == 0)
			return &suffix_words[i];
	return NULL;
}

static int all_digits(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Length of the '.'-free component at s. */
static size_t component_len(const char *s)
{
	return strcspn(s, ".");
}

/* "__omp_offloading_<hex>_<hex>_NAME_l<LINE>". */
static int parse_offloading(const char *name, struct region_name *out)
{
	const char *p = name + strlen(OFFLOADING_PREFIX), *last;

	for (int field = 0; field < 2; field++) {
		const char *start = p;

		while (isxdigit((unsigned char)*p))
			p++;
		if (p == start || *p != '_')
			return 0;
		p++;
	}
	last = strrchr(p, '_');
	if (!last || last == p || last[1] != 'l' || last[2] == '\0' ||
	    !all_digits(last + 2, strlen(last + 2)))
		return 0;
	out->kind = REGION_OMP_TARGET;
	out->base = p;
	out->base_len = (size_t)(last - p);
	out->line = strtol(last + 2, NULL, 10);
	return 1;
}

int region_parse(const char *name, struct region_name *out)
{
	struct region_name ignored;
	const char *dot = strchr(name, '.'), *p;

	if (!out)
		out = &ignored;
	memset(out, 0, sizeof(*out));
	if (strchr(name, '$'))
		return 0;                 /* GNU's rule drops these for another reason */
	if (!dot)
		return strncmp(name, OFFLOADING_PREFIX, strlen(OFFLOADING_PREFIX)) == 0 &&
		       parse_offloading(name, out);
	for (p = dot; *p == '.';) {
		size_t len = component_len(p + 1);
		const struct suffix_word *w;

		/* Numbers, and the empty part of LLVM's ".omp_outlined..1". */
		if (!all_digits(p + 1, len)) {
			w = find_word(p + 1, len);
			if (!w)
				return 0;
			if (!out->kind)
				out->kind = w->kind;
		}
		p += 1 + len;
	}
	out->base = name;
	out->base_len = (size_t)(dot - name);
	if (!out->kind || (out->base_len == 0 && out->kind == REGION_CLONE))
		return 0;
	return 1;
}

int regions_parse_mode(const char *text, enum regions_mode *mode)
{
	if (strcmp(text, "gnu") == 0)
		*mode = REGIONS_GNU;
	else if (strcmp(text, "parent") == 0)
		*mode = REGIONS_PARENT;
	else if (strcmp(text, "separate") == 0)
		*mode = REGIONS_SEPARATE;
	else
		return -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Labels.                                                              */

struct text {
	char *buf;
	size_t len, cap;
	int failed;
};

static void text_add(struct text *t, const char *s, size_t n)
{
	if (t->failed)
		return;
	if (t->len + n + 1 > t->cap) {
		size_t cap = (t->len + n + 1) * 2;
		char *grown = realloc(t->buf, cap);

		if (!grown) {
			t->failed = 1;
			return;
		}
		t->buf = grown;
		t->cap = cap;
	}
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

static void text_str(struct text *t, const char *s)
{
	text_add(t, s, strlen(s));
}

/* The source function's printable name: demangled when asked and it can
 * be.  NULL only when out of memory. */
static char *base_print_name(const struct region_name *r, int demangle)
{
	char *base = strndup(r->base, r->base_len), *demangled;

	if (!base || !demangle)
		return base;
	if (demangle_name(base, &demangled) != 0) {
		free(base);
		return NULL;
	}
	if (!demangled)
		return base;
	free(base);
	return demangled;
}

/*
 * "f [omp region 3]", "f [clone .part.0] [clone .cold]", "f [omp target
 * region, line 12]": the base, then one bracket per suffix word with the
 * numbers after it.  With suffixes 0, the base alone.
 */
static char *make_label(const char *name, const struct region_name *r, int suffixes,
			int demangle)
{
	struct text t = { NULL, 0, 0, 0 };
	char *base = base_print_name(r, demangle);
	const char *p;

	if (!base)
		return NULL;
	text_str(&t, base);
	free(base);
	if (suffixes && r->kind == REGION_OMP_TARGET) {
		char line[64];

		snprintf(line, sizeof(line), " [omp target region, line %ld]", r->line);
		text_str(&t, line);
	} else if (suffixes) {
		p = name + r->base_len;
		while (*p == '.') {
			size_t len = component_len(p + 1);
			const struct suffix_word *w = find_word(p + 1, len);
			const char *group = p;

			/* The word and the numbers (or empty parts) after it. */
			for (p += 1 + len; *p == '.' && all_digits(p + 1, component_len(p + 1));)
				p += 1 + component_len(p + 1);
			if (!w) {
				continue;             /* numbers before any word */
			} else if (w->label) {
				const char *num = group + 1 + len;

				text_str(&t, " [");
				text_str(&t, w->label);
				while (num < p && *num == '.' && num[1] == '.')
					num++;        /* LLVM's "..1" */
				if (num < p) {
					text_str(&t, " ");
					text_add(&t, num + 1, (size_t)(p - num - 1));
				}
				text_str(&t, "]");
			} else {
				text_str(&t, " [clone ");
				text_add(&t, group, (size_t)(p - group));
				text_str(&t, "]");
			}
		}
	}
	if (t.failed) {
		free(t.buf);
		return NULL;
	}
	return t.buf;
}

/* ------------------------------------------------------------------ */
/* --regions=gnu: GNU's table in syms, the whole one in all.            */

static int hide_regions(struct symtab *st)
{
	size_t nvisible = 0, k = 0;
	struct sym *rows;

	for (size_t i = 0; i < st->nsyms; i++)
		nvisible += !st->syms[i].gnu_hidden;
	if (nvisible == st->nsyms)
		return 0;
	rows = calloc(nvisible ? nvisible : 1, sizeof(*rows));
	if (!rows)
		return -1;
	for (size_t i = 0; i < st->nsyms; i++) {
		if (st->syms[i].gnu_hidden)
			continue;
		rows[k] = st->syms[i];
		rows[k].index = k;
		rows[k].owner = &rows[k];
		if (k > 0)
			rows[k - 1].end_addr = rows[k].addr - 1;
		k++;
	}
	/* GNU's rule for the last function: it ends with .text. */
	rows[k - 1].end_addr = st->text_addr + st->text_size - 1;
	st->all = st->syms;
	st->nall = st->nsyms;
	st->syms = rows;
	st->nsyms = nvisible;
	return 0;
}

/* ------------------------------------------------------------------ */
/* --regions=parent.                                                     */

/* Compares a name given by its first len bytes with a whole name. */
static int cmp_prefix_name(const char *base, size_t len, const char *name)
{
	int c = strncmp(base, name, len);

	if (c != 0)
		return c;
	return name[len] == '\0' ? 0 : -1;
}

static int cmp_sym_names(const void *lp, const void *rp)
{
	const struct sym *l = *(const struct sym *const *)lp, *r = *(const struct sym *const *)rp;
	int c = strcmp(l->name, r->name);

	return c ? c : (l->addr > r->addr) - (l->addr < r->addr);
}

/* The function named base (len bytes) nearest to addr, or NULL. */
static struct sym *find_parent(struct sym **by_name, size_t n, const char *base, size_t len,
			       gmon_addr_t addr)
{
	size_t lo = 0, hi = n;
	struct sym *best = NULL;
	gmon_addr_t best_distance = 0;

	while (lo < hi) {                     /* the first name >= base */
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_prefix_name(base, len, by_name[mid]->name) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && cmp_prefix_name(base, len, by_name[lo]->name) == 0; lo++) {
		struct sym *s = by_name[lo];
		gmon_addr_t d = s->addr > addr ? s->addr - addr : addr - s->addr;

		if (!best || d < best_distance) {
			best = s;
			best_distance = d;
		}
	}
	return best;
}

/* Regions whose function has no symbol, by base name then address. */
struct orphan {
	struct sym *sym;
	struct region_name r;
};

static int cmp_orphans(const void *lp, const void *rp)
{
	const struct orphan *l = lp, *r = rp;
	size_t n = l->r.base_len < r->r.base_len ? l->r.base_len : r->r.base_len;
	int c = memcmp(l->r.base, r->r.base, n);

	if (c != 0)
		return c;
	if (l->r.base_len != r->r.base_len)
		return l->r.base_len < r->r.base_len ? -1 : 1;
	return (l->sym->addr > r->sym->addr) - (l->sym->addr < r->sym->addr);
}

static int same_base(const struct region_name *a, const struct region_name *b)
{
	return a->base_len == b->base_len && memcmp(a->base, b->base, a->base_len) == 0;
}

static int charge_to_parents(struct symtab *st, int demangle)
{
	struct sym **by_name = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*by_name));
	struct orphan *orphans = malloc((st->nsyms ? st->nsyms : 1) * sizeof(*orphans));
	size_t nfunctions = 0, norphans = 0;
	int rc = -1;

	if (!by_name || !orphans)
		goto out;
	for (size_t i = 0; i < st->nsyms; i++)
		if (!region_parse(st->syms[i].name, NULL))
			by_name[nfunctions++] = &st->syms[i];
	qsort(by_name, nfunctions, sizeof(*by_name), cmp_sym_names);
	for (size_t i = 0; i < st->nsyms; i++) {
		struct sym *s = &st->syms[i];
		struct region_name r;
		struct sym *parent;

		if (!region_parse(s->name, &r) || r.base_len == 0)
			continue;             /* LLVM's unnamed regions stay rows */
		parent = find_parent(by_name, nfunctions, r.base, r.base_len, s->addr);
		if (parent)
			s->owner = parent;
		else
			orphans[norphans++] = (struct orphan){ s, r };
	}
	qsort(orphans, norphans, sizeof(*orphans), cmp_orphans);
	for (size_t i = 0; i < norphans; i++) {
		struct orphan *o = &orphans[i];

		if (i > 0 && same_base(&o->r, &orphans[i - 1].r)) {
			o->sym->owner = orphans[i - 1].sym->owner;
			continue;
		}
		/* The first stands for the function, under its name. */
		o->sym->label = make_label(o->sym->name, &o->r, 0, demangle);
		if (!o->sym->label)
			goto out;
	}
	rc = 0;
out:
	free(by_name);
	free(orphans);
	return rc;
}

static int label_regions(struct symtab *st, int demangle)
{
	for (size_t i = 0; i < st->nsyms; i++) {
		struct sym *s = &st->syms[i];
		struct region_name r;

		if (!region_parse(s->name, &r) || r.base_len == 0)
			continue;
		s->label = make_label(s->name, &r, 1, demangle);
		if (!s->label)
			return -1;
	}
	return 0;
}

int regions_present(const struct symtab *st)
{
	if (st->all)
		return 1;  /* GNU's rule hid some */
	for (size_t i = 0; i < st->nsyms; i++)
		if (st->syms[i].gnu_hidden || region_parse(st->syms[i].name, NULL))
			return 1;
	return 0;
}

int regions_apply(struct symtab *st, enum regions_mode mode, int demangle, char *err,
		  size_t errlen)
{
	int rc = 0;

	switch (mode) {
	case REGIONS_GNU:
		rc = hide_regions(st);
		break;
	case REGIONS_PARENT:
		rc = charge_to_parents(st, demangle);
		break;
	case REGIONS_SEPARATE:
		rc = label_regions(st, demangle);
		break;
	}
	if (rc != 0)
		set_error(err, errlen, "%s: out of memory naming OpenMP regions and clones",
			  st->path);
	return rc;
}
