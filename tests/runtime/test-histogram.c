/* test-histogram.c - unit tests of the runtime's sample histogram: which
 * bin a sample lands in (the bin whose 4 bytes hold its link-time address,
 * rounded down, so that a sample at a function's last bytes is still that
 * function's), weighted samples, the load bias, and samples outside. */
#include <CUnit/Basic.h>
#include <stdlib.h>

#include "histogram.h"
#include "../cunit-run.h"

#define LOW 0x1000u
#define HIGH 0x2000u
#define BIAS 0x555550000000u

static void setup(void)
{
	gmon_histogram = (struct histogram){0};
	CU_ASSERT_EQUAL_FATAL(histogram_init(BIAS + LOW, BIAS + HIGH, BIAS), 0);
}

static void test_bin_of_rounds_down(void)
{
	setup();
	CU_ASSERT_EQUAL(gmon_histogram.nbins, (HIGH - LOW) / HISTOGRAM_BIN_BYTES);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, LOW), 0);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, LOW + 1), 0);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, LOW + 3), 0);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, LOW + 4), 1);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, LOW + 7), 1);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, HIGH - 1), (HIGH - LOW) / 4 - 1);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, HIGH), -1);
	CU_ASSERT_EQUAL(histogram_bin_of(&gmon_histogram, LOW - 1), -1);
}

static void test_samples_land_in_their_bins(void)
{
	setup();
	histogram_add_samples(BIAS + LOW + 3, 1);  /* last byte of bin 0 */
	histogram_add_samples(BIAS + LOW + 4, 2);  /* first byte of bin 1 */
	histogram_add_samples(BIAS + HIGH - 1, 40); /* one signal for 40 expirations */
	CU_ASSERT_EQUAL(gmon_histogram.bins[0], 1);
	CU_ASSERT_EQUAL(gmon_histogram.bins[1], 2);
	CU_ASSERT_EQUAL(gmon_histogram.bins[2], 0);
	CU_ASSERT_EQUAL(gmon_histogram.bins[gmon_histogram.nbins - 1], 40);
	CU_ASSERT_EQUAL(gmon_histogram.outside, 0);
	CU_ASSERT_EQUAL(histogram_total_samples(), 43);
}

static void test_samples_outside_are_counted(void)
{
	setup();
	histogram_add_samples(BIAS + HIGH, 3);
	histogram_add_samples(BIAS + LOW - 1, 1);
	histogram_add_samples(LOW, 1); /* the link-time address is not the runtime one */
	CU_ASSERT_EQUAL(gmon_histogram.outside, 5);
	CU_ASSERT_EQUAL(histogram_total_samples(), 5);
	for (uint32_t i = 0; i < gmon_histogram.nbins; i++)
		CU_ASSERT_EQUAL(gmon_histogram.bins[i], 0);
}

static const struct cunit_test tests[] = {
	{ "a bin holds 4 bytes, rounded down", test_bin_of_rounds_down },
	{ "samples land in their bins, weighted", test_samples_land_in_their_bins },
	{ "samples outside the text are counted", test_samples_outside_are_counted },
};

int main(void)
{
	return cunit_run("histogram", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
