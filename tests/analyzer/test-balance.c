/*
 * test-balance.c - whether ranks differ beyond sampling noise
 * (analysis/balance-view.c's Poisson dispersion test) and what the job
 * summary (analysis/summary.c) says of it, on hand-made statistics with
 * known answers (issue 40):
 *   - 100 against 140 samples (2 ranks): X^2 = 6.67 over the 99th
 *     percentile of chi-square with 1 degree of freedom (6.63; Wilson and
 *     Hilferty 6.59), under that of 2 (9.21): beyond noise, and the
 *     summary names rank 1 in its sentence;
 *   - 10, 12, 9 and 11 samples (4 ranks): X^2 = 0.48, noise: time lost
 *     (12 x 4 - 42 samples) but no function "beyond sampling noise";
 *   - 2,500 ranks of 100 samples, one of 160: X^2 = 36 is noise (the
 *     critical value for 2,499 degrees of freedom is 2,666); but the
 *     rank alone is not (issue 36): as the most of 2,500 binomial draws
 *     of 1/2,500 of the total, 160 or more has a chance of 2,500 x 3e-9;
 *   - the extremes test's edges (exact binomial tails, computed apart):
 *     of 401 ranks with 30 samples each but one, that one is beyond noise
 *     from 57 up and from 9 down (0.5% / 401 each end), 69 and 2 at 2
 *     samples a signal; 2 ranks, 100 and 145 (not 144); 16,384 ranks of
 *     1,000, one of 1,163 (1.16x, not 1,162);
 *   - 401 ranks, one 3x (rank 139) or a sixth (rank 250): the summary
 *     names it, "an outlier beyond sampling noise", where the dispersion
 *     of all 401 says noise;
 *   - a sum's section "balance" (profile/balance-section.h) read back as
 *     written: every statistic (a sum of squares past 2^64), a function
 *     without samples or calls as 0 held by the lowest rank, the heat
 *     map's one column; another map's refused (1), bad lines (-1).
 */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "balance-section.h"
#include "balance-view.h"
#include "path-rows.h"
#include "run-facts.h"
#include "summary-print.h"
#include "summary.h"
#include "../cunit-run.h"

static void test_dispersion(void)
{
	CU_ASSERT_TRUE(balance_beyond_noise(240, 100 * 100 + 140 * 140, 2, 1));
	CU_ASSERT_FALSE(balance_beyond_noise(240, 110 * 110 + 130 * 130, 2, 1)); /* X^2 1.67 */
	CU_ASSERT_FALSE(balance_beyond_noise(42, 100 + 144 + 81 + 121, 4, 1));
	CU_ASSERT_FALSE(balance_beyond_noise(2499 * 100 + 160,
					     2499 * 100 * 100 + 160 * 160, 2500, 1));
	CU_ASSERT_FALSE(balance_beyond_noise(0, 0, 4, 1));
	CU_ASSERT_FALSE(balance_beyond_noise(100, 100 * 100, 1, 1));
}

/* Samples of weight w (a signal's periods) vary w times as much as
 * counts: four ranks' 200, 260, 180, 240 samples are beyond noise as
 * counts (X^2 = 18.2 against 11.3 at 3 degrees of freedom), within it as
 * 100, 130, 90, 120 signals of 2 samples each (9.1). */
static void test_weighted_noise(void)
{
	uint64_t x[4] = { 200, 260, 180, 240 }, sum = 0;
	unsigned __int128 sumsq = 0;

	for (int i = 0; i < 4; i++) {
		sum += x[i];
		sumsq += (unsigned __int128)x[i] * x[i];
	}
	CU_ASSERT_TRUE(balance_beyond_noise(sum, sumsq, 4, 1));
	CU_ASSERT_TRUE(balance_beyond_noise(sum, sumsq, 4, 0));   /* unknown: counts */
	CU_ASSERT_TRUE(balance_beyond_noise(sum, sumsq, 4, 1.5));
	CU_ASSERT_FALSE(balance_beyond_noise(sum, sumsq, 4, 2));
}

/* A balance of one function over nranks ranks 0, 1, ... with these
 * samples each, viewed at 100 Hz, summed up; its sentences in *s. */
struct one_function {
	struct sym sym;
	const struct sym *rows[1];
	struct balance_stat time, calls;
	struct balance_rank ranks[401];
	struct balance b;
	struct balance_view v;
	struct symtab st;
	struct profile prof;
	struct profile_histogram hist;
};

static void summarise_one(struct one_function *o, struct summary *s, const uint64_t *samples,
			  uint64_t nranks)
{
	struct summary_input in;

	memset(o, 0, sizeof *o);
	o->sym.name = "f";
	o->rows[0] = &o->sym;
	o->time.min = UINT64_MAX;
	for (uint64_t r = 0; r < nranks; r++) {
		o->ranks[r] = (struct balance_rank){ (int64_t)r, samples[r] };
		if (samples[r] < o->time.min) {
			o->time.min = samples[r];
			o->time.min_rank = (int64_t)r;
		}
		if (samples[r] > o->time.max) {
			o->time.max = samples[r];
			o->time.max_rank = (int64_t)r;
		}
		o->time.sum += samples[r];
		o->time.sumsq += (unsigned __int128)samples[r] * samples[r];
	}
	o->b.nfuncs = 1;
	o->b.nranks = nranks;
	o->b.time = &o->time;
	o->b.calls = &o->calls;
	o->b.ranks = o->ranks;
	CU_ASSERT_EQUAL_FATAL(balance_view_build(&o->v, &o->b, o->rows, 100, 1), 0);
	CU_ASSERT_EQUAL_FATAL(o->v.nfuncs, 1);

	o->st.path = "/x/app";
	strcpy(o->hist.dimen, "seconds");
	o->hist.rate = 100;
	o->prof.hists = &o->hist;
	o->prof.nhists = 1;
	memset(&in, 0, sizeof in);
	in.program = "/x/app";
	in.st = &o->st;
	in.prof = &o->prof;
	in.balance = &o->v;
	in.files = nranks;
	CU_ASSERT_EQUAL_FATAL(summary_build(s, &in), 0);
}

static int said(const struct summary *s, const char *sentence)
{
	for (size_t i = 0; i < s->nsentences; i++)
		if (strcmp(s->sentences[i], sentence) == 0)
			return 1;
	printf("\n  not said: \"%s\"; said:\n", sentence);
	for (size_t i = 0; i < s->nsentences; i++)
		printf("    \"%s\"\n", s->sentences[i]);
	return 0;
}

static void test_summary_noise(void)
{
	static const uint64_t apart[] = { 100, 140 }, close[] = { 10, 12, 9, 11 };
	struct one_function o;
	struct summary s;

	summarise_one(&o, &s, apart, 2);
	CU_ASSERT_TRUE(o.v.funcs[0].significant);
	CU_ASSERT_TRUE(o.v.ranks_beyond_noise);
	CU_ASSERT_DOUBLE_EQUAL(o.v.funcs[0].lost, 0.4, 1e-9);
	CU_ASSERT_EQUAL(s.nimbalanced, 1);
	CU_ASSERT_TRUE(said(&s, "rank 1 spends 1.2x the mean in f (1.400 s against 1.200 s); "
			   "the ranks differ there beyond sampling noise"));
	summary_free(&s);
	balance_view_free(&o.v);

	summarise_one(&o, &s, close, 4);
	CU_ASSERT_FALSE(o.v.funcs[0].significant);
	CU_ASSERT_DOUBLE_EQUAL(o.v.funcs[0].lost, 0.06, 1e-9);   /* (12 x 4 - 42) / 100 */
	CU_ASSERT_EQUAL(s.nimbalanced, 0);
	CU_ASSERT_TRUE(said(&s, "the ranks' samples in the program's functions differ no more "
			   "than sampling noise explains"));
	for (size_t i = 0; i < s.nsentences; i++)
		CU_ASSERT_PTR_NULL(strstr(s.sentences[i], "beyond sampling noise"));
	summary_free(&s);
	balance_view_free(&o.v);
}

/* Whether one rank of x among n - 1 of rest each is beyond noise as the
 * slowest (slow) or the fastest. */
static int extreme(uint64_t n, uint64_t rest, uint64_t x, double per_signal, int slow)
{
	return balance_extreme_beyond(x, (n - 1) * rest + x, n, per_signal, slow);
}

static void test_extremes(void)
{
	struct balance_stat one = { .min = 100, .max = 160, .min_rank = 0, .max_rank = 7,
				    .sum = 2499 * 100 + 160,
				    .sumsq = 2499 * 100 * 100 + 160 * 160 };
	struct balance_stat even = { .min = 100, .max = 100, .min_rank = 0, .max_rank = 0,
				     .sum = 2500 * 100, .sumsq = 2500 * 100 * 100 };
	struct balance_noise v;
	char words[64];

	CU_ASSERT_TRUE(balance_noise_test(&v, &one, 2500, 1));
	CU_ASSERT_FALSE(v.dispersion);
	CU_ASSERT_TRUE(v.slow);
	CU_ASSERT_FALSE(v.fast);
	CU_ASSERT_EQUAL(v.slow_rank, 7);
	CU_ASSERT_TRUE(balance_noise_named(&v));
	CU_ASSERT_EQUAL(balance_noise_ranks(words, sizeof words, &v), 1);
	CU_ASSERT_STRING_EQUAL(words, "rank 7");
	CU_ASSERT_FALSE(balance_noise_test(&v, &even, 2500, 1));
	CU_ASSERT_FALSE(balance_noise_named(&v));

	CU_ASSERT_TRUE(extreme(401, 30, 57, 1, 1));
	CU_ASSERT_FALSE(extreme(401, 30, 56, 1, 1));
	CU_ASSERT_TRUE(extreme(401, 30, 9, 1, 0));
	CU_ASSERT_FALSE(extreme(401, 30, 10, 1, 0));
	CU_ASSERT_TRUE(extreme(401, 30, 69, 2, 1));
	CU_ASSERT_FALSE(extreme(401, 30, 68, 2, 1));
	CU_ASSERT_TRUE(extreme(401, 30, 2, 2, 0));
	CU_ASSERT_FALSE(extreme(401, 30, 3, 2, 0));
	CU_ASSERT_TRUE(extreme(2, 100, 145, 1, 1));
	CU_ASSERT_FALSE(extreme(2, 100, 144, 1, 1));
	CU_ASSERT_TRUE(extreme(16384, 1000, 1163, 1, 1));
	CU_ASSERT_FALSE(extreme(16384, 1000, 1162, 1, 1));
	/* the wrong end, no samples, one rank: never */
	CU_ASSERT_FALSE(extreme(401, 30, 0, 1, 1));
	CU_ASSERT_FALSE(extreme(401, 30, 300, 1, 0));
	CU_ASSERT_FALSE(balance_extreme_beyond(0, 0, 401, 1, 1));
	CU_ASSERT_FALSE(balance_extreme_beyond(5, 5, 1, 1, 1));
}

/* 401 ranks of 30 samples, rank 139 of 90 or rank 250 of 5: named. */
static void test_summary_outlier(void)
{
	static uint64_t x[401];
	struct one_function o;
	struct summary s;
	char words[128];

	for (size_t r = 0; r < 401; r++)
		x[r] = r == 139 ? 90 : 30;
	summarise_one(&o, &s, x, 401);
	CU_ASSERT_TRUE(o.v.funcs[0].significant);
	CU_ASSERT_FALSE(o.v.funcs[0].noise.dispersion);
	CU_ASSERT_TRUE(o.v.ranks_beyond_noise);
	CU_ASSERT_TRUE(said(&s, "rank 139 spends 3.0x the mean in f (0.900 s against 0.301 s); "
			   "it is an outlier beyond sampling noise"));
	CU_ASSERT_STRING_EQUAL(summary_rank_noise(&s, words, sizeof words),
			       "rank 139 is an outlier beyond sampling noise");
	summary_free(&s);
	balance_view_free(&o.v);

	for (size_t r = 0; r < 401; r++)
		x[r] = r == 250 ? 5 : 30;
	summarise_one(&o, &s, x, 401);
	CU_ASSERT_TRUE(o.v.funcs[0].significant);
	CU_ASSERT_TRUE(said(&s, "rank 250 spends 0.17x the mean in f (0.050 s against 0.299 s); "
			   "it is an outlier beyond sampling noise"));
	summary_free(&s);
	balance_view_free(&o.v);
}

/* A balance of 3 functions over ranks 2, 5 and 9, function 1 without
 * samples or calls. */
static void three_functions(struct balance *b)
{
	CU_ASSERT_EQUAL_FATAL(balance_init_merged(b, 3, 0, 3), 0);
	b->ranks = calloc(3, sizeof(*b->ranks));
	CU_ASSERT_PTR_NOT_NULL_FATAL(b->ranks);
	b->ranks_cap = b->nranks = 3;
	for (int r = 0; r < 3; r++)
		b->ranks[r] = (struct balance_rank){ r == 0 ? 2 : r == 1 ? 5 : 9, 100u * (r + 1) };
	b->time[0] = (struct balance_stat){ 7, 10, 2, 9, 19, 7 * 7 + 2 * 2 + 10 * 10 };
	b->calls[0] = (struct balance_stat){ 1, UINT64_MAX, 2, 5, 0, 0 };
	b->calls[0].sumsq = (unsigned __int128)UINT64_MAX * UINT64_MAX + 1;
	b->calls[0].sum = UINT64_MAX;
	b->time[1] = b->calls[1] = (struct balance_stat){ 0, 0, 2, 2, 0, 0 };
	b->time[2] = (struct balance_stat){ 0, 3, 2, 5, 3, 9 };
	b->calls[2] = (struct balance_stat){ 4, 4, 2, 2, 12, 48 };
}

static void test_section(void)
{
	gmon_addr_t starts[4] = { 0x1000, 0x1100, 0x1180, 0x1200 };
	uint32_t func[4] = { 0, 1, BALANCE_NONE, 2 };
	struct balance_map map = { starts, func, 4, 0x1300, 3 };
	struct balance b, back;
	struct sum_companion sc;
	char err[1024], *text;
	size_t len;

	three_functions(&b);
	sum_companion_init(&sc);
	CU_ASSERT_EQUAL_FATAL(balance_section_add(&sc, "gmon.sum", &b, &map, err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(sc.n, 1);
	CU_ASSERT_STRING_EQUAL(sc.sections[0].name, "balance");
	text = sc.sections[0].data;
	len = sc.sections[0].size;
	CU_ASSERT_EQUAL_FATAL(balance_section_parse(&back, &map, 1, text, len, "s", err, sizeof err),
			      0);
	CU_ASSERT_EQUAL(back.nranks, 3);
	CU_ASSERT_EQUAL(memcmp(back.ranks, b.ranks, 3 * sizeof(*b.ranks)), 0);
	CU_ASSERT_EQUAL(memcmp(back.time, b.time, 3 * sizeof(*b.time)), 0);
	CU_ASSERT_EQUAL(memcmp(back.calls, b.calls, 3 * sizeof(*b.calls)), 0);
	CU_ASSERT_TRUE(back.calls[0].sumsq > UINT64_MAX);
	CU_ASSERT_EQUAL(back.columns[0], 19);   /* the one column: every rank */
	CU_ASSERT_EQUAL(back.columns[2], 3);
	CU_ASSERT_EQUAL(back.column_files[0], 3);
	CU_ASSERT_EQUAL(back.column_first[0], 2);
	CU_ASSERT_EQUAL(back.column_last[0], 9);
	CU_ASSERT_PTR_NULL(strstr(text, "function\t1\t"));   /* 0 everywhere: no line */
	balance_free(&back);

	starts[1] = 0x1108;   /* another map */
	CU_ASSERT_EQUAL(balance_section_parse(&back, &map, 0, text, len, "s", err, sizeof err), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "counted by other functions"));
	starts[1] = 0x1100;
	/* cut in the ranks; a function past the map's count */
	CU_ASSERT_EQUAL(balance_section_parse(&back, &map, 0, text, (size_t)(strstr(text, "rank\t5")
				- text), "s", err, sizeof err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "s: cut after line 4: not a rank line"));
	text[strstr(text, "function\t2") - text + 9] = '3';
	CU_ASSERT_EQUAL(balance_section_parse(&back, &map, 0, text, len, "s", err, sizeof err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "not a function line"));
	sum_companion_free(&sc);
	balance_free(&b);
}

/* The section categories: rows written in rank order (the files' order
 * is not), only the files whose paths were added; read back the same;
 * other classes are not used; a cut or bad section is an error. */
static void test_categories_section(void)
{
	static const char *const keys[3] = { "program", "mpi", "mpi_thread" };
	static const char *const others[3] = { "program", "mpi", "profiler" };
	struct path_row rows[3] = {
		{ 7, 1, { 5, 0, UINT64_MAX } }, { 2, 1, { 1, 2, 3 } }, { 4, 0, { 9, 9, 9 } },
	};
	struct path_rows pr = { .rows = rows, .nrows = 3 }, back;
	struct sum_companion sc;
	char err[1024], *text;
	size_t len;

	sum_companion_init(&sc);
	CU_ASSERT_EQUAL_FATAL(path_rows_section_add(&sc, "gmon.sum", &pr, keys, 3, err, sizeof err),
			      0);
	CU_ASSERT_EQUAL_FATAL(sc.n, 1);
	CU_ASSERT_STRING_EQUAL(sc.sections[0].name, "categories");
	text = sc.sections[0].data;
	len = sc.sections[0].size;
	CU_ASSERT_EQUAL(len, strlen("# gmon-mpi categories 1\nclasses\tprogram\tmpi\tmpi_thread\n"
				    "ranks\t2\nrank\t2\t1\t2\t3\n"
				    "rank\t7\t5\t0\t18446744073709551615\n"));
	CU_ASSERT_EQUAL(memcmp(text, "# gmon-mpi categories 1\nclasses\tprogram\tmpi\tmpi_thread\n"
			       "ranks\t2\nrank\t2\t1\t2\t3\nrank\t7\t5\t0\t18446744073709551615\n",
			       len), 0);
	CU_ASSERT_EQUAL_FATAL(path_rows_section_parse(&back, keys, 3, text, len, "s", err,
						      sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(back.nrows, 2);
	CU_ASSERT(back.rows[0].rank == 2 && back.rows[0].has && back.rows[0].samples[2] == 3);
	CU_ASSERT(back.rows[1].rank == 7 && back.rows[1].samples[2] == UINT64_MAX);
	path_rows_free(&back);

	CU_ASSERT_EQUAL(path_rows_section_parse(&back, others, 3, text, len, "s", err, sizeof err),
			1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "counted by other categories"));
	CU_ASSERT_EQUAL(path_rows_section_parse(&back, keys, 2, text, len, "s", err, sizeof err), 1);
	CU_ASSERT_EQUAL(path_rows_section_parse(&back, keys, 3, text,
						(size_t)(strstr(text, "rank\t7") - text), "s", err,
						sizeof err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "s: cut after line 4: not a rank line"));
	text[strstr(text, "rank\t7") - text + 5] = '1';   /* rank 1 after rank 2 */
	CU_ASSERT_EQUAL(path_rows_section_parse(&back, keys, 3, text, len, "s", err, sizeof err),
			-1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "s: line 5: ranks not in increasing order"));
	CU_ASSERT_PTR_NULL(back.rows);
	sum_companion_free(&sc);

	rows[0].has = rows[1].has = 0;   /* no paths added: no section */
	sum_companion_init(&sc);
	CU_ASSERT_EQUAL(path_rows_section_add(&sc, "gmon.sum", &pr, keys, 3, err, sizeof err), 0);
	CU_ASSERT_EQUAL(sc.n, 0);
	sum_companion_free(&sc);
}

/* The section runs: three runs added one by one, and the first's facts
 * merged with the others', are the same facts (the in-job sum merges up a
 * tree where -S adds files); written (the profiler's time per file in
 * rank order), read back the same; a bad line is an error. */
static void test_runs_section(void)
{
	struct companion_run runs[3];
	struct runs_facts one = RUNS_FACTS_NONE, head = RUNS_FACTS_NONE, tail = RUNS_FACTS_NONE,
			  back;
	struct sum_companion sc;
	char err[1024], *text;
	size_t len;

	memset(runs, 0, sizeof runs);
	for (int i = 0; i < 3; i++) {
		runs[i].rank = 2 - i;   /* (files not in rank order) */
		runs[i].threads = i == 0 ? 1 : 3;
		runs[i].has_profiler = 1;
		runs[i].profiler_signals_ns = 1000000u * (unsigned)(i + 1);
		runs[i].profiler_start_ns = 500;
		runs[i].profiler_writes_ns = 7;
		runs[i].has_signals = 1;
		runs[i].signals = 10;
		runs[i].signal_samples = 15;
		runs[i].has_load = 1;
		runs[i].threads_cpu_ns = 100;
		runs[i].threads_waited_ns = 300;
		runs[i].cpus = 4 - i;
	}
	strcpy(runs[0].engine, "perf-task-clock");
	strcpy(runs[2].engine, "posix-timers");
	strcpy(runs[1].engine_refused, "EACCES");
	for (int i = 0; i < 3; i++)
		CU_ASSERT_EQUAL_FATAL(runs_facts_add(&one, &runs[i]), 0);
	CU_ASSERT_EQUAL_FATAL(runs_facts_add(&head, &runs[0]), 0);
	CU_ASSERT_EQUAL_FATAL(runs_facts_add(&tail, &runs[1]), 0);
	CU_ASSERT_EQUAL_FATAL(runs_facts_add(&tail, &runs[2]), 0);
	CU_ASSERT_EQUAL_FATAL(runs_facts_merge(&head, &tail), 0);
	CU_ASSERT_STRING_EQUAL(one.engine, "mixed");
	CU_ASSERT_STRING_EQUAL(head.engine, "mixed");
	CU_ASSERT_STRING_EQUAL(head.engine_refused, "EACCES");
	CU_ASSERT(head.threads == 3 && head.threads_rank == 0 && one.threads_rank == 0);
	CU_ASSERT(head.signals == 30 && head.signal_samples == 45 && head.signal_files == 3);
	CU_ASSERT(head.threads_cpu_ns == 300 && head.load_files == 3 && head.cpus == 2);
	CU_ASSERT_EQUAL(head.profiler_files, 3);
	CU_ASSERT_DOUBLE_EQUAL(head.profiler_signals_s, one.profiler_signals_s, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(head.profiler_signals_s, 0.0060015, 1e-12);

	sum_companion_init(&sc);
	CU_ASSERT_EQUAL_FATAL(runs_facts_section_add(&sc, "gmon.sum", &one, err, sizeof err), 0);
	CU_ASSERT_EQUAL_FATAL(sc.n, 1);
	CU_ASSERT_STRING_EQUAL(sc.sections[0].name, "runs");
	text = sc.sections[0].data;
	len = sc.sections[0].size;
	/* rank order: rank 0 (the third file) first */
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "own\t3\nown-time\t0\t0.003000500\t0.000000007\n"
					    "own-time\t1\t0.002000500"));
	CU_ASSERT_EQUAL_FATAL(runs_facts_section_parse(&back, text, len, "s", err, sizeof err), 0);
	CU_ASSERT_STRING_EQUAL(back.engine, "mixed");
	CU_ASSERT_STRING_EQUAL(back.engine_refused, "EACCES");
	CU_ASSERT(back.threads == 3 && back.threads_rank == 0 && back.cpus == 2);
	CU_ASSERT(back.signals == 30 && back.signal_files == 3 && back.threads_waited_ns == 900);
	CU_ASSERT_EQUAL(back.profiler_files, 3);
	CU_ASSERT_DOUBLE_EQUAL(back.profiler_signals_s, 0.0060015, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(back.profiler_writes_s, 2.1e-8, 1e-15);
	CU_ASSERT_EQUAL(back.own[0].rank, 0);
	runs_facts_free(&back);
	text[strstr(text, "cpus\t") - text + 5] = 'x';
	CU_ASSERT_EQUAL(runs_facts_section_parse(&back, text, len, "s", err, sizeof err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "s: line 7: no cpus line"));
	sum_companion_free(&sc);

	/* no file said anything: no section */
	sum_companion_init(&sc);
	runs_facts_free(&tail);
	CU_ASSERT_EQUAL(runs_facts_section_add(&sc, "gmon.sum", &tail, err, sizeof err), 0);
	CU_ASSERT_EQUAL(sc.n, 0);
	sum_companion_free(&sc);
	runs_facts_free(&one);
	runs_facts_free(&head);
}

/* Ranks whose signals weigh differently (the default rate's signals are
 * each rank's choice: 1000 Hz, one sample a signal, or 100 Hz, ten): the
 * tests of the ranks against noise divide by the most a file's signal
 * brought (10; the mean over the signals, 1.8 for four of each, took one
 * 100 Hz signal in a tiny function for an imbalance in 2 of 10 balanced
 * runs: 10 samples in one of 8 ranks is beyond noise at 1.8, not at 10),
 * the same merged as added, written and read back; an earlier sum's runs,
 * without the line, read with the mean over the signals. */
static void test_mixed_signal_weights(void)
{
	struct companion_run run;
	struct runs_facts all = RUNS_FACTS_NONE, head = RUNS_FACTS_NONE, tail = RUNS_FACTS_NONE,
			  back;
	struct sum_companion sc;
	char err[1024], *text, *line;
	size_t len;
	unsigned __int128 one_signal = 10 * 10;

	/* (rank 8 took no signal: it weighs nothing, and does not bring back
	 * the mean over the signals) */
	for (int i = 0; i < 9; i++) {
		memset(&run, 0, sizeof run);
		run.rank = i;
		run.has_signals = 1;
		run.signals = i == 8 ? 0 : i < 4 ? 1200 : 120;
		run.signal_samples = i == 8 ? 0 : 1200;
		CU_ASSERT_EQUAL_FATAL(runs_facts_add(&all, &run), 0);
		CU_ASSERT_EQUAL_FATAL(runs_facts_add(i < 3 ? &head : &tail, &run), 0);
	}
	CU_ASSERT_DOUBLE_EQUAL(runs_facts_per_signal(&all), 10.0, 1e-9);
	CU_ASSERT_FALSE(balance_beyond_noise(10, one_signal, 8, runs_facts_per_signal(&all)));
	CU_ASSERT_TRUE(balance_beyond_noise(10, one_signal, 8, 9600.0 / 5280.0));
	CU_ASSERT_EQUAL_FATAL(runs_facts_merge(&head, &tail), 0);
	CU_ASSERT_EQUAL(head.most_per_signal_milli, all.most_per_signal_milli);
	CU_ASSERT_EQUAL(head.weighted_files, 9);

	sum_companion_init(&sc);
	CU_ASSERT_EQUAL_FATAL(runs_facts_section_add(&sc, "gmon.sum", &all, err, sizeof err), 0);
	text = sc.sections[0].data;
	len = sc.sections[0].size;
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "\nsignal-weight-max\t10000\t9\n"));
	CU_ASSERT_EQUAL_FATAL(runs_facts_section_parse(&back, text, len, "s", err, sizeof err), 0);
	CU_ASSERT_DOUBLE_EQUAL(runs_facts_per_signal(&back), 10.0, 1e-9);
	runs_facts_free(&back);
	/* an earlier sum: its runs end at the own-time lines */
	line = strstr(text, "signal-weight-max\t");
	CU_ASSERT_FATAL(line != NULL);
	CU_ASSERT_EQUAL_FATAL(runs_facts_section_parse(&back, text, (size_t)(line - text), "s", err,
						       sizeof err), 0);
	CU_ASSERT_DOUBLE_EQUAL(runs_facts_per_signal(&back), 9600.0 / 5280.0, 1e-9);
	runs_facts_free(&back);
	/* anything else after them is refused */
	memcpy(line, "signal-weight-mix", 17);
	CU_ASSERT_EQUAL(runs_facts_section_parse(&back, text, len, "s", err, sizeof err), -1);
	sum_companion_free(&sc);
	runs_facts_free(&all);
	runs_facts_free(&head);
	runs_facts_free(&tail);
}

static const struct cunit_test tests[] = {
	{ "the dispersion test", test_dispersion },
	{ "ranks whose signals weigh differently", test_mixed_signal_weights },
	{ "weighted samples against noise", test_weighted_noise },
	{ "the summary's functions beyond noise", test_summary_noise },
	{ "the extremes test", test_extremes },
	{ "the summary's outlier named", test_summary_outlier },
	{ "a sum's section balance read back", test_section },
	{ "a sum's section categories read back", test_categories_section },
	{ "a sum's section runs: merged as added, read back", test_runs_section },
};

int main(void)
{
	return cunit_run("balance", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
