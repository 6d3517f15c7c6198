/*
 * balance.c - per-function statistics over ranks, while summing (see
 * balance.h).
 */
#include "balance.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "gmon-read.h"
#include "profile-internal.h"

/* Where a histogram's bins go: the function of each bin (nfuncs: none). */
struct bin_map {
	gmon_addr_t low, high;
	uint32_t nbins;
	uint32_t *func;
};

/* Files are folded into the statistics in batches of this many: the
 * statistics of a function are then read and written once a batch, not
 * once a file (they are larger than the cache for many functions). */
#define BATCH 8

struct balance_scratch {
	/* Calls are folded in batches: per file of the batch, its calls per
	 * function, +1 slot for "no function": BATCH x (nfuncs + 1). */
	uint64_t *calls;
	size_t nbatched;
	/*
	 * Time is sparse (a rank's samples fall in few functions), so it is
	 * folded file by file for the functions with samples only; the zeros
	 * of the others are settled when the run ends (balance_flush), with
	 * the rank of the first file that had none: the lowest such rank, as
	 * long as ranks rise from file to file.  When they do not, the zeros
	 * so far are settled and the rest of the run is folded densely.
	 */
	uint64_t *file_time;     /* this file's samples per function (+1) */
	uint32_t *touched;       /* the functions with samples in it */
	size_t ntouched;
	uint64_t *seen;          /* per function: files of the run with samples */
	uint64_t *lead;          /* per function: files from the run's first
				  * on, all with samples (= first without) */
	uint64_t run_files;      /* files of this run */
	uint64_t run_first;      /* index in b->ranks of its first file */
	int64_t last_rank;
	int dense;
	int64_t batch_rank[BATCH];
	int64_t calls_top_rank;  /* the highest rank folded into calls so far
				  * (-1: none; a negative rank is never
				  * folded as rising) */
	/* The row of calls the next file's go to: the profile adds the
	 * counts of an arc into it by the arc's class, the function the arc
	 * counts as a call of (nfuncs: none), set once per arc of the summed
	 * profile (profile_set_arc_class): every rank's arcs are looked up in
	 * the map once. */
	uint64_t *pending;
	struct bin_map *maps;
	size_t nmaps;
};

static void stat_reset(struct balance_stat *s)
{
	memset(s, 0, sizeof(*s));
	s->min = UINT64_MAX;
	s->min_rank = s->max_rank = -1;
}

static int calloc_array(void *pp, size_t n, size_t size)
{
	void **p = pp;

	*p = calloc(n ? n : 1, size);
	return *p ? 0 : -1;
}

/* balance_init, or with map NULL an empty result of nfuncs functions */
static int init(struct balance *b, const struct balance_map *map, uint32_t nfuncs,
		uint32_t ncolumns, uint64_t nfiles)
{
	memset(b, 0, sizeof(*b));
	b->map = map;
	b->nfuncs = map ? map->nfuncs : nfuncs;
	b->ncolumns = ncolumns;
	b->nfiles = nfiles;
	if (calloc_array(&b->time, b->nfuncs, sizeof(*b->time)) != 0 ||
	    calloc_array(&b->calls, b->nfuncs, sizeof(*b->calls)) != 0 ||
	    calloc_array(&b->columns, (size_t)b->nfuncs * ncolumns, sizeof(*b->columns)) != 0 ||
	    calloc_array(&b->column_files, ncolumns, sizeof(*b->column_files)) != 0 ||
	    calloc_array(&b->column_first, ncolumns, sizeof(*b->column_first)) != 0 ||
	    calloc_array(&b->column_last, ncolumns, sizeof(*b->column_last)) != 0)
		goto oom;
	for (uint32_t c = 0; c < ncolumns; c++)
		b->column_first[c] = b->column_last[c] = -1;
	for (uint32_t f = 0; f < b->nfuncs; f++) {
		stat_reset(&b->time[f]);
		stat_reset(&b->calls[f]);
	}
	if (map) {
		b->scratch = calloc(1, sizeof(*b->scratch));
		if (!b->scratch ||
		    calloc_array(&b->scratch->calls, BATCH * ((size_t)b->nfuncs + 1),
				 sizeof(uint64_t)) != 0 ||
		    calloc_array(&b->scratch->file_time, (size_t)b->nfuncs + 1,
				 sizeof(uint64_t)) != 0 ||
		    calloc_array(&b->scratch->touched, (size_t)b->nfuncs + 1,
				 sizeof(uint32_t)) != 0 ||
		    calloc_array(&b->scratch->seen, b->nfuncs, sizeof(uint64_t)) != 0 ||
		    calloc_array(&b->scratch->lead, b->nfuncs, sizeof(uint64_t)) != 0)
			goto oom;
		b->scratch->pending = b->scratch->calls;
		b->scratch->calls_top_rank = -1;  /* ranks are not negative */

	}
	return 0;
oom:
	balance_free(b);
	return -1;
}

int balance_init(struct balance *b, const struct balance_map *map, uint32_t ncolumns,
		 uint64_t nfiles)
{
	return init(b, map, 0, ncolumns, nfiles);
}

int balance_init_merged(struct balance *b, uint32_t nfuncs, uint32_t ncolumns, uint64_t nfiles)
{
	return init(b, NULL, nfuncs, ncolumns, nfiles);
}

void balance_free(struct balance *b)
{
	if (b->scratch) {
		for (size_t i = 0; i < b->scratch->nmaps; i++)
			free(b->scratch->maps[i].func);
		free(b->scratch->maps);
		free(b->scratch->calls);
		free(b->scratch->file_time);
		free(b->scratch->touched);
		free(b->scratch->seen);
		free(b->scratch->lead);
		free(b->scratch);
	}
	free(b->time);
	free(b->calls);
	free(b->ranks);
	free(b->columns);
	free(b->column_files);
	free(b->column_first);
	free(b->column_last);
	memset(b, 0, sizeof(*b));
}

/* The entry containing addr, or -1: the last start <= addr, below text_end. */
static long map_entry(const struct balance_map *m, gmon_addr_t addr)
{
	size_t lo = 0, hi = m->nentries;

	if (addr >= m->text_end)
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->starts[mid] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

/* The function containing addr, or nfuncs for none. */
static uint32_t map_func(const struct balance_map *m, gmon_addr_t addr)
{
	long e = map_entry(m, addr);

	return e < 0 || m->func[e] == BALANCE_NONE ? m->nfuncs : m->func[e];
}

static const struct bin_map *bin_map_for(struct balance *b, gmon_addr_t low, gmon_addr_t high,
					 uint32_t nbins)
{
	struct balance_scratch *s = b->scratch;
	struct bin_map *grown, *bm;

	for (size_t i = 0; i < s->nmaps; i++)
		if (s->maps[i].low == low && s->maps[i].high == high && s->maps[i].nbins == nbins)
			return &s->maps[i];
	grown = realloc(s->maps, (s->nmaps + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	s->maps = grown;
	bm = &s->maps[s->nmaps];
	bm->low = low;
	bm->high = high;
	bm->nbins = nbins;
	bm->func = malloc((nbins ? nbins : 1) * sizeof(*bm->func));
	if (!bm->func)
		return NULL;
	/* Bin starts rise: walk the entries along with them.  Bins are
	 * usually of a whole number of bytes: then without a 128-bit
	 * division per bin. */
	long e = -1;
	gmon_addr_t step = nbins && (high - low) % nbins == 0 ? (high - low) / nbins : 0;

	for (uint32_t i = 0; i < nbins; i++) {
		gmon_addr_t pc = step ? low + step * i
				      : low + (gmon_addr_t)((unsigned __int128)(high - low) * i / nbins);

		while ((size_t)(e + 1) < b->map->nentries && b->map->starts[e + 1] <= pc)
			e++;
		bm->func[i] = e < 0 || pc >= b->map->text_end || b->map->func[e] == BALANCE_NONE
				      ? b->nfuncs : b->map->func[e];
	}
	s->nmaps++;
	return bm;
}

#define BIN_MAP_AHEAD 4

/*
 * Adds a histogram record's bins to the functions they belong to: only the
 * blocks the adding loop found samples in (profile_trace), and in them the
 * 8-byte words (4 bins) that are not zero.
 */
static uint64_t add_bins_to_functions(struct balance_scratch *s, const struct bin_map *bm,
				      const struct profile_hist_trace *h, const uint32_t *blocks)
{
	uint64_t *time = s->file_time;
	uint64_t total = 0;

	for (size_t b = 0; b < h->nblocks; b++) {
		uint32_t first = blocks[h->first_block + b] * PROFILE_TRACE_BLOCK;

		/* The bins' functions of a block a few ahead: the map is as large
		 * as the histogram, and the blocks with samples are scattered. */
		if (b + BIN_MAP_AHEAD < h->nblocks)
			__builtin_prefetch(&bm->func[blocks[h->first_block + b + BIN_MAP_AHEAD] *
						     PROFILE_TRACE_BLOCK]);
		uint32_t end = first + PROFILE_TRACE_BLOCK < h->nbins ? first + PROFILE_TRACE_BLOCK
								      : h->nbins;

		for (uint32_t i = first; i < end; i += 4) {
			uint32_t stop = i + 4 < end ? i + 4 : end;

			if (stop - i == 4) {
				uint64_t word;

				memcpy(&word, h->bins + (size_t)i * HIST_BIN_SIZE, 8);
				if (!word)
					continue;
			}
			for (uint32_t j = i; j < stop; j++) {
				uint16_t c = load_u16(h->bins + (size_t)j * HIST_BIN_SIZE);
				uint32_t f = bm->func[j];

				if (!c)
					continue;
				if (!time[f])
					s->touched[s->ntouched++] = f;
				time[f] += c;
				total += c;
			}
		}
	}
	return total;
}

/* The function an arc counts as a call of, or nfuncs: not a call (an end
 * in no function, or a call within one function). */
static uint32_t arc_callee(const struct balance *b, gmon_addr_t from_pc, gmon_addr_t self_pc)
{
	uint32_t from = map_func(b->map, from_pc), self = map_func(b->map, self_pc);

	return from != b->nfuncs && self != b->nfuncs && from != self ? self : b->nfuncs;
}

static void column_take_rank(struct balance *b, uint32_t c, int64_t first, int64_t last)
{
	if (first < 0)
		return;
	if (b->column_first[c] < 0 || first < b->column_first[c])
		b->column_first[c] = first;
	if (last > b->column_last[c])
		b->column_last[c] = last;
}

static inline void fold_value(struct balance_stat *s, uint64_t v, int64_t rank)
{
	if (v < s->min || (v == s->min && rank < s->min_rank)) {
		s->min = v;
		s->min_rank = rank;
	}
	if (v > s->max || s->max_rank < 0 || (v == s->max && rank < s->max_rank)) {
		s->max = v;
		s->max_rank = rank;
	}
	s->sum += v;
	s->sumsq += (unsigned __int128)v * v;
}

static int add_rank(struct balance *b, int64_t rank, uint64_t samples)
{
	struct balance_rank *grown = grow_array(b->ranks, &b->ranks_cap, b->nranks + 1,
						sizeof(*grown), 64);

	if (!grown)
		return -1;
	b->ranks = grown;
	b->ranks[b->nranks].rank = rank;
	b->ranks[b->nranks].samples = samples;
	return 0;
}

static void fold_calls(struct balance *b);
static void fold_time(struct balance *b, int64_t rank, uint32_t column);

int balance_add_file(struct balance *b, int64_t rank, uint64_t index, struct profile *p)
{
	struct balance_scratch *s = b->scratch;
	struct profile_trace t;
	uint64_t total = 0;
	uint32_t column = 0;
	uint64_t *calls = s->pending;  /* where p put the classed arcs' counts */

	if (profile_last_trace(p, &t) != 0)
		return -1;
	for (size_t h = 0; h < t.nhists; h++) {
		const struct bin_map *bm = bin_map_for(b, t.hists[h].low_pc, t.hists[h].high_pc,
						       t.hists[h].nbins);

		if (!bm)
			return -1;
		total += add_bins_to_functions(s, bm, &t.hists[h], t.blocks);
	}
	/* The arcs without a class yet: new in p, or the first file's. */
	for (size_t k = 0; k < t.narcs && !b->without_calls; k++) {
		uint32_t i = t.arcs[k].index;
		uint32_t callee = arc_callee(b, p->arcs[i].from_pc, p->arcs[i].self_pc);

		if (profile_set_arc_class(p, i, callee) != 0)
			return -1;
		calls[callee] += t.arcs[k].count;
	}
	if (b->ncolumns > 0 && b->nfiles > 0) {
		column = (uint32_t)((unsigned __int128)index * b->ncolumns / b->nfiles);
		if (column >= b->ncolumns)
			column = b->ncolumns - 1;
		b->column_files[column]++;
		column_take_rank(b, column, rank, rank);
	}
	fold_time(b, rank, column);
	if (!b->without_calls) {
		s->batch_rank[s->nbatched] = rank;
		s->nbatched++;
		if (s->nbatched == BATCH)
			fold_calls(b);
		s->pending = s->calls + s->nbatched * ((size_t)b->nfuncs + 1);
		profile_trace_arc_sums(p, &s->pending);
	}
	if (add_rank(b, rank, total) != 0)
		return -1;
	b->nranks++;
	return 0;
}

/* Whether the batch's ranks rise, from above every rank folded before. */
static int batch_ranks_rise(const struct balance_scratch *s)
{
	int64_t below = s->calls_top_rank;

	for (size_t k = 0; k < s->nbatched; k++) {
		if (s->batch_rank[k] <= below)
			return 0;
		below = s->batch_rank[k];
	}
	return 1;
}

/*
 * Folds a batch whose ranks rise (batch_ranks_rise): per function, the
 * batch's own minimum and maximum (the first file holding each: the
 * lowest rank), sum and sum of squares first, then one update of the
 * statistics, where an equal value keeps the rank it has (a lower one).
 * The same result as fold_value file by file, in half the time: the
 * statistics are read and written once a batch.
 */
static void fold_rising_calls(struct balance *b)
{
	struct balance_scratch *s = b->scratch;
	size_t stride = (size_t)b->nfuncs + 1, n = s->nbatched;

	for (uint32_t f = 0; f < b->nfuncs; f++) {
		uint64_t *v = s->calls + f;
		uint64_t lo = v[0], hi = v[0], sum = 0;
		unsigned __int128 sumsq = 0;
		size_t lo_k = 0, hi_k = 0;

		for (size_t k = 0; k < n; k++) {
			uint64_t x = v[k * stride];

			if (x < lo) {
				lo = x;
				lo_k = k;
			}
			if (x > hi) {
				hi = x;
				hi_k = k;
			}
			sum += x;
			sumsq += (unsigned __int128)x * x;
			v[k * stride] = 0;  /* cleared while in cache */
		}
		struct balance_stat *calls = &b->calls[f];

		if (calls->min_rank < 0 || lo < calls->min) {
			calls->min = lo;
			calls->min_rank = s->batch_rank[lo_k];
		}
		if (calls->max_rank < 0 || hi > calls->max) {
			calls->max = hi;
			calls->max_rank = s->batch_rank[hi_k];
		}
		calls->sum += sum;
		calls->sumsq += sumsq;
	}
}

/* Folds the batch's calls into the statistics. */
static void fold_calls(struct balance *b)
{
	struct balance_scratch *s = b->scratch;
	size_t stride = (size_t)b->nfuncs + 1;

	if (batch_ranks_rise(s)) {
		fold_rising_calls(b);
	} else {
		for (uint32_t f = 0; f < b->nfuncs; f++) {
			struct balance_stat *calls = &b->calls[f];

			for (size_t k = 0; k < s->nbatched; k++) {
				fold_value(calls, s->calls[k * stride + f], s->batch_rank[k]);
				s->calls[k * stride + f] = 0;  /* cleared while in cache */
			}
		}
	}
	for (size_t k = 0; k < s->nbatched; k++)
		if (s->batch_rank[k] > s->calls_top_rank)
			s->calls_top_rank = s->batch_rank[k];
	for (size_t k = 0; k < s->nbatched; k++)
		s->calls[k * stride + b->nfuncs] = 0;
	s->nbatched = 0;
	s->pending = s->calls;
}

/* The zeros of the run so far: a function without samples in some file
 * gets 0 with the rank of the first such file (see struct
 * balance_scratch). */
static void settle_time(struct balance *b)
{
	struct balance_scratch *s = b->scratch;

	for (uint32_t f = 0; f < b->nfuncs; f++)
		if (s->seen[f] < s->run_files)
			fold_value(&b->time[f], 0, b->ranks[s->run_first + s->lead[f]].rank);
	memset(s->seen, 0, b->nfuncs * sizeof(*s->seen));
	memset(s->lead, 0, b->nfuncs * sizeof(*s->lead));
}

/* Folds this file's samples per function (file run_files of the run). */
static void fold_time(struct balance *b, int64_t rank, uint32_t column)
{
	struct balance_scratch *s = b->scratch;

	if (!s->dense && s->run_files > 0 && rank <= s->last_rank) {
		settle_time(b);
		s->dense = 1;
	}
	if (s->dense) {
		for (uint32_t f = 0; f < b->nfuncs; f++) {
			fold_value(&b->time[f], s->file_time[f], rank);
			if (b->ncolumns > 0)
				b->columns[(size_t)f * b->ncolumns + column] += s->file_time[f];
			s->file_time[f] = 0;
		}
	} else {
		for (size_t i = 0; i < s->ntouched; i++) {
			uint32_t f = s->touched[i];

			if (f == b->nfuncs)
				continue;
			fold_value(&b->time[f], s->file_time[f], rank);
			if (b->ncolumns > 0)
				b->columns[(size_t)f * b->ncolumns + column] += s->file_time[f];
			s->seen[f]++;
			if (s->lead[f] == s->run_files)
				s->lead[f]++;
			s->file_time[f] = 0;
		}
	}
	s->file_time[b->nfuncs] = 0;
	s->ntouched = 0;
	s->run_files++;
	s->last_rank = rank;
}

void balance_flush(struct balance *b)
{
	struct balance_scratch *s = b->scratch;

	if (!s)
		return;
	if (s->nbatched > 0)
		fold_calls(b);
	if (!s->dense && s->run_files > 0)
		settle_time(b);
	/* The next files start a run of their own. */
	s->run_files = 0;
	s->run_first = b->nranks;
	s->dense = 0;
}

static void merge_stat(struct balance_stat *into, const struct balance_stat *from)
{

	if (from->min_rank >= 0 &&
	    (into->min_rank < 0 || from->min < into->min ||
	     (from->min == into->min && from->min_rank < into->min_rank))) {
		into->min = from->min;
		into->min_rank = from->min_rank;
	}
	if (from->max_rank >= 0 &&
	    (into->max_rank < 0 || from->max > into->max ||
	     (from->max == into->max && from->max_rank < into->max_rank))) {
		into->max = from->max;
		into->max_rank = from->max_rank;
	}
	into->sum += from->sum;
	into->sumsq += from->sumsq;
}

int balance_merge(struct balance *into, const struct balance *from)
{
	if (into->nfuncs != from->nfuncs || into->ncolumns != from->ncolumns)
		return -1;
	for (uint32_t f = 0; f < into->nfuncs; f++) {
		merge_stat(&into->time[f], &from->time[f]);
		merge_stat(&into->calls[f], &from->calls[f]);
	}
	for (size_t i = 0; i < (size_t)into->nfuncs * into->ncolumns; i++)
		into->columns[i] += from->columns[i];
	for (uint32_t c = 0; c < into->ncolumns; c++) {
		into->column_files[c] += from->column_files[c];
		column_take_rank(into, c, from->column_first[c], from->column_last[c]);
	}
	into->sums += from->sums;
	for (uint64_t r = 0; r < from->nranks; r++) {
		if (add_rank(into, from->ranks[r].rank, from->ranks[r].samples) != 0)
			return -1;
		into->nranks++;
	}
	return 0;
}

static int cmp_ranks(const void *lp, const void *rp)
{
	const struct balance_rank *l = lp, *r = rp;

	return (l->rank > r->rank) - (l->rank < r->rank);
}

void balance_finish(struct balance *b)
{
	if (b->nranks > 1)   /* (none: ranks may be NULL, which qsort must not get) */
		qsort(b->ranks, b->nranks, sizeof(*b->ranks), cmp_ranks);
}

/* ---- Images ------------------------------------------------------------ */

#define BALANCE_IMAGE_MAGIC 0x62616c31u  /* "bal1" */

struct image_header {
	uint32_t magic;
	uint32_t nfuncs;
	uint32_t ncolumns;
	uint32_t sums;
	uint64_t nranks;
	uint64_t nfiles;
};

static size_t image_size(uint32_t nfuncs, uint32_t ncolumns, uint64_t nranks)
{
	return sizeof(struct image_header) + 2 * (size_t)nfuncs * sizeof(struct balance_stat) +
	       (size_t)nranks * sizeof(struct balance_rank) +
	       ((size_t)nfuncs * ncolumns + 3 * (size_t)ncolumns) * sizeof(uint64_t);
}

int balance_pack(const struct balance *b, void **data, size_t *len)
{
	struct image_header h = { BALANCE_IMAGE_MAGIC, b->nfuncs, b->ncolumns, b->sums, b->nranks,
				  b->nfiles };
	size_t n = image_size(b->nfuncs, b->ncolumns, b->nranks);
	unsigned char *p = malloc(n), *q = p;

	if (!p)
		return -1;
#define PUT(src, size) (memcpy(q, (src), (size)), q += (size))
	PUT(&h, sizeof(h));
	PUT(b->time, b->nfuncs * sizeof(*b->time));
	PUT(b->calls, b->nfuncs * sizeof(*b->calls));
	PUT(b->ranks, b->nranks * sizeof(*b->ranks));
	PUT(b->columns, (size_t)b->nfuncs * b->ncolumns * sizeof(*b->columns));
	PUT(b->column_files, b->ncolumns * sizeof(*b->column_files));
	PUT(b->column_first, b->ncolumns * sizeof(*b->column_first));
	PUT(b->column_last, b->ncolumns * sizeof(*b->column_last));
#undef PUT
	*data = p;
	*len = n;
	return 0;
}

int balance_unpack(struct balance *b, const void *data, size_t len)
{
	struct image_header h;
	const unsigned char *q = data;

	if (len < sizeof(h))
		return -1;
	memcpy(&h, q, sizeof(h));
	if (h.magic != BALANCE_IMAGE_MAGIC || h.nranks > len ||
	    len != image_size(h.nfuncs, h.ncolumns, h.nranks))
		return -1;
	if (balance_init_merged(b, h.nfuncs, h.ncolumns, h.nfiles) != 0)
		return -1;
	b->ranks = malloc((h.nranks ? h.nranks : 1) * sizeof(*b->ranks));
	if (!b->ranks) {
		balance_free(b);
		return -1;
	}
	b->ranks_cap = h.nranks ? h.nranks : 1;
	b->nranks = h.nranks;
	b->sums = h.sums;
	q += sizeof(h);
#define GET(dst, size) (memcpy((dst), q, (size)), q += (size))
	GET(b->time, h.nfuncs * sizeof(*b->time));
	GET(b->calls, h.nfuncs * sizeof(*b->calls));
	GET(b->ranks, h.nranks * sizeof(*b->ranks));
	GET(b->columns, (size_t)h.nfuncs * h.ncolumns * sizeof(*b->columns));
	GET(b->column_files, h.ncolumns * sizeof(*b->column_files));
	GET(b->column_first, h.ncolumns * sizeof(*b->column_first));
	GET(b->column_last, h.ncolumns * sizeof(*b->column_last));
#undef GET
	return 0;
}

int balance_map_pack(const struct balance_map *map, void **data, size_t *len)
{
	size_t n = 2 * sizeof(uint64_t) + sizeof(gmon_addr_t) +
		   map->nentries * (sizeof(gmon_addr_t) + sizeof(uint32_t));
	unsigned char *p = malloc(n), *q = p;
	uint64_t head[2] = { map->nentries, map->nfuncs };

	if (!p)
		return -1;
	memcpy(q, head, sizeof(head));
	q += sizeof(head);
	memcpy(q, &map->text_end, sizeof(map->text_end));
	q += sizeof(map->text_end);
	memcpy(q, map->starts, map->nentries * sizeof(*map->starts));
	q += map->nentries * sizeof(*map->starts);
	memcpy(q, map->func, map->nentries * sizeof(*map->func));
	*data = p;
	*len = n;
	return 0;
}

int balance_map_view(struct balance_map *map, const void *data, size_t len)
{
	const unsigned char *q = data;
	uint64_t head[2];

	if (len < sizeof(head) + sizeof(gmon_addr_t))
		return -1;
	memcpy(head, q, sizeof(head));
	if (head[0] > len || head[1] >= BALANCE_NONE ||
	    len != sizeof(head) + sizeof(gmon_addr_t) +
			   head[0] * (sizeof(gmon_addr_t) + sizeof(uint32_t)))
		return -1;
	map->nentries = head[0];
	map->nfuncs = (uint32_t)head[1];
	memcpy(&map->text_end, q + sizeof(head), sizeof(map->text_end));
	/* The sender's buffer is aligned by malloc; so are these offsets. */
	map->starts = (gmon_addr_t *)(uintptr_t)(q + sizeof(head) + sizeof(gmon_addr_t));
	map->func = (uint32_t *)(uintptr_t)(q + sizeof(head) + sizeof(gmon_addr_t) +
					    head[0] * sizeof(gmon_addr_t));
	return 0;
}
