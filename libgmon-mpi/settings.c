/* settings.c - see settings.h. */
#include "settings.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"

static struct gmon_config config;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;

int timer_policy_parse(const char *text)
{
	if (strcmp(text, "all") == 0)
		return TIMERS_ALL;
	if (strcmp(text, "nocomm") == 0)
		return TIMERS_NOCOMM;
	return -1;
}

unsigned rate_parse(const char *text)
{
	unsigned long v = 0;

	if (*text == '\0')
		return 0;
	for (const char *p = text; *p; p++) {
		if (*p < '0' || *p > '9')
			return 0;
		v = v * 10 + (unsigned long)(*p - '0');
		if (v > MAX_RATE)
			return 0;
	}
	return (unsigned)v;
}

static int env_flag(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

static void load(void)
{
	const char *subset = getenv("BG_GMON_RANK_SUBSET");
	const char *timers = getenv("BG_GMON_START_THREAD_TIMERS");
	const char *rate = getenv("BG_GMON_HZ");

	config.verbose = env_flag("BG_GMON_VERBOSE");
	config.is_mpi = rank_from_environment(&config.rank, NULL);
	config.subset = RANK_SUBSET_DEFAULT;
	if (subset && rank_subset_parse(subset, &config.subset) != 0)
		config.bad_subset = subset;
	config.timers = TIMERS_MAIN_ONLY;
	if (timers) {
		int policy = timer_policy_parse(timers);

		if (policy < 0)
			config.bad_timers = timers;
		else
			config.timers = (enum timer_policy)policy;
	}
	config.rate = DEFAULT_RATE;
	if (rate) {
		unsigned r = rate_parse(rate);

		if (r == 0)
			config.bad_rate = rate;
		else
			config.rate = r;
	}
}

const struct gmon_config *config_get(void)
{
	pthread_once(&config_once, load);
	return &config;
}

void config_report_problems(const struct gmon_config *c)
{
	if (c->is_mpi && c->rank != 0)
		return;
	if (c->bad_subset)
		diag("BG_GMON_RANK_SUBSET='%s' is not N, N:M or N:M:S (non-negative, N <= M, S >= 1); "
		     "using the default 0:31",
		     c->bad_subset);
	if (c->bad_timers)
		diag("BG_GMON_START_THREAD_TIMERS='%s' is not 'all' or 'nocomm'; "
		     "sampling the main thread only (the default)",
		     c->bad_timers);
	if (c->bad_rate)
		diag("BG_GMON_HZ='%s' is not a rate from 1 to %d samples per second; using %d",
		     c->bad_rate, MAX_RATE, DEFAULT_RATE);
}
