/*
 * balance-print.c - the load-balance view as text, CSV or JSON (see
 * balance-print.h).
 */
#include "balance-print.h"

#include <inttypes.h>
#include <stddef.h>
#include <string.h>

#include "csv.h"
#include "fixed-format.h"
#include "rank-spread.h"

static const char text_blurb[] =
	"\n"
	" time lost  (max - mean) x ranks: the seconds of the whole run's CPU time\n"
	"            spent waiting for the slowest rank in this function, if the\n"
	"            others had to wait for it.  The table is sorted by it.\n"
	"\n"
	" min, mean, max, stddev\n"
	"            the function's self seconds (or calls) over the ranks, with\n"
	"            the rank holding the min and the max (the lowest on ties);\n"
	"            stddev is the population standard deviation.\n"
	"\n"
	" imbalance  max / mean - 1 of the self seconds: 0% when every rank\n"
	"            spends the same time in the function.\n"
	"\n"
	" *          before a name: the ranks' samples of the function differ more\n"
	"            than sampling noise explains (a chi-square test of their\n"
	"            counts at 99%: a Poisson dispersion test; or the slowest or\n"
	"            fastest rank alone, against the binomial share of one rank\n"
	"            in n, at 99% over the n ranks: an outlier, named in the\n"
	"            headline where the chi-square test alone said noise);\n"
	"            without it, the imbalance may be noise, as it is on a\n"
	"            balanced run with few samples per rank.\n"
	"\n"
	" A function's time is its samples, as in the flat profile (OpenMP\n"
	" regions and compiler clones count for the function they came from,\n"
	" unless --regions says otherwise); a call is counted as in the call graph\n"
	" (without recursive calls).\n";

/*
 * A row of the text table, its numbers formatted by fixed_format: printf's
 * bytes, without printf's cost (3,200 rows were a tenth of what
 * --load-balance added to summing 1,024 files).
 */
struct row {
	char text[16 * 48];
	size_t len;
};

/* Where the next field goes, after its space; row_took then counts what
 * was written there (nothing if it did not fit: no row comes near). */
static char *row_field(struct row *r, size_t *room)
{
	r->text[r->len++] = ' ';
	*room = sizeof(r->text) - r->len - 1;
	return r->text + r->len;
}

static void row_took(struct row *r, int n, size_t room)
{
	r->len += n > 0 && (size_t)n < room ? (size_t)n : 0;
}

/* " %*.*f" */
static void row_fixed(struct row *r, double x, int width, int decimals)
{
	size_t room;
	char *at = row_field(r, &room);

	row_took(r, fixed_format(at, room, x, width, decimals), room);
}

/* " %5" PRId64 */
static void row_rank(struct row *r, int64_t rank)
{
	size_t room;
	char *at = row_field(r, &room);

	row_took(r, rank >= 0 && rank < 1000000000 ? fixed_format(at, room, (double)rank, 5, 0)
						   : snprintf(at, room, "%5" PRId64, rank),
		 room);
}

/* The ranks' wall time in MPI (the MPI profile): min, mean and max, with
 * the slowest and fastest ranks' own. */
static void print_mpi_line(FILE *out, const struct balance_view *v)
{
	const struct balance_rank_view *min = NULL, *max = NULL;
	double sum = 0;
	size_t n = 0;

	for (uint64_t r = 0; r < v->nranks; r++) {
		const struct balance_rank_view *k = &v->ranks[r];

		if (k->mpi_seconds < 0)
			continue;
		if (!min || k->mpi_seconds < min->mpi_seconds)
			min = k;
		if (!max || k->mpi_seconds > max->mpi_seconds)
			max = k;
		sum += k->mpi_seconds;
		n++;
	}
	if (!n)
		return;
	fprintf(out, "Wall time in MPI (the MPI profile, %zu rank%s), seconds: min %.2f (rank %"
		PRId64 "), mean %.2f, max %.2f (rank %" PRId64 ")", n, n == 1 ? "" : "s",
		min->mpi_seconds, min->rank, sum / (double)n, max->mpi_seconds, max->rank);
	if (v->ranks[v->slowest].mpi_seconds >= 0 && v->ranks[v->fastest].mpi_seconds >= 0)
		fprintf(out, "; the slowest rank above (%" PRId64 ") was in MPI %.2f s, the "
			"fastest (%" PRId64 ") %.2f s", v->ranks[v->slowest].rank,
			v->ranks[v->slowest].mpi_seconds, v->ranks[v->fastest].rank,
			v->ranks[v->fastest].mpi_seconds);
	fputs(".\n", out);
}

/* More ranks than a screen: the spread of their seconds sampled and, with
 * the MPI profile, of their wall time in MPI (rank-spread.h); the JSON has
 * every rank.  0, or -1 when out of memory. */
static int print_rank_spread(FILE *out, const struct balance_view *v)
{
	const size_t size = sizeof *v->ranks, rank = offsetof(struct balance_rank_view, rank);

	fprintf(out, "Per rank (%" PRIu64 " ranks: their spread; --load-balance=json lists every "
		"rank):\n", v->nranks);
	/* one after the other (the order of |'s operands is not C's to keep) */
	if (rank_spread_print_field(out, "seconds sampled", v->ranks, v->nranks, size, rank,
			    offsetof(struct balance_rank_view, seconds), "%.3f") != 0)
		return -1;
	return rank_spread_print_field(out, "seconds in MPI", v->ranks, v->nranks, size, rank,
				       offsetof(struct balance_rank_view, mpi_seconds), "%.3f");
}

/* The headline: the functions whose imbalance sampling noise does not
 * explain, in the table's order (the first 8). */
static void print_significant(FILE *out, const struct balance_view *v)
{
	size_t n = 0;
	int named = 0;

	for (size_t i = 0; i < v->nfuncs; i++)
		named |= v->funcs[i].significant && balance_noise_named(&v->funcs[i].noise);
	/* (the test that found them: rank-noise.h) */
	fprintf(out, "Imbalance beyond sampling noise (chi-square%s, 99%%):",
		named ? " or an outlier rank" : "");
	for (size_t i = 0; i < v->nfuncs; i++) {
		if (!v->funcs[i].significant)
			continue;
		if (n < 8) {
			char who[64];
			int k = balance_noise_ranks(who, sizeof who, &v->funcs[i].noise);

			fprintf(out, "%s %s", n ? "," : "", sym_print_name(v->funcs[i].sym));
			if (k && balance_noise_named(&v->funcs[i].noise))
				fprintf(out, " (%s, %s)", who, k > 1 ? "outliers" : "an outlier");
		}
		n++;
	}
	if (n > 8)
		fprintf(out, " and %zu more", n - 8);
	fputs(n ? ".\n" : " none.\n", out);
}

static void print_text(FILE *out, const struct balance_view *v, int brief)
{
	fprintf(out, "Load balance over %" PRIu64 " rank%s", v->nranks, v->nranks == 1 ? "" : "s");
	if (v->nranks > 0)
		fprintf(out, " (%" PRId64 " to %" PRId64 ")", v->lowest_rank, v->highest_rank);
	fprintf(out, ", functions by time lost to imbalance:\n\n");
	fprintf(out, "Each sample counts as %g %s.\n", 1.0 / v->hz, v->dimen ? v->dimen : "seconds");
	if (v->nranks > 0) {
		const struct balance_rank_view *slow = &v->ranks[v->slowest];
		const struct balance_rank_view *fast = &v->ranks[v->fastest];

		fprintf(out, "Slowest rank %" PRId64 ": %.2f seconds sampled; fastest rank %" PRId64
			": %.2f; mean %.2f.\n", slow->rank, slow->seconds, fast->rank,
			fast->seconds, v->rank_mean);
		if (v->has_mpi)
			print_mpi_line(out, v);
		if (v->nranks > RANK_ROWS_MAX && print_rank_spread(out, v) != 0)
			fputs("(the ranks' spread: out of memory)\n", out);
		print_significant(out, v);
	}
	fprintf(out, "\n%10s%s%10s%s\n", "time",
		" --------------- self seconds ------------------", "",
		" ------------------- calls ---------------------");
	fprintf(out, " %9s %8s %5s %8s %8s %5s %8s %9s %8s %5s %8s %8s %5s %8s    %s\n", "lost",
		"min", "rank", "mean", "max", "rank", "stddev", "imbalance", "min", "rank", "mean",
		"max", "rank", "stddev", "name");
	for (size_t i = 0; i < v->nfuncs; i++) {
		const struct balance_function *f = &v->funcs[i];
		struct row r = { .len = 0 };

		/* " %9.2f %8.2f %5d %8.2f %8.2f %5d %8.2f %8.1f%% %8.0f %5d
		 * %8.2f %8.0f %5d %8.2f  %s\n" */
		row_fixed(&r, f->lost, 9, 2);
		row_fixed(&r, f->time.min, 8, 2);
		row_rank(&r, f->time.min_rank);
		row_fixed(&r, f->time.mean, 8, 2);
		row_fixed(&r, f->time.max, 8, 2);
		row_rank(&r, f->time.max_rank);
		row_fixed(&r, f->time.stddev, 8, 2);
		row_fixed(&r, 100.0 * f->imbalance, 8, 1);
		r.text[r.len++] = '%';
		row_fixed(&r, f->calls.min, 8, 0);
		row_rank(&r, f->calls.min_rank);
		row_fixed(&r, f->calls.mean, 8, 2);
		row_fixed(&r, f->calls.max, 8, 0);
		row_rank(&r, f->calls.max_rank);
		row_fixed(&r, f->calls.stddev, 8, 2);
		r.text[r.len++] = ' ';
		r.text[r.len++] = ' ';
		r.text[r.len++] = f->significant ? '*' : ' ';
		r.text[r.len++] = ' ';
		fwrite(r.text, 1, r.len, out);
		fputs(sym_print_name(f->sym), out);
		fputc('\n', out);
	}
	if (!brief)
		fputs(text_blurb, out);
}

static void print_csv(FILE *out, const struct balance_view *v)
{
	fputs("name,ranks,time_lost_s,imbalance,time_min_s,time_min_rank,time_mean_s,"
	      "time_max_s,time_max_rank,time_stddev_s,calls_min,calls_min_rank,calls_mean,"
	      "calls_max,calls_max_rank,calls_stddev,significant\n", out);
	for (size_t i = 0; i < v->nfuncs; i++) {
		const struct balance_function *f = &v->funcs[i];

		csv_cell(out, sym_print_name(f->sym));
		fprintf(out, ",%" PRIu64 ",%.6g,%.6g,%.6g,%" PRId64 ",%.6g,%.6g,%" PRId64 ",%.6g,"
			"%.0f,%" PRId64 ",%.6g,%.0f,%" PRId64 ",%.6g,%s\n",
			v->nranks, f->lost, f->imbalance, f->time.min, f->time.min_rank,
			f->time.mean, f->time.max, f->time.max_rank, f->time.stddev, f->calls.min,
			f->calls.min_rank, f->calls.mean, f->calls.max, f->calls.max_rank,
			f->calls.stddev, f->significant ? "yes" : "no");
	}
}

/* A JSON string, escaped (names are bytes from the symbol table). */
static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

static void json_summary(FILE *out, const char *key, const struct balance_summary *s)
{
	fprintf(out, "\"%s\": {\"min\": %.9g, \"min_rank\": %" PRId64 ", \"mean\": %.9g, "
		"\"max\": %.9g, \"max_rank\": %" PRId64 ", \"stddev\": %.9g}", key, s->min,
		s->min_rank, s->mean, s->max, s->max_rank, s->stddev);
}

static void print_json(FILE *out, const struct balance_view *v)
{
	fprintf(out, "{\n  \"format\": \"gmon-mpi load balance\",\n  \"version\": 1,\n"
		"  \"seconds_per_sample\": %.9g,\n  \"ranks\": %" PRIu64 ",\n", 1.0 / v->hz,
		v->nranks);
	fputs("  \"per_rank\": [", out);
	for (uint64_t r = 0; r < v->nranks; r++) {
		fprintf(out, "%s\n    {\"rank\": %" PRId64 ", \"seconds\": %.9g, \"place\": %zu",
			r ? "," : "", v->ranks[r].rank, v->ranks[r].seconds, v->ranks[r].place);
		if (v->ranks[r].mpi_seconds >= 0)
			fprintf(out, ", \"mpi_seconds\": %.9g", v->ranks[r].mpi_seconds);
		fputc('}', out);
	}
	fputs(v->nranks ? "\n  ],\n" : "],\n", out);
	fputs("  \"functions\": [", out);
	for (size_t i = 0; i < v->nfuncs; i++) {
		const struct balance_function *f = &v->funcs[i];

		fprintf(out, "%s\n    {\"name\": ", i ? "," : "");
		json_string(out, sym_print_name(f->sym));
		fputs(", \"symbol\": ", out);
		json_string(out, f->sym->name);
		fprintf(out, ", \"time_lost\": %.9g, \"imbalance\": %.9g, \"significant\": %s",
			f->lost, f->imbalance, f->significant ? "true" : "false");
		balance_noise_json(out, &f->noise);
		fputs(", ", out);
		json_summary(out, "time", &f->time);
		fputs(", ", out);
		json_summary(out, "calls", &f->calls);
		fputc('}', out);
	}
	fputs(v->nfuncs ? "\n  ]\n}\n" : "]\n}\n", out);
}

void balance_noise_json(FILE *out, const struct balance_noise *v)
{
	if (v->slow && v->fast)
		fprintf(out, ", \"outlier_ranks\": [%" PRId64 ", %" PRId64 "]", v->slow_rank,
			v->fast_rank);
	else if (v->slow || v->fast)
		fprintf(out, ", \"outlier_ranks\": [%" PRId64 "]", v->slow ? v->slow_rank : v->fast_rank);
}

void balance_print(FILE *out, const struct balance_view *v, enum balance_format format,
		   int brief)
{
	switch (format) {
	case BALANCE_TEXT:
		print_text(out, v, brief);
		break;
	case BALANCE_CSV:
		print_csv(out, v);
		break;
	case BALANCE_JSON:
		print_json(out, v);
		break;
	}
}
