/* test-own-cost.c - unit tests of the profiler's own time (own-cost.h):
 * a handler's time is its span on the monotonic clock (no system call in
 * the handler); a span longer than OWN_COST_HANDLER_PREEMPTED_NS was
 * preempted and counts as the others' mean, not as the time the thread
 * waited for a CPU; none timed yet: 0. */
#include <CUnit/Basic.h>
#include <stdint.h>
#include <time.h>

#include "own-cost.h"
#include "../cunit-run.h"

/* A handler that began ns ago, done now. */
static void handler_of(uint64_t ns)
{
	own_cost_signal_done(own_cost_handler_ns() - ns);
}

static void test_handler_time(void)
{
	uint64_t before, after;

	CU_ASSERT_EQUAL(own_cost_signals_ns(), 0);         /* none yet */
	handler_of(10000);
	handler_of(30000);
	/* each span: at least what was asked, plus the clock reads between */
	before = own_cost_signals_ns();
	CU_ASSERT(before >= 40000 && before < 40000 + 2 * 50000);
	/* preempted: a handler of 0.5 s counts as the two's mean, not 0.5 s */
	handler_of(500000000);
	after = own_cost_signals_ns();
	CU_ASSERT_EQUAL(after, before + before / 2);
	/* at the bound, timed */
	handler_of(OWN_COST_HANDLER_PREEMPTED_NS - 100000);
	CU_ASSERT(own_cost_signals_ns() > after + OWN_COST_HANDLER_PREEMPTED_NS / 2);
}

static void test_clock_is_monotonic(void)
{
	struct timespec ts;
	uint64_t ours = own_cost_handler_ns(), theirs;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	theirs = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	CU_ASSERT(theirs >= ours && theirs - ours < 100000000u);
}

static const struct cunit_test tests[] = {
	{ "a handler's time, a preempted one as the mean", test_handler_time },
	{ "the handlers' clock is CLOCK_MONOTONIC", test_clock_is_monotonic },
};

int main(void)
{
	return cunit_run("own-cost", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
