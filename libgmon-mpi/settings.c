/* settings.c - see settings.h. */
#include "settings.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "diag.h"
#include "flush-signals.h"
#include "rate-choice.h"

static struct gmon_config config;
static pthread_once_t config_once = PTHREAD_ONCE_INIT;

int timer_policy_parse(const char *text)
{
	if (strcmp(text, "process") == 0)
		return TIMERS_PROCESS;
	if (strcmp(text, "main") == 0)
		return TIMERS_MAIN_ONLY;
	if (strcmp(text, "all") == 0)
		return TIMERS_ALL;
	if (strcmp(text, "nocomm") == 0)
		return TIMERS_NOCOMM;
	return -1;
}

int sample_clock_parse(const char *text)
{
	if (strcmp(text, "cpu") == 0)
		return CLOCK_CPU;
	if (strcmp(text, "wall") == 0)
		return CLOCK_WALL;
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

int on_off_parse(const char *text)
{
	static const char *const on[] = {"1", "yes", "true", "on"};
	static const char *const off[] = {"", "0", "no", "false", "off"};

	for (size_t i = 0; i < sizeof on / sizeof on[0]; i++)
		if (strcasecmp(text, on[i]) == 0)
			return 1;
	for (size_t i = 0; i < sizeof off / sizeof off[0]; i++)
		if (strcasecmp(text, off[i]) == 0)
			return 0;
	return -1;
}

int profile_libs_valid(const char *value)
{
	/* "all", "none", or names separated by colons: no empty name */
	if (!*value)
		return 0;
	for (const char *p = value; *p; p++)
		if (*p == ':' && (p == value || p[1] == ':' || p[1] == '\0'))
			return 0;
	return 1;
}

/* Whether the entry of n bytes at entry chooses base. */
static int entry_selects(const char *entry, size_t n, const char *base)
{
	return strncmp(base, entry, n) == 0 && (base[n] == '\0' || base[n] == '.');
}

/* The list's entry at *p, *n bytes long, *p moved past it (and its ':');
 * NULL at the end. */
static const char *next_entry(const char **p, size_t *n)
{
	const char *entry = *p;

	if (!*entry)
		return NULL;
	*n = strcspn(entry, ":");
	*p = entry + *n + (entry[*n] == ':');
	return entry;
}

int lib_list_selects(const char *list, const char *base)
{
	const char *p = list, *entry;
	size_t n;

	if (strcmp(list, "all") == 0)
		return 1;
	while ((entry = next_entry(&p, &n)))
		if (entry_selects(entry, n, base))
			return 1;
	return 0;
}

/* Whether list is one of names (not "all" or "none"). */
static int is_names(const char *list)
{
	return strcmp(list, "all") != 0 && strcmp(list, "none") != 0;
}

uint64_t lib_list_matches(const char *list, const char *base)
{
	const char *p = list, *entry;
	uint64_t matches = 0;
	size_t n;

	for (unsigned i = 0; is_names(list) && i < 64 && (entry = next_entry(&p, &n)); i++)
		if (entry_selects(entry, n, base))
			matches |= (uint64_t)1 << i;
	return matches;
}

unsigned lib_list_unmatched(const char *list, uint64_t matched, char *buf, size_t size)
{
	const char *p = list, *entry;
	size_t len = 0, n;
	unsigned unmatched = 0;

	if (size > 0)
		buf[0] = '\0';
	for (unsigned i = 0; is_names(list) && i < 64 && (entry = next_entry(&p, &n)); i++)
		if (!((matched >> i) & 1)) {
			if (len < size)
				len += (size_t)snprintf(buf + len, size - len, "%s%.*s",
							unmatched ? ", " : "", (int)n, entry);
			unmatched++;
		}
	return unmatched;
}

void lib_list_say_unmatched(const struct gmon_config *c, const char *variable, const char *list,
			    uint64_t matched, const char *before, const char *after)
{
	char names[512];
	unsigned n;

	if (c->is_mpi && c->rank != 0)
		return;     /* rank 0's: the ranks load the same libraries */
	n = lib_list_unmatched(list, matched, names, sizeof names);
	if (n > 0)
		diag("%s names %s, which no library of this process was (by its soname or file "
		     "name, with or without the version suffix): %s %s %s", variable, names, before,
		     n == 1 ? "it" : "them", after);
}

void config_read(struct gmon_config *c)
{
	const char *verbose = getenv("BG_GMON_VERBOSE");
	const char *subset = getenv("BG_GMON_RANK_SUBSET");
	const char *timers = getenv("BG_GMON_START_THREAD_TIMERS");
	const char *rate = getenv("BG_GMON_HZ");
	const char *flush = getenv("BG_GMON_FLUSH_SIGNALS");
	const char *libs = getenv("BG_GMON_PROFILE_LIBS");
	const char *callstacks = getenv("BG_GMON_CALLSTACKS");
	const char *count_calls = getenv("BG_GMON_COUNT_LIB_CALLS");
	const char *clock_name = getenv("BG_GMON_CLOCK");
	const char *companions = getenv("BG_GMON_COMPANIONS");
	const char *sum_in_job = getenv("BG_GMON_SUM_IN_JOB");
	struct launcher_rank launcher;

	*c = (struct gmon_config){.verbose = 0, .callstacks = 1};
	/* on unless turned off; empty: as if unset (the default is on) */
	if (callstacks && *callstacks) {
		int on = on_off_parse(callstacks);

		if (on < 0)
			c->bad_callstacks = callstacks;
		else
			c->callstacks = on;
	}
	/* unset or empty: every module (HP-UX's default for LD_PROFILE's
	 * libraries; measured: no sampling cost over the executable alone,
	 * bench/libs-bench); malformed: the executable only, as before */
	if (libs && *libs && profile_libs_valid(libs))
		c->profile_libs = libs;
	else if (libs && *libs)
		c->bad_profile_libs = libs;
	else
		c->profile_libs = "all";
	/* one companion file (unset, empty, "single") or the earlier files */
	if (companions && strcmp(companions, "files") == 0)
		c->companion_files = 1;
	else if (companions && *companions && strcmp(companions, "single") != 0)
		c->bad_companions = companions;
	if (count_calls && *count_calls && profile_libs_valid(count_calls))
		c->count_lib_calls = count_calls;
	else if (count_calls && *count_calls)
		c->bad_count_lib_calls = count_calls;
	if (sum_in_job && *sum_in_job) {
		c->sum_in_job = on_off_parse(sum_in_job);
		if (c->sum_in_job < 0) {
			c->sum_in_job = 0;
			c->bad_sum_in_job = sum_in_job;
		}
	}
	if (verbose) {
		c->verbose = on_off_parse(verbose);
		if (c->verbose < 0) {
			c->verbose = 0;
			c->bad_verbose = verbose;
		}
	}
	c->is_mpi = rank_from_environment(&launcher);
	c->rank = launcher.rank;
	c->rank_source = launcher.source;
	c->bad_rank_variable = launcher.bad_variable;
	c->bad_rank_value = launcher.bad_value;
	c->world_size = c->is_mpi ? world_size_from_environment() : 0;
	c->subset = RANK_SUBSET_DEFAULT;
	c->subset_text = subset;
	if (subset && rank_subset_parse(subset, &c->subset) != 0)
		c->bad_subset = subset;
	c->timers = TIMERS_DEFAULT;
	if (timers) {
		int policy = timer_policy_parse(timers);

		if (policy < 0)
			c->bad_timers = timers;
		else
			c->timers = (enum timer_policy)policy;
	}
	c->clock = CLOCK_CPU;
	if (clock_name && *clock_name) {
		int which = sample_clock_parse(clock_name);

		if (which < 0)
			c->bad_clock = clock_name;
		else
			c->clock = (enum sample_clock)which;
	}
	/* elapsed time has no process-wide timer that signals the thread it
	 * samples: every thread gets its own */
	if (c->clock == CLOCK_WALL && c->timers == TIMERS_PROCESS)
		c->timers = TIMERS_ALL;
	/* unset or empty: SIGTERM (a batch system's time limit, mpirun ending
	 * a job), unless inherited ignored (gmon.c); "none": no signal */
	sigemptyset(&c->flush_signals);
	if (flush && strcasecmp(flush, "none") == 0) {
		/* off */
	} else if (flush && *flush) {
		if (flush_signals_parse(flush, &c->flush_signals) == 0)
			c->flush_signals_set = 1;
		else
			c->bad_flush_signals = flush;
	} else {
		sigaddset(&c->flush_signals, SIGTERM);
		c->flush_signals_set = 1;
		c->flush_signals_default = 1;
	}
	c->rate = DEFAULT_RATE;
	c->rate_source = RATE_DEFAULT;
	if (rate) {
		unsigned r = rate_parse(rate);

		if (r == 0)
			c->bad_rate = rate;
		else {
			c->rate = r;
			c->rate_source = RATE_SET;
		}
	}
	c->signal_rate = c->rate;
}

static void load(void)
{
	config_read(&config);
}

const struct gmon_config *config_get(void)
{
	pthread_once(&config_once, load);
	return &config;
}

const char *rate_source_name(const struct gmon_config *c)
{
	return c->rate_source == RATE_SET ? "set" : c->rate_source == RATE_MEASURED ? "measured"
										: "default";
}

void config_set_chosen_rate(struct gmon_config *c, unsigned rate, unsigned signal_rate,
			   uint64_t cost_ns)
{
	if (c->rate_source == RATE_SET)
		return;
	c->rate = rate;
	c->signal_rate = signal_rate;
	c->rate_source = cost_ns ? RATE_MEASURED : RATE_DEFAULT;
	c->sample_cost_ns = cost_ns;
}

void config_choose_rate(unsigned rate, unsigned signal_rate, uint64_t cost_ns)
{
	pthread_once(&config_once, load);
	config_set_chosen_rate(&config, rate, signal_rate, cost_ns);
}

void config_report_problems(const struct gmon_config *c)
{
	if (c->is_mpi && c->rank != 0)
		return;
	if (c->bad_subset)
		diag("BG_GMON_RANK_SUBSET='%s' is not N, N:M or N:M:S (non-negative, N <= M, S >= 1); "
		     "using the default 0:31",
		     c->bad_subset);
	else if (rank_subset_selects_none(&c->subset, c->world_size))
		diag("BG_GMON_RANK_SUBSET='%s' selects none of this run's %ld ranks (0 to %ld): no "
		     "rank writes a profile",
		     c->subset_text, c->world_size, c->world_size - 1);
	if (c->bad_timers)
		diag("BG_GMON_START_THREAD_TIMERS='%s' is not 'process', 'main', 'all' or "
		     "'nocomm'; %s (the default)", c->bad_timers,
		     TIMERS_DEFAULT == TIMERS_ALL ? "sampling every thread on its own clock"
						  : "sampling the whole process's CPU time");
	if (c->bad_clock)
		diag("BG_GMON_CLOCK='%s' is not 'cpu' or 'wall'; sampling CPU time (the default)",
		     c->bad_clock);
	if (c->bad_rate)
		diag("BG_GMON_HZ='%s' is not a rate from 1 to %d samples per second; using the "
		     "default (%d to %d, by what a sample costs: gmon-mpi(7))",
		     c->bad_rate, MAX_RATE, RATE_CHOICE_LOW, RATE_CHOICE_HIGH);
	if (c->bad_flush_signals)
		diag("BG_GMON_FLUSH_SIGNALS='%s' is not a list of signals such as TERM,USR1 (names "
		     "or numbers; refused: KILL and STOP, which cannot be caught, PROF, the "
		     "sampling timer's, and SEGV, BUS, ILL, FPE, TRAP and SYS, the program's "
		     "own faults, after which its memory cannot be trusted to write a profile), "
		     "or none; the profile is written at exit only",
		     c->bad_flush_signals);
	if (c->bad_verbose)
		diag("BG_GMON_VERBOSE='%s' is not 1, yes, true, on or 0, no, false, off; "
		     "verbose output stays off",
		     c->bad_verbose);
	if (c->bad_profile_libs)
		diag("BG_GMON_PROFILE_LIBS='%s' is not all, none or library names separated by "
		     "colons (libmpi.so:libfoo.so); profiling the executable only",
		     c->bad_profile_libs);
	if (c->bad_count_lib_calls)
		diag("BG_GMON_COUNT_LIB_CALLS='%s' is not all, none or library names separated by "
		     "colons (libmpi.so:libm.so); no call through the PLT is counted",
		     c->bad_count_lib_calls);
	if (c->bad_callstacks)
		diag("BG_GMON_CALLSTACKS='%s' is not 1, yes, true, on or 0, no, false, off; "
		     "sampling call paths (the default)",
		     c->bad_callstacks);
	if (c->bad_companions)
		diag("BG_GMON_COMPANIONS='%s' is not single or files; writing one companion "
		     "file per profile (the default)", c->bad_companions);
	if (c->bad_sum_in_job)
		diag("BG_GMON_SUM_IN_JOB='%s' is not 1, yes, true, on or 0, no, false, off; "
		     "the ranks of BG_GMON_RANK_SUBSET write their profiles, no sum is made in "
		     "the job (the default)", c->bad_sum_in_job);
	if (c->bad_rank_variable && c->is_mpi)
		diag("%s='%s' is not a rank (a number from 0 to %d); taking the ranks from %s",
		     c->bad_rank_variable, c->bad_rank_value, INT_MAX, c->rank_source);
	else if (c->bad_rank_variable)
		diag("%s='%s' is not a rank (a number from 0 to %d) and no other launcher variable "
		     "holds one; profiling this process as a serial program",
		     c->bad_rank_variable, c->bad_rank_value, INT_MAX);
}
