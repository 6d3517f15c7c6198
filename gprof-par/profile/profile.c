/*
 * profile.c - the in-memory profile (see profile.h): its life cycle, the
 * arc array and its hash index, reserving room before anything is added,
 * and adding one profile into another (merge, clone).
 */
#include "profile-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "grow.h"

void profile_init(struct profile *p)
{
	memset(p, 0, sizeof *p);
}

void profile_free(struct profile *p)
{
	for (size_t i = 0; i < p->nhists; i++)
		free(p->hists[i].bins);
	free(p->hists);
	free(p->arcs);
	free(p->first_file);
	free(p->hist_file);
	free(p->fingerprint_file);
	if (p->priv) {
		range_index_free(&p->priv->hist_index);
		free(p->priv->arc_slots);
		free(p->priv->read_buf);
		free(p->priv->bsd_converted);
		for (size_t i = 0; i < p->priv->npartial; i++)
			free(p->priv->partial[i]);
		free(p->priv->partial);
		free(p->priv->partial_records);
		free(p->priv->arc_trace);
		free(p->priv->hist_trace);
		free(p->priv->block_trace);
		free(p->priv->arc_class);
		free(p->priv);
	}
	profile_init(p);
}

int profile_ensure_private(struct profile *p, char *err, size_t errlen)
{
	if (p->priv)
		return 0;
	p->priv = calloc(1, sizeof *p->priv);
	if (!p->priv) {
		set_error(err, errlen, "out of memory for a profile");
		return -1;
	}
	return 0;
}

/* Turns the reason in err into "name: reason". */
void profile_prefix_error(char *err, size_t errlen, const char *name)
{
	char reason[256];

	if (!err || errlen == 0)
		return;
	snprintf(reason, sizeof reason, "%s", err);
	set_error(err, errlen, "%s: %s", name, reason);
}

/* See profile-internal.h. */
int profile_find_hist(const struct profile *p, gmon_addr_t low, gmon_addr_t high)
{
	if (p->priv && p->priv->hist_index.n == p->nhists) {
		size_t i = range_index_find(&p->priv->hist_index, low, high);

		return i == RANGE_NONE ? -1 : (int)i;
	}
	for (size_t i = 0; i < p->nhists; i++)
		if (p->hists[i].low_pc == low && p->hists[i].high_pc == high)
			return (int)i;
	return -1;
}


/* ---- Room for arcs: the array and an index at most half full. ---- */

static int grow_arc_array(struct profile *p, size_t need, char *err, size_t errlen)
{
	struct profile_arc *grown;

	if (need <= p->priv->arcs_cap)
		return 0;
	grown = grow_array(p->arcs, &p->priv->arcs_cap, need, sizeof *grown, 64);
	if (!grown) {
		set_error(err, errlen, "out of memory for %zu arcs", need);
		return -1;
	}
	p->arcs = grown;
	return 0;
}

/* Keeps the index at most half full for need arcs; rebuilds it when it grows. */
static int grow_arc_index(struct profile *p, size_t need, char *err, size_t errlen)
{
	struct profile_private *priv = p->priv;
	size_t slots = 16;
	uint32_t *table;

	while (slots < 2 * need)
		slots *= 2;
	if (priv->arc_slots && slots <= priv->arc_slot_mask + 1)
		return 0;
	table = calloc(slots, sizeof *table);
	if (!table) {
		set_error(err, errlen, "out of memory for an index of %zu arcs", need);
		return -1;
	}
	free(priv->arc_slots);
	priv->arc_slots = table;
	priv->arc_slot_mask = slots - 1;
	for (size_t i = 0; i < p->narcs; i++)
		index_arc(priv, p->arcs, i);
	return 0;
}

/* Makes room for extra more arcs in the array and the index. */
static int reserve_arcs(struct profile *p, size_t extra, char *err, size_t errlen)
{
	size_t need = p->narcs + extra;

	if (need >= UINT32_MAX / 2 || need < extra) {
		set_error(err, errlen, "too many distinct arcs (%zu)", need);
		return -1;
	}
	if (grow_arc_array(p, need, err, errlen) != 0)
		return -1;
	return grow_arc_index(p, need, err, errlen);
}

/* ---- Reserving everything before applying. ---------------------- */

static int copy_name(char **dst, const char *name)
{
	if (*dst || !name)
		return 0;
	*dst = strdup(name);
	return *dst ? 0 : -1;
}

/* Appends zeroed histograms for the new ranges; all or nothing. */
static int append_hists(struct profile *p, const struct hist_header *headers, size_t n,
			char *err, size_t errlen)
{
	struct profile_histogram *grown;
	size_t i;

	if (n == 0)
		return 0;
	grown = realloc(p->hists, (p->nhists + n) * sizeof *grown);
	if (!grown)
		goto oom;
	p->hists = grown;
	for (i = 0; i < n; i++) {
		struct profile_histogram *h = &p->hists[p->nhists + i];

		h->bins = calloc(headers[i].nbins, sizeof *h->bins);
		if (!h->bins)
			break;
		h->low_pc = headers[i].low_pc;
		h->high_pc = headers[i].high_pc;
		h->nbins = headers[i].nbins;
		h->rate = headers[i].rate;
		memcpy(h->dimen, headers[i].dimen, sizeof h->dimen);
		h->dimen_abbrev = headers[i].dimen_abbrev;
	}
	if (i == n) {
		/* the index only speeds lookups up: without memory for it,
		 * profile_find_hist searches linearly */
		for (i = 0; i < n; i++)
			if (range_index_add(&p->priv->hist_index, headers[i].low_pc,
					    headers[i].high_pc, p->nhists + i) != 0) {
				range_index_free(&p->priv->hist_index);
				break;
			}
		p->nhists += n;
		return 0;
	}
	while (i-- > 0)
		free(p->hists[p->nhists + i].bins);
oom:
	set_error(err, errlen, "out of memory for %zu histograms", n);
	return -1;
}

/* See profile-internal.h. */
int profile_reserve(struct profile *p, const struct source_names *names,
		    const struct hist_header *new_hists, size_t nnew_hists, size_t arcs,
		    char *err, size_t errlen)
{
	char *first = p->first_file, *hist = p->hist_file, *fp = p->fingerprint_file;

	if (reserve_arcs(p, arcs, err, errlen) != 0)
		return -1;
	if (copy_name(&p->first_file, names->first) != 0 ||
	    copy_name(&p->hist_file, names->hist) != 0 ||
	    copy_name(&p->fingerprint_file, names->fingerprint) != 0)
		goto oom;
	if (append_hists(p, new_hists, nnew_hists, err, errlen) != 0)
		goto undo_names;
	return 0;
oom:
	set_error(err, errlen, "out of memory");
undo_names:
	if (p->first_file != first)
		free(p->first_file), p->first_file = first;
	if (p->hist_file != hist)
		free(p->hist_file), p->hist_file = hist;
	if (p->fingerprint_file != fp)
		free(p->fingerprint_file), p->fingerprint_file = fp;
	return -1;
}

int profile_reserve_scan(struct profile *p, const struct file_scan *scan, size_t arcs,
			 char *err, size_t errlen)
{
	struct source_names names;

	names.first = scan->name;
	names.hist = scan->nnew_hists > 0 ? scan->name : NULL;
	names.fingerprint = scan->has_fingerprint && !p->has_fingerprint ? scan->name : NULL;
	if (profile_reserve(p, &names, scan->new_hists, scan->nnew_hists, arcs, err, errlen) != 0) {
		profile_prefix_error(err, errlen, scan->name);
		return -1;
	}
	return 0;
}

void profile_take_fingerprint(struct profile *p, int has, const unsigned char *fingerprint)
{
	if (has && !p->has_fingerprint) {
		p->has_fingerprint = 1;
		memcpy(p->fingerprint, fingerprint, GMON_FINGERPRINT_SIZE);
	}
}

uint64_t profile_bytes_read(const struct profile *p)
{
	return p->priv ? p->priv->bytes_read : 0;
}

/* ---- Merging profiles. -------------------------------------------- */

static int check_merge(const struct profile *dst, const struct profile *src,
		       struct file_scan *scan, char *err, size_t errlen)
{
	if (src->has_fingerprint &&
	    fingerprint_check_same(dst, src->fingerprint, name_or_unnamed(src->fingerprint_file), err,
			      errlen) != 0)
		return -1;
	scan->name = name_or_unnamed(src->hist_file);
	for (size_t i = 0; i < src->nhists; i++) {
		struct hist_header h = hist_header_of(&src->hists[i]);
		char msg[768];

		if (gmon_check_histogram(dst, scan, &h, msg, sizeof msg) != 0) {
			set_error(err, errlen, "%s: %s", scan->name, msg);
			return -1;
		}
	}
	return 0;
}

static void merge_data(struct profile *dst, const struct profile *src)
{
	for (size_t i = 0; i < src->nhists; i++) {
		const struct profile_histogram *h = &src->hists[i];
		uint64_t *sums = dst->hists[profile_find_hist(dst, h->low_pc, h->high_pc)].bins;

		if (!h->bins)
			continue;  /* all zero (profile-pack.c) */
		for (uint32_t b = 0; b < h->nbins; b++)
			sums[b] += h->bins[b];
	}
	for (size_t i = 0; i < src->narcs; i++)
		profile_add_arc(dst, src->arcs[i].from_pc, src->arcs[i].self_pc, src->arcs[i].count);
	profile_take_fingerprint(dst, src->has_fingerprint, src->fingerprint);
	dst->bb_records_skipped += src->bb_records_skipped;
	dst->bb_counts_skipped += src->bb_counts_skipped;
	dst->nfiles += src->nfiles;
}

int profile_merge(struct profile *dst, const struct profile *src, char *err, size_t errlen)
{
	struct file_scan scan;
	struct source_names names;
	int rc = -1;

	memset(&scan, 0, sizeof scan);
	if (profile_ensure_private(dst, err, errlen) != 0)
		return -1;
	if (check_merge(dst, src, &scan, err, errlen) != 0)
		goto out;
	names.first = src->first_file;
	names.hist = scan.nnew_hists > 0 ? src->hist_file : NULL;
	names.fingerprint = src->has_fingerprint && !dst->has_fingerprint ?
				    src->fingerprint_file : NULL;
	if (profile_reserve(dst, &names, scan.new_hists, scan.nnew_hists, src->narcs, err, errlen) != 0) {
		profile_prefix_error(err, errlen, name_or_unnamed(src->first_file));
		goto out;
	}
	merge_data(dst, src);
	rc = 0;
out:
	file_scan_free(&scan);
	return rc;
}

int profile_clone(struct profile *dst, const struct profile *src, char *err, size_t errlen)
{
	profile_init(dst);
	if (profile_merge(dst, src, err, errlen) != 0) {
		profile_free(dst);
		return -1;
	}
	return 0;
}
