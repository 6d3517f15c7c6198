/*
 * grow.h - room in a malloc'ed array that doubles as it grows.
 */
#ifndef GPROF_PAR_GROW_H
#define GPROF_PAR_GROW_H

#include <stdint.h>
#include <stdlib.h>

/*
 * Returns items, grown (doubling from *cap, or from first when *cap is 0)
 * to hold at least need (>= 1) elements of size bytes, and updates *cap;
 * items itself when it holds enough already.  Returns NULL when out of
 * memory or when the size would overflow: items and *cap are then
 * unchanged and still valid.
 */
static inline void *grow_array(void *items, size_t *cap, size_t need, size_t size,
			       size_t first)
{
	size_t n = *cap ? *cap : first;
	void *grown;

	if (need <= *cap)
		return items;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			return NULL;
		n *= 2;
	}
	grown = realloc(items, n * size);
	if (grown)
		*cap = n;
	return grown;
}

#endif /* GPROF_PAR_GROW_H */
