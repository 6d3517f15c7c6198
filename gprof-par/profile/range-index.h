/*
 * range-index.h - an index of disjoint address ranges [low, high), each
 * with its number (the order it was added in), answering "which range is
 * exactly [low, high)?" and "which ranges overlap [low, high)?" in
 * O(log n + sqrt n): a part sorted by low_pc, searched by bisection, and a
 * short unsorted tail of the latest additions, merged into the sorted part
 * when it reaches sqrt(n).  A file of 100,000 histogram records was
 * validated in 11 s with linear searches (quadratic); see gmon-check.c.
 */
#ifndef GPROF_PAR_RANGE_INDEX_H
#define GPROF_PAR_RANGE_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "gmon-format.h"

struct indexed_range {
	gmon_addr_t low;
	gmon_addr_t high;
	size_t number;
};

struct range_index {
	struct indexed_range *ranges; /* [0, nsorted) by low; then the tail */
	size_t nsorted;
	size_t n;
	size_t cap;
};

#define RANGE_NONE ((size_t)-1)

/* The number of the range that is exactly [low, high), or RANGE_NONE. */
size_t range_index_find(const struct range_index *ri, gmon_addr_t low, gmon_addr_t high);

/* The smallest number of the ranges that overlap [low, high) (but are not
 * exactly it), or RANGE_NONE. */
size_t range_index_first_overlap(const struct range_index *ri, gmon_addr_t low,
				 gmon_addr_t high);

/* Adds [low, high), which must be disjoint from the others.  Returns 0, or
 * -1 when out of memory (the index is unchanged). */
int range_index_add(struct range_index *ri, gmon_addr_t low, gmon_addr_t high, size_t number);

void range_index_free(struct range_index *ri);

#endif /* GPROF_PAR_RANGE_INDEX_H */
