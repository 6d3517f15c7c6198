/*
 * rank-noise.h - whether ranks' sample counts of one thing (a function, a
 * category, the whole program) differ more than sampling noise explains.
 *
 * Two tests, each at 99%, and a difference is "beyond sampling noise" when
 * either says so:
 *   - the dispersion test (balance_beyond_noise): all ranks together, the
 *     Poisson dispersion X^2 against chi-square.  It sees a spread of many
 *     ranks, but one outlier among many is drowned in it: at 401 ranks one
 *     rank three times as slow adds less to X^2 than its n - 1 degrees of
 *     freedom allow;
 *   - the extremes test (balance_noise_test): the slowest and the fastest
 *     rank alone, each against what one rank of n draws from the total if
 *     every rank had the same rate (a binomial of the total, 1/n: the
 *     conditional law of independent Poisson counts given their sum),
 *     corrected for having looked at n ranks (Bonferroni: the tail times
 *     n, against 0.5% each end, 1% in all; the union bound holds for the
 *     counts' negative dependence, where Sidak's product would not).
 * Both test counts of signals: samples that a signal brought per_signal of
 * (the run sections' signal-samples / signals, the most of any rank's:
 * run-facts.h's runs_facts_per_signal) vary per_signal times as
 * much as counts, and are divided by it first (a weight is not a count:
 * 9 of 9 balanced 8-rank runs were called imbalanced when they were not).
 * Together they claim a balanced set's difference at most 2% of the time.
 */
#ifndef GPROF_PAR_RANK_NOISE_H
#define GPROF_PAR_RANK_NOISE_H

#include <stddef.h>
#include <stdint.h>

#include "balance.h"

/*
 * Whether n ranks' sample counts (their sum and sum of squares) differ
 * more than sampling noise explains: the Poisson dispersion test, X^2 =
 * sum over ranks of (x - mean)^2 / mean, which for counts of one rate
 * follows a chi-square distribution of n - 1 degrees of freedom, against
 * its 99th percentile (Wilson and Hilferty's approximation of the
 * quantile, within 1% of it from 1 degree of freedom up).  0 for fewer
 * than two ranks or no samples.  per_signal: the samples one signal
 * brought, on average (1 where not known); X^2 is divided by it.
 */
int balance_beyond_noise(uint64_t sum, unsigned __int128 sumsq, uint64_t n, double per_signal);

/* The verdict of both tests on one statistic over the ranks. */
struct balance_noise {
	int dispersion;              /* the dispersion test: beyond noise */
	int slow, fast;              /* the extremes test: the rank with the
				      * most (slow) / fewest (fast) samples is
				      * beyond noise on its own */
	int64_t slow_rank, fast_rank;   /* those ranks (the statistic's
					 * max_rank and min_rank) */
};

/*
 * Both tests of s over n ranks at per_signal samples a signal, into *out.
 * Returns whether either says beyond noise (balance_noise_beyond).
 */
int balance_noise_test(struct balance_noise *out, const struct balance_stat *s, uint64_t n,
		       double per_signal);

/* Whether either test says beyond noise. */
int balance_noise_beyond(const struct balance_noise *v);

/* Whether the verdict rests on the extremes alone (the dispersion test
 * said noise): then the words name the rank(s) that made it. */
int balance_noise_named(const struct balance_noise *v);

/*
 * The rank(s) the extremes test found, as words: "rank 139", "ranks 139
 * and 250" (slow first), into buf (size bytes; "" when none).  Returns
 * the number of ranks named.
 */
int balance_noise_ranks(char *buf, size_t size, const struct balance_noise *v);

/*
 * Whether one rank's x of n ranks' sum samples lies beyond sampling noise
 * as the extreme of n (slow: the most; else the fewest): the binomial
 * tail of x in sum / per_signal draws at 1/n, times n, under 0.5%.
 */
int balance_extreme_beyond(uint64_t x, uint64_t sum, uint64_t n, double per_signal, int slow);

#endif /* GPROF_PAR_RANK_NOISE_H */
