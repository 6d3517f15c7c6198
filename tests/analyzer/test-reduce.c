/*
 * test-reduce.c - CUnit tests of gprof-par -S's small modules: rank file
 * names, the other files of a -S directory (children's profiles, leftover
 * temporaries, bad names, FIFOs), the description of ranks and gaps and
 * each file's place in rank order (rankfiles.c), launcher detection from
 * the environment (launcher.c), and the names of the files beside a
 * profile (common/companion-name.c, profile/companions.c: gmon.out+paths.3
 * beside gmon.out.3).
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "companion-name.h"
#include "companions.h"
#include "launcher.h"
#include "rankfiles.h"
#include "sum.h"
#include "../cunit-run.h"

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

static void test_classify(void)
{
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.3"), -1);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.sum"), -1);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out"), -1);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.2.4711"), RANKFILE_CHILD);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.0.1"), RANKFILE_CHILD);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.5.tmp0123456789abcdef"), RANKFILE_TEMPORARY);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.5.tmp"), RANKFILE_TEMPORARY);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.007"), RANKFILE_NOT_A_RANK);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.-1"), RANKFILE_NOT_A_RANK);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.99999999999999999999"), RANKFILE_NOT_A_RANK);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.1x"), RANKFILE_NOT_A_RANK);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out."), RANKFILE_NOT_A_RANK);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.01.4711"), RANKFILE_NOT_A_RANK);
	/* the files beside a rank's profile are not named gmon.out.* */
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out+paths.3"), -1);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out+calls.3"), -1);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out+modules.3"), -1);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out+libmpi.so.40.3"), -1);
	/* those of a child's profile, and an earlier version's: not warned about */
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.2+paths.4711"), RANKFILE_MODULE);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.3+paths"), RANKFILE_MODULE);
	CU_ASSERT_EQUAL(rankfiles_classify("gmon.out.3+libmpi.so.40"), RANKFILE_MODULE);
}

/* A directory with rank files, children, leftovers, bad names, a FIFO and a
 * directory named like rank files: only the regular rank files are listed;
 * every other one is counted by kind and named. */
static void test_list_others(void)
{
	char dir[] = "/tmp/test-reduce.XXXXXX";
	static const char *const regular[] = {
		"gmon.out.0", "gmon.out.2", "gmon.out.2.4711", "gmon.out.1.tmp9f3a00112233aabb",
		"gmon.out.007", "gmon.out.-1", "gmon.out.1x", "gmon.sum", "notes.txt",
		"gmon.out+paths.0", "gmon.out+calls.2", "gmon.out+libmpi.so.40.2",
		"gmon.out+modules.2", "gmon.out.2+paths.4711", "gmon.sum+paths",
	};
	struct rankfiles_others others;
	int64_t *ranks;
	size_t n;
	char path[256], err[256];

	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	for (size_t i = 0; i < sizeof regular / sizeof regular[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, regular[i]);
		FILE *f = fopen(path, "w");

		CU_ASSERT_FATAL(f != NULL);
		fclose(f);
	}
	snprintf(path, sizeof path, "%s/gmon.out.1", dir);
	CU_ASSERT_FATAL(mkfifo(path, 0600) == 0);
	snprintf(path, sizeof path, "%s/gmon.out.3", dir);
	CU_ASSERT_FATAL(mkdir(path, 0700) == 0);

	CU_ASSERT_FATAL(rankfiles_list(dir, &ranks, &n, &others, err, sizeof err) == 0);
	CU_ASSERT_EQUAL(n, 2);
	if (n == 2) {
		CU_ASSERT_EQUAL(ranks[0], 0);
		CU_ASSERT_EQUAL(ranks[1], 2);
	}
	CU_ASSERT_EQUAL(others.count[RANKFILE_CHILD], 1);
	CU_ASSERT_STRING_EQUAL(others.examples[RANKFILE_CHILD][0], "gmon.out.2.4711");
	CU_ASSERT_EQUAL(others.count[RANKFILE_TEMPORARY], 1);
	CU_ASSERT_EQUAL(others.count[RANKFILE_NOT_A_RANK], 3);
	CU_ASSERT_EQUAL(others.count[RANKFILE_NOT_REGULAR], 2);
	CU_ASSERT_EQUAL(others.count[RANKFILE_MODULE], 1);   /* the child's paths */
	for (size_t i = 0; i < 2; i++)
		CU_ASSERT(strcmp(others.examples[RANKFILE_NOT_REGULAR][i], "gmon.out.1 (a FIFO)") == 0 ||
			  strcmp(others.examples[RANKFILE_NOT_REGULAR][i], "gmon.out.3 (a directory)") == 0);
	free(ranks);
	rankfiles_others_free(&others);
	/* the listing without wanting the others */
	CU_ASSERT_FATAL(rankfiles_list(dir, &ranks, &n, NULL, err, sizeof err) == 0);
	CU_ASSERT_EQUAL(n, 2);
	free(ranks);

	for (size_t i = 0; i < sizeof regular / sizeof regular[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, regular[i]);
		unlink(path);
	}
	snprintf(path, sizeof path, "%s/gmon.out.1", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/gmon.out.3", dir);
	rmdir(path);
	rmdir(dir);
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

/* Each file's place in rank order (the heat map's columns): out of
 * order, duplicated ranks in the order named. */
static void test_places(void)
{
	const int64_t ranks[] = { 10, 2, 7, 2, 0, 10, 2, 4095, 3 };
	const uint64_t want[] = { 6, 1, 5, 2, 0, 7, 3, 8, 4 };
	uint64_t places[9], one;
	int64_t lone = 5;

	CU_ASSERT_EQUAL_FATAL(rankfiles_places(ranks, 9, places), 0);
	for (size_t i = 0; i < 9; i++)
		CU_ASSERT_EQUAL(places[i], want[i]);
	CU_ASSERT_EQUAL(rankfiles_places(&lone, 1, &one), 0);
	CU_ASSERT_EQUAL(one, 0);
	CU_ASSERT_EQUAL(rankfiles_places(NULL, 0, NULL), 0);
}

static void expect_companion(const char *profile, const char *kind, const char *want)
{
	char buf[128], *path = companion_path(profile, kind);

	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	CU_ASSERT_STRING_EQUAL(path, want);
	free(path);
	CU_ASSERT_EQUAL(companion_name(profile, kind, buf, sizeof buf), strlen(want));
	CU_ASSERT_STRING_EQUAL(buf, want);
}

static void test_companion_names(void)
{
	char small[8];

	expect_companion("gmon.out.3", "paths", "gmon.out+paths.3");
	expect_companion("gmon.out.3", "libmpi.so.40", "gmon.out+libmpi.so.40.3");
	expect_companion("gmon.out.0", "modules", "gmon.out+modules.0");
	expect_companion("/x/run.7", "paths", "/x/run+paths.7");
	expect_companion("dir.1/gmon.out.12", "calls", "dir.1/gmon.out+calls.12");
	expect_companion("gmon.out.3.4711", "paths", "gmon.out.3+paths.4711");
	expect_companion("gmon.out", "paths", "gmon.out+paths");
	expect_companion("gmon.sum", "libmpi.so.40", "gmon.sum+libmpi.so.40");
	expect_companion("dir.1/gmon.sum", "paths", "dir.1/gmon.sum+paths");
	expect_companion("out.3x", "paths", "out.3x+paths");
	expect_companion("out.", "paths", "out.+paths");
	expect_companion("dir/.3", "paths", "dir/.3+paths");
	/* cut, terminated, the full length returned */
	CU_ASSERT_EQUAL(companion_name("gmon.out.3", "paths", small, sizeof small), 16);
	CU_ASSERT_STRING_EQUAL(small, "gmon.ou");
	CU_ASSERT_EQUAL(companion_name("gmon.out.3", "paths", NULL, 0), 16);
}

static const char *const named_files[] = { "gmon.out.0", "gmon.out.1", "gmon.sum", "r/x.5",
					    "gmon.out" };

static int is_named(const char *name, void *ctx)
{
	(void)ctx;
	for (size_t i = 0; i < sizeof named_files / sizeof named_files[0]; i++)
		if (strcmp(name, named_files[i]) == 0)
			return 1;
	return 0;
}

static void test_companion_of(void)
{
	CU_ASSERT_EQUAL(companion_of_named("gmon.out+paths.0", is_named, NULL), 1);
	CU_ASSERT_EQUAL(companion_of_named("gmon.out+libmpi.so.40.1", is_named, NULL), 1);
	CU_ASSERT_EQUAL(companion_of_named("gmon.out+a+b.1", is_named, NULL), 1);
	CU_ASSERT_EQUAL(companion_of_named("gmon.sum+paths", is_named, NULL), 1);
	CU_ASSERT_EQUAL(companion_of_named("gmon.sum+libmpi.so.40", is_named, NULL), 1);
	CU_ASSERT_EQUAL(companion_of_named("r/x+calls.5", is_named, NULL), 1);
	CU_ASSERT_EQUAL(companion_of_named("gmon.out+paths", is_named, NULL), 1);
	/* an earlier version's names */
	CU_ASSERT_EQUAL(companion_of_named("gmon.out.0+paths", is_named, NULL), 1);
	CU_ASSERT_EQUAL(companion_of_named("gmon.out.1+libmpi.so.40", is_named, NULL), 1);
	/* not beside a profile named */
	CU_ASSERT_EQUAL(companion_of_named("gmon.out.0", is_named, NULL), 0);
	CU_ASSERT_EQUAL(companion_of_named("gmon.out.2", is_named, NULL), 0);
	CU_ASSERT_EQUAL(companion_of_named("gmon.out.7+paths", is_named, NULL), 0);
	CU_ASSERT_EQUAL(companion_of_named("r/x+.5", is_named, NULL), 0);
	CU_ASSERT_EQUAL(companion_of_named("+paths.0", is_named, NULL), 0);
	CU_ASSERT_EQUAL(companion_of_named("other+paths.0", is_named, NULL), 0);
}

/* A library of base (its files named by name[0 .. nfiles)) in sl. */
static struct sum_library *add_library(struct sum_libraries *sl, const char *base,
				       const char *soname, uint64_t samples, int nfiles,
				       const char *const *names)
{
	char path[64];
	struct sum_library *lib;

	snprintf(path, sizeof path, "/lib/%s", base);
	lib = sum_libraries_find_or_add(sl, base, path, NULL, soname, 0x1000, 0x2000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(lib);
	lib->samples += samples;
	lib->profiled = 1;
	for (int k = 0; k < nfiles; k++)
		CU_ASSERT_EQUAL(sum_library_add_path(lib, strdup(names[k])), 0);
	return lib;
}

/* sum_libraries_take: another process's (or the in-job sum's ranks')
 * libraries after these, as reading their lists after these would. */
static void test_libraries_take(void)
{
	static const char *const a_files[] = { "a/libx" }, *const b_files[] = { "b/libx", "b/liby" };
	struct sum_libraries a, b, c;
	char *data = NULL, err[256];
	size_t len = 0, *where = NULL, nwhere = 0;

	sum_libraries_init(&a);
	sum_libraries_init(&b);
	add_library(&a, "libx.so", "libx.so.1", 3, 1, a_files);
	add_library(&b, "liby.so", NULL, 5, 1, b_files + 1);
	add_library(&b, "libx.so", "libx.so.2", 4, 1, b_files);
	CU_ASSERT_EQUAL_FATAL(sum_libraries_pack(&b, 0, &data, &len), 0);
	CU_ASSERT_EQUAL_FATAL(sum_libraries_take(&a, data, len, 0, &where, &nwhere, err,
						 sizeof err), 0);
	/* libx keeps the first list's description; liby comes after it */
	CU_ASSERT_EQUAL_FATAL(a.n, 2);
	CU_ASSERT_EQUAL(nwhere, 2);
	CU_ASSERT_EQUAL(where[0], 1);
	CU_ASSERT_EQUAL(where[1], 0);
	CU_ASSERT_STRING_EQUAL(a.libs[0].soname, "libx.so.1");
	CU_ASSERT_EQUAL(a.libs[0].samples, 7);
	CU_ASSERT_EQUAL_FATAL(a.libs[0].n, 2);
	CU_ASSERT_STRING_EQUAL(a.libs[0].paths[1], "b/libx");
	CU_ASSERT_STRING_EQUAL(a.libs[1].base, "liby.so");
	CU_ASSERT_EQUAL(a.libs[1].samples, 5);
	free(where);
	/* cut short: refused, saying so (what it took is not meaningful) */
	sum_libraries_init(&c);
	CU_ASSERT_EQUAL(sum_libraries_take(&c, data, len - 1, 0, NULL, NULL, err, sizeof err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "ended short"));
	sum_libraries_free(&c);
	free(data);
	/* the files' names dropped (the in-job sum's partials): counted */
	sum_libraries_drop_names(&b);
	CU_ASSERT_PTR_NULL(b.libs[1].paths);
	CU_ASSERT_EQUAL(b.libs[1].n, 1);
	CU_ASSERT_EQUAL_FATAL(sum_libraries_pack(&b, 0, &data, &len), 0);
	/* counted files are not mixed with named ones (refused at liby, the
	 * first library packed: nothing taken) */
	CU_ASSERT_EQUAL(sum_libraries_take(&a, data, len, 0, NULL, NULL, err, sizeof err), -1);
	CU_ASSERT_EQUAL(a.libs[1].samples, 5);
	sum_libraries_drop_names(&a);
	CU_ASSERT_EQUAL(sum_libraries_take(&a, data, len, 0, NULL, NULL, err, sizeof err), 0);
	CU_ASSERT_EQUAL(a.libs[0].n, 3);
	CU_ASSERT_EQUAL(a.libs[0].samples, 11);
	CU_ASSERT_EQUAL(a.libs[1].n, 2);
	free(data);
	sum_libraries_free(&a);
	sum_libraries_free(&b);
}

static const struct cunit_test tests[] = {
	{ "rank file names", test_parse },
	{ "other names", test_classify },
	{ "listing a directory", test_list_others },
	{ "ranks and gaps", test_describe },
	{ "rank file paths", test_path },
	{ "places in rank order", test_places },
	{ "launcher detection", test_launcher },
	{ "companion file names", test_companion_names },
	{ "companions among the files named", test_companion_of },
	{ "libraries taken after others", test_libraries_take },
};

int main(void)
{
	return cunit_run("reduce", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
