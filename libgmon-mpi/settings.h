/*
 * settings.h - the runtime's settings, read once from the environment:
 *   BG_GMON_RANK_SUBSET, BG_GMON_START_THREAD_TIMERS (process, main, all,
 *   nocomm), BG_GMON_HZ, BG_GMON_FLUSH_SIGNALS,
 *   BG_GMON_VERBOSE, BG_GMON_PROFILE_LIBS, BG_GMON_CALLSTACKS,
 *   BG_GMON_CLOCK (cpu, wall),
 *   BG_GMON_COUNT_LIB_CALLS (read by the rtld-audit library, reported by
 *   the runtime), and the rank from the launcher's variables.
 */
#ifndef GMON_MPI_SETTINGS_H
#define GMON_MPI_SETTINGS_H

#include <signal.h>
#include <stdint.h>

#include "rank.h"

enum timer_policy {
	TIMERS_PROCESS,   /* the whole process's CPU time, as glibc */
	TIMERS_MAIN_ONLY, /* the main thread's own timer only (BG/Q's default) */
	TIMERS_ALL,       /* every thread by its own timer */
	TIMERS_NOCOMM,    /* every thread but the MPI stack's own */
};

/*
 * BG_GMON_START_THREAD_TIMERS unset: every thread on its own clock
 * (perf_events' task clock where allowed, sampling.h), in the shared
 * library, whose pthread_create hook (thread-hook.c) sees every thread the
 * program starts: the process-wide timer fires on the kernel's tick and
 * each signal claims the CPU time since its thread's last, which moved a
 * phase's time into the next by 4 to 18 points here (bench/truth-bench),
 * where a thread's own task clock stayed within 1.  A static program has
 * no hook: the process-wide timer, which samples every thread.
 */
#ifdef PIC
#define TIMERS_DEFAULT TIMERS_ALL
#else
#define TIMERS_DEFAULT TIMERS_PROCESS
#endif

/* The clock the samples follow (BG_GMON_CLOCK): each thread's CPU time (the
 * default, as glibc), or elapsed time, blocked or not, so that waiting (in
 * MPI, I/O, sleep) is seen where it happens. */
enum sample_clock {
	CLOCK_CPU,
	CLOCK_WALL,
};

#define DEFAULT_RATE 100

/* Where the rate came from: BG_GMON_HZ, the default (100; with per-thread
 * clocks 1000 and signals at 100 where nothing was measured), or the
 * measured cost of a sample (rate-choice.h). */
enum rate_source {
	RATE_SET,
	RATE_DEFAULT,
	RATE_MEASURED,
};
#define MAX_RATE 100000

struct gmon_config {
	int verbose;
	unsigned rate;               /* samples per CPU-second: the histogram's */
	unsigned signal_rate;        /* SIGPROFs per CPU-second of a thread:
				      * rate, or a divisor of it where a
				      * signal costs much (each stands for
				      * rate / signal_rate samples) */
	enum rate_source rate_source;
	uint64_t sample_cost_ns;     /* RATE_MEASURED: what a sample cost
				      * (rate-choice.h; 0: not measured) */
	enum timer_policy timers;
	enum sample_clock clock;
	int flush_signals_set;       /* some flush signals: BG_GMON_FLUSH_SIGNALS
				      * named them, or the default */
	int flush_signals_default;   /* unset or empty: SIGTERM ("none": off) */
	sigset_t flush_signals;
	int is_mpi;                  /* a launcher variable gave the rank */
	long rank;
	const char *rank_source;     /* that variable's name */
	struct rank_subset subset;
	const char *subset_text;     /* BG_GMON_RANK_SUBSET as set, or NULL */
	long world_size;             /* the launcher's, or 0 when none says */
	/* malformed values (NULL if none), reported by config_report_problems */
	const char *bad_subset;
	const char *bad_timers;
	const char *bad_clock;
	const char *bad_rate;
	const char *bad_flush_signals;
	const char *bad_verbose;
	const char *profile_libs;    /* BG_GMON_PROFILE_LIBS: "all" if unset or
				      * empty, NULL if malformed */
	const char *bad_profile_libs;
	int callstacks;              /* BG_GMON_CALLSTACKS: sample call paths (on) */
	const char *count_lib_calls; /* BG_GMON_COUNT_LIB_CALLS, NULL if unset */
	const char *bad_count_lib_calls;
	const char *bad_callstacks;
	int companion_files;         /* BG_GMON_COMPANIONS=files: the earlier
				      * files beside the profile, not the one
				      * PROFILE+gmon-mpi (gmon-companion.h) */
	const char *bad_companions;
	int sum_in_job;              /* BG_GMON_SUM_IN_JOB: every rank profiles,
				      * the PMPI wrappers sum the ranks at
				      * MPI_Finalize (job-sum.h), the subset
				      * writes rank files (off) */
	const char *bad_sum_in_job;
	const char *bad_rank_variable; /* a launcher variable passed over */
	const char *bad_rank_value;
};

/* Reads the environment on the first call; thread-safe. */
const struct gmon_config *config_get(void);

/* rate and signal_rate (a divisor of rate), chosen by the measured cost
 * of a sample, cost_ns (0: it could not be measured; rate-choice.h), where
 * BG_GMON_HZ set none; before sampling starts. */
void config_choose_rate(unsigned rate, unsigned signal_rate, uint64_t cost_ns);
/* The same on c (config_read's). */
void config_set_chosen_rate(struct gmon_config *c, unsigned rate, unsigned signal_rate,
			   uint64_t cost_ns);

/* "set", "default" or "measured" (the run section's rate-source). */
const char *rate_source_name(const struct gmon_config *c);

/* Reads the environment into *config now (config_get's work). */
void config_read(struct gmon_config *config);

/* Prints one message per malformed variable, from rank 0 (or a serial
 * program) only, so that a job says it once. */
void config_report_problems(const struct gmon_config *config);

/* Parses a BG_GMON_CLOCK value (cpu, wall); -1 if unknown. */
int sample_clock_parse(const char *text);

/* Parses a BG_GMON_START_THREAD_TIMERS value; -1 if unknown. */
int timer_policy_parse(const char *text);

/* Whether a BG_GMON_PROFILE_LIBS value is well formed: "all", "none", or
 * library names separated by colons (none empty). */
int profile_libs_valid(const char *value);

/* Whether list (a well-formed BG_GMON_PROFILE_LIBS or
 * BG_GMON_COUNT_LIB_CALLS) chooses the module whose file's base name is
 * base ("libmpi.so.40"): "all", or an entry equal to base with or without
 * its version suffix ("libmpi.so" and "libmpi" choose "libmpi.so.40", as
 * HP-UX's LD_PROFILE did); "none" chooses nothing. */
int lib_list_selects(const char *list, const char *base);

/* The entries of a list of names (not "all" or "none") that choose base,
 * as lib_list_selects chooses: bit i for entry i (the first 64). */
uint64_t lib_list_matches(const char *list, const char *base);

/* The entries of a list of names whose bit in matched (lib_list_matches's)
 * is clear, into buf as "a, b" (cut at size): how many. */
unsigned lib_list_unmatched(const char *list, uint64_t matched, char *buf, size_t size);

/* One message (rank 0's, under MPI) naming those entries of variable's
 * list: "... no library of this process was ...: BEFORE it|them AFTER". */
void lib_list_say_unmatched(const struct gmon_config *c, const char *variable, const char *list,
			    uint64_t matched, const char *before, const char *after);

/* Parses a BG_GMON_HZ value (1 to MAX_RATE); 0 if malformed. */
unsigned rate_parse(const char *text);

/* Parses a BG_GMON_VERBOSE (or BG_GMON_CALLSTACKS) value, in any case: 1
 * for 1, yes, true, on; 0 for 0, no, false, off and the empty string; -1
 * for anything else. */
int on_off_parse(const char *text);

#endif /* GMON_MPI_SETTINGS_H */
