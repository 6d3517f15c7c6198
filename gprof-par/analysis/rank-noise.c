/*
 * rank-noise.c - whether ranks differ beyond sampling noise (see
 * rank-noise.h).
 */
#include "rank-noise.h"

#include <math.h>
#include <stdio.h>

/* The extremes test's error, each end: 1% in all, as the dispersion's. */
#define EXTREME_ALPHA 0.005
/* Terms summed at most (past it: noise, as when undecided) */
#define TAIL_TERMS 10000000

int balance_beyond_noise(uint64_t sum, unsigned __int128 sumsq, uint64_t n, double per_signal)
{
	const double z99 = 2.3263478740408408;  /* the normal's 99th percentile */
	long double chi2;
	double k = (double)n - 1, h, critical;

	if (n < 2 || sum == 0)
		return 0;
	/* samples = per_signal x signals: their variance is per_signal times a
	 * count's */
	chi2 = ((long double)n * (long double)sumsq / (long double)sum - (long double)sum) /
	       (per_signal > 1 ? per_signal : 1);
	h = 2.0 / (9.0 * k);
	critical = k * pow(1.0 - h + z99 * sqrt(h), 3);
	return chi2 > critical;
}

/* The ratio of the binomial's (N draws at p) probability at k + 1 to
 * that at k (up), or at k - 1 to that at k (down). */
static double step_ratio(double N, double k, double p, int up)
{
	return up ? (N - k) / (k + 1) * p / (1 - p) : k / (N - k + 1) * (1 - p) / p;
}

/*
 * Whether the binomial's tail from k away from its mean (N draws at p;
 * up: k and more, else k and less) is below exp(log_alpha).  N and k need
 * not be whole (counts of signals, from samples of a weight): the terms
 * are the binomial's with gamma functions for factorials.  The first
 * term, then each next by its ratio to the one before; the ratios shrink
 * away from the mean, so the rest after a term of ratio r < 1 is at most
 * the term times r / (1 - r): the sum stops as soon as that decides.
 */
static int tail_below(double N, double k, double p, int up, double log_alpha)
{
	double log_first = lgamma(N + 1) - lgamma(k + 1) - lgamma(N - k + 1) + k * log(p) +
			   (N - k) * log1p(-p);
	double sum = 1, term = 1, at = k;   /* relative to the first term */

	if (log_first >= log_alpha)
		return 0;
	for (long i = 0; i < TAIL_TERMS; i++) {
		double r = step_ratio(N, at, p, up);

		if (up ? at + 1 > N : at - 1 < 0)
			return log_first + log(sum) < log_alpha;   /* no term further */
		if (r < 1 && log_first + log(sum + term * r / (1 - r)) < log_alpha)
			return 1;
		term *= r;
		sum += term;
		at += up ? 1 : -1;
		if (log_first + log(sum) >= log_alpha)
			return 0;
	}
	return 0;
}

int balance_extreme_beyond(uint64_t x, uint64_t sum, uint64_t n, double per_signal, int slow)
{
	double w = per_signal > 1 ? per_signal : 1;
	double N = (double)sum / w, k = (double)x / w, p;

	if (n < 2 || sum == 0 || x > sum)
		return 0;
	p = 1.0 / (double)n;
	/* (on the mean's side, or on it: half the draws at least are as far) */
	if (slow ? k <= N * p : k >= N * p)
		return 0;
	return tail_below(N, k, p, slow, log(EXTREME_ALPHA / (double)n));
}

int balance_noise_test(struct balance_noise *out, const struct balance_stat *s, uint64_t n,
		       double per_signal)
{
	out->dispersion = balance_beyond_noise(s->sum, s->sumsq, n, per_signal);
	out->slow = balance_extreme_beyond(s->max, s->sum, n, per_signal, 1);
	out->fast = balance_extreme_beyond(s->min, s->sum, n, per_signal, 0);
	out->slow_rank = s->max_rank;
	out->fast_rank = s->min_rank;
	return balance_noise_beyond(out);
}

int balance_noise_beyond(const struct balance_noise *v)
{
	return v->dispersion || v->slow || v->fast;
}

int balance_noise_named(const struct balance_noise *v)
{
	return !v->dispersion && (v->slow || v->fast);
}

int balance_noise_ranks(char *buf, size_t size, const struct balance_noise *v)
{
	if (v->slow && v->fast)
		snprintf(buf, size, "ranks %lld and %lld", (long long)v->slow_rank,
			 (long long)v->fast_rank);
	else if (v->slow || v->fast)
		snprintf(buf, size, "rank %lld", (long long)(v->slow ? v->slow_rank : v->fast_rank));
	else if (size)
		*buf = '\0';
	return v->slow + v->fast;
}
