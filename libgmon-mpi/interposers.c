/* interposers.c - see interposers.h. */
#include "interposers.h"

#include "omp-regions.h"

#define PUBLIC __attribute__((visibility("default")))
#define MAX_RANGES 8

/* Registered ranges [low, high): a slot is filled, then counted (release),
 * so a signal handler reading up to the count (acquire) sees whole ones. */
static struct {
	uintptr_t low, high;
} ranges[MAX_RANGES];
static unsigned nranges;

PUBLIC int gmon_mpi_interposers(const void *low, const void *high)
{
	unsigned n = __atomic_load_n(&nranges, __ATOMIC_ACQUIRE);

	if ((uintptr_t)low >= (uintptr_t)high || n == MAX_RANGES)
		return -1;
	ranges[n].low = (uintptr_t)low;
	ranges[n].high = (uintptr_t)high;
	__atomic_store_n(&nranges, n + 1, __ATOMIC_RELEASE);
	return 0;
}

int interposer_frame(uintptr_t addr)
{
	unsigned n = __atomic_load_n(&nranges, __ATOMIC_ACQUIRE);

	if (omp_interposer_frame(addr))
		return 1;
	/* a return address follows its call: the byte before is the call's */
	for (unsigned i = 0; i < n; i++)
		if (addr > ranges[i].low && addr - 1 < ranges[i].high)
			return 1;
	return 0;
}
