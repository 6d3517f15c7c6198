/* test-rank-subset.c - unit tests of BG_GMON_RANK_SUBSET parsing and of
 * rank discovery from the launcher's environment. */
#include <CUnit/Basic.h>
#include <stdlib.h>

#include "rank.h"
#include "../cunit-run.h"

static void assert_parses(const char *text, long first, long last, long stride)
{
	struct rank_subset s = {-7, -7, -7};

	CU_ASSERT_EQUAL_FATAL(rank_subset_parse(text, &s), 0);
	CU_ASSERT_EQUAL(s.first, first);
	CU_ASSERT_EQUAL(s.last, last);
	CU_ASSERT_EQUAL(s.stride, stride);
}

static void assert_rejected(const char *text)
{
	struct rank_subset s = {-7, -8, -9};

	CU_ASSERT_EQUAL(rank_subset_parse(text, &s), -1);
	/* the subset is left alone, so the caller's default stands */
	CU_ASSERT_EQUAL(s.first, -7);
	CU_ASSERT_EQUAL(s.last, -8);
	CU_ASSERT_EQUAL(s.stride, -9);
}

static void test_single_rank(void)
{
	struct rank_subset s;

	assert_parses("5", 5, 5, 1);
	assert_parses("0", 0, 0, 1);
	rank_subset_parse("5", &s);
	CU_ASSERT_TRUE(rank_subset_contains(&s, 5));
	CU_ASSERT_FALSE(rank_subset_contains(&s, 4));
	CU_ASSERT_FALSE(rank_subset_contains(&s, 6));
}

static void test_range(void)
{
	struct rank_subset s;

	assert_parses("2:9", 2, 9, 1);
	assert_parses("3:3", 3, 3, 1);
	rank_subset_parse("2:9", &s);
	CU_ASSERT_FALSE(rank_subset_contains(&s, 1));
	for (long r = 2; r <= 9; r++)
		CU_ASSERT_TRUE(rank_subset_contains(&s, r));
	CU_ASSERT_FALSE(rank_subset_contains(&s, 10));
}

static void test_strided_range(void)
{
	struct rank_subset s;
	long expected[] = {0, 8, 16};
	int found = 0;

	assert_parses("0:16:8", 0, 16, 8);
	rank_subset_parse("0:16:8", &s);
	for (long r = -1; r <= 40; r++) {
		if (rank_subset_contains(&s, r)) {
			CU_ASSERT_TRUE_FATAL(found < 3);
			CU_ASSERT_EQUAL(r, expected[found]);
			found++;
		}
	}
	CU_ASSERT_EQUAL(found, 3);

	/* the stride counts from N, and M need not be on the stride */
	rank_subset_parse("3:12:4", &s);
	CU_ASSERT_TRUE(rank_subset_contains(&s, 3));
	CU_ASSERT_TRUE(rank_subset_contains(&s, 7));
	CU_ASSERT_TRUE(rank_subset_contains(&s, 11));
	CU_ASSERT_FALSE(rank_subset_contains(&s, 12));
	CU_ASSERT_FALSE(rank_subset_contains(&s, 4));
}

static void test_bounds(void)
{
	assert_parses("2147483647", 2147483647L, 2147483647L, 1);
	assert_parses("0:2147483647:1000", 0, 2147483647L, 1000);
	assert_rejected("2147483648");
	assert_rejected("0:99999999999999999999");
	assert_rejected("5:4");     /* N > M */
	assert_rejected("0:16:0");  /* S = 0 */
}

static void test_malformed(void)
{
	const char *bad[] = {"", ":", "a", "-1", "1:-3", "+3", " 3", "3 ", "1:2:3:4", "1::3",
			     "1:", "1:2:", "0x10", "1.5", "1,2", "one"};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_rejected(bad[i]);
	assert_rejected(NULL);
}

static void clear_rank_environment(void)
{
	const char *vars[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
			      "MV2_COMM_WORLD_RANK", "SLURM_PROCID"};

	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
		unsetenv(vars[i]);
}

static void test_rank_from_environment(void)
{
	struct launcher_rank r;

	clear_rank_environment();
	CU_ASSERT_EQUAL(rank_from_environment(&r), 0);
	CU_ASSERT_PTR_NULL(r.bad_variable);

	setenv("SLURM_PROCID", "12", 1);
	CU_ASSERT_EQUAL(rank_from_environment(&r), 1);
	CU_ASSERT_EQUAL(r.rank, 12);
	CU_ASSERT_STRING_EQUAL(r.source, "SLURM_PROCID");

	setenv("PMI_RANK", "4", 1);
	CU_ASSERT_EQUAL(rank_from_environment(&r), 1);
	CU_ASSERT_EQUAL(r.rank, 4);
	CU_ASSERT_STRING_EQUAL(r.source, "PMI_RANK");

	setenv("OMPI_COMM_WORLD_RANK", "3", 1);
	setenv("PMIX_RANK", "3", 1);
	CU_ASSERT_EQUAL(rank_from_environment(&r), 1);
	CU_ASSERT_EQUAL(r.rank, 3);
	CU_ASSERT_STRING_EQUAL(r.source, "OMPI_COMM_WORLD_RANK");
	CU_ASSERT_PTR_NULL(r.bad_variable);

	/* a garbled variable is passed over, not trusted, and the first one
	 * is remembered to be reported */
	setenv("OMPI_COMM_WORLD_RANK", "x3", 1);
	setenv("PMIX_RANK", "", 1);
	CU_ASSERT_EQUAL(rank_from_environment(&r), 1);
	CU_ASSERT_EQUAL(r.rank, 4);
	CU_ASSERT_STRING_EQUAL(r.source, "PMI_RANK");
	CU_ASSERT_STRING_EQUAL(r.bad_variable, "OMPI_COMM_WORLD_RANK");
	CU_ASSERT_STRING_EQUAL(r.bad_value, "x3");

	/* malformed everywhere: a serial program, and the first one named */
	clear_rank_environment();
	setenv("PMIX_RANK", "-1", 1);
	setenv("SLURM_PROCID", "abc", 1);
	CU_ASSERT_EQUAL(rank_from_environment(&r), 0);
	CU_ASSERT_STRING_EQUAL(r.bad_variable, "PMIX_RANK");
	CU_ASSERT_STRING_EQUAL(r.bad_value, "-1");

	clear_rank_environment();
	setenv("MV2_COMM_WORLD_RANK", "0", 1);
	CU_ASSERT_EQUAL(rank_from_environment(&r), 1);
	CU_ASSERT_EQUAL(r.rank, 0);
	clear_rank_environment();
}

static void test_world_size(void)
{
	struct rank_subset s;

	unsetenv("OMPI_COMM_WORLD_SIZE");
	unsetenv("PMI_SIZE");
	unsetenv("MV2_COMM_WORLD_SIZE");
	unsetenv("SLURM_STEP_NUM_TASKS");
	unsetenv("SLURM_NTASKS");
	CU_ASSERT_EQUAL(world_size_from_environment(), 0);
	setenv("SLURM_NTASKS", "16", 1);
	CU_ASSERT_EQUAL(world_size_from_environment(), 16);
	setenv("PMI_SIZE", "x", 1); /* malformed: passed over */
	CU_ASSERT_EQUAL(world_size_from_environment(), 16);
	setenv("OMPI_COMM_WORLD_SIZE", "4", 1);
	CU_ASSERT_EQUAL(world_size_from_environment(), 4);
	unsetenv("OMPI_COMM_WORLD_SIZE");
	unsetenv("PMI_SIZE");
	unsetenv("SLURM_NTASKS");

	CU_ASSERT_EQUAL(rank_subset_parse("8:15", &s), 0);
	CU_ASSERT_TRUE(rank_subset_selects_none(&s, 4));
	CU_ASSERT_TRUE(rank_subset_selects_none(&s, 8));
	CU_ASSERT_FALSE(rank_subset_selects_none(&s, 9));
	CU_ASSERT_FALSE(rank_subset_selects_none(&s, 0)); /* size unknown: nothing said */
	CU_ASSERT_EQUAL(rank_subset_parse("3:100:50", &s), 0);
	CU_ASSERT_FALSE(rank_subset_selects_none(&s, 4));
}

static void test_rank_values(void)
{
	const char *bad[] = {"abc", "-1", "99999999999", "2147483648", "12x", "", " 1", "1 ",
			     "+1", "0x10", "1e3"};
	long rank = -1;

	CU_ASSERT_EQUAL(rank_parse("0", &rank), 0);
	CU_ASSERT_EQUAL(rank, 0);
	CU_ASSERT_EQUAL(rank_parse("2147483647", &rank), 0);
	CU_ASSERT_EQUAL(rank, 2147483647);
	CU_ASSERT_EQUAL(rank_parse("017", &rank), 0);
	CU_ASSERT_EQUAL(rank, 17);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rank = -5;
		CU_ASSERT_EQUAL(rank_parse(bad[i], &rank), -1);
		CU_ASSERT_EQUAL(rank, -5);
	}
}

static const struct cunit_test tests[] = {
	{ "N", test_single_rank },
	{ "N:M", test_range },
	{ "N:M:S", test_strided_range },
	{ "bounds", test_bounds },
	{ "malformed values", test_malformed },
	{ "rank from the environment", test_rank_from_environment },
	{ "launcher variable values", test_rank_values },
	{ "world size and a subset selecting none", test_world_size },
};

int main(void)
{
	return cunit_run("rank subset", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
