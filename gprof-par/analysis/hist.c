/*
 * hist.c - credit histogram samples to functions (see hist.h).
 *
 * Addresses are handled in GNU gprof's 2-byte units ("scaled"): a function
 * covers [its scaled address, the next function's scaled address); bin i of
 * a histogram covers [low + (uint64)(scale * i), low + (uint64)(scale *
 * (i + 1))).  A function gets overlap * count / scale of each bin, added in
 * bin order (to the function's owner: see symtab.h).  The last function of the table never gets samples: GNU reads
 * a stale or unset entry past the table as its end, which is below it.
 */
#include "hist.h"

#include "symspec.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define UNIT_BYTES 2             /* GNU gprof's sizeof (UNIT) */

static double bin_scale(const struct profile_histogram *h)
{
	return (double)((h->high_pc - h->low_pc) / UNIT_BYTES) / h->nbins;
}

static gmon_addr_t scaled_start(const struct symtab *st, size_t j)
{
	return st->syms[j].addr / UNIT_BYTES;
}

/* The scaled end of function j; 0 for the last one (see above). */
static gmon_addr_t scaled_end(const struct symtab *st, size_t j)
{
	return j + 1 < st->nsyms ? scaled_start(st, j + 1) : 0;
}

static void assign_one(struct symtab *st, const struct profile_histogram *h, double scale,
		       double *total, FILE *trace)
{
	gmon_addr_t low = h->low_pc / UNIT_BYTES;
	size_t i, j, k = 1;

	for (i = 0; i < h->nbins; i++) {
		gmon_addr_t bin_low, bin_high;
		double count;

		if (h->bins[i] == 0)
			continue;
		bin_low = low + (gmon_addr_t)(scale * i);
		bin_high = low + (gmon_addr_t)(scale * (i + 1));
		count = (double)h->bins[i];
		if (trace)
			fprintf(trace, "[assign_samples] bin_low_pc=0x%" PRIx64 ", bin_high_pc=0x%"
				PRIx64 ", bin_count=%u\n", (uint64_t)(UNIT_BYTES * bin_low),
				(uint64_t)(UNIT_BYTES * bin_high), (unsigned)h->bins[i]);
		*total += count;

		for (j = k - 1; j < st->nsyms; k = ++j) {
			gmon_addr_t sym_low = scaled_start(st, j);
			gmon_addr_t sym_high = scaled_end(st, j);
			gmon_addr_t overlap;
			double credit;

			if (bin_high < sym_low)
				break;
			if (bin_low >= sym_high)
				continue;
			overlap = (bin_high < sym_high ? bin_high : sym_high) -
				  (bin_low > sym_low ? bin_low : sym_low);
			if (overlap == 0)
				continue;
			credit = (double)overlap * count / scale;
			if (trace)
				fprintf(trace, "[assign_samples] [0x%" PRIx64 ",0x%" PRIx64 ") %s gets "
					"%f ticks %ld overlap\n", (uint64_t)st->syms[j].addr,
					(uint64_t)(UNIT_BYTES * sym_high), st->syms[j].name, credit,
					(long)overlap);
			/* GNU: samples of a function left out of the flat
			 * profile (-P, -p, the default exclusions) leave the
			 * total too */
			if (symspec_included(st, sym_owner(&st->syms[j]), SYMSPEC_INCL_FLAT))
				sym_owner(&st->syms[j])->ticks += credit;
			else
				*total -= credit;
		}
	}
	if (trace)
		fprintf(trace, "[assign_samples] total_time %f\n", *total);
}

int hist_assign(struct symtab *st, const struct profile *p, struct hist_summary *sum,
		char *err, size_t errlen)
{
	return hist_assign_traced(st, p, sum, NULL, err, errlen);
}

int hist_assign_traced(struct symtab *st, const struct profile *p, struct hist_summary *sum,
		       FILE *trace, char *err, size_t errlen)
{
	size_t r;
	double scale;

	memset(sum, 0, sizeof(*sum));
	for (r = 0; r < st->nsyms; r++)
		st->syms[r].ticks = 0.0;
	if (p->nhists == 0)
		return 0;
	scale = bin_scale(&p->hists[0]);
	for (r = 1; r < p->nhists; r++) {
		if (fabs(scale - bin_scale(&p->hists[r])) > 0.000001) {
			if (err && errlen)
				snprintf(err, errlen,
					 "histograms with different scales (bytes per bin) "
					 "cannot be combined");
			return -1;
		}
	}
	sum->present = 1;
	sum->hz = (long)p->hists[0].rate;
	sum->scale = scale;
	memcpy(sum->dimen, p->hists[0].dimen, sizeof(sum->dimen));
	sum->dimen[GMON_DIMEN_LEN] = '\0';
	sum->dimen_abbrev = p->hists[0].dimen_abbrev;
	for (r = 0; r < p->nhists; r++)
		assign_one(st, &p->hists[r], scale, &sum->total_ticks, trace);
	return 0;
}

/* The part of [lo, hi) at or above from (in 2-byte units). */
static gmon_addr_t units_from(gmon_addr_t lo, gmon_addr_t hi, gmon_addr_t from)
{
	lo = lo > from ? lo : from;
	return hi > lo ? hi - lo : 0;
}

void hist_outside(const struct symtab *st, const struct profile *p, struct hist_outside *out)
{
	memset(out, 0, sizeof(*out));
	if (st->nsyms == 0 || p->nhists == 0)
		return;
	gmon_addr_t first = scaled_start(st, 0), last = scaled_start(st, st->nsyms - 1);
	const struct sym *ls = &st->syms[st->nsyms - 1];
	/* the last function's end, scaled: past it, no function */
	gmon_addr_t last_end = ls->end_addr >= ls->addr ? (ls->end_addr + 1) / UNIT_BYTES : last;
	double scale = bin_scale(&p->hists[0]);

	for (size_t r = 0; r < p->nhists; r++) {
		const struct profile_histogram *h = &p->hists[r];
		gmon_addr_t low = h->low_pc / UNIT_BYTES;

		for (uint32_t i = 0; i < h->nbins; i++) {
			gmon_addr_t lo = low + (gmon_addr_t)(scale * i);
			gmon_addr_t hi = low + (gmon_addr_t)(scale * (i + 1));
			gmon_addr_t below, in_last, above;
			double per_unit;

			if (h->bins[i] == 0 || hi <= lo)
				continue;
			per_unit = (double)h->bins[i] / scale;
			below = (hi < first ? hi : first) > lo ? (hi < first ? hi : first) - lo : 0;
			above = units_from(lo, hi, last_end);
			in_last = units_from(lo, hi, last) - above;
			if (below && (out->below == 0 || lo * UNIT_BYTES < out->below_addr))
				out->below_addr = lo * UNIT_BYTES;
			if (above && (out->above == 0 ||
				      (lo > last_end ? lo : last_end) * UNIT_BYTES < out->above_addr))
				out->above_addr = (lo > last_end ? lo : last_end) * UNIT_BYTES;
			out->below += (double)below * per_unit;
			out->last += (double)in_last * per_unit;
			out->above += (double)above * per_unit;
		}
	}
}
