/*
 * run-facts.h - what the run sections of the files of a report or a sum
 * say together (include/gmon-companion.h: the threads, the profiler's own
 * time, the signals and their samples, the sampling engine, the node's
 * load, the task clock's totals): the summary's, -M's and the statistics'
 * facts about how the profiles were taken.  A sum keeps them in its
 * companion's section "runs" (gprof-par -s/-S and the in-job sum), so that
 * its reader has them though a sum has no run section of its own.
 */
#ifndef GPROF_PAR_RUN_FACTS_H
#define GPROF_PAR_RUN_FACTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "companion-file.h"
#include "sum-companion.h"

struct runs_facts {
	long threads;            /* the most threads sampled in one file kept
				  * (its run section), 0: unknown */
	int64_t threads_rank;    /* that file's rank (the lowest on a tie) */
	/* the profiler's own time, summed over the files that say it, and
	 * each of those files' (own[0 .. profiler_files), in their order;
	 * malloc'ed: runs_facts_free) */
	double profiler_signals_s, profiler_writes_s;
	size_t profiler_files, own_cap;
	struct companion_own_time *own;
	/* the signals that brought samples and those samples, summed over the
	 * signal_files files that say them */
	uint64_t signals, signal_samples;
	size_t signal_files;
	/* the most samples a signal brought in one file, in thousandths
	 * (signal-samples x 1000 / signals, rounded), over the weighted_files
	 * of them that were added one by one (an earlier sum's runs lack it) */
	uint64_t most_per_signal_milli;
	size_t weighted_files;
	/* the files' sampling engine ("mixed" where they differ; "" none
	 * said) and why perf_events were refused (the first file that says) */
	char engine[48], engine_refused[24];
	/* the most a sample's signal cost among the files that measured it
	 * (0: none did) */
	uint64_t sample_cost_ns;
	/* whether the node was oversubscribed (companion_run's), summed over
	 * the load_files and steal_files files that say it; the fewest CPUs a
	 * file could use (0: none said) */
	uint64_t threads_cpu_ns, threads_waited_ns, node_ticks, node_steal_ticks;
	size_t load_files, steal_files;
	long cpus;
	/* the task clock's threads' CPU time and samples (companion_run's),
	 * summed over the task_clock_files files that say them */
	uint64_t task_clock_cpu_ns, task_clock_samples;
	size_t task_clock_files;
	uint64_t wall_unplaced_samples;   /* the wall clock's, summed */
	/* the files whose rank was an MPI world of its own (their run section's
	 * mpi-world), and what the first says */
	size_t mpi_world_files;
	char mpi_world[200];
};

#define RUNS_FACTS_NONE ((struct runs_facts){ .threads_rank = -1 })

/* Adds what one file's run says to facts.  Returns 0, or -1 when out of
 * memory (facts as it was). */
int runs_facts_add(struct runs_facts *facts, const struct companion_run *run);
void runs_facts_free(struct runs_facts *facts);

/* The samples a signal brought, for the tests of the ranks' samples
 * against noise (rank-noise.h), which divide their variance by it: the
 * most of any file that says it (1 where none does: the samples are taken
 * for counts).  The ranks' signals may weigh differently (the default
 * rate's signals are each rank's choice: 1000 Hz, one sample each, or
 * 100 Hz, ten): the mean over the signals (1.8 for four ranks of each)
 * took one signal of a 100 Hz rank in a tiny function for an imbalance in
 * 2 of 10 balanced runs (bench/imbalance-bench).  The most keeps every
 * rank's noise within the test, at some loss of power for the others.
 * Where an earlier sum's runs do not say it: the mean over the signals. */
double runs_facts_per_signal(const struct runs_facts *facts);

/* Adds from, the facts of files after into's (the next ranks), to into,
 * as if its files' runs were added one by one after into's.  Returns 0, or
 * -1 when out of memory (into as it was). */
int runs_facts_merge(struct runs_facts *into, const struct runs_facts *from);

/* Whether any file said anything (no section for none). */
int runs_facts_any(const struct runs_facts *facts);

/* facts in the section's text (below) to out, the profiler's own time per
 * file in own's order (NULL: facts->own's). */
void runs_facts_print(FILE *out, const struct runs_facts *facts,
		      const struct companion_own_time *const *own);

/* facts as the text section "runs" of sc, output's companion (the
 * profiler's own time per file in rank order, the lowest first): none said
 * anything, no section.  Returns 0, or -1 with a message naming the
 * section in err. */
int runs_facts_section_add(struct sum_companion *sc, const char *output,
			   const struct runs_facts *facts, char *err, size_t errlen);

/* A section "runs" (text, len bytes; name: how messages name it) into
 * facts (runs_facts_free frees it).  Returns 0, or -1 with a message naming
 * name and the line. */
int runs_facts_section_parse(struct runs_facts *facts, const char *text, size_t len,
			     const char *name, char *err, size_t errlen);

/* The section "runs" of profile's companion (a sum's), parsed into facts
 * (runs_facts_free frees it).  Returns 1; 0 where there is none (a rank's
 * file, an earlier sum); -1 with a message in err when it cannot be read
 * or is not valid. */
int runs_facts_of_sum(const char *profile, struct runs_facts *facts, char *err, size_t errlen);

/* The sections runs of the sums among paths[0 .. n) merged into facts,
 * whose files' run sections said the rest (runs_facts_add): looked for
 * only where fewer files said anything than there are files (a companion
 * read a file).  Returns 0, or -1 with a message in err (a bad section,
 * out of memory; facts keeps what was merged). */
int runs_facts_add_sums(struct runs_facts *facts, char *const *paths, size_t n, char *err,
			size_t errlen);

#endif /* GPROF_PAR_RUN_FACTS_H */
