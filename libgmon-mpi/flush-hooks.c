/* flush-hooks.c - see flush-hooks.h. */
#include "flush-hooks.h"

#include <stddef.h>

#include "gmon-mpi-profile.h"

#define MAX_HOOKS 8

static void (*hooks[MAX_HOOKS])(void);
static unsigned nhooks; /* published after the hook is stored */

__attribute__((visibility("default"))) int gmon_mpi_at_flush(void (*hook)(void))
{
	unsigned slot = __atomic_fetch_add(&nhooks, 0, __ATOMIC_ACQUIRE);

	for (;;) {
		if (slot >= MAX_HOOKS || !hook)
			return -1;
		__atomic_store_n(&hooks[slot], hook, __ATOMIC_RELEASE);
		if (__atomic_compare_exchange_n(&nhooks, &slot, slot + 1, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return 0;
	}
}

void flush_hooks_run(void)
{
	unsigned n = __atomic_load_n(&nhooks, __ATOMIC_ACQUIRE);

	for (unsigned i = 0; i < n; i++) {
		void (*hook)(void) = __atomic_load_n(&hooks[i], __ATOMIC_ACQUIRE);

		if (hook)
			hook();
	}
}
