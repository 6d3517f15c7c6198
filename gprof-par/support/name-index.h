/*
 * name-index.h - the items of a caller's array found by a key of one or
 * two strings (a library's base name, and its build-id), in about
 * constant time: an open-addressing table of the items' positions and
 * their keys' hashes, kept at most half full.  Lists of 10^5 modules were
 * searched linearly (issue 31: 285 s for one -S).
 */
#ifndef GPROF_PAR_NAME_INDEX_H
#define GPROF_PAR_NAME_INDEX_H

#include <stddef.h>
#include <stdint.h>

struct name_slot {
	uint64_t hash;
	size_t item;             /* the item's position + 1; 0: an empty slot */
};

struct name_index {
	struct name_slot *slots;
	size_t nslots;           /* 0, or a power of two */
	size_t n;                /* items indexed */
};

/* The hash of the key (s, t); t may be NULL (then not the same key as "") */
uint64_t name_hash(const char *s, const char *t);

void name_index_init(struct name_index *ix);
void name_index_free(struct name_index *ix);

/* The first item whose key has that hash and for which same(ctx, item)
 * says it is the key looked for, or SIZE_MAX. */
size_t name_index_find(const struct name_index *ix, uint64_t hash,
		       int (*same)(const void *ctx, size_t item), const void *ctx);

/* The first of items (each size bytes, with a char * at offset: a
 * struct's name, as offsetof gives it) whose string is s, indexed under
 * name_hash(s, NULL), or SIZE_MAX. */
size_t name_index_find_string(const struct name_index *ix, const void *items, size_t size,
			      size_t offset, const char *s);

/* Indexes item under hash.  Returns 0, or -1 when out of memory (the
 * index is then as it was). */
int name_index_add(struct name_index *ix, uint64_t hash, size_t item);

#endif /* GPROF_PAR_NAME_INDEX_H */
