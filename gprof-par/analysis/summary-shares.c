/*
 * summary-shares.c - where the time went (summary.h: the shares of
 * time_breakdown and their spread over the ranks), from the named call
 * paths, each profile's paths by class, the histograms and libraries'
 * lists, and the MPI profile.  Split from summary.c.
 */
#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"

static double sum_bins(const struct profile *p)
{
	double t = 0;

	for (size_t h = 0; p && h < p->nhists; h++)
		for (uint32_t b = 0; b < p->hists[h].nbins; b++)
			t += (double)p->hists[h].bins[b];
	return t;
}

/* The samples of each category. */
static void count_categories(struct summary *s, const struct summary_input *in,
			     double counts[SUMMARY_NCATEGORIES])
{
	const char *exe = path_base_name(in->st->path);
	int wall = strcmp(s->clock, "wall") == 0;

	if (in->paths && in->paths->samples > 0) {
		const struct measured *m = in->paths;

		for (size_t i = 0; i < m->npaths; i++) {
			const struct measured_path *p = &m->paths[i];
			int class;

			if (p->n == 0)
				continue;
			class = summary_measured_class(m, i, exe);
			/* Under the wall clock every thread is sampled, MPI's own
			 * (progress and event threads, waiting by design) too: a
			 * path with MPI's frames and none of the program's is such
			 * a thread's, not the ranks' time. */
			if (class == SUMMARY_MPI_THREAD && wall)
				s->mpi_thread_samples += p->samples;
			else
				counts[class == SUMMARY_MPI_THREAD ? SUMMARY_MPI : class] +=
					(double)p->samples;
		}
		return;
	}
	/* no paths: the executable's histogram, the libraries' lists */
	counts[SUMMARY_PROGRAM] = sum_bins(in->prof);
	for (size_t i = 0; in->modules && i < in->modules->n; i++) {
		const struct module_entry *e = &in->modules->entries[i];

		counts[summary_classify(e->base, NULL, exe, 0)] += (double)e->samples;
	}
}

/*
 * The seconds of each category in wall time elapsed of which mpi seconds
 * in MPI calls (the MPI profile), from the samples of each category in
 * counts (MPI's left aside): the wall time outside MPI, under the wall
 * clock as the samples outside MPI split it.  Under the CPU clock each
 * category has its CPU time (scaled down if the threads' CPU time is more
 * than the wall time), and the wall time off the CPU is the system's:
 * blocked in system calls and I/O, or waiting for a core.
 */
static void wall_seconds(const double counts[SUMMARY_NCATEGORIES], double elapsed, double mpi,
			 unsigned rate, int wall_clock, double seconds[SUMMARY_NCATEGORIES])
{
	double rest = 0, outside, cpu, scale;

	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		if (c != SUMMARY_MPI)
			rest += counts[c];
	if (mpi > elapsed)
		mpi = elapsed;
	outside = elapsed - mpi;
	cpu = rate ? rest / rate : 0;
	scale = wall_clock || cpu > outside ? (rest > 0 ? outside / rest : 0)
					    : (rate ? 1.0 / rate : 0);
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		seconds[c] = c == SUMMARY_MPI ? mpi : counts[c] * scale;
	if (rest == 0)
		seconds[SUMMARY_SYSTEM] = outside;
	else if (!wall_clock && cpu < outside)
		seconds[SUMMARY_SYSTEM] += outside - cpu;
}

/* Row r's samples by category (MPI's own threads left out under the wall
 * clock, MPI's under the CPU clock). */
static void row_counts(const struct path_row *r, int wall_clock,
		       double counts[SUMMARY_NCATEGORIES])
{
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		counts[c] = (double)r->samples[c];
	if (!wall_clock)
		counts[SUMMARY_MPI] += (double)r->samples[SUMMARY_MPI_THREAD];
}

/*
 * The profiler's own time no sample saw (own-cost.h: its signal handlers'
 * signals_s, its writes' writes_s), put in "the profiler itself" of the
 * categories' seconds: the handlers' time is inside the samples' total
 * (each signal's weight claimed the time since the last one, the
 * handler's too, for wherever that signal landed: in proportion to the
 * categories' time), so it is taken from every category in proportion
 * (MPI's measured wall time aside, wall_basis); the writes' time is
 * outside, and added to *total under the CPU clock (within the MPI
 * profile's wall time, wall_basis, it is taken as the handlers').
 */
static void add_own_time(double seconds[SUMMARY_NCATEGORIES], double *total, double signals_s,
			 double writes_s, int wall_basis)
{
	double spread = 0, taken = signals_s + (wall_basis ? writes_s : 0), scale;

	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		if (!(wall_basis && c == SUMMARY_MPI))
			spread += seconds[c];
	if (taken > spread)
		taken = spread;
	scale = spread > 0 ? (spread - taken) / spread : 0;
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		if (!(wall_basis && c == SUMMARY_MPI))
			seconds[c] *= scale;
	seconds[SUMMARY_PROFILER] += signals_s + writes_s;
	if (total && !wall_basis)
		*total += signals_s + writes_s - taken;
}

/* The own time of rank's file (summary_input's profiler_own), 0 if none
 * or several files say it. */
static int own_time_of(const struct summary_input *in, int64_t rank,
		       const struct companion_own_time **own)
{
	*own = NULL;
	for (size_t i = 0; i < in->profiler_files; i++)
		if (in->profiler_own[i].rank == rank) {
			if (*own)
				return 0;
			*own = &in->profiler_own[i];
		}
	return *own != NULL;
}

struct by_rank {
	int64_t rank;
	size_t index;
};

static int cmp_by_rank(const void *a, const void *b)
{
	const struct by_rank *l = a, *r = b;

	if (l->rank != r->rank)
		return l->rank < r->rank ? -1 : 1;
	return (l->index > r->index) - (l->index < r->index);
}

/* A rank's count n folded into s (the lowest rank on ties, in rank
 * order: the first). */
static void count_rank(struct balance_stat *s, uint64_t n, int64_t rank)
{
	if (s->min_rank < 0 || n < s->min) {
		s->min = n;
		s->min_rank = rank;
	}
	if (s->max_rank < 0 || n > s->max) {
		s->max = n;
		s->max_rank = rank;
	}
	s->sum += n;
	s->sumsq += (unsigned __int128)n * n;
}

/*
 * Every category per rank, from each profile's paths (in->rows): with the
 * MPI profile, each rank's wall time split as the total's is (wall_seconds),
 * the k-th row of a rank paired with the k-th MPI profile of that rank,
 * and only when they pair one to one; else each rank's samples.  Adds to
 * the spreads and, with the MPI profile, to the categories' seconds (the
 * total then is the sum of the ranks'); each rank's time in the program
 * into s->ranks, in rank order.  Returns 1 when done, 0 when the
 * ranks do not pair (nothing changed), -1 when out of memory.
 */
static int rank_shares(struct summary *s, const struct summary_input *in, int wall_basis,
		       int wall_clock)
{
	const struct mpi_profile *mp = in->mpi;
	struct by_rank *rows = NULL, *mpis = NULL;
	size_t nrows = 0, nmpis = wall_basis ? mp->nranks : 0;
	double total[SUMMARY_NCATEGORIES] = { 0 };
	struct balance_stat stat[SUMMARY_NCATEGORIES];
	int status = -1;

	for (size_t i = 0; i < in->nrows; i++)
		nrows += in->rows[i].has != 0;
	if (nrows < 2 || (wall_basis && nrows != nmpis))
		return 0;   /* (one rank: no spread; the total is the same) */
	rows = malloc(nrows * sizeof *rows);
	mpis = malloc((nmpis ? nmpis : 1) * sizeof *mpis);
	s->ranks = malloc(nrows * sizeof *s->ranks);
	if (!rows || !mpis || !s->ranks)
		goto out;
	nrows = 0;
	for (size_t i = 0; i < in->nrows; i++)
		if (in->rows[i].has)
			rows[nrows++] = (struct by_rank){ in->rows[i].rank, i };
	for (size_t i = 0; i < nmpis; i++)
		mpis[i] = (struct by_rank){ mp->ranks[i].rank, i };
	qsort(rows, nrows, sizeof *rows, cmp_by_rank);
	qsort(mpis, nmpis, sizeof *mpis, cmp_by_rank);
	status = 0;
	for (size_t i = 0; i < nmpis; i++)
		if (rows[i].rank != mpis[i].rank)
			goto out;
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		stat[c] = (struct balance_stat){ .min = UINT64_MAX, .min_rank = -1, .max_rank = -1 };
	for (size_t i = 0; i < nrows; i++) {
		double counts[SUMMARY_NCATEGORIES], seconds[SUMMARY_NCATEGORIES];
		const struct companion_own_time *own;

		row_counts(&in->rows[rows[i].index], wall_clock, counts);
		if (wall_basis) {
			const struct mpi_rank *r = &mp->ranks[mpis[i].index];

			wall_seconds(counts, (double)r->elapsed_ns / 1e9, (double)r->mpi_wall_ns / 1e9,
				     s->rate, wall_clock, seconds);
		} else {
			for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
				seconds[c] = s->rate ? counts[c] / s->rate : counts[c];
		}
		if (own_time_of(in, rows[i].rank, &own))
			add_own_time(seconds, NULL, own->signals_s, own->writes_s, wall_basis);
		s->ranks[i] = (struct summary_rank){ rows[i].rank, seconds[SUMMARY_PROGRAM], -1 };
		for (int c = 0; c < SUMMARY_NCATEGORIES; c++) {
			summary_spread_add(&s->shares[c].ranks, seconds[c], rows[i].rank);
			total[c] += seconds[c];
			count_rank(&stat[c], (uint64_t)counts[c], rows[i].rank);
		}
	}
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		s->shares[c].ranks_beyond_noise = balance_noise_test(&s->shares[c].noise, &stat[c],
								     nrows, in->per_signal);
	if (wall_basis)
		for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
			s->shares[c].seconds = total[c];
	s->nranks = nrows;
	status = 1;
out:
	free(rows);
	free(mpis);
	return status;
}

/*
 * Each share's sampling error (95%, in points): a category holding a
 * fraction p of the samples, drawn by N independent signals (the signals
 * that brought them, where the run sections say; else the samples, taken
 * for counts), is known to p +- 1.96 sqrt(p (1 - p) / N); its share, a
 * scaled p, to the same relative error.  MPI's share under the MPI
 * profile is measured: none.
 */
static void sampling_errors(struct summary *s, const struct summary_input *in, int wall_basis)
{
	s->signals = in->signals;
	s->signal_samples = in->signal_samples;
	s->sampled = in->signals ? (double)in->signals : (double)s->samples;
	/* (no sample at all: no share to doubt) */
	s->too_few = s->sampled > 0 && s->sampled < SUMMARY_MIN_SIGNALS;
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++) {
		struct summary_share *sh = &s->shares[c];
		double p = s->samples ? (double)sh->samples / (double)s->samples : 0;

		sh->plus_minus = 0;
		if (p > 0 && p < 1 && s->sampled > 0 && !(wall_basis && c == SUMMARY_MPI))
			sh->plus_minus = 1.96 * sh->percent * sqrt((1 - p) / (p * s->sampled));
	}
}

int summary_shares(struct summary *s, const struct summary_input *in)
{
	double counts[SUMMARY_NCATEGORIES] = { 0 }, samples = 0, elapsed = 0, mpi = 0;
	int wall_basis = in->mpi && in->mpi->nranks > 0, wall_clock = strcmp(s->clock, "wall") == 0;
	int per_rank = 0;

	count_categories(s, in, counts);
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++) {
		samples += counts[c];
		s->shares[c].samples = (uint64_t)counts[c];
	}
	s->samples = (uint64_t)samples;
	if (in->rows && in->paths && in->paths->samples > 0 &&
	    (per_rank = rank_shares(s, in, wall_basis, wall_clock)) < 0)
		return -1;
	if (wall_basis) {
		double seconds[SUMMARY_NCATEGORIES];

		for (size_t r = 0; r < in->mpi->nranks; r++) {
			elapsed += (double)in->mpi->ranks[r].elapsed_ns / 1e9;
			mpi += (double)in->mpi->ranks[r].mpi_wall_ns / 1e9;
		}
		if (mpi > elapsed)
			mpi = elapsed;
		s->basis = "wall";
		s->total_seconds = elapsed;
		s->mpi_seconds = mpi;
		if (!per_rank) {   /* (per rank: the ranks' seconds added up) */
			wall_seconds(counts, elapsed, mpi, s->rate, wall_clock, seconds);
			for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
				s->shares[c].seconds = seconds[c];
		}
	} else {
		s->basis = s->clock;
		s->total_seconds = s->rate ? samples / s->rate : samples;
		for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
			s->shares[c].seconds = s->rate ? counts[c] / s->rate : counts[c];
	}
	s->profiler_unsampled = -1;
	if (in->profiler_files > 0) {
		double seconds[SUMMARY_NCATEGORIES];

		for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
			seconds[c] = s->shares[c].seconds;
		if (!(wall_basis && per_rank)) /* (per rank: the ranks' seconds, each
						 * with its own) */
			add_own_time(seconds, &s->total_seconds, in->profiler_signals_s,
				     in->profiler_writes_s, wall_basis);
		for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
			s->shares[c].seconds = seconds[c];
		s->profiler_unsampled = in->profiler_signals_s + in->profiler_writes_s;
	}
	for (int c = 0; c < SUMMARY_NCATEGORIES; c++)
		s->shares[c].percent = s->total_seconds > 0
			? 100.0 * s->shares[c].seconds / s->total_seconds : 0;
	if (s->total_seconds <= 0)
		s->shares[SUMMARY_PROGRAM].percent = 100;   /* nothing: all 0 but one */
	sampling_errors(s, in, wall_basis);
	if (per_rank)
		return 0;

	/* without each profile's paths: the executable's samples per rank
	 * (the load balance), MPI's time */
	if (in->balance && in->balance->nranks > 1) {
		for (size_t r = 0; r < in->balance->nranks; r++)
			summary_spread_add(&s->shares[SUMMARY_PROGRAM].ranks, in->balance->ranks[r].seconds,
				   in->balance->ranks[r].rank);
		/* and whether they differ beyond noise, the load balance's test
		 * of the same samples (unset, a 3x slower rank of six was
		 * "within sampling noise") */
		s->shares[SUMMARY_PROGRAM].ranks_beyond_noise = in->balance->ranks_beyond_noise;
		s->shares[SUMMARY_PROGRAM].noise = in->balance->rank_noise;
	}
	if (wall_basis)
		for (size_t r = 0; r < in->mpi->nranks; r++)
			summary_spread_add(&s->shares[SUMMARY_MPI].ranks,
				   (double)in->mpi->ranks[r].mpi_wall_ns / 1e9, in->mpi->ranks[r].rank);
	return 0;
}

