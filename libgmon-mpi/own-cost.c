/* own-cost.c - see own-cost.h. */
#define _GNU_SOURCE
#include "own-cost.h"

#include <time.h>

#define TLS __attribute__((tls_model("initial-exec")))

static uint64_t signals_ns, signals_timed, signals_preempted, writes_ns, start_ns;
static __thread uint64_t my_write_start TLS;
static __thread unsigned my_write_depth TLS;

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec ts;

	if (clock_gettime(clock, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t own_cost_thread_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

uint64_t own_cost_handler_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static uint64_t since(uint64_t start)
{
	uint64_t now = own_cost_thread_ns();

	return start && now > start ? now - start : 0;
}

void own_cost_signal_done(uint64_t since_ns)
{
	uint64_t now = own_cost_handler_ns(), spent = since_ns && now > since_ns ? now - since_ns : 0;

	if (spent > OWN_COST_HANDLER_PREEMPTED_NS) {
		__atomic_fetch_add(&signals_preempted, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_fetch_add(&signals_ns, spent, __ATOMIC_RELAXED);
	__atomic_fetch_add(&signals_timed, 1, __ATOMIC_RELAXED);
}

void own_cost_write_begin(void)
{
	if (my_write_depth++ == 0)
		my_write_start = own_cost_thread_ns();
}

void own_cost_write_end(void)
{
	if (my_write_depth == 0 || --my_write_depth > 0)
		return;
	__atomic_fetch_add(&writes_ns, since(my_write_start), __ATOMIC_RELAXED);
}

void own_cost_start_done(uint64_t since_ns)
{
	__atomic_fetch_add(&start_ns, since(since_ns), __ATOMIC_RELAXED);
}

uint64_t own_cost_start_ns(void)
{
	return __atomic_load_n(&start_ns, __ATOMIC_RELAXED);
}

uint64_t own_cost_signals_ns(void)
{
	uint64_t ns = __atomic_load_n(&signals_ns, __ATOMIC_RELAXED),
		 timed = __atomic_load_n(&signals_timed, __ATOMIC_RELAXED),
		 preempted = __atomic_load_n(&signals_preempted, __ATOMIC_RELAXED);

	/* a handler preempted counts as the others took, on average */
	return timed ? ns + (uint64_t)((unsigned __int128)ns * preempted / timed) : 0;
}

uint64_t own_cost_writes_ns(void)
{
	return __atomic_load_n(&writes_ns, __ATOMIC_RELAXED) +
	       (my_write_depth > 0 ? since(my_write_start) : 0);
}
