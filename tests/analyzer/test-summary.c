/*
 * test-summary.c - the job summary's model and pages (analysis/summary.c,
 * report/summary-print.c, report/summary-html.c) on hand-made inputs with
 * known answers:
 *   - each frame's category (MPI on the path wins, then the profiler, the
 *     executable, OpenMP waiting or working, system calls, libraries);
 *   - the shares from call paths without an MPI profile (the samples), and
 *     with one under the CPU clock (MPI measured, the rest its CPU time, the
 *     wall time off the CPU the system's) and under the wall clock (the rest
 *     split by the samples): exact figures, adding up to 100;
 *   - MPI call sites added over ranks, a rank without the site counting 0;
 *   - each rank's categories from its own row and its own MPI time, the
 *     rows or the MPI profile out of rank order;
 *   - the HTML page of 4,096 ranks and 30,000 functions (a Zipf-like
 *     profile, its flame graph and a 24 x 128 heat map) under 2 MB, with no
 *     http(s) reference, and the JSON's time_breakdown.
 * (Over 800 lines: its cases share one hand-made input, small_build, and
 * the checks of its shares; split, they would be written twice.)
 */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include "../cunit-run.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "summary-html.h"
#include "summary-print.h"
#include "summary.h"

#define NEAR(a, b) CU_ASSERT_DOUBLE_EQUAL((a), (b), 1e-9)

static void test_classify(void)
{
	CU_ASSERT_EQUAL(summary_classify("app", "work", "app", 0), SUMMARY_PROGRAM);
	CU_ASSERT_EQUAL(summary_classify("app", "work", "app", 1), SUMMARY_MPI);
	CU_ASSERT_EQUAL(summary_classify("libmpi.so.40", "ompi_coll", "app", 0), SUMMARY_MPI);
	CU_ASSERT_EQUAL(summary_classify("[mca_btl_vader.so]", NULL, "app", 0), SUMMARY_MPI);
	/* the PMPI wrappers' own code is what profiling costs (issue 37), under
	 * an MPI call too; the MPI library under it is MPI's */
	CU_ASSERT_EQUAL(summary_classify("libgmon-mpi-pmpi-openmpi.so", "MPI_Barrier", "app", 0),
			SUMMARY_PROFILER);
	CU_ASSERT_EQUAL(summary_classify("libgmon-mpi-pmpi-openmpi.so", "MPI_Barrier", "app", 1),
			SUMMARY_PROFILER);
	CU_ASSERT_EQUAL(summary_classify("libmpi.so.40", "PMPI_Barrier", "app", 1), SUMMARY_MPI);
	CU_ASSERT_EQUAL(summary_classify("libgmon-mpi.so", "__mcount_internal", "app", 0),
			SUMMARY_PROFILER);
	CU_ASSERT_EQUAL(summary_classify("app", "mcount", "app", 0), SUMMARY_PROFILER);
	CU_ASSERT_EQUAL(summary_classify("libgomp.so.1", "gomp_team_barrier_wait_end", "app", 0),
			SUMMARY_OMP_WAITING);
	CU_ASSERT_EQUAL(summary_classify("libgomp.so.1", "GOMP_parallel", "app", 0),
			SUMMARY_OMP_WORKING);
	CU_ASSERT_EQUAL(summary_classify("libgomp.so.1", "GOMP_loop_dynamic_next", "app", 0),
			SUMMARY_OMP_WORKING);
	CU_ASSERT_EQUAL(summary_classify("libomp.so.5", "__kmpc_dispatch_next_4", "app", 0),
			SUMMARY_OMP_WORKING);
	/* a stripped libgomp's barrier code, unnamed: waiting */
	CU_ASSERT_EQUAL(summary_classify("libgomp.so.1", "[libgomp.so.1]", "app", 0),
			SUMMARY_OMP_WAITING);
	CU_ASSERT_EQUAL(summary_classify("libomp.so.5", "__kmp_hyper_barrier_release", "app", 0),
			SUMMARY_OMP_WAITING);
	CU_ASSERT_EQUAL(summary_classify("libc.so.6", "read", "app", 0), SUMMARY_SYSTEM);
	CU_ASSERT_EQUAL(summary_classify("libc.so.6", "__GI___libc_write", "app", 0),
			SUMMARY_SYSTEM);
	CU_ASSERT_EQUAL(summary_classify("libc.so.6", "pread64", "app", 0), SUMMARY_SYSTEM);
	CU_ASSERT_EQUAL(summary_classify("libc.so.6", "clock_nanosleep@GLIBC_2.2.5", "app", 0),
			SUMMARY_SYSTEM);
	CU_ASSERT_EQUAL(summary_classify("linux-vdso.so.1", NULL, "app", 0), SUMMARY_SYSTEM);
	CU_ASSERT_EQUAL(summary_classify("libc.so.6", "readdir", "app", 0), SUMMARY_LIBRARIES);
	CU_ASSERT_EQUAL(summary_classify("libm.so.6", "exp", "app", 0), SUMMARY_LIBRARIES);
	CU_ASSERT_EQUAL(summary_classify("libc.so.6", "memcpy", "app", 0), SUMMARY_LIBRARIES);
	/* the lists are of C names: a C++ function is none of them, mangled
	 * or demangled alike (the tables of a parallel sum's processes are
	 * demangled at different times) */
	CU_ASSERT_EQUAL(summary_classify("app", "MPI_helper(int)", "app", 0), SUMMARY_PROGRAM);
	CU_ASSERT_EQUAL(summary_classify("app", "_Z10MPI_helperi", "app", 0), SUMMARY_PROGRAM);
	CU_ASSERT_EQUAL(summary_classify("app", "gmon_log(char const*)", "app", 0), SUMMARY_PROGRAM);
	CU_ASSERT_EQUAL(summary_classify("libc.so.6", "read(int)", "app", 0), SUMMARY_LIBRARIES);
	CU_ASSERT_FALSE(summary_is_mpi_name("MPI_helper(int)"));
	CU_ASSERT_TRUE(summary_is_mpi_name("MPI_Send"));
	CU_ASSERT_EQUAL(summary_classify("app", "MPI_Send", "app", 0), SUMMARY_MPI);
	/* an OpenMP worker's idle root, a function of the runtime's: OpenMP
	 * waiting, not the profiler (issue 38), and so is what waits under
	 * it, but the profiler's own code and MPI */
	CU_ASSERT_EQUAL(summary_classify("libgmon-mpi.so.0", "[omp idle]", "app", 0),
			SUMMARY_OMP_WAITING);
	CU_ASSERT_EQUAL(summary_path_class("libgomp.so.1", "[libgomp.so.1]", "app", 0, 0, 1),
			SUMMARY_OMP_WAITING);
	CU_ASSERT_EQUAL(summary_path_class("libc.so.6", "sched_yield", "app", 0, 0, 1),
			SUMMARY_OMP_WAITING);
	CU_ASSERT_EQUAL(summary_path_class("libc.so.6", "sched_yield", "app", 0, 0, 0),
			SUMMARY_SYSTEM);
	CU_ASSERT_EQUAL(summary_path_class("libgmon-mpi.so.0", "mcount", "app", 0, 0, 1),
			SUMMARY_PROFILER);
}

/* The small run: 100 samples at 100 Hz on paths
 *   main work (60), main sync_point MPI_Barrier (30), main read (5),
 *   main mcount (5). */
enum { F_MAIN, F_WORK, F_SYNC, F_BARRIER, F_READ, F_MCOUNT, NF };

struct small {
	struct measured m;
	struct measured_fn fns[NF];
	uint32_t ids[12];
	struct measured_path paths[4];
	struct symtab st;
	struct profile prof;
	struct profile_histogram hist;
};

static void small_build(struct small *s, const char *dimen)
{
	static const struct { const char *name, *module; } f[NF] = {
		{ "main", "app" }, { "work", "app" }, { "sync_point", "app" },
		{ "MPI_Barrier", "libmpi.so.40" }, { "read", "libc.so.6" },
		{ "mcount", "libgmon-mpi.so" },
	};
	static const uint32_t ids[] = { F_MAIN, F_WORK, F_MAIN, F_SYNC, F_BARRIER,
					F_MAIN, F_READ, F_MAIN, F_MCOUNT };

	memset(s, 0, sizeof *s);
	for (int i = 0; i < NF; i++) {
		s->fns[i].name = f[i].name;
		s->fns[i].module = f[i].module;
		s->fns[i].sym = SIZE_MAX;
	}
	memcpy(s->ids, ids, sizeof ids);
	s->paths[0] = (struct measured_path){ 60, 0, 2 };
	s->paths[1] = (struct measured_path){ 30, 2, 3 };
	s->paths[2] = (struct measured_path){ 5, 5, 2 };
	s->paths[3] = (struct measured_path){ 5, 7, 2 };
	for (int p = 0; p < 4; p++) {
		const struct measured_path *mp = &s->paths[p];

		s->fns[s->ids[mp->first + mp->n - 1]].self += mp->samples;
		for (uint32_t k = 0; k < mp->n; k++)
			s->fns[s->ids[mp->first + k]].total += mp->samples;
	}
	s->m.fns = s->fns;
	s->m.nfns = NF;
	s->m.ids = s->ids;
	s->m.paths = s->paths;
	s->m.npaths = 4;
	s->m.samples = 100;
	s->m.rate = 100;
	s->st.path = "/x/app";
	strcpy(s->hist.dimen, dimen);
	s->hist.rate = 100;
	s->prof.hists = &s->hist;
	s->prof.nhists = 1;
}

static void small_input(struct small *s, struct summary_input *in)
{
	memset(in, 0, sizeof *in);
	in->program = "/x/app";
	in->st = &s->st;
	in->prof = &s->prof;
	in->paths = &s->m;
	in->files = 2;
}

static double breakdown_total(const struct summary *s)
{
	double t = 0;

	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		t += s->shares[c].percent;
	return t;
}

static void test_shares_samples(void)
{
	struct small sm;
	struct summary_input in;
	struct summary s;

	small_build(&sm, "seconds");
	small_input(&sm, &in);
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT_STRING_EQUAL(s.basis, "cpu");
	CU_ASSERT_EQUAL(s.samples, 100);
	NEAR(s.total_seconds, 1.0);
	NEAR(s.shares[SUMMARY_PROGRAM].percent, 60);
	NEAR(s.shares[SUMMARY_MPI].percent, 30);
	NEAR(s.shares[SUMMARY_SYSTEM].percent, 5);
	NEAR(s.shares[SUMMARY_PROFILER].percent, 5);
	NEAR(breakdown_total(&s), 100);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s.hot);
	CU_ASSERT_STRING_EQUAL(s.hot->name, "work");
	CU_ASSERT_EQUAL(s.ntop_total, NF);
	CU_ASSERT_STRING_EQUAL(s.top_total[0].name, "main");
	CU_ASSERT_EQUAL(s.mpi_seconds, -1);
	CU_ASSERT_FALSE(s.has_balance);
	summary_free(&s);
}

/* Two ranks of 1 s each, 0.2 s and 0.6 s in MPI; rank 1 calls from one
 * site only. */
static void mpi_build(struct mpi_profile *mp, struct mpi_site_names *names)
{
	static struct mpi_rank ranks[2];
	static struct mpi_site sites0[2], sites1[1];
	static char *caller0[2] = { "sync_point", "main" }, *caller1[1] = { "sync_point" };
	static char *source0[2] = { "app.c:9", "" }, *source1[1] = { "app.c:9" };
	static char **callers[2] = { caller0, caller1 }, **sources[2] = { source0, source1 };

	sites0[0] = (struct mpi_site){ "MPI_Barrier", "/x/app", 0x1000, 3, 150000000, 0, 0 };
	sites0[1] = (struct mpi_site){ "MPI_Init", "/x/app", 0x1100, 1, 50000000, 0, 0 };
	sites1[0] = (struct mpi_site){ "MPI_Barrier", "/x/app", 0x1000, 3, 600000000, 8, 16 };
	/* one thread in MPI: its wall time in MPI is its time there */
	ranks[0] = (struct mpi_rank){ .rank = 0, .size = 2, .elapsed_ns = 1000000000,
		.mpi_ns = 200000000, .mpi_wall_ns = 200000000, .sites = sites0, .nsites = 2 };
	ranks[1] = (struct mpi_rank){ .rank = 1, .size = 2, .elapsed_ns = 1000000000,
		.mpi_ns = 600000000, .mpi_wall_ns = 600000000, .sites = sites1, .nsites = 1 };
	mp->ranks = ranks;
	mp->nranks = 2;
	names->caller = callers;
	names->source = sources;
}

/* The small run on the clock dimen, with mpi_build's profile if with_mpi,
 * and each rank's rows (NULL: none). */
static void rows_summary(struct summary *s, struct small *sm, const char *dimen,
			 const struct path_row rows[2], int with_mpi)
{
	static struct mpi_profile mp;
	static struct mpi_site_names names;
	struct summary_input in;

	small_build(sm, dimen);
	small_input(sm, &in);
	mpi_build(&mp, &names);
	if (with_mpi) {
		in.mpi = &mp;
		in.mpi_names = &names;
	}
	in.rows = rows;
	in.nrows = rows ? 2 : 0;
	CU_ASSERT_EQUAL_FATAL(summary_build(s, &in), 0);
}

/* The small run with the MPI profile of mpi_build, on the clock dimen. */
static void mpi_summary(struct summary *s, struct small *sm, const char *dimen)
{
	rows_summary(s, sm, dimen, NULL, 1);
}

static void test_shares_mpi_cpu(void)
{
	struct small sm;
	struct summary s;

	mpi_summary(&s, &sm, "seconds");
	CU_ASSERT_STRING_EQUAL(s.basis, "wall");
	NEAR(s.total_seconds, 2.0);
	NEAR(s.elapsed, 1.0);
	CU_ASSERT_EQUAL(s.ranks_total, 2);
	/* MPI 0.8 s; outside 1.2 s: CPU 0.6 program, 0.05 read, 0.05 mcount,
	 * and 0.5 s off the CPU */
	NEAR(s.shares[SUMMARY_MPI].percent, 40);
	NEAR(s.shares[SUMMARY_PROGRAM].percent, 30);
	NEAR(s.shares[SUMMARY_SYSTEM].percent, 27.5);
	NEAR(s.shares[SUMMARY_PROFILER].percent, 2.5);
	NEAR(breakdown_total(&s), 100);
	CU_ASSERT_EQUAL(s.shares[SUMMARY_MPI].ranks.n, 2);
	NEAR(s.shares[SUMMARY_MPI].ranks.min, 0.2);
	CU_ASSERT_EQUAL(s.shares[SUMMARY_MPI].ranks.max_rank, 1);
	/* the sites: Barrier 0.75 s over both ranks, Init 0.05 s (rank 1: 0) */
	CU_ASSERT_EQUAL_FATAL(s.nsites, 2);
	CU_ASSERT_STRING_EQUAL(s.sites[0].function, "MPI_Barrier");
	CU_ASSERT_STRING_EQUAL(s.sites[0].caller, "sync_point");
	CU_ASSERT_EQUAL(s.sites[0].calls, 6);
	CU_ASSERT_EQUAL(s.sites[0].bytes, 24);
	NEAR(s.sites[0].seconds, 0.75);
	NEAR(s.sites[0].percent, 93.75);
	NEAR(s.sites[0].ranks.min, 0.15);
	NEAR(s.sites[0].ranks.max, 0.6);
	CU_ASSERT_EQUAL(s.sites[1].ranks.n, 2);
	NEAR(s.sites[1].ranks.min, 0);
	NEAR(s.sites[1].ranks.mean, 0.025);
	NEAR(s.sites[1].ranks.max, 0.05);
	CU_ASSERT_EQUAL(s.sites[1].ranks.min_rank, 1);
	CU_ASSERT_EQUAL(s.sites[1].ranks.max_rank, 0);
	summary_free(&s);
}

static void test_shares_mpi_wall(void)
{
	struct small sm;
	struct summary s;

	mpi_summary(&s, &sm, "wall-sec");
	CU_ASSERT_STRING_EQUAL(s.clock, "wall");
	/* outside MPI, 1.2 s split 60 : 5 : 5 */
	NEAR(s.shares[SUMMARY_MPI].percent, 40);
	NEAR(s.shares[SUMMARY_PROGRAM].percent, 60.0 * 60 / 70);
	NEAR(s.shares[SUMMARY_SYSTEM].percent, 60.0 * 5 / 70);
	NEAR(breakdown_total(&s), 100);
	summary_free(&s);
}

/* The profiler's own time no sample saw (own-cost.h): its handlers' 0.1 s
 * is inside the samples' total, taken from every category in proportion;
 * its writes' 0.05 s is added (CPU basis) or, under the MPI profile's wall
 * time, taken as the handlers'. */
static void test_unsampled(void)
{
	struct small sm;
	struct summary_input in;
	struct summary s;
	static struct mpi_profile mp;
	static struct mpi_site_names names;

	small_build(&sm, "seconds");
	small_input(&sm, &in);
	in.profiler_signals_s = 0.1;
	in.profiler_writes_s = 0.05;
	in.profiler_files = 1;
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	NEAR(s.profiler_unsampled, 0.15);
	NEAR(s.total_seconds, 1.05);
	NEAR(s.shares[SUMMARY_PROGRAM].seconds, 0.54);
	NEAR(s.shares[SUMMARY_MPI].seconds, 0.27);
	NEAR(s.shares[SUMMARY_PROFILER].seconds, 0.045 + 0.15);
	NEAR(s.shares[SUMMARY_PROFILER].percent, 100 * 0.195 / 1.05);
	NEAR(breakdown_total(&s), 100);
	summary_free(&s);

	/* MPI 0.8 s of 2 s measured; outside, program 0.6, system 0.55,
	 * profiler 0.05: 0.15 s taken from those 1.2 s */
	mpi_build(&mp, &names);
	in.mpi = &mp;
	in.mpi_names = &names;
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	NEAR(s.total_seconds, 2.0);
	NEAR(s.shares[SUMMARY_MPI].seconds, 0.8);
	NEAR(s.shares[SUMMARY_PROGRAM].seconds, 0.6 * 0.875);
	NEAR(s.shares[SUMMARY_PROFILER].seconds, 0.05 * 0.875 + 0.15);
	NEAR(breakdown_total(&s), 100);
	summary_free(&s);

	/* none said (earlier files): nothing changed */
	in.profiler_files = 0;
	in.mpi = NULL;
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT(s.profiler_unsampled < 0);
	NEAR(s.total_seconds, 1.0);
	NEAR(s.shares[SUMMARY_PROFILER].percent, 5);
	summary_free(&s);
}

/* Each share's 95% sampling error from the signals that brought the
 * samples; fewer than SUMMARY_MIN_SIGNALS: too few to say anything. */
static void test_too_few(void)
{
	struct small sm;
	struct summary_input in;
	struct summary s;

	small_build(&sm, "seconds");
	small_input(&sm, &in);
	in.signals = 400;        /* (as counts: 100 samples, the rule's edge) */
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT_FALSE(s.too_few);
	NEAR(s.sampled, 400);
	NEAR(s.shares[SUMMARY_PROGRAM].plus_minus, 1.96 * 60 * sqrt(0.4 / (0.6 * 400)));
	NEAR(s.shares[SUMMARY_MPI].plus_minus, 1.96 * 30 * sqrt(0.7 / (0.3 * 400)));
	NEAR(s.shares[SUMMARY_LIBRARIES].plus_minus, 0);     /* no samples */
	CU_ASSERT_PTR_NOT_NULL(s.hot);
	CU_ASSERT(s.nsentences > 0 && strncmp(s.sentences[0], "too few", 7) != 0);
	summary_free(&s);

	in.signals = 60;
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT_TRUE(s.too_few);
	NEAR(s.shares[SUMMARY_PROGRAM].plus_minus, 1.96 * 60 * sqrt(0.4 / (0.6 * 60)));
	CU_ASSERT_EQUAL_FATAL(s.nsentences, 1);
	CU_ASSERT_STRING_EQUAL(s.sentences[0], "too few samples to say where the time went: 60 "
			       "signals, fewer than 100; run longer, or sample faster "
			       "(BG_GMON_HZ=1000)");
	summary_free(&s);

	in.signals = 0;          /* not known: the 100 samples, as counts */
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT_FALSE(s.too_few);
	NEAR(s.sampled, 100);
	summary_free(&s);
}

/* Under the wall clock, a path of MPI's frames alone is one of MPI's own
 * threads: left out.  Without them, the shares of the other samples. */
static void test_wall_mpi_threads(void)
{
	struct small sm;
	struct summary_input in;
	struct summary s;

	small_build(&sm, "wall-sec");
	sm.paths[1] = (struct measured_path){ 30, 4, 1 };   /* MPI_Barrier alone */
	small_input(&sm, &in);
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT_EQUAL(s.mpi_thread_samples, 30);
	CU_ASSERT_EQUAL(s.samples, 70);
	NEAR(s.shares[SUMMARY_MPI].percent, 0);
	NEAR(s.shares[SUMMARY_PROGRAM].percent, 100.0 * 60 / 70);
	NEAR(breakdown_total(&s), 100);
	summary_free(&s);
	/* under the CPU clock the same path is MPI's CPU time */
	small_build(&sm, "seconds");
	sm.paths[1] = (struct measured_path){ 30, 4, 1 };
	small_input(&sm, &in);
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT_EQUAL(s.mpi_thread_samples, 0);
	NEAR(s.shares[SUMMARY_MPI].percent, 30);
	summary_free(&s);
}

/* Each rank's paths by class (path-rows.h): rows of ranks 0 and 1. */
static void set_rows(struct path_row rows[2], int64_t rank1, const uint64_t r0[SUMMARY_PATH_CLASSES],
		     const uint64_t r1[SUMMARY_PATH_CLASSES])
{
	memset(rows, 0, 2 * sizeof *rows);
	rows[0] = (struct path_row){ .rank = 0, .has = 1 };
	rows[1] = (struct path_row){ .rank = rank1, .has = 1 };
	memcpy(rows[0].samples, r0, SUMMARY_PATH_CLASSES * sizeof *r0);
	memcpy(rows[1].samples, r1, SUMMARY_PATH_CLASSES * sizeof *r1);
}

static char *html_of(const struct summary *s, const struct measured *m,
		     const struct balance_heat *heat, size_t *len);

/* The rows of test_rows_wall: program, MPI, OpenMP x 2, libraries,
 * system, profiler, MPI thread */
static const uint64_t wall_r0[] = { 50, 10, 0, 0, 0, 0, 5, 0 };
static const uint64_t wall_r1[] = { 10, 20, 0, 0, 0, 5, 0, 0 };

/* The shares of wall_r0 and wall_r1 with mpi_build's profile: rank 0:
 * 0.55 s of CPU in its 0.8 s outside MPI, 0.25 s off the CPU; rank 1:
 * 0.15 s in 0.4 s, 0.25 s off it. */
static void check_rows_wall(const struct summary *s)
{
	const struct summary_spread *p = &s->shares[SUMMARY_PROGRAM].ranks;
	const struct summary_spread *sys = &s->shares[SUMMARY_SYSTEM].ranks;

	NEAR(s->shares[SUMMARY_MPI].percent, 40);
	NEAR(s->shares[SUMMARY_PROGRAM].percent, 30);
	NEAR(s->shares[SUMMARY_SYSTEM].percent, 27.5);
	NEAR(s->shares[SUMMARY_PROFILER].percent, 2.5);
	CU_ASSERT_EQUAL(p->n, 2);
	NEAR(p->min, 0.1);
	CU_ASSERT_EQUAL(p->min_rank, 1);
	NEAR(p->max, 0.5);
	CU_ASSERT_EQUAL(p->max_rank, 0);
	NEAR(sys->min, 0.25);
	NEAR(sys->max, 0.30);
	CU_ASSERT_EQUAL(sys->max_rank, 1);
	NEAR(s->shares[SUMMARY_PROFILER].ranks.max, 0.05);
	CU_ASSERT_EQUAL(s->shares[SUMMARY_PROFILER].ranks.min_rank, 1);
	NEAR(s->shares[SUMMARY_MPI].ranks.min, 0.2);
	NEAR(s->shares[SUMMARY_MPI].ranks.max, 0.6);
}

/* Every category per rank, from each rank's paths: rank 0 of 1 s with
 * 0.2 s in MPI, rank 1 with 0.6 s (mpi_build), the CPU clock. */
static void test_rows_wall(void)
{
	static const uint64_t busy[] = { 95, 0, 0, 0, 0, 0, 0, 0 };
	static const uint64_t idle[] = { 5, 0, 0, 0, 0, 0, 0, 0 };
	struct path_row rows[2];
	struct small sm;
	struct summary s;

	set_rows(rows, 1, wall_r0, wall_r1);
	rows_summary(&s, &sm, "seconds", rows, 1);
	check_rows_wall(&s);
	CU_ASSERT_EQUAL(s.shares[SUMMARY_OMP_WAITING].ranks.n, 2);
	NEAR(s.shares[SUMMARY_OMP_WAITING].ranks.max, 0);
	{
		/* none in any rank: the page names no rank as holding the least */
		size_t len;
		char *html = html_of(&s, NULL, NULL, &len);
		const char *row = strstr(html, "<tr><td>OpenMP runtime, waiting</td>");

		CU_ASSERT_PTR_NOT_NULL_FATAL(row);
		CU_ASSERT_PTR_NOT_NULL(strstr(row, "<td class=\"n\" data-v=\"0\">0.000</td></tr>"));
		CU_ASSERT_TRUE(strstr(row, "(rank") == NULL || strstr(row, "(rank") > strstr(row, "</tr>"));
		free(html);
	}
	summary_free(&s);

	/* rank 0's 0.95 s of CPU (threads) in its 0.8 s outside MPI: its
	 * wall time, not more; rank 1 off the CPU 0.35 s.  All ranks at once
	 * would give the program 1 s of the 1.2 s outside MPI. */
	set_rows(rows, 1, busy, idle);
	rows_summary(&s, &sm, "seconds", rows, 1);
	NEAR(s.shares[SUMMARY_PROGRAM].seconds, 0.85);
	NEAR(s.shares[SUMMARY_PROGRAM].percent, 42.5);
	NEAR(s.shares[SUMMARY_SYSTEM].percent, 17.5);
	NEAR(s.shares[SUMMARY_PROGRAM].ranks.max, 0.8);
	NEAR(breakdown_total(&s), 100);
	summary_free(&s);

	/* rows that do not pair with the MPI profile's ranks (rank 5 for 1):
	 * all ranks at once, and no spread but MPI's */
	set_rows(rows, 5, busy, idle);
	rows_summary(&s, &sm, "seconds", rows, 1);
	NEAR(s.shares[SUMMARY_PROGRAM].percent, 30);
	CU_ASSERT_EQUAL(s.shares[SUMMARY_PROGRAM].ranks.n, 0);
	CU_ASSERT_EQUAL(s.shares[SUMMARY_MPI].ranks.n, 2);
	summary_free(&s);
}

/* Ranks out of order, as files named out of rank order give them
 * (gmon.out.10 before gmon.out.2), in the rows or in the MPI profile: each
 * rank's row still goes with its own rank's wall time and MPI time, so
 * the figures are test_rows_wall's. */
static void test_rows_order(void)
{
	for (int order = 0; order < 2; order++) {
		struct mpi_profile mp;
		struct mpi_site_names names;
		struct mpi_rank ranks[2];
		char **callers[2], **sources[2];
		struct path_row rows[2], first;
		struct small sm;
		struct summary_input in;
		struct summary s;

		small_build(&sm, "seconds");
		small_input(&sm, &in);
		mpi_build(&mp, &names);
		set_rows(rows, 1, wall_r0, wall_r1);
		if (order == 0) {   /* the rows: rank 1's first */
			first = rows[0];
			rows[0] = rows[1];
			rows[1] = first;
		} else {            /* the MPI profile: rank 1's first */
			for (int r = 0; r < 2; r++) {
				ranks[r] = mp.ranks[1 - r];
				callers[r] = names.caller[1 - r];
				sources[r] = names.source[1 - r];
			}
			mp.ranks = ranks;
			names.caller = callers;
			names.source = sources;
		}
		in.mpi = &mp;
		in.mpi_names = &names;
		in.rows = rows;
		in.nrows = 2;
		CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
		check_rows_wall(&s);
		if (fabs(s.shares[SUMMARY_PROGRAM].ranks.max - 0.5) > 1e-9)
			printf("\n  %s out of order: the program's time per rank %.3f to %.3f s\n",
			       order ? "the MPI profile" : "the rows", s.shares[SUMMARY_PROGRAM].ranks.min,
			       s.shares[SUMMARY_PROGRAM].ranks.max);
		summary_free(&s);
	}
}

/* Without the MPI profile each rank's samples: MPI's own threads' left out
 * under the wall clock, MPI's under the CPU clock. */
static void test_rows_samples(void)
{
	static const uint64_t r0[] = { 50, 10, 0, 0, 0, 0, 5, 7 };
	static const uint64_t r1[] = { 10, 20, 0, 0, 0, 5, 0, 0 };
	struct path_row rows[2];
	struct small sm;
	struct summary s;

	set_rows(rows, 1, r0, r1);
	rows_summary(&s, &sm, "seconds", rows, 0);
	NEAR(s.shares[SUMMARY_MPI].ranks.max, 0.2);
	CU_ASSERT_EQUAL(s.shares[SUMMARY_MPI].ranks.max_rank, 1);
	NEAR(s.shares[SUMMARY_MPI].ranks.min, 0.17);
	NEAR(s.shares[SUMMARY_SYSTEM].ranks.mean, 0.025);
	summary_free(&s);
	rows_summary(&s, &sm, "wall-sec", rows, 0);
	NEAR(s.shares[SUMMARY_MPI].ranks.min, 0.1);
	CU_ASSERT_EQUAL(s.shares[SUMMARY_MPI].ranks.min_rank, 0);
	NEAR(s.shares[SUMMARY_PROGRAM].ranks.mean, 0.3);
	summary_free(&s);
}

/* A category whose ranks differ beyond sampling noise gets a sentence
 * naming the rank; within noise, none. */
static void test_rows_sentence(void)
{
	static const uint64_t apart0[] = { 50, 10, 0, 0, 0, 0, 40, 0 };
	static const uint64_t apart1[] = { 10, 20, 0, 0, 0, 5, 2, 0 };
	static const uint64_t close0[] = { 50, 10, 0, 0, 0, 0, 21, 0 };
	static const uint64_t close1[] = { 10, 20, 0, 0, 0, 5, 19, 0 };
	const char *said = "rank 0 spends 1.9x the mean in the profiler itself (0.400 s against "
			   "0.210 s); the ranks differ there beyond sampling noise";
	struct path_row rows[2];
	struct small sm;
	struct summary s;
	int found = 0;

	set_rows(rows, 1, apart0, apart1);
	rows_summary(&s, &sm, "seconds", rows, 0);
	CU_ASSERT_TRUE(s.shares[SUMMARY_PROFILER].ranks_beyond_noise);
	CU_ASSERT_FALSE(s.shares[SUMMARY_SYSTEM].ranks_beyond_noise);   /* 0 and 5 */
	for (size_t i = 0; i < s.nsentences; i++)
		found |= strcmp(s.sentences[i], said) == 0;
	CU_ASSERT_TRUE(found);
	summary_free(&s);

	set_rows(rows, 1, close0, close1);
	rows_summary(&s, &sm, "seconds", rows, 0);
	CU_ASSERT_FALSE(s.shares[SUMMARY_PROFILER].ranks_beyond_noise);
	for (size_t i = 0; i < s.nsentences; i++)
		CU_ASSERT_PTR_NULL(strstr(s.sentences[i], "the mean in the profiler"));
	summary_free(&s);
}

/* The page and the JSON of s, malloc'ed. */
static char *html_of(const struct summary *s, const struct measured *m,
		     const struct balance_heat *heat, size_t *len)
{
	char *buf = NULL;
	FILE *out = open_memstream(&buf, len);

	CU_ASSERT_FATAL(out != NULL);
	CU_ASSERT_EQUAL(summary_html_print(out, s, m, heat), 0);
	fclose(out);
	return buf;
}

static char *json_of(const struct summary *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	CU_ASSERT_FATAL(out != NULL);
	summary_print_json(out, s);
	fclose(out);
	return buf;
}

/* Names are bytes: the page escapes the markup characters and writes a
 * byte that starts no UTF-8 sequence as U+FFFD; the JSON escapes too.  A
 * function named document.documentElement keeps its name (issue 40: the
 * page's flame graph was made by editing the SVG's text, its script's
 * root too, which renamed the function in its title). */
static void test_hostile_names(void)
{
	struct small sm;
	struct summary_input in;
	struct summary s;
	char *buf;
	size_t len = 0;

	small_build(&sm, "seconds");
	sm.fns[F_WORK].name = "<script>&\"w\xff";
	sm.fns[F_READ].name = "document.documentElement";
	small_input(&sm, &in);
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	buf = html_of(&s, &sm.m, NULL, &len);
	CU_ASSERT_PTR_NULL(strstr(buf, "<script>&"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "&lt;script&gt;&amp;&quot;w\xef\xbf\xbd"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "<title>document.documentElement (5 samples, 5.00%)"));
	CU_ASSERT_PTR_NULL(strstr(buf, "document.getElementById('flame-graph') ("));
	free(buf);
	buf = json_of(&s);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"hot_function\": \"<script>&\\\"w\\ufffd\""));
	free(buf);
	summary_free(&s);
}

/* ------------------------------------------------------------------ */
/* 4,096 ranks, 30,000 functions: the page's size. */

#define BIG_FNS 30000
#define BIG_RANKS 4096

static void test_html_size(void)
{
	struct measured m;
	struct symtab st;
	struct sym *syms = calloc(BIG_FNS, sizeof *syms);
	char (*names)[24] = calloc(BIG_FNS, sizeof *names);
	struct balance_view v;
	struct balance_heat heat;
	struct profile prof;
	struct profile_histogram hist;
	struct summary_input in;
	struct summary s;
	char *buf;
	size_t len = 0;

	CU_ASSERT_FATAL(syms && names);
	memset(&m, 0, sizeof m);
	m.fns = calloc(BIG_FNS + 1, sizeof *m.fns);
	m.ids = calloc(3 * (size_t)BIG_FNS, sizeof *m.ids);
	m.paths = calloc(BIG_FNS, sizeof *m.paths);
	CU_ASSERT_FATAL(m.fns && m.ids && m.paths);
	/* main -> f<i> -> f<(7i + 1) mod n>, f<i>'s samples ~ 10^6 / (i + 1) */
	m.fns[BIG_FNS].name = "main";
	m.fns[BIG_FNS].module = "app";
	for (size_t i = 0; i < BIG_FNS; i++) {
		snprintf(names[i], sizeof names[i], "function_%zu", i);
		m.fns[i] = (struct measured_fn){ names[i], "app", NULL, 0, i, 0, 0, 0 };
		syms[i].name = names[i];
		syms[i].addr = 0x1000 + 16 * i;
		syms[i].end_addr = syms[i].addr + 15;
	}
	for (size_t i = 0; i < BIG_FNS; i++) {
		uint32_t callee = (uint32_t)((7 * i + 1) % BIG_FNS);

		m.paths[i] = (struct measured_path){ 1000000 / (i + 1), 3 * i, 3 };
		m.ids[3 * i] = BIG_FNS;
		m.ids[3 * i + 1] = (uint32_t)i;
		m.ids[3 * i + 2] = callee;
		m.fns[BIG_FNS].total += m.paths[i].samples;
		m.fns[i].total += m.paths[i].samples;
		m.fns[callee].total += m.paths[i].samples;
		m.fns[callee].self += m.paths[i].samples;
		m.samples += m.paths[i].samples;
	}
	m.nfns = BIG_FNS + 1;
	m.npaths = BIG_FNS;
	m.rate = 1000;
	memset(&st, 0, sizeof st);
	st.path = "/x/app";
	st.syms = syms;
	st.nsyms = BIG_FNS;

	/* the load balance's view: every function, every rank */
	memset(&v, 0, sizeof v);
	v.nranks = BIG_RANKS;
	v.funcs = calloc(BIG_FNS, sizeof *v.funcs);
	v.ranks = calloc(BIG_RANKS, sizeof *v.ranks);
	CU_ASSERT_FATAL(v.funcs && v.ranks);
	for (size_t i = 0; i < BIG_FNS; i++)
		v.funcs[i] = (struct balance_function){
			&syms[i], (uint32_t)i, { 0.1, 0.5, 2.0, 0.2, 3, 4095 }, { 0, 0, 0, 0, 0, 0 }, 3.0,
			(2.0 - 0.5) * BIG_RANKS, 1, { 1, 0, 0, -1, -1 } };
	v.nfuncs = BIG_FNS;
	for (size_t r = 0; r < BIG_RANKS; r++)
		v.ranks[r] = (struct balance_rank_view){ (int64_t)r, 1.0 + (double)r / BIG_RANKS,
							 BIG_RANKS - r, -1 };
	v.slowest = BIG_RANKS - 1;
	v.fastest = 0;
	v.rank_mean = 1.5;

	/* the heat map: 24 rows by 128 columns of 32 ranks */
	memset(&heat, 0, sizeof heat);
	heat.nrows = 24;
	heat.ncolumns = 128;
	heat.nranks = BIG_RANKS;
	heat.rows = calloc(heat.nrows, sizeof *heat.rows);
	heat.cells = calloc(heat.nrows * heat.ncolumns, sizeof *heat.cells);
	int64_t *first = calloc(128, sizeof *first), *last = calloc(128, sizeof *last);
	CU_ASSERT_FATAL(heat.rows && heat.cells && first && last);
	for (size_t r = 0; r < heat.nrows; r++)
		heat.rows[r] = &v.funcs[r];
	for (size_t c = 0; c < 128; c++) {
		first[c] = 32 * (int64_t)c;
		last[c] = first[c] + 31;
		for (size_t r = 0; r < heat.nrows; r++)
			heat.cells[r * 128 + c] = (double)(r + c) / 100;
	}
	heat.first = first;
	heat.last = last;
	heat.max = 1.51;

	memset(&prof, 0, sizeof prof);
	memset(&hist, 0, sizeof hist);
	strcpy(hist.dimen, "seconds");
	hist.rate = 1000;
	prof.hists = &hist;
	prof.nhists = 1;
	memset(&in, 0, sizeof in);
	in.program = "/x/app";
	in.st = &st;
	in.prof = &prof;
	in.paths = &m;
	in.balance = &v;
	in.files = BIG_RANKS;
	CU_ASSERT_EQUAL_FATAL(summary_build(&s, &in), 0);
	CU_ASSERT_EQUAL(s.ranks_profiled, BIG_RANKS);
	CU_ASSERT_EQUAL(s.nimbalanced, SUMMARY_TOP);
	CU_ASSERT_EQUAL(s.slowest.rank, BIG_RANKS - 1);

	buf = html_of(&s, &m, &heat, &len);
	printf("\n  the page of %d ranks and %d functions: %zu bytes\n", BIG_RANKS, BIG_FNS, len);
	CU_ASSERT(len < 2 * 1024 * 1024);
	CU_ASSERT(len > 10000);
	CU_ASSERT_PTR_NULL(strstr(buf, "http:"));
	CU_ASSERT_PTR_NULL(strstr(buf, "https:"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "function_0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "id=\"flame-graph\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "id=\"load-balance\""));
	free(buf);

	/* the JSON's breakdown adds up to 100 */
	buf = json_of(&s);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"time_breakdown\": {\"program\": 100.00, \"mpi\": 0.00"));
	free(buf);

	summary_free(&s);
	free(first);
	free(last);
	free(heat.rows);
	free(heat.cells);
	free(v.funcs);
	free(v.ranks);
	free(m.fns);
	free(m.ids);
	free(m.paths);
	free(syms);
	free(names);
}

int main(void)
{
	static const struct cunit_test tests[] = {
		{ "categories", test_classify },
		{ "shares from the samples", test_shares_samples },
		{ "shares with an MPI profile, CPU clock", test_shares_mpi_cpu },
		{ "shares with an MPI profile, wall clock", test_shares_mpi_wall },
		{ "MPI's own threads under the wall clock", test_wall_mpi_threads },
		{ "the profiler's own time no sample saw", test_unsampled },
		{ "each share's error, too few samples", test_too_few },
		{ "every category per rank, wall time", test_rows_wall },
		{ "each rank's row with its own MPI time", test_rows_order },
		{ "every category per rank, samples", test_rows_samples },
		{ "a category's ranks beyond noise", test_rows_sentence },
		{ "hostile names", test_hostile_names },
		{ "the page of 4,096 ranks and 30,000 functions", test_html_size },
	};

	return cunit_run("summary", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
