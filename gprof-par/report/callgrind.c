/* callgrind.c - see callgrind.h. */
#include "callgrind.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define UNKNOWN_NAME "???"   /* valgrind's word for a file or name not known */

/* The compressed names of one kind ("fl" and "cfl", "ob" and "cob", "fn"
 * and "cfn" share theirs): an id from 1 per frame, defined the first time
 * it is written. */
struct names {
	const char **text;       /* per frame */
	uint32_t *id;            /* per frame */
	unsigned char *defined;  /* per id */
};

struct keyed {
	const char *s;
	size_t fn;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *l = a, *r = b;
	int c = strcmp(l->s, r->s);

	if (c != 0)
		return c;
	return l->fn < r->fn ? -1 : l->fn > r->fn;
}

static void names_free(struct names *n)
{
	free(n->text);
	free(n->id);
	free(n->defined);
}

/* One id per distinct text (text[f] for every frame f): equal strings
 * share one, numbered in the order of the strings.  Returns 0 or -1. */
static int names_number(struct names *n, size_t nfns)
{
	struct keyed *k = malloc((nfns ? nfns : 1) * sizeof *k);
	uint32_t next = 0;

	n->id = malloc((nfns ? nfns : 1) * sizeof *n->id);
	n->defined = calloc(nfns + 1, 1);
	if (!k || !n->id || !n->defined) {
		free(k);
		return -1;
	}
	for (size_t f = 0; f < nfns; f++)
		k[f] = (struct keyed){ n->text[f], f };
	if (nfns > 0)
		qsort(k, nfns, sizeof *k, cmp_keyed);
	for (size_t i = 0; i < nfns; i++) {
		if (i == 0 || strcmp(k[i - 1].s, k[i].s) != 0)
			next++;
		n->id[k[i].fn] = next;
	}
	free(k);
	return 0;
}

/* A name on a line of its own: no control character (a newline would end
 * it); never empty (an empty name after "(N)" would read as a reference). */
static void print_text(FILE *out, const char *s)
{
	if (!s || !*s)
		s = UNKNOWN_NAME;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++)
		fputc(*c < 0x20 || *c == 0x7f ? '_' : *c, out);
}

/* "key=(id) name" the first time, "key=(id)" after. */
static void print_spec(FILE *out, const char *key, struct names *n, size_t fn)
{
	uint32_t id = n->id[fn];

	fprintf(out, "%s=(%" PRIu32 ")", key, id);
	if (!n->defined[id]) {
		n->defined[id] = 1;
		fputc(' ', out);
		print_text(out, n->text[fn]);
	}
	fputc('\n', out);
}

/* A source line's samples of one function: file is an id of the files. */
struct line_cost {
	uint32_t file;
	unsigned line;
	uint64_t samples;
};

static int cmp_line_costs(const void *a, const void *b)
{
	const struct line_cost *l = a, *r = b;

	if (l->file != r->file)
		return l->file < r->file ? -1 : 1;
	return l->line < r->line ? -1 : l->line > r->line;
}

/*
 * Function f's self samples by source line: its sites
 * m->sites[first .. end) with a line, one entry per (file, line), sorted
 * (the file of its first line first), into lc; *rest: those of f's self
 * samples with no line (written at its first line).  Returns the entries.
 */
static size_t line_costs(const struct measured *m, size_t f, size_t first, size_t end,
			 const struct names *files, struct line_cost *lc, uint64_t *rest)
{
	size_t n = 0, k = 0;
	uint64_t placed = 0;

	for (size_t i = first; i < end; i++) {
		if (!m->sites[i].file || m->sites[i].line == 0)
			continue;
		lc[n++] = (struct line_cost){ files->id[m->nfns + i], m->sites[i].line,
					      m->sites[i].samples };
		placed += m->sites[i].samples;
	}
	*rest = m->fns[f].self > placed ? m->fns[f].self - placed : 0;
	if (n > 1)
		qsort(lc, n, sizeof *lc, cmp_line_costs);
	for (size_t i = 0; i < n; i++) {
		if (k > 0 && lc[k - 1].file == lc[i].file && lc[k - 1].line == lc[i].line)
			lc[k - 1].samples += lc[i].samples;
		else
			lc[k++] = lc[i];
	}
	return k;
}

/* lc[0 .. n) of function f: its own file's lines, then each other file's
 * after "fi=" (code inlined from it), and "fe=" back to f's file. */
static void print_line_costs(FILE *out, struct names *files, size_t f, size_t first,
			     const struct measured *m, const struct line_cost *lc, size_t n)
{
	uint32_t own = files->id[f], current = own;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			if ((lc[i].file == own) != (pass == 0))
				continue;
			if (lc[i].file != current) {
				/* the site that names this file: the first with its id */
				size_t s = first;

				while (files->id[m->nfns + s] != lc[i].file)
					s++;
				print_spec(out, "fi", files, m->nfns + s);
				current = lc[i].file;
			}
			fprintf(out, "%u %" PRIu64 "\n", lc[i].line, lc[i].samples);
		}
	if (current != own)
		print_spec(out, "fe", files, f);
}

void callgrind_print_file_header(FILE *out)
{
	fputs("# callgrind format\nversion: 1\ncreator: gprof-par\n", out);
}

int callgrind_print(FILE *out, const struct measured *m, const struct measured_arc *arcs,
		    size_t narcs, const char *command)
{
	callgrind_print_file_header(out);
	return callgrind_print_part(out, m, arcs, narcs, command, NULL);
}

int callgrind_print_part(FILE *out, const struct measured *m, const struct measured_arc *arcs,
			 size_t narcs, const char *command, const struct callgrind_part *part)
{
	struct names files = { 0 }, modules = { 0 }, fns = { 0 };
	size_t n = m->nfns, k = 0, site = 0;
	int uncounted = 0, status = -1;
	struct line_cost *lc = malloc((m->nsites ? m->nsites : 1) * sizeof *lc);

	files.text = malloc((n + m->nsites ? n + m->nsites : 1) * sizeof *files.text);
	modules.text = malloc((n ? n : 1) * sizeof *modules.text);
	fns.text = malloc((n ? n : 1) * sizeof *fns.text);
	fns.id = malloc((n ? n : 1) * sizeof *fns.id);
	fns.defined = calloc(n + 1, 1);
	if (!lc || !files.text || !modules.text || !fns.text || !fns.id || !fns.defined)
		goto out;
	for (size_t f = 0; f < n; f++) {
		files.text[f] = m->fns[f].file ? m->fns[f].file : UNKNOWN_NAME;
		modules.text[f] = m->fns[f].module ? m->fns[f].module : UNKNOWN_NAME;
		fns.text[f] = m->fns[f].name;
		fns.id[f] = (uint32_t)(f + 1);
	}
	for (size_t i = 0; i < m->nsites; i++)
		files.text[n + i] = m->sites[i].file ? m->sites[i].file : UNKNOWN_NAME;
	if (names_number(&files, n + m->nsites) != 0 || names_number(&modules, n) != 0)
		goto out;
	for (size_t a = 0; a < narcs; a++)
		uncounted |= !arcs[a].has_calls;

	if (part) {
		fprintf(out, "\npart: %zu\ndesc: Rank: %" PRId64 " (", part->number, part->rank);
		print_text(out, part->file);
		fputs(")\n", out);
	}
	if (command) {
		fputs("cmd: ", out);
		print_text(out, command);
		fputc('\n', out);
	}
	if (m->rate > 0)
		fprintf(out, "desc: Rate: %u samples a second\n", m->rate);
	if (uncounted)
		fputs("desc: Calls: counted by -pg; 1 for a call it did not count (in or into a "
		      "shared library, or from a function without -pg), seen on a sampled path\n",
		      out);
	fprintf(out, "positions: line\nevent: Samples : Samples of the call paths\n"
		"events: Samples\nsummary: %" PRIu64 "\n", m->samples);

	for (size_t f = 0; f < n; f++) {
		const struct measured_fn *fn = &m->fns[f];
		size_t first = site, nlines;
		uint64_t rest;

		while (site < m->nsites && m->sites[site].fn == f)
			site++;
		nlines = line_costs(m, f, first, site, &files, lc, &rest);
		fputc('\n', out);
		print_spec(out, "ob", &modules, f);
		print_spec(out, "fl", &files, f);
		print_spec(out, "fn", &fns, f);
		/* 0 too: callgrind_annotate --tree warns of a file whose
		 * functions have call costs only */
		fprintf(out, "%u %" PRIu64 "\n", fn->line, rest);
		print_line_costs(out, &files, f, first, m, lc, nlines);
		for (; k < narcs && arcs[k].caller == f; k++) {
			const struct measured_arc *a = &arcs[k];
			uint64_t calls = a->has_calls && a->calls > 0 ? a->calls : 1;

			if (a->callee >= n)
				continue;
			print_spec(out, "cob", &modules, a->callee);
			if (files.id[a->callee] != files.id[f])
				print_spec(out, "cfl", &files, a->callee);
			print_spec(out, "cfn", &fns, a->callee);
			fprintf(out, "calls=%" PRIu64 " %u\n%u %" PRIu64 "\n", calls,
				m->fns[a->callee].line, fn->line, a->inclusive);
		}
	}
	fprintf(out, "\ntotals: %" PRIu64 "\n", m->samples);
	status = 0;
out:
	free(lc);
	names_free(&files);
	names_free(&modules);
	names_free(&fns);
	return status;
}
