/* timing.c - see timing.h. */
#include "timing.h"

#include <stdio.h>
#include <string.h>

#include "companion-file.h"
#include "options.h"
#include "plan.h"

struct timing timing;

void timing_add(double *phase, double since)
{
	if (timing.on)
		*phase += sum_now() - since;
}

static void print_time(double seconds, int known)
{
	if (known)
		fprintf(stderr, " %8.3f", seconds);
	else
		fprintf(stderr, " %8s", "-");
}

/* A row per process, a column per phase, then the slowest process of each
 * phase. */
void timing_print(const struct sum_outcome *sum, const struct plan *plan)
{
	static const char *const names[SUM_NPHASES] = {
		"init", "list", "read", "check", "add", "balance", "paths", "modules", "wait", "order",
		"reduce", "write", "report", "total",
	};
	int nprocs = sum->proc_times ? sum->nprocs : 1;
	double max[SUM_NPHASES] = { 0 };

	fprintf(stderr, PROGRAM ": --timing: seconds per phase and process\n%9s", "process");
	for (int k = 0; k < SUM_NPHASES; k++)
		fprintf(stderr, " %8s", names[k]);
	fputc('\n', stderr);
	for (int q = 0; q < nprocs; q++) {
		double row[SUM_NPHASES];

		memcpy(row, sum->proc_times ? &sum->proc_times[(size_t)q * SUM_NPHASES] : sum->times,
		       sizeof(row));
		row[SUM_PHASE_TOTAL] = 0;
		for (int k = SUM_PHASE_INIT; k <= SUM_PHASE_REDUCE; k++)
			row[SUM_PHASE_TOTAL] += row[k];
		if (q == 0) {
			row[SUM_PHASE_LIST] = timing.list;
			row[SUM_PHASE_WRITE] = timing.write;
			row[SUM_PHASE_REPORT] = timing.report;
			row[SUM_PHASE_TOTAL] = sum_now() - timing.start;
		}
		fprintf(stderr, "%9d", q);
		for (int k = 0; k < SUM_NPHASES; k++) {
			int known = q == 0 || (k != SUM_PHASE_WRITE && k != SUM_PHASE_REPORT);

			print_time(row[k], known);
			if (row[k] > max[k])
				max[k] = row[k];
		}
		fputc('\n', stderr);
	}
	if (nprocs > 1) {
		fprintf(stderr, "%9s", "slowest");
		for (int k = 0; k < SUM_NPHASES; k++)
			print_time(max[k], 1);
		fputc('\n', stderr);
	}
	if (timing.prepared_early)
		fprintf(stderr, PROGRAM ": --timing: process 0's list of the directory (and "
			"reading the executable) ran while MPI started, during init\n");
	if (sum->chunks > 1)
		fprintf(stderr, PROGRAM ": --timing: read: the files in %zu chunks, each one's "
			"companions all kept in memory (%zu bytes at most)\n", sum->chunks,
			companion_cache_budget());
	if (plan->runs_read_by) {
		fprintf(stderr, PROGRAM ": --timing: list: the runs of the %zu files read by each "
			"process:", plan->runs_listed);
		for (size_t q = 0; q < plan->runs_readers; q++)
			fprintf(stderr, " %zu", plan->runs_read_by[q]);
		fputc('\n', stderr);
	}
}
