/* histogram.c - see histogram.h. */
#include "histogram.h"

#include <stddef.h>
#include <sys/mman.h>

struct histogram gmon_histogram;

static int (*outside_hook)(uintptr_t pc, uint32_t weight);

void histogram_set_outside_hook(int (*hook)(uintptr_t pc, uint32_t weight))
{
	__atomic_store_n(&outside_hook, hook, __ATOMIC_RELEASE);
}

int histogram_init(uintptr_t runtime_low, uintptr_t runtime_high, uintptr_t load_bias)
{
	struct histogram *h = &gmon_histogram;
	uintptr_t low = (runtime_low - load_bias) & ~(uintptr_t)(HISTOGRAM_BIN_BYTES - 1);
	uintptr_t high = (runtime_high - load_bias + HISTOGRAM_BIN_BYTES - 1) &
			 ~(uintptr_t)(HISTOGRAM_BIN_BYTES - 1);
	uint64_t nbins = high > low ? (high - low) / HISTOGRAM_BIN_BYTES : 0;
	void *bins;

	if (nbins == 0 || nbins > UINT32_MAX)
		return -1;
	bins = mmap(NULL, nbins * sizeof(uint32_t), PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (bins == MAP_FAILED)
		return -1;
	h->low_pc = low;
	h->high_pc = high;
	h->load_bias = load_bias;
	h->nbins = (uint32_t)nbins;
	__atomic_store_n(&h->bins, (uint32_t *)bins, __ATOMIC_RELEASE);
	return 0;
}

int64_t histogram_bin_of(const struct histogram *h, uintptr_t link_pc)
{
	if (link_pc < h->low_pc || link_pc >= h->high_pc)
		return -1;
	return (int64_t)((link_pc - h->low_pc) / HISTOGRAM_BIN_BYTES);
}

void histogram_add_samples(uintptr_t pc, uint32_t weight)
{
	struct histogram *h = &gmon_histogram;
	uint32_t *bins = __atomic_load_n(&h->bins, __ATOMIC_ACQUIRE);
	int64_t bin = bins ? histogram_bin_of(h, pc - h->load_bias) : -1;

	if (bin < 0) {
		/* a shared library's, kept there if libraries are profiled */
		int (*keep)(uintptr_t, uint32_t) = __atomic_load_n(&outside_hook, __ATOMIC_ACQUIRE);

		if (!keep || !keep(pc, weight))
			__atomic_fetch_add(&h->outside, weight, __ATOMIC_RELAXED);
	}
	else
		__atomic_fetch_add(&bins[bin], weight, __ATOMIC_RELAXED);
}

uint64_t histogram_total_samples(void)
{
	const struct histogram *h = &gmon_histogram;
	const uint32_t *bins = __atomic_load_n(&h->bins, __ATOMIC_ACQUIRE);
	uint64_t total = __atomic_load_n(&h->outside, __ATOMIC_RELAXED);

	for (uint32_t i = 0; bins && i < h->nbins; i++)
		total += __atomic_load_n(&bins[i], __ATOMIC_RELAXED);
	return total;
}
