/* walk-memo.c - see walk-memo.h. */
#include "walk-memo.h"

#include <string.h>

static struct walk_memo_entry *slot(struct walk_memo *m, const struct walk_memo_key *key)
{
	uint64_t h = ((uint64_t)key->sp ^ (uint64_t)key->bp << 17) * 0x9e3779b97f4a7c15ull;

	return &m->entries[h >> 60 & (WALK_MEMO_ENTRIES - 1)];
}

static int same_key(const struct walk_memo_key *a, const struct walk_memo_key *b)
{
	return a->sp == b->sp && a->bp == b->bp && a->high == b->high &&
	       a->cfi_generation == b->cfi_generation && a->interposers == b->interposers &&
	       a->region == b->region && a->stop_sp == b->stop_sp && a->region_depth == b->region_depth;
}

const uintptr_t *walk_memo_find(struct walk_memo *m, const struct walk_memo_key *key,
				unsigned *depth)
{
	const struct walk_memo_entry *e = slot(m, key);

	if (e->key.sp == 0 || !same_key(&e->key, key)) {
		m->misses++;
		return NULL;
	}
	for (unsigned i = 0; i < e->nreads; i++)
		if (*(const volatile uintptr_t *)e->reads[i].at != e->reads[i].value) {
			m->misses++;
			return NULL;
		}
	m->hits++;
	*depth = e->depth;
	return e->frames;
}

void walk_memo_keep(struct walk_memo *m, const struct walk_memo_key *key,
		    const struct cfi_read *reads, unsigned nreads, const uintptr_t *frames,
		    unsigned depth)
{
	struct walk_memo_entry *e = slot(m, key);

	if (nreads > WALK_MEMO_READS || depth > GMON_CALLPATHS_MAX_DEPTH || key->sp == 0)
		return;
	e->key = *key;
	e->nreads = nreads;
	e->depth = depth;
	memcpy(e->reads, reads, nreads * sizeof reads[0]);
	memcpy(e->frames, frames, depth * sizeof frames[0]);
}
