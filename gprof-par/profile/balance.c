/*
 * balance.c - per-function statistics over ranks, while summing (see
 * balance.h).
 */
#include "balance.h"

#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "profile-internal.h"

/* Where a histogram's bins go: runs of consecutive bins of one function
 * (a function's bins are consecutive), so that a file's bins are summed
 * run by run, as fast as they are added. */
struct bin_run {
	uint32_t first, end;     /* bins [first, end) */
	uint32_t func;           /* a function, or nfuncs (none) */
};

struct bin_map {
	gmon_addr_t low, high;
	uint32_t nbins;
	struct bin_run *runs;
	size_t nruns;
};

/* The functions of an arc's two ends, cached by (from_pc, self_pc): the
 * same arcs come back in every rank's file.  Direct-mapped: a collision
 * only costs the two lookups again. */
struct arc_cache_entry {
	gmon_addr_t from_pc, self_pc;
	uint32_t callee;         /* counted as a call of it, or nfuncs: not */
	uint32_t valid;
};
#define ARC_CACHE_MIN 4096

struct balance_scratch {
	uint64_t *time;          /* this file's samples per function, +1 slot
				  * for "no function" */
	uint64_t *calls;
	struct bin_map *maps;
	size_t nmaps;
	struct arc_cache_entry *arcs;
	size_t arc_mask;
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

int balance_init(struct balance *b, const struct balance_map *map, uint32_t ncolumns,
		 uint64_t nfiles)
{
	memset(b, 0, sizeof(*b));
	b->map = map;
	b->nfuncs = map ? map->nfuncs : 0;
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
		    calloc_array(&b->scratch->time, b->nfuncs + 1, sizeof(uint64_t)) != 0 ||
		    calloc_array(&b->scratch->calls, b->nfuncs + 1, sizeof(uint64_t)) != 0)
			goto oom;
		/* Room for every entry's two arcs (main -> f, f -> g) at half load. */
		b->scratch->arc_mask = ARC_CACHE_MIN;
		while (b->scratch->arc_mask < 4 * map->nentries)
			b->scratch->arc_mask <<= 1;
		if (calloc_array(&b->scratch->arcs, b->scratch->arc_mask,
				 sizeof(*b->scratch->arcs)) != 0)
			goto oom;
		b->scratch->arc_mask--;
	}
	return 0;
oom:
	balance_free(b);
	return -1;
}

void balance_free(struct balance *b)
{
	if (b->scratch) {
		for (size_t i = 0; i < b->scratch->nmaps; i++)
			free(b->scratch->maps[i].runs);
		free(b->scratch->arcs);
		free(b->scratch->maps);
		free(b->scratch->time);
		free(b->scratch->calls);
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
	memset(bm, 0, sizeof(*bm));
	bm->low = low;
	bm->high = high;
	bm->nbins = nbins;
	for (uint32_t i = 0; i < nbins; i++) {
		uint32_t f = map_func(b->map, low + (gmon_addr_t)((unsigned __int128)(high - low) *
								  i / nbins));

		if (bm->nruns > 0 && bm->runs[bm->nruns - 1].func == f) {
			bm->runs[bm->nruns - 1].end = i + 1;
			continue;
		}
		if ((bm->nruns & (bm->nruns - 1)) == 0) {   /* 0, 1, 2, 4, ...: grow */
			struct bin_run *more = realloc(bm->runs, (bm->nruns ? 2 * bm->nruns : 1) *
								 sizeof(*more));

			if (!more) {
				free(bm->runs);
				return NULL;
			}
			bm->runs = more;
		}
		bm->runs[bm->nruns++] = (struct bin_run){ i, i + 1, f };
	}
	s->nmaps++;
	return bm;
}

/* The function an arc counts as a call of, or nfuncs: not a call (an end
 * in no function, or a call within one function). */
static uint32_t arc_callee(struct balance *b, gmon_addr_t from_pc, gmon_addr_t self_pc)
{
	struct balance_scratch *s = b->scratch;
	size_t h = (size_t)((from_pc * 0x9e3779b97f4a7c15ull) ^ (self_pc * 0xc2b2ae3d27d4eb4full));
	struct arc_cache_entry *e = &s->arcs[(h ^ (h >> 29)) & s->arc_mask];
	uint32_t from, self;

	if (e->valid && e->from_pc == from_pc && e->self_pc == self_pc)
		return e->callee;
	from = map_func(b->map, from_pc);
	self = map_func(b->map, self_pc);
	e->from_pc = from_pc;
	e->self_pc = self_pc;
	e->callee = from != b->nfuncs && self != b->nfuncs && from != self ? self : b->nfuncs;
	e->valid = 1;
	return e->callee;
}

/* The sum of n 16-bit bins (blocks of a fixed size, which GCC vectorizes). */
static uint64_t sum_bins(const unsigned char *bins, uint32_t n)
{
	uint64_t total = 0;
	uint32_t i = 0;

	for (; i + 32 <= n; i += 32) {
		uint32_t block = 0;

		for (int k = 0; k < 32; k++)
			block += load_u16(bins + (size_t)(i + k) * HIST_BIN_SIZE);
		total += block;
	}
	for (; i < n; i++)
		total += load_u16(bins + (size_t)i * HIST_BIN_SIZE);
	return total;
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

static void fold_value(struct balance_stat *s, uint64_t v, int64_t rank)
{
	unsigned __int128 sq = (unsigned __int128)v * v;
	unsigned __int128 acc = ((unsigned __int128)s->sumsq_hi << 64 | s->sumsq_lo) + sq;

	if (v < s->min || (v == s->min && rank < s->min_rank)) {
		s->min = v;
		s->min_rank = rank;
	}
	if (v > s->max || s->max_rank < 0 || (v == s->max && rank < s->max_rank)) {
		s->max = v;
		s->max_rank = rank;
	}
	s->sum += v;
	s->sumsq_lo = (uint64_t)acc;
	s->sumsq_hi = (uint64_t)(acc >> 64);
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

int balance_add_file(struct balance *b, int64_t rank, uint64_t index, const void *data,
		     size_t len)
{
	const unsigned char *bytes = data;
	struct balance_scratch *s = b->scratch;
	size_t offset = GMON_HEADER_SIZE;
	uint64_t total = 0;
	uint32_t column = 0;

	while (offset < len) {
		const unsigned char *rec = bytes + offset + TAG_SIZE;

		if (bytes[offset] == GMON_TAG_TIME_HIST) {
			gmon_addr_t low = load_addr(rec), high = load_addr(rec + sizeof(gmon_addr_t));
			uint32_t nbins = load_u32(rec + 2 * sizeof(gmon_addr_t));
			const unsigned char *bins = rec + GMON_HIST_HEADER_SIZE;
			const struct bin_map *bm = bin_map_for(b, low, high, nbins);

			if (!bm)
				return -1;
			for (size_t r = 0; r < bm->nruns; r++) {
				const struct bin_run *run = &bm->runs[r];
				uint64_t c = sum_bins(bins + (size_t)run->first * HIST_BIN_SIZE,
						      run->end - run->first);

				s->time[run->func] += c;
				total += c;
			}
			offset += TAG_SIZE + GMON_HIST_HEADER_SIZE + (size_t)nbins * HIST_BIN_SIZE;
		} else if (bytes[offset] == GMON_TAG_CG_ARC) {
			uint32_t callee = arc_callee(b, load_addr(rec),
						     load_addr(rec + sizeof(gmon_addr_t)));

			s->calls[callee] += load_u32(rec + 2 * sizeof(gmon_addr_t));
			offset += TAG_SIZE + GMON_ARC_SIZE;
		} else {
			offset += TAG_SIZE + BB_COUNT_SIZE + (size_t)load_u32(rec) * BB_PAIR_SIZE;
		}
	}
	if (b->ncolumns > 0 && b->nfiles > 0) {
		column = (uint32_t)((unsigned __int128)index * b->ncolumns / b->nfiles);
		if (column >= b->ncolumns)
			column = b->ncolumns - 1;
		b->column_files[column]++;
		column_take_rank(b, column, rank, rank);
	}
	for (uint32_t f = 0; f < b->nfuncs; f++) {
		fold_value(&b->time[f], s->time[f], rank);
		fold_value(&b->calls[f], s->calls[f], rank);
		if (b->ncolumns > 0)
			b->columns[(size_t)f * b->ncolumns + column] += s->time[f];
	}
	memset(s->time, 0, (b->nfuncs + 1) * sizeof(*s->time));
	memset(s->calls, 0, (b->nfuncs + 1) * sizeof(*s->calls));
	if (add_rank(b, rank, total) != 0)
		return -1;
	b->nranks++;
	return 0;
}

static void merge_stat(struct balance_stat *into, const struct balance_stat *from)
{
	unsigned __int128 a = (unsigned __int128)into->sumsq_hi << 64 | into->sumsq_lo;
	unsigned __int128 c = (unsigned __int128)from->sumsq_hi << 64 | from->sumsq_lo;

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
	a += c;
	into->sumsq_lo = (uint64_t)a;
	into->sumsq_hi = (uint64_t)(a >> 64);
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
	qsort(b->ranks, b->nranks, sizeof(*b->ranks), cmp_ranks);
}

/* ---- Images ------------------------------------------------------------ */

#define BALANCE_IMAGE_MAGIC 0x62616c31u  /* "bal1" */

struct image_header {
	uint32_t magic;
	uint32_t nfuncs;
	uint32_t ncolumns;
	uint32_t unused;
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
	struct image_header h = { BALANCE_IMAGE_MAGIC, b->nfuncs, b->ncolumns, 0, b->nranks,
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
	if (balance_init(b, NULL, h.ncolumns, h.nfiles) != 0)
		return -1;
	b->nfuncs = h.nfuncs;
	free(b->time);
	free(b->calls);
	free(b->columns);
	b->time = malloc(h.nfuncs ? h.nfuncs * sizeof(*b->time) : 1);
	b->calls = malloc(h.nfuncs ? h.nfuncs * sizeof(*b->calls) : 1);
	b->columns = malloc(((size_t)h.nfuncs * h.ncolumns + 1) * sizeof(*b->columns));
	b->ranks = malloc((h.nranks ? h.nranks : 1) * sizeof(*b->ranks));
	if (!b->time || !b->calls || !b->columns || !b->ranks) {
		balance_free(b);
		return -1;
	}
	b->ranks_cap = h.nranks ? h.nranks : 1;
	b->nranks = h.nranks;
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
