/*
 * balance-view.c - the load-balance view (see balance-view.h).
 */
#include "balance-view.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"

static void summarise(struct balance_summary *out, const struct balance_stat *s, uint64_t n,
		      double unit)
{
	long double sumsq = (long double)s->sumsq;
	long double mean = (long double)s->sum / n, var = sumsq / n - mean * mean;

	out->min = (double)s->min * unit;
	out->max = (double)s->max * unit;
	out->mean = (double)mean * unit;
	out->stddev = var > 0 ? (double)sqrtl(var) * unit : 0.0;
	out->min_rank = s->min_rank;
	out->max_rank = s->max_rank;
}

static int cmp_lost(const void *lp, const void *rp)
{
	const struct balance_function *l = lp, *r = rp;

	if (l->lost != r->lost)
		return l->lost < r->lost ? 1 : -1;
	if (l->time.max != r->time.max)
		return l->time.max < r->time.max ? 1 : -1;
	if (l->calls.max != r->calls.max)
		return l->calls.max < r->calls.max ? 1 : -1;
	return strcmp(l->sym->name, r->sym->name);
}

static int cmp_rank_seconds(const void *lp, const void *rp)
{
	const struct balance_rank_view *l = *(const struct balance_rank_view *const *)lp;
	const struct balance_rank_view *r = *(const struct balance_rank_view *const *)rp;

	if (l->seconds != r->seconds)
		return l->seconds < r->seconds ? 1 : -1;
	return (l->rank > r->rank) - (l->rank < r->rank);
}

static int place_ranks(struct balance_view *v, const struct balance *b)
{
	struct balance_rank_view **order = malloc((b->nranks ? b->nranks : 1) * sizeof(*order));
	double total = 0.0;
	struct balance_stat all = { .min_rank = -1, .max_rank = -1 };

	if (!order)
		return -1;
	for (uint64_t r = 0; r < b->nranks; r++) {
		all.sum += b->ranks[r].samples;
		all.sumsq += (unsigned __int128)b->ranks[r].samples * b->ranks[r].samples;
		v->ranks[r].rank = b->ranks[r].rank;
		v->ranks[r].seconds = (double)b->ranks[r].samples / v->hz;
		v->ranks[r].mpi_seconds = -1;
		total += v->ranks[r].seconds;
		order[r] = &v->ranks[r];
	}
	qsort(order, b->nranks, sizeof(*order), cmp_rank_seconds);
	for (uint64_t r = 0; r < b->nranks; r++)
		order[r]->place = r + 1;
	if (b->nranks > 0) {
		uint64_t last = b->nranks - 1;

		/* the lowest rank on ties, the slowest's rule (and the spreads') */
		while (last > 0 && order[last - 1]->seconds == order[last]->seconds)
			last--;
		v->slowest = (size_t)(order[0] - v->ranks);
		v->fastest = (size_t)(order[last] - v->ranks);
		v->lowest_rank = v->ranks[0].rank;
		v->highest_rank = v->ranks[b->nranks - 1].rank;
		v->rank_mean = total / (double)b->nranks;
		all.max = b->ranks[v->slowest].samples;
		all.max_rank = v->ranks[v->slowest].rank;
		all.min = b->ranks[v->fastest].samples;
		all.min_rank = v->ranks[v->fastest].rank;
	}
	v->ranks_beyond_noise = balance_noise_test(&v->rank_noise, &all, b->nranks, v->per_signal);
	free(order);
	return 0;
}

int balance_view_build(struct balance_view *v, const struct balance *b,
		       const struct sym *const *rows, double hz, double per_signal)
{
	memset(v, 0, sizeof(*v));
	v->per_signal = per_signal > 1 ? per_signal : 1;
	v->nranks = b->nranks;
	v->hz = hz > 0 ? hz : 1.0;
	v->funcs = malloc((b->nfuncs ? b->nfuncs : 1) * sizeof(*v->funcs));
	v->ranks = malloc((b->nranks ? b->nranks : 1) * sizeof(*v->ranks));
	if (!v->funcs || !v->ranks || place_ranks(v, b) != 0) {
		balance_view_free(v);
		return -1;
	}
	if (b->nranks == 0)
		return 0;
	for (uint32_t f = 0; f < b->nfuncs; f++) {
		struct balance_function *out = &v->funcs[v->nfuncs];

		if (b->time[f].sum == 0 && b->calls[f].sum == 0)
			continue;
		out->sym = rows[f];
		out->index = f;
		summarise(&out->time, &b->time[f], b->nranks, 1.0 / v->hz);
		summarise(&out->calls, &b->calls[f], b->nranks, 1.0);
		out->imbalance = out->time.mean > 0 ? out->time.max / out->time.mean - 1.0 : 0.0;
		out->lost = (double)((long double)b->time[f].max * b->nranks - b->time[f].sum) /
			    v->hz;
		out->significant = balance_noise_test(&out->noise, &b->time[f], b->nranks,
						      v->per_signal);
		v->nfuncs++;
	}
	qsort(v->funcs, v->nfuncs, sizeof(*v->funcs), cmp_lost);
	return 0;
}

void balance_view_free(struct balance_view *v)
{
	free(v->funcs);
	free(v->ranks);
	memset(v, 0, sizeof(*v));
}

int balance_heat_build(struct balance_heat *h, const struct balance_view *v,
		       const struct balance *b, size_t max_rows)
{
	memset(h, 0, sizeof(*h));
	h->nrows = v->nfuncs < max_rows ? v->nfuncs : max_rows;
	h->ncolumns = b->ncolumns;
	h->nranks = b->nranks;
	h->first = b->column_first;
	h->last = b->column_last;
	h->rows = malloc((h->nrows ? h->nrows : 1) * sizeof(*h->rows));
	h->cells = malloc(((size_t)h->nrows * h->ncolumns + 1) * sizeof(*h->cells));
	if (!h->rows || !h->cells) {
		balance_heat_free(h);
		return -1;
	}
	for (size_t r = 0; r < h->nrows; r++) {
		const struct balance_function *f = &v->funcs[r];

		h->rows[r] = f;
		for (uint32_t c = 0; c < h->ncolumns; c++) {
			double *cell = &h->cells[r * h->ncolumns + c];

			if (b->column_files[c] == 0) {
				*cell = -1.0;
				continue;
			}
			*cell = (double)b->columns[(size_t)f->index * b->ncolumns + c] /
				(double)b->column_files[c] / v->hz;
			if (*cell > h->max)
				h->max = *cell;
		}
	}
	return 0;
}

void balance_heat_free(struct balance_heat *h)
{
	free(h->rows);
	free(h->cells);
	memset(h, 0, sizeof(*h));
}

/* Whether a rank of the view comes before rank *key (an int64_t). */
static int rank_below(const void *k, const void *key)
{
	return ((const struct balance_rank_view *)k)->rank < *(const int64_t *)key;
}

size_t balance_view_rank_index(const struct balance_view *v, int64_t rank)
{
	/* v->ranks are in rank order (a scan of them all for each of the MPI
	 * profile's ranks was 2.2 s of 3 at 16,384 ranks) */
	return bisect_first(v->ranks, v->nranks, sizeof *v->ranks, &rank, rank_below);
}

void balance_view_add_mpi(struct balance_view *v, const struct mpi_profile *mp)
{
	for (size_t i = 0; i < mp->nranks; i++) {
		int64_t rank = mp->ranks[i].rank;

		for (size_t k = balance_view_rank_index(v, rank);
		     k < v->nranks && v->ranks[k].rank == rank; k++) {
			/* the wall time some thread was in MPI */
			v->ranks[k].mpi_seconds = (double)mp->ranks[i].mpi_wall_ns / 1e9;
			v->has_mpi = 1;
		}
	}
}
