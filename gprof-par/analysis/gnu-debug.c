/*
 * gnu-debug.c - GNU gprof's -d traces of the raw data (see gnu-debug.h).
 *
 * The files are replayed record by record (profile/gmon-records.h) into
 * the two structures GNU's traces show: the histogram records by range,
 * with GNU's running per-bin sums, and the arcs between functions, kept as
 * GNU keeps them: a list of children per parent, newest first, found by
 * walking the parent's list (cg_arcs.c arc_lookup, arc_add).
 */
#include "gnu-debug.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "counts.h"
#include "gmon-records.h"
#include "grow.h"

struct debug_hist {
	gmon_addr_t low_pc, high_pc;
	uint32_t nbins;
	unsigned *samples;       /* GNU's int sample[]: the sums so far */
};

struct debug_arc {
	const struct sym *parent, *child;
	unsigned long count;
	size_t next;             /* the parent's next (older) child + 1; 0: none */
};

struct replay {
	FILE *out;
	unsigned level;
	const struct symtab *st;
	struct debug_hist *hists;
	size_t nhists, hists_cap;
	struct debug_arc *arcs;
	size_t narcs, arcs_cap;
	size_t *children;        /* per function: its newest arc + 1; 0: none */
};

void gnu_debug_print_level(FILE *out, unsigned level)
{
	fprintf(out, "[main] debug-level=0x%x\n", level);
}

static struct debug_hist *find_hist(struct replay *r, const struct gmon_hist_record *h)
{
	struct debug_hist *d;

	for (size_t i = 0; i < r->nhists; i++)
		if (r->hists[i].low_pc == h->low_pc && r->hists[i].high_pc == h->high_pc)
			return &r->hists[i];
	d = grow_array(r->hists, &r->hists_cap, r->nhists + 1, sizeof(*d), 4);
	if (!d)
		return NULL;
	r->hists = d;
	d = &r->hists[r->nhists];
	d->samples = calloc(h->nbins, sizeof(*d->samples));
	if (!d->samples)
		return NULL;
	d->low_pc = h->low_pc;
	d->high_pc = h->high_pc;
	d->nbins = h->nbins;
	r->nhists++;
	return d;
}

/* GNU hist_read_rec: the record's header, then every bin's sum so far. */
static int on_hist(void *ctx, const struct gmon_hist_record *h)
{
	struct replay *r = ctx;
	struct debug_hist *d = find_hist(r, h);
	uint32_t n;

	if (!d)
		return -2;    /* out of memory */
	if (!(r->level & GNU_DEBUG_SAMPLE)) {
		for (uint32_t i = 0; i < d->nbins && i < h->nbins; i++)
			d->samples[i] += gmon_record_bin(h, i);
		return 0;
	}
	fprintf(r->out, "[hist_read_rec] n_lowpc 0x%" PRIx64 " n_highpc 0x%" PRIx64 " ncnt %u\n",
		(uint64_t)d->low_pc, (uint64_t)d->high_pc, d->nbins);
	n = d->nbins < h->nbins ? d->nbins : h->nbins;
	for (uint32_t i = 0; i < n; i++) {
		d->samples[i] += gmon_record_bin(h, i);
		fprintf(r->out, "[hist_read_rec] 0x%" PRIx64 ": %u\n",
			(uint64_t)(d->low_pc + (uint64_t)i * (d->high_pc - d->low_pc) / d->nbins),
			d->samples[i]);
	}
	return 0;
}

/* GNU arc_add: a hit adds to the pair's arc, else a new arc is put first
 * in the parent's children. */
static int arc_add(struct replay *r, const struct sym *parent, const struct sym *child,
		   unsigned long count)
{
	struct debug_arc *grown;

	if (r->level & GNU_DEBUG_TALLY)
		fprintf(r->out, "[arc_add] %lu arcs from %s to %s\n", count, parent->name,
			child->name);
	for (size_t a = r->children[parent->index]; a != 0; a = r->arcs[a - 1].next) {
		struct debug_arc *arc = &r->arcs[a - 1];

		if (arc->child == child) {
			if (r->level & GNU_DEBUG_TALLY)
				fprintf(r->out, "[tally] hit %lu += %lu\n", arc->count, count);
			arc->count += count;
			return 0;
		}
	}
	grown = grow_array(r->arcs, &r->arcs_cap, r->narcs + 1, sizeof(*grown), 64);
	if (!grown)
		return -2;    /* out of memory */
	r->arcs = grown;
	r->arcs[r->narcs] = (struct debug_arc){ parent, child, count,
						 r->children[parent->index] };
	r->children[parent->index] = ++r->narcs;
	return 0;
}

/* GNU cg_read_rec, then cg_tally: the arc's functions by GNU's rules
 * (counts.h), kept unless -k and the like leave it out. */
static int on_arc(void *ctx, gmon_addr_t from_pc, gmon_addr_t self_pc, uint32_t count)
{
	struct replay *r = ctx;
	struct sym *parent, *child;

	if (r->level & GNU_DEBUG_SAMPLE)
		fprintf(r->out, "[cg_read_rec] frompc 0x%" PRIx64 " selfpc 0x%" PRIx64 " count %lu\n",
			(uint64_t)from_pc, (uint64_t)self_pc, (unsigned long)count);
	if (!arc_functions(r->st, from_pc, self_pc, &parent, &child))
		return 0;
	if (r->level & GNU_DEBUG_TALLY)
		fprintf(r->out, "[cg_tally] arc from %s to %s traversed %lu times\n", parent->name,
			child->name, (unsigned long)count);
	return arc_add(r, parent, child, count);
}

/* GNU cg_write_arcs: by parent in table order, each one's children newest
 * first, at the functions' addresses. */
static void print_written_arcs(const struct replay *r)
{
	for (size_t i = 0; i < r->st->nsyms; i++)
		for (size_t a = r->children[i]; a != 0; a = r->arcs[a - 1].next) {
			const struct debug_arc *arc = &r->arcs[a - 1];

			fprintf(r->out, "[cg_write_arcs] frompc 0x%" PRIx64 " selfpc 0x%" PRIx64
				" count %lu\n", (uint64_t)arc->parent->addr,
				(uint64_t)arc->child->addr, arc->count);
		}
}

/* GNU sym_id_process: an arc of 0 calls per pair of runs of a FROM/TO
 * specification, in tables of their own (never a hit). */
static void on_spec_pair(void *ctx, const struct sym *from, const struct sym *to)
{
	struct replay *r = ctx;

	fprintf(r->out, "[arc_add] 0 arcs from %s to %s\n", from->name, to->name);
}

int gnu_debug_trace_reading(FILE *out, const struct gnu_debug_input *in, char *err,
			    size_t errlen)
{
	static const struct gmon_visitor visitor = { NULL, on_hist, on_arc, NULL };
	struct replay r = { .out = out, .level = in->level, .st = in->st };
	char ignored[1024];
	int rc = 0;

	if (!(in->level & (GNU_DEBUG_TALLY | GNU_DEBUG_SAMPLE)))
		return 0;
	if ((in->level & GNU_DEBUG_TALLY) &&
	    symspec_each_arc_pair(in->st, in->specs, in->nspecs, on_spec_pair, &r) != 0)
		rc = -1;
	r.children = calloc(in->st->nsyms ? in->st->nsyms : 1, sizeof(*r.children));
	if (!r.children)
		rc = -1;
	for (size_t i = 0; rc == 0 && i < in->npaths; i++)
		if (gmon_visit_file(in->paths[i], &visitor, &r, ignored, sizeof ignored) == -2)
			rc = -1;   /* a callback ran out of memory */
	if (rc == 0 && in->writes_sum && (in->level & GNU_DEBUG_SAMPLE))
		print_written_arcs(&r);
	for (size_t i = 0; i < r.nhists; i++)
		free(r.hists[i].samples);
	free(r.hists);
	free(r.arcs);
	free(r.children);
	if (rc != 0) {
		snprintf(err, errlen, "out of memory tracing the gmon files (-d)");
		return -1;
	}
	if (ferror(out)) {
		snprintf(err, errlen, "error writing the -d traces");
		return -1;
	}
	return 0;
}
