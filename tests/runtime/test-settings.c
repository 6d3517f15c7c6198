/* test-settings.c - unit tests of the runtime's settings: the thread-timer
 * policy, the sampling rate, verbose output, malformed launcher ranks, and
 * which shared objects are the MPI stack's. */
#define _GNU_SOURCE
#include <CUnit/Basic.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>

#include "perf-clock.h"
#include "rate-choice.h"
#include "settings.h"
#include "thread-hook.h"
#include "../cunit-run.h"

static void test_timer_policy(void)
{
	CU_ASSERT_EQUAL(timer_policy_parse("all"), TIMERS_ALL);
	CU_ASSERT_EQUAL(timer_policy_parse("nocomm"), TIMERS_NOCOMM);
	CU_ASSERT_EQUAL(timer_policy_parse("process"), TIMERS_PROCESS);
	CU_ASSERT_EQUAL(timer_policy_parse("main"), TIMERS_MAIN_ONLY);
	CU_ASSERT_EQUAL(timer_policy_parse("Main"), -1);
	CU_ASSERT_EQUAL(timer_policy_parse(""), -1);
	CU_ASSERT_EQUAL(timer_policy_parse("ALL"), -1);
	CU_ASSERT_EQUAL(timer_policy_parse("all "), -1);
	CU_ASSERT_EQUAL(timer_policy_parse("none"), -1);
	CU_ASSERT_EQUAL(timer_policy_parse("nocommx"), -1);
}

static void test_rate(void)
{
	CU_ASSERT_EQUAL(rate_parse("100"), 100);
	CU_ASSERT_EQUAL(rate_parse("1"), 1);
	CU_ASSERT_EQUAL(rate_parse("100000"), 100000);
	CU_ASSERT_EQUAL(rate_parse("100001"), 0);
	CU_ASSERT_EQUAL(rate_parse("0"), 0);
	CU_ASSERT_EQUAL(rate_parse(""), 0);
	CU_ASSERT_EQUAL(rate_parse("-5"), 0);
	CU_ASSERT_EQUAL(rate_parse("1e3"), 0);
	CU_ASSERT_EQUAL(rate_parse("99999999999999999999999"), 0);
}

static void test_config_from_environment(void)
{
	const struct gmon_config *c;

	setenv("BG_GMON_START_THREAD_TIMERS", "sometimes", 1);
	setenv("BG_GMON_HZ", "250", 1);
	setenv("BG_GMON_RANK_SUBSET", "4:8:2", 1);
	setenv("BG_GMON_VERBOSE", "1", 1);
	setenv("PMI_RANK", "6", 1);
	c = config_get();
	CU_ASSERT_EQUAL(c->timers, TIMERS_PROCESS); /* the whole process, as glibc */
	CU_ASSERT_STRING_EQUAL(c->bad_timers, "sometimes");
	CU_ASSERT_EQUAL(c->rate, 250);
	CU_ASSERT_PTR_NULL(c->bad_rate);
	CU_ASSERT_EQUAL(c->subset.first, 4);
	CU_ASSERT_EQUAL(c->subset.last, 8);
	CU_ASSERT_EQUAL(c->subset.stride, 2);
	CU_ASSERT_TRUE(c->verbose);
	CU_ASSERT_TRUE(c->is_mpi);
	CU_ASSERT_EQUAL(c->rank, 6);
	/* read once: later changes do not count */
	setenv("BG_GMON_HZ", "7", 1);
	CU_ASSERT_EQUAL(config_get()->rate, 250);
	/* a rate set is kept whatever a sample costs */
	CU_ASSERT_EQUAL(config_get()->rate_source, RATE_SET);
	config_choose_rate(1000, 1000, 2000);
	CU_ASSERT_EQUAL(config_get()->rate, 250);
	CU_ASSERT_EQUAL(config_get()->signal_rate, 250);
	CU_ASSERT_EQUAL(config_get()->rate_source, RATE_SET);
	CU_ASSERT_EQUAL(config_get()->sample_cost_ns, 0);
}

/* The fastest of 1000, 500, 250, 200 and 100 Hz whose signals cost at most
 * 1% of a thread's CPU, (cost + the handler's 2 us) x rate <= 10 ms a
 * second; 100 where even that costs more, or the cost is unknown */
static void test_rate_for_cost(void)
{
	CU_ASSERT_EQUAL(rate_choice_for_cost(0), 100);      /* unknown */
	CU_ASSERT_EQUAL(rate_choice_for_cost(1), 1000);
	CU_ASSERT_EQUAL(rate_choice_for_cost(2500), 1000);  /* bare metal */
	CU_ASSERT_EQUAL(rate_choice_for_cost(8000), 1000);
	/* this VM's signals, 6-10 us: 100 Hz above 8 us before */
	CU_ASSERT_EQUAL(rate_choice_for_cost(8001), 500);
	CU_ASSERT_EQUAL(rate_choice_for_cost(9700), 500);
	CU_ASSERT_EQUAL(rate_choice_for_cost(18000), 500);
	CU_ASSERT_EQUAL(rate_choice_for_cost(18001), 250);
	CU_ASSERT_EQUAL(rate_choice_for_cost(38000), 250);
	CU_ASSERT_EQUAL(rate_choice_for_cost(38001), 200);
	CU_ASSERT_EQUAL(rate_choice_for_cost(48000), 200);
	CU_ASSERT_EQUAL(rate_choice_for_cost(48001), 100);
	CU_ASSERT_EQUAL(rate_choice_for_cost(57000), 100);  /* an earlier VM */
	/* never below glibc's 100 Hz, however dear */
	CU_ASSERT_EQUAL(rate_choice_for_cost(98001), 100);
	CU_ASSERT_EQUAL(rate_choice_for_cost(10000000), 100);
	CU_ASSERT_EQUAL(rate_choice_for_cost(UINT64_MAX), 100);
	/* every rate a whole number of the histogram's samples a signal */
	for (uint64_t cost = 0; cost < 200000; cost += 250)
		CU_ASSERT_EQUAL(RATE_CHOICE_HIGH % rate_choice_for_cost(cost), 0);
}

static volatile sig_atomic_t marker_signals;
static void marker_handler(int sig) { (void)sig; marker_signals++; }

/* The measurement: a cost where perf_event_open opens a task clock (none
 * where it is refused); the program's SIGPROF handler and signal mask as
 * before, and no signal of the measuring clock left to reach it. */
static void test_measure_cost(void)
{
	struct sigaction marker = {0}, after;
	sigset_t blocked, mask_after;
	int probe = perf_clock_open(gettid(), 1000000, 0);
	uint64_t cost;

	marker.sa_handler = marker_handler;
	sigaction(SIGPROF, &marker, NULL);
	sigemptyset(&blocked);
	sigaddset(&blocked, SIGUSR2);
	pthread_sigmask(SIG_SETMASK, &blocked, NULL);
	cost = rate_choice_measure_cost_ns();
	if (probe >= 0) {
		perf_clock_close(probe);
		CU_ASSERT(cost >= 100 && cost <= 10000000);
		printf("\n  one task-clock signal cost %.1f us here: %u Hz ", cost / 1e3,
		       rate_choice_for_cost(cost));
	} else
		CU_ASSERT_EQUAL(cost, 0);
	sigaction(SIGPROF, NULL, &after);
	CU_ASSERT_PTR_EQUAL(after.sa_handler, marker_handler);
	pthread_sigmask(SIG_SETMASK, NULL, &mask_after);
	CU_ASSERT(sigismember(&mask_after, SIGUSR2) && !sigismember(&mask_after, SIGPROF));
	CU_ASSERT_EQUAL(marker_signals, 0);
	raise(SIGPROF);
	CU_ASSERT_EQUAL(marker_signals, 1);
	sigemptyset(&blocked);
	pthread_sigmask(SIG_SETMASK, &blocked, NULL);
}

static void test_on_off(void)
{
	const char *on[] = {"1", "yes", "true", "on", "YES", "True", "ON"};
	const char *off[] = {"0", "no", "false", "off", "", "NO", "False", "Off"};
	const char *neither[] = {"2", "maybe", "yes ", " 1", "enable", "00", "-1", "o"};

	for (size_t i = 0; i < sizeof on / sizeof on[0]; i++)
		CU_ASSERT_EQUAL(on_off_parse(on[i]), 1);
	for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
		CU_ASSERT_EQUAL(on_off_parse(off[i]), 0);
	for (size_t i = 0; i < sizeof neither / sizeof neither[0]; i++)
		CU_ASSERT_EQUAL(on_off_parse(neither[i]), -1);
}

static void clear_environment(void)
{
	const char *vars[] = {"BG_GMON_VERBOSE", "BG_GMON_START_THREAD_TIMERS", "BG_GMON_HZ",
			      "BG_GMON_RANK_SUBSET", "OMPI_COMM_WORLD_RANK", "PMIX_RANK",
			      "PMI_RANK", "MV2_COMM_WORLD_RANK", "SLURM_PROCID",
			      "BG_GMON_CALLSTACKS", "BG_GMON_PROFILE_LIBS"};

	for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
		unsetenv(vars[i]);
}

/* BG_GMON_HZ unset: the histogram at 1000 Hz whatever a sample cost (the
 * ranks of a job that measured 7.3 and 8.2 us wrote 1000 and 100 Hz, and
 * -S refused their files), the signals at the rate the cost allows; set:
 * both at its rate, nothing measured */
static void test_chosen_rate(void)
{
	struct gmon_config c;

	clear_environment();
	config_read(&c);
	CU_ASSERT_EQUAL(c.rate, 100);
	CU_ASSERT_EQUAL(c.signal_rate, 100);
	CU_ASSERT_EQUAL(c.rate_source, RATE_DEFAULT);
	config_set_chosen_rate(&c, RATE_CHOICE_HIGH, rate_choice_for_cost(8187), 8187);
	CU_ASSERT_EQUAL(c.rate, 1000);
	CU_ASSERT_EQUAL(c.signal_rate, 500);
	CU_ASSERT_EQUAL(c.rate_source, RATE_MEASURED);
	CU_ASSERT_EQUAL(c.sample_cost_ns, 8187);
	config_read(&c);
	config_set_chosen_rate(&c, RATE_CHOICE_HIGH, rate_choice_for_cost(7302), 7302);
	CU_ASSERT_EQUAL(c.rate, 1000);
	CU_ASSERT_EQUAL(c.signal_rate, 1000);
	config_read(&c);
	config_set_chosen_rate(&c, RATE_CHOICE_HIGH, rate_choice_for_cost(0), 0);  /* unknown */
	CU_ASSERT_EQUAL(c.rate, 1000);
	CU_ASSERT_EQUAL(c.signal_rate, 100);
	CU_ASSERT_EQUAL(c.rate_source, RATE_DEFAULT);
	CU_ASSERT_EQUAL(c.sample_cost_ns, 0);
	setenv("BG_GMON_HZ", "250", 1);
	config_read(&c);
	config_set_chosen_rate(&c, RATE_CHOICE_HIGH, 100, 9000);
	CU_ASSERT_EQUAL(c.rate, 250);
	CU_ASSERT_EQUAL(c.signal_rate, 250);
	CU_ASSERT_EQUAL(c.rate_source, RATE_SET);
	clear_environment();
}

/* BG_GMON_VERBOSE=value: verbose (1, 0) and whether it is reported */
static void expect_verbose(const char *value, int verbose, int reported)
{
	struct gmon_config c;

	setenv("BG_GMON_VERBOSE", value, 1);
	config_read(&c);
	CU_ASSERT_EQUAL(c.verbose, verbose);
	if (reported) {
		CU_ASSERT_PTR_EQUAL(c.bad_verbose, getenv("BG_GMON_VERBOSE"));
	} else {
		CU_ASSERT_PTR_NULL(c.bad_verbose);
	}
}

static void test_verbose_from_environment(void)
{
	struct gmon_config c;

	clear_environment();
	config_read(&c);
	CU_ASSERT_EQUAL(c.verbose, 0);
	CU_ASSERT_PTR_NULL(c.bad_verbose);
	expect_verbose("1", 1, 0);
	expect_verbose("on", 1, 0);
	expect_verbose("0", 0, 0);
	expect_verbose("no", 0, 0);
	expect_verbose("false", 0, 0);
	expect_verbose("off", 0, 0);
	expect_verbose("", 0, 0);
	expect_verbose("verbose", 0, 1);
	expect_verbose("2", 0, 1);
	clear_environment();
}

static void test_malformed_rank_from_environment(void)
{
	const char *bad[] = {"abc", "-1", "99999999999", "12x", ""};
	struct gmon_config c;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		/* alone: a serial program, and the variable named */
		clear_environment();
		setenv("OMPI_COMM_WORLD_RANK", bad[i], 1);
		config_read(&c);
		CU_ASSERT_FALSE(c.is_mpi);
		CU_ASSERT_STRING_EQUAL(c.bad_rank_variable, "OMPI_COMM_WORLD_RANK");
		CU_ASSERT_STRING_EQUAL(c.bad_rank_value, bad[i]);
		/* the next launcher variable gives the rank, still reported */
		setenv("PMIX_RANK", "5", 1);
		config_read(&c);
		CU_ASSERT_TRUE(c.is_mpi);
		CU_ASSERT_EQUAL(c.rank, 5);
		CU_ASSERT_STRING_EQUAL(c.rank_source, "PMIX_RANK");
		CU_ASSERT_STRING_EQUAL(c.bad_rank_variable, "OMPI_COMM_WORLD_RANK");
	}
	/* a valid first variable: what follows is not read */
	clear_environment();
	setenv("OMPI_COMM_WORLD_RANK", "2", 1);
	setenv("PMIX_RANK", "junk", 1);
	config_read(&c);
	CU_ASSERT_TRUE(c.is_mpi);
	CU_ASSERT_EQUAL(c.rank, 2);
	CU_ASSERT_PTR_NULL(c.bad_rank_variable);
	clear_environment();
}

/* BG_GMON_CALLSTACKS=value: call paths on (1) or off (0), and whether the
 * value is reported as malformed */
static void expect_callstacks(const char *value, int on, int reported)
{
	struct gmon_config c;

	setenv("BG_GMON_CALLSTACKS", value, 1);
	config_read(&c);
	CU_ASSERT_EQUAL(c.callstacks, on);
	if (reported) {
		CU_ASSERT_PTR_EQUAL(c.bad_callstacks, getenv("BG_GMON_CALLSTACKS"));
	} else {
		CU_ASSERT_PTR_NULL(c.bad_callstacks);
	}
}

static void test_callstacks_from_environment(void)
{
	struct gmon_config c;

	clear_environment();
	config_read(&c);
	CU_ASSERT_EQUAL(c.callstacks, 1);        /* on by default */
	CU_ASSERT_PTR_NULL(c.bad_callstacks);
	expect_callstacks("0", 0, 0);
	expect_callstacks("no", 0, 0);
	expect_callstacks("FALSE", 0, 0);
	expect_callstacks("off", 0, 0);
	expect_callstacks("1", 1, 0);
	expect_callstacks("yes", 1, 0);
	expect_callstacks("", 1, 0);             /* empty: as if unset */
	expect_callstacks("deep", 1, 1);         /* malformed: reported, stays on */
	expect_callstacks("00", 1, 1);
	clear_environment();
}

/* name=value, or name unset (value NULL) */
static void set_variable(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

/* BG_GMON_PROFILE_LIBS=value (NULL: unset): the selection kept (NULL: the
 * executable only) and whether the value is reported as malformed */
static void expect_profile_libs(const char *value, const char *selection, int reported)
{
	struct gmon_config c;

	set_variable("BG_GMON_PROFILE_LIBS", value);
	config_read(&c);
	if (selection) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(c.profile_libs);
		CU_ASSERT_STRING_EQUAL(c.profile_libs, selection);
	} else {
		CU_ASSERT_PTR_NULL(c.profile_libs);
	}
	if (reported) {
		CU_ASSERT_PTR_EQUAL(c.bad_profile_libs, getenv("BG_GMON_PROFILE_LIBS"));
	} else {
		CU_ASSERT_PTR_NULL(c.bad_profile_libs);
	}
}

static void test_profile_libs_from_environment(void)
{
	clear_environment();
	expect_profile_libs(NULL, "all", 0);          /* every module by default */
	expect_profile_libs("", "all", 0);            /* empty: as if unset */
	expect_profile_libs("none", "none", 0);
	expect_profile_libs("libmpi.so:libm.so", "libmpi.so:libm.so", 0);
	expect_profile_libs("libmpi.so::libm.so", NULL, 1);  /* malformed: reported */
	expect_profile_libs(":", NULL, 1);
	clear_environment();
}

/* A list's entries matched by a module's names, as lib_list_selects
 * chooses, and those no module matched, named in order */
static void test_lib_list_matches(void)
{
	const char *list = "libmpi.so:libm:libfoo.so.2:x";
	uint64_t matched;
	char names[64], small[8];

	CU_ASSERT_EQUAL(lib_list_matches(list, "libm.so.6"), 2u);
	CU_ASSERT_EQUAL(lib_list_matches(list, "libmpi.so.40"), 1u);
	CU_ASSERT_EQUAL(lib_list_matches(list, "libfoo.so.2"), 4u);
	CU_ASSERT_EQUAL(lib_list_matches(list, "libfoo.so.3"), 0u);   /* another version */
	CU_ASSERT_EQUAL(lib_list_matches(list, "libmath.so"), 0u);    /* a longer name */
	CU_ASSERT_EQUAL(lib_list_matches("all", "libm.so.6"), 0u);    /* no entries */
	CU_ASSERT_EQUAL(lib_list_matches("none", "none"), 0u);
	matched = lib_list_matches(list, "libm.so.6") | lib_list_matches(list, "libmpi.so.40");
	CU_ASSERT_EQUAL(lib_list_unmatched(list, matched, names, sizeof names), 2u);
	CU_ASSERT_STRING_EQUAL(names, "libfoo.so.2, x");
	CU_ASSERT_EQUAL(lib_list_unmatched(list, 15, names, sizeof names), 0u);
	CU_ASSERT_STRING_EQUAL(names, "");
	CU_ASSERT_EQUAL(lib_list_unmatched("all", 0, names, sizeof names), 0u);
	/* cut at the buffer, still counted */
	CU_ASSERT_EQUAL(lib_list_unmatched(list, 0, small, sizeof small), 4u);
	CU_ASSERT_EQUAL(strlen(small), sizeof small - 1);
}

/* BG_GMON_FLUSH_SIGNALS=value (NULL: unset): SIGTERM by default, none
 * for none, a list as named; a malformed value reported, none kept */
static void expect_flush_signals(const char *value, int set, int is_default, int term, int usr1,
				 int reported)
{
	struct gmon_config c;

	set_variable("BG_GMON_FLUSH_SIGNALS", value);
	config_read(&c);
	CU_ASSERT_EQUAL(c.flush_signals_set, set);
	CU_ASSERT_EQUAL(c.flush_signals_default, is_default);
	CU_ASSERT_EQUAL(sigismember(&c.flush_signals, SIGTERM), term);
	CU_ASSERT_EQUAL(sigismember(&c.flush_signals, SIGUSR1), usr1);
	CU_ASSERT_EQUAL(c.bad_flush_signals != NULL, reported);
}

static void test_flush_signals_from_environment(void)
{
	clear_environment();
	expect_flush_signals(NULL, 1, 1, 1, 0, 0);     /* SIGTERM by default */
	expect_flush_signals("", 1, 1, 1, 0, 0);       /* empty: as if unset */
	expect_flush_signals("none", 0, 0, 0, 0, 0);   /* off */
	expect_flush_signals("None", 0, 0, 0, 0, 0);
	expect_flush_signals("USR1", 1, 0, 0, 1, 0);   /* as named: not TERM */
	expect_flush_signals("TERM,USR1", 1, 0, 1, 1, 0);
	expect_flush_signals("KILL", 0, 0, 0, 0, 1);   /* refused: none */
	expect_flush_signals("none,TERM", 0, 0, 0, 0, 1);
	unsetenv("BG_GMON_FLUSH_SIGNALS");
	clear_environment();
}

static void test_communication_libraries(void)
{
	const char *comm[] = {"/usr/lib/x86_64-linux-gnu/libopen-pal.so.40",
			      "/lib/x86_64-linux-gnu/libpmix.so.2",
			      "/usr/lib/x86_64-linux-gnu/openmpi/lib/openmpi3/mca_pmix_ext3x.so",
			      "/usr/lib/libmpi.so.40", "libucs.so.0", "/opt/ofi/lib/libfabric.so.1",
			      "/usr/lib/libevent_core-2.1.so.7", "/usr/lib/libmpich.so.12"};
	const char *app[] = {"/work/app", "/usr/lib/x86_64-linux-gnu/libgomp.so.1",
			     "/lib/x86_64-linux-gnu/libc.so.6", "/home/u/libmympi-helpers.so",
			     "/opt/x/mca.so", "libgmon-mpi.so.0"};

	for (size_t i = 0; i < sizeof comm / sizeof comm[0]; i++)
		CU_ASSERT_TRUE(is_communication_library(comm[i]));
	for (size_t i = 0; i < sizeof app / sizeof app[0]; i++)
		CU_ASSERT_FALSE(is_communication_library(app[i]));
}

static const struct cunit_test tests[] = {
	{ "BG_GMON_START_THREAD_TIMERS values", test_timer_policy },
	{ "BG_GMON_HZ values", test_rate },
	{ "the default rate for a sample's cost", test_rate_for_cost },
	{ "the default: the histogram at 1000 Hz, the signals by the cost", test_chosen_rate },
	{ "measuring a sample's cost", test_measure_cost },
	{ "settings from the environment", test_config_from_environment },
	{ "BG_GMON_VERBOSE values", test_on_off },
	{ "BG_GMON_VERBOSE from the environment", test_verbose_from_environment },
	{ "BG_GMON_CALLSTACKS from the environment", test_callstacks_from_environment },
	{ "BG_GMON_PROFILE_LIBS from the environment", test_profile_libs_from_environment },
	{ "the names of a list that modules matched", test_lib_list_matches },
	{ "BG_GMON_FLUSH_SIGNALS from the environment", test_flush_signals_from_environment },
	{ "malformed launcher ranks", test_malformed_rank_from_environment },
	{ "communication libraries", test_communication_libraries },
};

int main(void)
{
	return cunit_run("runtime settings", NULL, NULL, tests, sizeof tests / sizeof tests[0]);
}
