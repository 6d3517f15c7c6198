/* sort-ints.h - n ints sorted with libc's qsort and a comparator, for the
 * programs whose comparator's callers are tested (callpaths.c,
 * unwind-truth.c): always inlined, so that qsort's caller is the
 * program's sorter.  Returns the middle value. */
#ifndef SORT_INTS_H
#define SORT_INTS_H

#include <stdlib.h>

static inline __attribute__((always_inline)) int sort_ints(int n,
							   int (*cmp)(const void *, const void *))
{
	int *v = malloc((size_t)n * sizeof *v), middle;

	for (int i = 0; i < n; i++)
		v[i] = (i * 7919) % n;
	qsort(v, (size_t)n, sizeof *v, cmp);
	middle = v[n / 2];
	free(v);
	return middle;
}

#endif
