/*
 * test-reduce.c - CUnit tests of gprof-par -S's small modules: rank file
 * names, the description of ranks and gaps (rankfiles.c), and launcher
 * detection from the environment (launcher.c).
 */
#include <CUnit/Basic.h>
#include <stdlib.h>
#include <string.h>

#include "launcher.h"
#include "rankfiles.h"

static void test_parse(void)
{
	CU_ASSERT_EQUAL(rankfiles_parse("gmon.out.0"), 0);
	CU_ASSERT_EQUAL(rankfiles_parse("dir/gmon.out.4095"), 4095);
	CU_ASSERT_EQUAL(rankfiles_parse("gmon.out.007"), -1);
	CU_ASSERT_EQUAL(rankfiles_parse("gmon.out."), -1);
	CU_ASSERT_EQUAL(rankfiles_parse("gmon.out"), -1);
	CU_ASSERT_EQUAL(rankfiles_parse("gmon.out.3.tmp"), -1);
	CU_ASSERT_EQUAL(rankfiles_parse("gmon.out.-1"), -1);
	CU_ASSERT_EQUAL(rankfiles_parse("gmon.out.99999999999999999999"), -1);
	CU_ASSERT_EQUAL(rankfiles_parse("xgmon.out.1"), -1);
}

static void check(const int64_t *ranks, size_t n, size_t max, const char *want)
{
	char out[256];

	rankfiles_describe(ranks, n, max, out, sizeof out);
	CU_ASSERT_STRING_EQUAL(out, want);
}

static void test_describe(void)
{
	static const int64_t gaps[] = { 0, 1, 2, 5, 9 };
	static const int64_t strided[] = { 0, 8, 16, 24 };
	static const int64_t strided_gaps[] = { 0, 8, 32, 56 };
	static const int64_t many[] = { 0, 2, 4, 6, 8, 10, 11 };
	int64_t big[512];

	for (int i = 0; i < 512; i++)
		big[i] = 8 * i;
	check(gaps, 0, 8, "no ranks");
	check(gaps + 3, 1, 8, "rank 5");
	check(gaps, 3, 8, "ranks 0-2; no gaps");
	check(gaps, 5, 8, "ranks 0-9; gaps: 3-4, 6-8 (5 ranks missing)");
	check(strided, 4, 8, "ranks 0-24, every 8th; no gaps");
	check(big, 512, 8, "ranks 0-4088, every 8th; no gaps");
	check(strided_gaps, 4, 8, "ranks 0-56, every 8th; gaps: 16-24, 40-48 (4 ranks missing)");
	check(many, 7, 2, "ranks 0-11; gaps: 1, 3, ... (3 more ranges) (5 ranks missing)");
	CU_ASSERT_EQUAL(rankfiles_missing(gaps, 5), 5);
	CU_ASSERT_EQUAL(rankfiles_missing(big, 512), 0);
}

static void test_path(void)
{
	char *p = rankfiles_path("d", 12), *q = rankfiles_path("d/", 3);

	CU_ASSERT_STRING_EQUAL(p, "d/gmon.out.12");
	CU_ASSERT_STRING_EQUAL(q, "d/gmon.out.3");
	free(p);
	free(q);
}

static const char *vars[] = {
	"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "MV2_COMM_WORLD_SIZE",
	"MV2_COMM_WORLD_RANK", "PMI_SIZE", "PMI_RANK", "PMIX_RANK", "SLURM_STEP_ID",
	"SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "SLURM_NTASKS",
};

static void clear_env(void)
{
	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
		unsetenv(vars[i]);
}

static void test_launcher(void)
{
	struct launcher l;

	clear_env();
	CU_ASSERT_EQUAL(launcher_detect(&l), 0);
	CU_ASSERT_FALSE(launcher_wants_mpi(&l));

	setenv("OMPI_COMM_WORLD_SIZE", "4", 1);
	setenv("OMPI_COMM_WORLD_RANK", "2", 1);
	CU_ASSERT_EQUAL(launcher_detect(&l), 1);
	CU_ASSERT_EQUAL(l.size, 4);
	CU_ASSERT_EQUAL(l.rank, 2);
	CU_ASSERT_TRUE(launcher_wants_mpi(&l));
	setenv("OMPI_COMM_WORLD_SIZE", "1", 1);
	launcher_detect(&l);
	CU_ASSERT_FALSE(launcher_wants_mpi(&l));   /* one process: serial */
	clear_env();

	/* A Slurm batch script is no job step. */
	setenv("SLURM_NTASKS", "8", 1);
	setenv("SLURM_PROCID", "0", 1);
	CU_ASSERT_EQUAL(launcher_detect(&l), 0);
	setenv("SLURM_STEP_ID", "0", 1);
	setenv("SLURM_STEP_NUM_TASKS", "3", 1);
	CU_ASSERT_EQUAL(launcher_detect(&l), 1);
	CU_ASSERT_EQUAL(l.size, 3);
	clear_env();

	setenv("PMI_SIZE", "2", 1);
	setenv("PMI_RANK", "1", 1);
	CU_ASSERT_EQUAL(launcher_detect(&l), 1);
	CU_ASSERT_EQUAL(l.rank, 1);
	clear_env();

	setenv("PMIX_RANK", "0", 1);   /* size unknown: ask MPI */
	CU_ASSERT_EQUAL(launcher_detect(&l), 1);
	CU_ASSERT_TRUE(launcher_wants_mpi(&l));
	setenv("PMIX_RANK", "x", 1);
	CU_ASSERT_EQUAL(launcher_detect(&l), 0);
	clear_env();
}

int main(void)
{
	CU_pSuite s;
	unsigned failures;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	s = CU_add_suite("reduce", NULL, NULL);
	CU_add_test(s, "rank file names", test_parse);
	CU_add_test(s, "ranks and gaps", test_describe);
	CU_add_test(s, "rank file paths", test_path);
	CU_add_test(s, "launcher detection", test_launcher);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failures = CU_get_number_of_failures();
	CU_cleanup_registry();
	return failures ? 1 : 0;
}
