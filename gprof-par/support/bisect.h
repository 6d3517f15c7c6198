/*
 * bisect.h - the first element of a sorted array at or past a key, by
 * bisection: one search for every sorted array that is not a number line
 * of its own (the ranges of profile/range-index.c by their low address,
 * the load balance's ranks by their number, analysis/balance-view.c).
 */
#ifndef GPROF_PAR_BISECT_H
#define GPROF_PAR_BISECT_H

#include <stddef.h>

/*
 * The index of the first of base[0 .. n) (elements of size bytes, sorted
 * so that before(element, key) holds for a prefix of them) for which
 * before(element, key) does not hold: n when it holds for them all.
 * With before "element < key" it is the lower bound of key.  Inline, so
 * that a constant before is called directly (or inlined) by the compiler.
 */
static inline size_t bisect_first(const void *base, size_t n, size_t size, const void *key,
				  int (*before)(const void *element, const void *key))
{
	const char *at = base;
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (before(at + mid * size, key))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

#endif /* GPROF_PAR_BISECT_H */
