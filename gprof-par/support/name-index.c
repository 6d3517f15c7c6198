/*
 * name-index.c - see name-index.h.
 */
#include "name-index.h"

#include <stdlib.h>
#include <string.h>

static uint64_t fnv(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return h;
}

uint64_t name_hash(const char *s, const char *t)
{
	uint64_t h = fnv(0xcbf29ce484222325ull, s);

	/* a separator no string holds, then t: ("ab", NULL), ("a", "b") and
	 * ("ab", "") differ */
	h = (h ^ (t ? 0x100u : 0x200u)) * 0x100000001b3ull;
	return t ? fnv(h, t) : h;
}

void name_index_init(struct name_index *ix)
{
	memset(ix, 0, sizeof *ix);
}

void name_index_free(struct name_index *ix)
{
	free(ix->slots);
	name_index_init(ix);
}

size_t name_index_find(const struct name_index *ix, uint64_t hash,
		       int (*same)(const void *ctx, size_t item), const void *ctx)
{
	if (ix->nslots == 0)
		return SIZE_MAX;
	for (size_t s = hash & (ix->nslots - 1); ix->slots[s].item;
	     s = (s + 1) & (ix->nslots - 1))
		if (ix->slots[s].hash == hash && same(ctx, ix->slots[s].item - 1))
			return ix->slots[s].item - 1;
	return SIZE_MAX;
}

struct string_key {
	const unsigned char *items;
	size_t size, offset;
	const char *s;
};

static int same_string(const void *ctx, size_t item)
{
	const struct string_key *k = ctx;
	const char *name;

	memcpy(&name, k->items + item * k->size + k->offset, sizeof name);
	return strcmp(name, k->s) == 0;
}

size_t name_index_find_string(const struct name_index *ix, const void *items, size_t size,
			      size_t offset, const char *s)
{
	struct string_key key = { items, size, offset, s };

	return name_index_find(ix, name_hash(s, NULL), same_string, &key);
}

static void put(struct name_slot *slots, size_t nslots, uint64_t hash, size_t item)
{
	size_t s = hash & (nslots - 1);

	while (slots[s].item)
		s = (s + 1) & (nslots - 1);
	slots[s].hash = hash;
	slots[s].item = item + 1;
}

int name_index_add(struct name_index *ix, uint64_t hash, size_t item)
{
	if (2 * (ix->n + 1) > ix->nslots) {
		size_t nslots = ix->nslots ? 2 * ix->nslots : 64;
		struct name_slot *slots;

		if (nslots > SIZE_MAX / 2 / sizeof *slots)
			return -1;
		slots = calloc(nslots, sizeof *slots);
		if (!slots)
			return -1;
		for (size_t s = 0; s < ix->nslots; s++)
			if (ix->slots[s].item)
				put(slots, nslots, ix->slots[s].hash, ix->slots[s].item - 1);
		free(ix->slots);
		ix->slots = slots;
		ix->nslots = nslots;
	}
	put(ix->slots, ix->nslots, hash, item);
	ix->n++;
	return 0;
}
