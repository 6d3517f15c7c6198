/* interposers.c - see interposers.h. */
#define _GNU_SOURCE
#include "interposers.h"

#include <dlfcn.h>

#include "gmon-mpi-profile.h"

#define PUBLIC __attribute__((visibility("default")))
#define MAX_RANGES 8

/* Registered ranges [low, high), each with the mapping of its object
 * [object_low, object_high): a slot is filled, then counted (release), so
 * a signal handler reading up to the count (acquire) sees whole ones. */
static struct {
	uintptr_t low, high, object_low, object_high;
} ranges[MAX_RANGES];
static unsigned nranges;

PUBLIC int gmon_mpi_interposers(const void *low, const void *high)
{
	unsigned n = __atomic_load_n(&nranges, __ATOMIC_ACQUIRE);
	struct dl_find_object object;

	if ((uintptr_t)low >= (uintptr_t)high || n == MAX_RANGES)
		return -1;
	ranges[n].low = (uintptr_t)low;
	ranges[n].high = (uintptr_t)high;
	/* without its object, the range alone: a call out of it is a call of
	 * another object's function */
	ranges[n].object_low = (uintptr_t)low;
	ranges[n].object_high = (uintptr_t)high;
	if (_dl_find_object((void *)low, &object) == 0) {
		ranges[n].object_low = (uintptr_t)object.dlfo_map_start;
		ranges[n].object_high = (uintptr_t)object.dlfo_map_end;
	}
	__atomic_store_n(&nranges, n + 1, __ATOMIC_RELEASE);
	return 0;
}

/* Whether the byte before addr (a return address follows its call; a PC
 * is past the object's first byte) lies in [low, high). */
static int before_in(uintptr_t addr, uintptr_t low, uintptr_t high)
{
	return addr > low && addr - 1 < high;
}

int interposer_call(uintptr_t ra, uintptr_t callee)
{
	unsigned n = __atomic_load_n(&nranges, __ATOMIC_ACQUIRE);

	for (unsigned i = 0; i < n; i++)
		if (before_in(ra, ranges[i].low, ranges[i].high))
			return !before_in(callee, ranges[i].object_low, ranges[i].object_high);
	return 0;
}

unsigned interposers_registered(void)
{
	return __atomic_load_n(&nranges, __ATOMIC_ACQUIRE);
}
