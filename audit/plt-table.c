/*
 * plt-table.c - see plt-table.h.
 *
 * Open addressing on a hash of the pair.  A slot is claimed by a
 * compare-and-swap of its state (free -> filling), its pair written, then
 * published (ready, with release order); a count is an atomic add.  A
 * lookup that meets a slot being filled moves on to the next one rather
 * than wait for it (its filler may be the very thread this lookup
 * interrupted, in a signal handler): the pair may then get a second slot,
 * which the file allows (its lines are added up).
 */
#include "plt-table.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>

#define TABLE_BITS 16
#define TABLE_SIZE ((size_t)1 << TABLE_BITS)   /* distinct pairs: 2 MiB */
#define MAX_PROBES 64

enum { FREE, FILLING, READY };

struct slot {
	uintptr_t from, to;
	uint64_t count;
	uint32_t state;
	uint32_t gen;
};

static struct slot *table;
static uint64_t lost;
static uint32_t generation;

uint32_t plt_table_new_generation(void)
{
	return __atomic_add_fetch(&generation, 1, __ATOMIC_ACQ_REL);
}

int plt_table_init(void)
{
	void *t = mmap(NULL, TABLE_SIZE * sizeof(struct slot), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (t == MAP_FAILED)
		return errno;
	__atomic_store_n(&table, (struct slot *)t, __ATOMIC_RELEASE);
	return 0;
}

void plt_table_count(uintptr_t from, uintptr_t to)
{
	struct slot *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);
	uint32_t gen = __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
	uint64_t h = (from * 0x9e3779b97f4a7c15ull) ^ (to * 0xc2b2ae3d27d4eb4full) ^ gen;
	size_t s = (size_t)(h >> (64 - TABLE_BITS));

	if (!t)
		return;
	for (int probe = 0; probe < MAX_PROBES; probe++, s = (s + 1) & (TABLE_SIZE - 1)) {
		struct slot *e = &t[s];
		uint32_t state = __atomic_load_n(&e->state, __ATOMIC_ACQUIRE);

		if (state == FREE) {
			uint32_t expected = FREE;

			if (!__atomic_compare_exchange_n(&e->state, &expected, FILLING, 0,
							 __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE)) {
				state = expected;   /* taken meanwhile: look at it */
			} else {
				e->from = from;
				e->to = to;
				e->gen = gen;
				e->count = 1;
				__atomic_store_n(&e->state, READY, __ATOMIC_RELEASE);
				return;
			}
		}
		if (state == READY && e->from == from && e->to == to && e->gen == gen) {
			__atomic_fetch_add(&e->count, 1, __ATOMIC_RELAXED);
			return;
		}
	}
	__atomic_fetch_add(&lost, 1, __ATOMIC_RELAXED);
}

int plt_table_snapshot(struct plt_count **out, size_t *n, uint64_t *lost_calls)
{
	struct slot *t = __atomic_load_n(&table, __ATOMIC_ACQUIRE);
	size_t used = 0, k = 0;

	*out = NULL;
	*n = 0;
	*lost_calls = __atomic_load_n(&lost, __ATOMIC_RELAXED);
	if (!t)
		return 0;
	for (size_t s = 0; s < TABLE_SIZE; s++)
		used += __atomic_load_n(&t[s].state, __ATOMIC_ACQUIRE) == READY;
	if (used == 0)
		return 0;
	*out = malloc(used * sizeof **out);
	if (!*out)
		return ENOMEM;
	/* (a slot made ready after the count above, by a thread still running
	 * at exit, is left out) */
	for (size_t s = 0; s < TABLE_SIZE && k < used; s++)
		if (__atomic_load_n(&t[s].state, __ATOMIC_ACQUIRE) == READY)
			(*out)[k++] = (struct plt_count){ t[s].from, t[s].to,
							  __atomic_load_n(&t[s].count, __ATOMIC_RELAXED),
							  t[s].gen };
	*n = k;
	return 0;
}
