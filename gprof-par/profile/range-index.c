/* range-index.c - see range-index.h. */
#include "range-index.h"

#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "grow.h"

static int by_low(const void *a, const void *b)
{
	const struct indexed_range *x = a, *y = b;

	return (x->low > y->low) - (x->low < y->low);
}

/* Whether a range starts below *key (a gmon_addr_t). */
static int starts_below(const void *range, const void *key)
{
	return ((const struct indexed_range *)range)->low < *(const gmon_addr_t *)key;
}

/* The first sorted range whose low is >= low. */
static size_t lower_bound(const struct range_index *ri, gmon_addr_t low)
{
	return bisect_first(ri->ranges, ri->nsorted, sizeof *ri->ranges, &low, starts_below);
}

size_t range_index_find(const struct range_index *ri, gmon_addr_t low, gmon_addr_t high)
{
	size_t i = lower_bound(ri, low);

	if (i < ri->nsorted && ri->ranges[i].low == low && ri->ranges[i].high == high)
		return ri->ranges[i].number;
	for (i = ri->nsorted; i < ri->n; i++)
		if (ri->ranges[i].low == low && ri->ranges[i].high == high)
			return ri->ranges[i].number;
	return RANGE_NONE;
}

static int overlaps(const struct indexed_range *r, gmon_addr_t low, gmon_addr_t high)
{
	return r->low < high && low < r->high && !(r->low == low && r->high == high);
}

static size_t earlier(size_t a, size_t b)
{
	return a < b ? a : b;
}

size_t range_index_first_overlap(const struct range_index *ri, gmon_addr_t low,
				 gmon_addr_t high)
{
	size_t first = RANGE_NONE;
	size_t i = lower_bound(ri, low);

	/* the sorted ranges are disjoint: those that overlap are consecutive,
	 * from the one before the first starting at or after low */
	if (i > 0 && overlaps(&ri->ranges[i - 1], low, high))
		first = ri->ranges[i - 1].number;
	for (; i < ri->nsorted && ri->ranges[i].low < high; i++)
		if (overlaps(&ri->ranges[i], low, high))
			first = earlier(first, ri->ranges[i].number);
	for (i = ri->nsorted; i < ri->n; i++)
		if (overlaps(&ri->ranges[i], low, high))
			first = earlier(first, ri->ranges[i].number);
	return first;
}

/* Sorts the tail and merges it into the sorted part from the end, in
 * place: O(n), with a copy of the tail (sqrt(n) ranges) only.  Returns 0,
 * or -1 when out of memory (the index is unchanged but for the tail's
 * order). */
static int merge_tail(struct range_index *ri)
{
	size_t ntail = ri->n - ri->nsorted;
	struct indexed_range *tail = malloc(ntail * sizeof *tail);
	size_t a = ri->nsorted, b = ntail, out = ri->n;

	if (!tail)
		return -1;
	qsort(ri->ranges + ri->nsorted, ntail, sizeof *ri->ranges, by_low);
	memcpy(tail, ri->ranges + ri->nsorted, ntail * sizeof *tail);
	while (b > 0) {
		if (a > 0 && ri->ranges[a - 1].low > tail[b - 1].low)
			ri->ranges[--out] = ri->ranges[--a];
		else
			ri->ranges[--out] = tail[--b];
	}
	free(tail);
	ri->nsorted = ri->n;
	return 0;
}

int range_index_add(struct range_index *ri, gmon_addr_t low, gmon_addr_t high, size_t number)
{
	struct indexed_range *grown = grow_array(ri->ranges, &ri->cap, ri->n + 1, sizeof *grown, 16);
	size_t tail;

	if (!grown)
		return -1;
	ri->ranges = grown;
	ri->ranges[ri->n++] = (struct indexed_range){ low, high, number };
	tail = ri->n - ri->nsorted;
	if (tail * tail >= ri->n && merge_tail(ri) != 0) { /* the tail reached sqrt(n) */
		ri->n--;
		return -1;
	}
	return 0;
}

void range_index_free(struct range_index *ri)
{
	free(ri->ranges);
	memset(ri, 0, sizeof *ri);
}
