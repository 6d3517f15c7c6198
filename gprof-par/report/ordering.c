/*
 * ordering.c - the suggested function order (-r) and link order of object
 * files (-R), as GNU gprof 2.40 prints them (cg_print.c
 * cg_print_function_ordering, order_and_dump_functions_by_arcs,
 * cg_print_file_ordering): a greedy placement of callers next to callees
 * along the most used arcs.  Its thresholds (90% of the calls, 1.25% of
 * the functions, exactly five call sites, 99% of the calls) and its
 * quirks are GNU's, so that the lists are the same.
 */
#include "ordering.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph-data.h"

/* GNU keeps these in each Sym and Arc. */
struct placing {
	const struct callgraph *cg;
	unsigned char *placed;   /* per node: has_been_placed */
	size_t *next, *prev;     /* per node: the chain, CG_NONE at its ends */
	unsigned long *nuses;    /* per node */
	unsigned char *arc_placed; /* per arc */
	FILE *out;
};

#define NONE ((size_t)-1)

static const char *name_of(const struct placing *p, size_t f)
{
	return p->cg->nodes[f].name;
}

/* Sorts items by descending key, stably, as GNU's qsort (glibc's merge
 * sort) keeps the order of equal keys. */
static void sort_desc_stable(size_t *v, size_t n, uint64_t (*key)(const void *ctx, size_t item),
			     const void *ctx)
{
	size_t *tmp;

	if (n < 2)
		return;
	tmp = malloc(n * sizeof(*tmp));
	if (!tmp) {
		/* insertion sort needs no memory: slow but the same order */
		for (size_t i = 1; i < n; i++) {
			size_t x = v[i], j = i;

			for (; j > 0 && key(ctx, v[j - 1]) < key(ctx, x); j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	for (size_t width = 1; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
			size_t i = lo, j = mid, k = lo;

			while (i < mid && j < hi)
				tmp[k++] = key(ctx, v[j]) > key(ctx, v[i]) ? v[j++] : v[i++];
			while (i < mid)
				tmp[k++] = v[i++];
			while (j < hi)
				tmp[k++] = v[j++];
		}
		memcpy(v, tmp, n * sizeof(*v));
	}
	free(tmp);
}

static uint64_t arc_count(const void *ctx, size_t arc)
{
	return ((const struct callgraph *)ctx)->arcs[arc].count;
}

static uint64_t node_uses(const void *ctx, size_t node)
{
	return ((const struct placing *)ctx)->nuses[node];
}

static size_t chain_end(size_t f, const size_t *link, size_t *steps)
{
	*steps = 0;
	while (link[f] != NONE) {
		f = link[f];
		++*steps;
	}
	return f;
}

/* GNU's order_and_dump_functions_by_arcs. */
static void order_and_dump(struct placing *p, const size_t *arcs, size_t n, int all,
			   size_t *unplaced, size_t *nunplaced)
{
	const struct callgraph *cg = p->cg;
	unsigned long long total = 0, running = 0;

	if (!all)
		for (size_t i = 0; i < n; i++)
			total += cg->arcs[arcs[i]].count;
	for (size_t i = 0; i < n; i++) {
		size_t a = arcs[i], parent = cg->arcs[a].parent, child = cg->arcs[a].child;
		size_t end1, end2, steps;

		running += cg->arcs[a].count;
		if (p->arc_placed[a])
			continue;
		if ((!all && (double)running / (double)total > 0.99) || p->placed[child] ||
		    p->placed[parent]) {
			unplaced[(*nunplaced)++] = a;
			continue;
		}
		if (p->next[parent] != NONE && p->prev[parent] != NONE &&
		    p->next[child] != NONE && p->prev[child] != NONE) {
			unplaced[(*nunplaced)++] = a;
			continue;
		}
		/* an unattached end goes to the nearer end of the other's chain */
		if (p->next[parent] == NONE && p->prev[parent] == NONE) {
			size_t next_count, prev_count;
			size_t next = chain_end(child, p->next, &next_count);
			size_t prev = chain_end(child, p->prev, &prev_count);

			child = next_count < prev_count ? next : prev;
		} else if (p->next[child] == NONE && p->prev[child] == NONE) {
			size_t next_count, prev_count;
			size_t next = chain_end(parent, p->next, &next_count);
			size_t prev = chain_end(parent, p->prev, &prev_count);

			parent = prev_count < next_count ? prev : next;
		} else {
			unplaced[(*nunplaced)++] = a;
			continue;
		}
		/* never tie a chain's two ends together */
		end1 = p->next[parent] != NONE ? chain_end(parent, p->next, &steps)
					       : chain_end(parent, p->prev, &steps);
		end2 = p->next[child] != NONE ? chain_end(child, p->next, &steps)
					      : chain_end(child, p->prev, &steps);
		if (end1 == child && end2 == parent) {
			unplaced[(*nunplaced)++] = a;
			continue;
		}
		if (p->next[parent] != NONE) {
			if (p->next[child] == NONE) {
				p->prev[parent] = child;
				p->next[child] = parent;
				p->arc_placed[a] = 1;
			}
		} else if (p->prev[parent] != NONE) {
			if (p->prev[child] == NONE) {
				p->next[parent] = child;
				p->prev[child] = parent;
				p->arc_placed[a] = 1;
			}
		} else if (p->prev[child] != NONE) {
			p->prev[parent] = child;
			p->next[child] = parent;
			p->arc_placed[a] = 1;
		} else {
			p->next[parent] = child;
			p->prev[child] = parent;
			p->arc_placed[a] = 1;
		}
	}
	/* the chains made */
	for (size_t i = 0; i < n; i++) {
		size_t a = arcs[i], f = cg->arcs[a].parent;

		if (p->placed[cg->arcs[a].parent] || p->placed[cg->arcs[a].child])
			continue;
		if (p->next[f] == NONE && p->prev[f] == NONE)
			continue;
		while (p->prev[f] != NONE)
			f = p->prev[f];
		for (; f != NONE; f = p->next[f]) {
			p->placed[f] = 1;
			fprintf(p->out, "%s\n", name_of(p, f));
		}
	}
	if (all)
		for (size_t i = 0; i < n; i++) {
			size_t a = arcs[i];

			if (p->placed[cg->arcs[a].parent] || p->placed[cg->arcs[a].child])
				continue;
			p->placed[cg->arcs[a].parent] = 1;
			fprintf(p->out, "%s\n", name_of(p, cg->arcs[a].parent));
		}
}

static int placing_init(struct placing *p, const struct callgraph *cg, FILE *out)
{
	size_t nodes = cg->nfuncs ? cg->nfuncs : 1, arcs = cg->narcs ? cg->narcs : 1;

	p->cg = cg;
	p->out = out;
	p->placed = calloc(nodes, 1);
	p->next = malloc(nodes * sizeof(*p->next));
	p->prev = malloc(nodes * sizeof(*p->prev));
	p->nuses = calloc(nodes, sizeof(*p->nuses));
	p->arc_placed = calloc(arcs, 1);
	if (!p->placed || !p->next || !p->prev || !p->nuses || !p->arc_placed)
		return -1;
	for (size_t f = 0; f < cg->nfuncs; f++)
		p->next[f] = p->prev[f] = NONE;
	return 0;
}

static void placing_free(struct placing *p)
{
	free(p->placed);
	free(p->next);
	free(p->prev);
	free(p->nuses);
	free(p->arc_placed);
}

int ordering_print_functions(FILE *out, const struct callgraph *cg)
{
	struct placing p;
	size_t n = cg->nfuncs, narcs, arc_slots = cg->narcs ? cg->narcs : 1;
	size_t *unused = malloc((n ? n : 1) * sizeof(size_t));
	size_t *used = malloc((n ? n : 1) * sizeof(size_t));
	size_t *scratch = malloc((n ? n : 1) * sizeof(size_t));
	size_t *arcs = malloc(arc_slots * sizeof(size_t));
	size_t *high = calloc(arc_slots, sizeof(size_t));
	size_t *scratch_arcs = malloc(arc_slots * sizeof(size_t));
	size_t *unplaced = malloc(arc_slots * sizeof(size_t));
	size_t nunused = 0, nused = 0, nhigh = 0, nscratch_arcs = 0, nunplaced = 0;
	size_t scratch_index = 0;
	unsigned long long total = 0, running = 0;
	int rc = -1;

	if (placing_init(&p, cg, out) != 0 || !unused || !used || !scratch || !arcs ||
	    !high || !scratch_arcs || !unplaced)
		goto out;
	/* functions never called go last, as one group */
	for (size_t f = 0; f < n; f++) {
		if (cg->nodes[f].ncalls == 0) {
			unused[nunused++] = f;
			p.placed[f] = 1;
		} else {
			used[nused++] = f;
		}
	}
	/* GNU's arcs array leaves out a function's calls to itself */
	narcs = 0;
	for (size_t a = 0; a < cg->narcs; a++) {
		if (cg->arcs[a].parent == cg->arcs[a].child)
			continue;
		arcs[narcs++] = a;
		total += cg->arcs[a].count;
	}
	sort_desc_stable(arcs, narcs, arc_count, cg);
	/* how many of the arcs making 90% of the calls reach each function */
	for (size_t i = 0; i < narcs; i++) {
		running += cg->arcs[arcs[i]].count;
		if ((double)running / (double)total > 0.90)
			break;
		p.nuses[cg->arcs[arcs[i]].child]++;
	}
	memcpy(scratch, used, nused * sizeof(*scratch));
	sort_desc_stable(scratch, nused, node_uses, &p);
	/* up to 1.25% of the functions, called from many sites, as a group */
	for (size_t i = 0; i < nused / 80; i++) {
		size_t f = scratch[i];

		if (p.nuses[f] == 5)
			break;
		for (size_t k = cg->out_start[f]; k < cg->out_start[f + 1]; k++) {
			size_t a = cg->out_arcs[k];

			if (cg->arcs[a].parent != cg->arcs[a].child)
				scratch_arcs[nscratch_arcs++] = a;
			p.arc_placed[a] = 1;
		}
		for (size_t k = cg->in_start[f]; k < cg->in_start[f + 1]; k++) {
			size_t a = cg->in_arcs[k];

			if (cg->arcs[a].parent != cg->arcs[a].child)
				scratch_arcs[nscratch_arcs++] = a;
			p.arc_placed[a] = 1;
		}
		scratch_index = i;
		p.placed[f] = 1;   /* GNU: "a lie", to find them below */
	}
	for (size_t i = 0; i < nscratch_arcs; i++) {
		size_t a = scratch_arcs[i];

		if (p.placed[cg->arcs[a].child] && p.placed[cg->arcs[a].parent]) {
			high[nhigh++] = a;
			p.placed[cg->arcs[a].child] = 0;
			p.placed[cg->arcs[a].parent] = 0;
		}
	}
	/* (GNU stops one short of the last one taken) */
	for (size_t i = 0; i < scratch_index; i++)
		if (p.placed[scratch[i]])
			fprintf(out, "%s\n", name_of(&p, scratch[i]));
	sort_desc_stable(high, nhigh, arc_count, cg);
	order_and_dump(&p, high, nhigh, 1, unplaced, &nunplaced);
	order_and_dump(&p, arcs, narcs, 0, unplaced, &nunplaced);
	/* scratch_arcs is free again: GNU places the rest with it */
	nscratch_arcs = 0;
	order_and_dump(&p, unplaced, nunplaced, 1, scratch_arcs, &nscratch_arcs);
	for (size_t i = 0; i < nused; i++)
		if (!p.placed[used[i]])
			fprintf(out, "%s\n", name_of(&p, used[i]));
	for (size_t i = 0; i < nunused; i++)
		fprintf(out, "%s\n", name_of(&p, unused[i]));
	rc = 0;
out:
	placing_free(&p);
	free(unused);
	free(used);
	free(scratch);
	free(arcs);
	free(high);
	free(scratch_arcs);
	free(unplaced);
	return rc;
}

static int cmp_file_name(const void *a, const void *b)
{
	const char *const *l = a, *const *r = b;

	return strcmp(*l, *r);
}

/* The object files without a symbol of their own: MAP's file names, by
 * name (GNU sorts the map by file name here), each once, that no mapped
 * function carries. */
static void print_files_without_symbols(FILE *out, const char **files, size_t nfiles,
					 const char *const *mapped, size_t nmapped)
{
	const char *last = NULL;

	qsort(files, nfiles, sizeof(*files), cmp_file_name);
	for (size_t i = 0; i < nfiles; i++) {
		size_t k;

		if (last && strcmp(last, files[i]) == 0)
			continue;
		for (k = 0; k < nmapped; k++)
			if (strcmp(mapped[k], files[i]) == 0)
				break;
		if (k == nmapped)
			fprintf(out, "%s\n", files[i]);
		last = files[i];
	}
}

int ordering_print_files(FILE *out, const struct callgraph *cg, const char *const *sym_names,
			 const unsigned char *sym_mapped, size_t nsyms, const char **map_files,
			 size_t nmap_files)
{
	struct placing p = { 0 };
	size_t narcs = 0, nscratch = 0, nmapped = 0;
	size_t *arcs = NULL, *scratch = NULL;
	const char **mapped = malloc((nsyms ? nsyms : 1) * sizeof(*mapped));
	int rc = -1;

	if (!mapped)
		return -1;
	if (cg) {
		size_t slots = cg->narcs ? cg->narcs : 1;

		arcs = malloc(slots * sizeof(*arcs));
		scratch = malloc(slots * sizeof(*scratch));
		if (placing_init(&p, cg, out) != 0 || !arcs || !scratch)
			goto out;
		/* GNU's arcs array (no self arcs), in the order arcs were made;
		 * those between functions not both mapped count as placed */
		for (size_t a = 0; a < cg->narcs; a++) {
			if (cg->arcs[a].parent == cg->arcs[a].child)
				continue;
			if (!cg->nodes[cg->arcs[a].parent].mapped ||
			    !cg->nodes[cg->arcs[a].child].mapped)
				p.arc_placed[a] = 1;
			arcs[narcs++] = a;
		}
		order_and_dump(&p, arcs, narcs, 0, scratch, &nscratch);
	}
	for (size_t i = 0; i < nsyms; i++) {
		if (!sym_mapped[i])
			continue;
		if (!cg || !p.placed[i])
			fprintf(out, "%s\n", sym_names[i]);
		mapped[nmapped++] = sym_names[i];
	}
	print_files_without_symbols(out, map_files, nmap_files, mapped, nmapped);
	rc = 0;
out:
	if (cg)
		placing_free(&p);
	free(arcs);
	free(scratch);
	free(mapped);
	return rc;
}
