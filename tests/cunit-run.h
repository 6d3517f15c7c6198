/*
 * cunit-run.h - the main of every CUnit test program here: one suite of
 * named tests, run verbosely; the exit status 1 on any failure (a failed
 * assertion, a suite whose init or cleanup failed, a CUnit error).
 */
#ifndef TESTS_CUNIT_RUN_H
#define TESTS_CUNIT_RUN_H

#include <CUnit/Basic.h>
#include <stddef.h>

struct cunit_test {
	const char *name;
	CU_TestFunc fn;
};

static inline int cunit_run(const char *suite_name, CU_InitializeFunc init, CU_CleanupFunc clean,
			    const struct cunit_test *tests, size_t n)
{
	CU_pSuite suite;
	unsigned failed;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return CU_get_error();
	suite = CU_add_suite(suite_name, init, clean);
	if (!suite)
		goto out;
	for (size_t i = 0; i < n; i++)
		if (!CU_add_test(suite, tests[i].name, tests[i].fn))
			goto out;
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
out:
	failed = CU_get_number_of_failures() + CU_get_number_of_suites_failed();
	if (CU_get_error() != CUE_SUCCESS)
		failed++;
	CU_cleanup_registry();
	return failed ? 1 : 0;
}

#endif /* TESTS_CUNIT_RUN_H */
