/*
 * test-fixed-format.c - fixed_format() against snprintf("%*.*f"): byte for
 * byte on millions of values, ties and near ties, the cases it hands to
 * snprintf, and buffers too small.
 */
#include <CUnit/Basic.h>
#include "../cunit-run.h"
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fixed-format.h"

static unsigned long mismatches;

/* Both ways, into buffers of size bytes; reports the first few differences. */
static void check_sized(double x, int width, int decimals, size_t size)
{
	char want[512], got[512];
	int want_len, got_len;

	memset(want, 'x', sizeof(want));
	memset(got, 'x', sizeof(got));
	want_len = snprintf(want, size, "%*.*f", width, decimals, x);
	got_len = fixed_format(got, size, x, width, decimals);
	if (want_len != got_len || memcmp(want, got, size < sizeof(want) ? size + 1 : size) != 0) {
		if (mismatches++ < 10)
			fprintf(stderr, "\n    %.17g %%%d.%df (size %zu): \"%.*s\" (%d), want \"%.*s\" (%d)",
				x, width, decimals, size, (int)(size ? size - 1 : 0), got, got_len,
				(int)(size ? size - 1 : 0), want, want_len);
	}
}

static void check(double x, int width, int decimals)
{
	check_sized(x, width, decimals, 64);
}

/* A generator of its own: the same values on every machine. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t next_random(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static double uniform(void)
{
	return (double)(next_random() >> 11) / 9007199254740992.0;
}

/* Seconds as the reports make them: samples / hz, calls, means. */
static void test_report_values(void)
{
	static const double hz[] = { 100, 1000, 250, 60, 1e6 / 3, 997 };

	mismatches = 0;
	for (uint32_t k = 0; k < 2000000; k++)
		check(k / 100.0, 9, 2);
	for (size_t h = 0; h < sizeof(hz) / sizeof(hz[0]); h++)
		for (uint32_t k = 0; k < 200000; k++) {
			check(k / hz[h], 8, 2);
			check(k * (1.0 / hz[h]), 8, 2);
		}
	for (uint32_t k = 0; k < 100000; k++) {
		check(k, 8, 0);
		check(k, 5, 0);
		check(k / 7.0, 8, 2);          /* means */
		check(100.0 * (k / 13.0 - 1), 8, 1);
	}
	CU_ASSERT_EQUAL(mismatches, 0);
}

static void test_random_values(void)
{
	mismatches = 0;
	for (int i = 0; i < 1000000; i++) {
		double linear = uniform() * 1e7, logscale = exp((uniform() - 0.5) * 60);
		int decimals = (int)(next_random() % 8), width = (int)(next_random() % 14);

		check(linear, width, decimals);
		check(logscale, width, decimals);
		check(floor(linear) + 0.5, width, 0);      /* exact ties */
	}
	CU_ASSERT_EQUAL(mismatches, 0);
}

/* Ties round to even on the exact binary value: 0.125 is one, 0.075 is not. */
static void test_ties_and_near_ties(void)
{
	static const double ties[] = { 0.125, 0.375, 0.625, 2.5, 3.5, 0.5, 1.5, 1e8 + 0.5,
				       0.075, 0.005, 1.005, 2.675, 0.045, 1.115, 1e6 + 0.125 };

	mismatches = 0;
	for (size_t i = 0; i < sizeof(ties) / sizeof(ties[0]); i++)
		for (int d = 0; d <= 3; d++)
			for (int ulps = -3; ulps <= 3; ulps++) {
				double x = ties[i];

				for (int u = 0; u < (ulps < 0 ? -ulps : ulps); u++)
					x = nextafter(x, ulps < 0 ? 0 : INFINITY);
				check(x, 8, d);
			}
	CU_ASSERT_EQUAL(mismatches, 0);
}

/* What goes to snprintf, and what printf does with it. */
static void test_special_values(void)
{
	static const double special[] = { 0.0, -0.0, -1.5, -0.001, NAN, INFINITY, -INFINITY,
					  1e300, DBL_MAX, DBL_MIN, 4.9e-324, 1e9, 1e7 - 0.001,
					  999999999.5, 1e15 };

	mismatches = 0;
	for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		for (int d = 0; d <= 8; d++) {
			check(special[i], 8, d);
			check(special[i], 0, d);
			check(special[i], -8, d);
		}
	CU_ASSERT_EQUAL(mismatches, 0);
}

/* Buffers too small: cut as snprintf cuts, the full length returned. */
static void test_small_buffers(void)
{
	mismatches = 0;
	for (size_t size = 0; size <= 12; size++) {
		check_sized(1234.5678, 10, 2, size);
		check_sized(0.07, 8, 2, size);
		check_sized(17.92, 3, 2, size);
		check_sized(NAN, 6, 2, size);
	}
	CU_ASSERT_EQUAL(mismatches, 0);
}

int main(void)
{
	static const struct cunit_test tests[] = {
		{ "report values", test_report_values },
		{ "random values", test_random_values },
		{ "ties and near ties", test_ties_and_near_ties },
		{ "special values", test_special_values },
		{ "small buffers", test_small_buffers },
	};

	return cunit_run("fixed-format", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
