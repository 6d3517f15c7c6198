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
	size_t n = m->nfns, k = 0;
	int uncounted = 0, status = -1;

	files.text = malloc((n ? n : 1) * sizeof *files.text);
	modules.text = malloc((n ? n : 1) * sizeof *modules.text);
	fns.text = malloc((n ? n : 1) * sizeof *fns.text);
	fns.id = malloc((n ? n : 1) * sizeof *fns.id);
	fns.defined = calloc(n + 1, 1);
	if (!files.text || !modules.text || !fns.text || !fns.id || !fns.defined)
		goto out;
	for (size_t f = 0; f < n; f++) {
		files.text[f] = m->fns[f].file ? m->fns[f].file : UNKNOWN_NAME;
		modules.text[f] = m->fns[f].module ? m->fns[f].module : UNKNOWN_NAME;
		fns.text[f] = m->fns[f].name;
		fns.id[f] = (uint32_t)(f + 1);
	}
	if (names_number(&files, n) != 0 || names_number(&modules, n) != 0)
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

		fputc('\n', out);
		print_spec(out, "ob", &modules, f);
		print_spec(out, "fl", &files, f);
		print_spec(out, "fn", &fns, f);
		/* 0 too: callgrind_annotate --tree warns of a file whose
		 * functions have call costs only */
		fprintf(out, "%u %" PRIu64 "\n", fn->line, fn->self);
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
	names_free(&files);
	names_free(&modules);
	names_free(&fns);
	return status;
}
