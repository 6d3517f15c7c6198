/* mpi-report.c - see mpi-report.h. */
#include "mpi-report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "json-export.h"
#include "name-index.h"
#include "rank-spread.h"

/* A call site over the ranks: one MPI function called from one caller. */
struct site_total {
	const char *function, *caller, *source; /* source: "FILE:LINE" or "" */
	uint64_t calls, ns, sent, received;
	uint64_t *rank_ns, *rank_calls, *rank_sent, *rank_received; /* by rank index */
};

struct function_total {
	const char *function;
	uint64_t calls, ns, sent, received;
};

static double seconds(uint64_t ns)
{
	return (double)ns / 1e9;
}

/* A site's key, for the index of the totals (name-index.h): a profile may
 * have 10^5 sites, searched linearly they took minutes. */
struct site_key {
	const struct site_total *sites;
	const char *function, *caller, *source;
};

static uint64_t site_hash(const char *function, const char *caller, const char *source)
{
	return name_hash(function, caller) * 0x9e3779b97f4a7c15u ^ name_hash(source, NULL);
}

static int same_site(const void *ctx, size_t item)
{
	const struct site_key *k = ctx;
	const struct site_total *s = &k->sites[item];

	return strcmp(s->function, k->function) == 0 && strcmp(s->caller, k->caller) == 0 &&
	       strcmp(s->source, k->source) == 0;
}

static int by_time(const void *a, const void *b)
{
	const struct site_total *x = a, *y = b;
	int c;

	if (x->ns != y->ns)
		return x->ns < y->ns ? 1 : -1;
	c = strcmp(x->function, y->function);
	if (!c)
		c = strcmp(x->caller, y->caller);
	return c ? c : strcmp(x->source, y->source);
}

static int function_by_time(const void *a, const void *b)
{
	const struct function_total *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? 1 : -1;
	return strcmp(x->function, y->function);
}

static void free_sites(struct site_total *sites, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(sites[i].rank_ns);
		free(sites[i].rank_calls);
		free(sites[i].rank_sent);
		free(sites[i].rank_received);
	}
	free(sites);
}

/* Adds every rank's sites into totals per (function, caller). */
static struct site_total *gather_sites(const struct mpi_profile *p,
				       const struct mpi_site_names *names, size_t *count)
{
	size_t n = 0, cap = 0;
	struct site_total *sites = NULL;
	struct name_index index;

	name_index_init(&index);
	for (size_t r = 0; r < p->nranks; r++)
		for (size_t s = 0; s < p->ranks[r].nsites; s++) {
			const struct mpi_site *m = &p->ranks[r].sites[s];
			const char *caller = names->caller[r][s], *source = names->source[r][s];
			uint64_t hash = site_hash(m->function, caller, source);
			struct site_key key = {sites, m->function, caller, source};
			size_t i = name_index_find(&index, hash, same_site, &key);

			if (i == SIZE_MAX) {
				i = n;
				if (n == cap) {
					struct site_total *grown;

					cap = cap ? 2 * cap : 16;
					grown = realloc(sites, cap * sizeof *grown);
					if (!grown)
						goto oom;
					sites = grown;
				}
				sites[n] = (struct site_total){m->function, caller, source, 0, 0, 0, 0,
							       calloc(p->nranks, 8), calloc(p->nranks, 8),
							       calloc(p->nranks, 8), calloc(p->nranks, 8)};
				n++;
				if (!sites[i].rank_ns || !sites[i].rank_calls || !sites[i].rank_sent ||
				    !sites[i].rank_received || name_index_add(&index, hash, i) != 0)
					goto oom;
			}
			sites[i].calls += m->calls;
			sites[i].ns += m->ns;
			sites[i].sent += m->bytes_sent;
			sites[i].received += m->bytes_received;
			sites[i].rank_ns[r] += m->ns;
			sites[i].rank_calls[r] += m->calls;
			sites[i].rank_sent[r] += m->bytes_sent;
			sites[i].rank_received[r] += m->bytes_received;
		}
	name_index_free(&index);
	if (n > 1)
		qsort(sites, n, sizeof *sites, by_time);
	*count = n;
	return sites;
oom:
	name_index_free(&index);
	free_sites(sites, n);
	return NULL;
}

static struct function_total *gather_functions(const struct site_total *sites, size_t nsites,
					       size_t *count)
{
	struct function_total *f = calloc(nsites ? nsites : 1, sizeof *f);
	size_t n = 0;

	if (!f)
		return NULL;
	for (size_t i = 0; i < nsites; i++) {
		size_t j = 0;

		while (j < n && strcmp(f[j].function, sites[i].function) != 0)
			j++;
		if (j == n)
			f[n++].function = sites[i].function;
		f[j].calls += sites[i].calls;
		f[j].ns += sites[i].ns;
		f[j].sent += sites[i].sent;
		f[j].received += sites[i].received;
	}
	if (n > 1)
		qsort(f, n, sizeof *f, function_by_time);
	*count = n;
	return f;
}

/* min, mean and max of v[0 .. n), and where the min and max are. */
struct spread {
	double min, mean, max;
	size_t argmin, argmax;
};

/* v[i] as a double: of an array of uint64_t, or of double */
static double u64_at(const void *v, size_t i)
{
	return (double)((const uint64_t *)v)[i];
}

static double double_at(const void *v, size_t i)
{
	return ((const double *)v)[i];
}

static struct spread spread_of(const void *v, size_t n, double (*at)(const void *v, size_t i))
{
	struct spread s = {0, 0, 0, 0, 0};
	double sum = 0;

	for (size_t i = 0; i < n; i++) {
		double x = at(v, i);

		if (i == 0 || x < s.min)
			s.min = x, s.argmin = i;
		if (i == 0 || x > s.max)
			s.max = x, s.argmax = i;
		sum += x;
	}
	s.mean = n ? sum / (double)n : 0;
	return s;
}

/* (max - mean) / max: the share of the slowest rank's time the others
 * would not have waited with a perfect balance (the load balance's rule). */
static double imbalance(const struct spread *s)
{
	return s->max > 0 ? 100.0 * (s->max - s->mean) / s->max : 0;
}

/* MPI's share of a rank's wall time: the time some thread of it was in
 * MPI (not its threads' times added: 4 threads made 347.9%). */
static double share(const struct mpi_rank *k)
{
	return k->elapsed_ns ? (double)k->mpi_wall_ns / (double)k->elapsed_ns : 0.0;
}

/* A rank's calls on its overflow lines. */
static uint64_t overflow_calls(const struct mpi_rank *k)
{
	uint64_t n = 0;

	for (size_t s = 0; s < k->nsites; s++)
		if (mpi_site_is_overflow(&k->sites[s]))
			n += k->sites[s].calls;
	return n;
}

/* More ranks than a screen: each column's spread (rank-spread.h), not a row
 * a rank.  0, or -1 when out of memory (nothing printed). */
static int print_rank_spread(FILE *out, const struct mpi_profile *p)
{
	size_t n = p->nranks;
	double *v = malloc(3 * n * sizeof *v);
	int64_t *ranks = malloc(n * sizeof *ranks);
	int rc = v && ranks ? 0 : -1;

	for (size_t r = 0; rc == 0 && r < n; r++) {
		ranks[r] = p->ranks[r].rank;
		v[r] = seconds(p->ranks[r].elapsed_ns);
		v[n + r] = seconds(p->ranks[r].mpi_wall_ns);
		v[2 * n + r] = 100.0 * share(&p->ranks[r]);
	}
	if (rc == 0) {
		fprintf(out, "Per rank (%zu ranks: their spread; --mpi=csv and --mpi=json list every "
			"rank):\n", n);
		/* one after the other (the order of |'s operands is not C's to keep) */
		rc = rank_spread_print(out, "wall s", v, ranks, n, "%.6f");
		if (rc == 0)
			rc = rank_spread_print(out, "MPI s", v + n, ranks, n, "%.6f");
		if (rc == 0)
			rc = rank_spread_print(out, "MPI %", v + 2 * n, ranks, n, "%.1f");
	}
	free(v);
	free(ranks);
	return rc;
}

static void print_text(FILE *out, const struct mpi_profile *p, const struct site_total *sites,
		       size_t nsites, const struct function_total *f, size_t nf)
{
	/* in percent, as doubles: a share past 2^64 / 10^6 (the time of
	 * threads in MPI added up, or a forged file) has no integer */
	double *shares = calloc(p->nranks ? p->nranks : 1, sizeof *shares);
	struct spread sh;

	fprintf(out, "MPI profile of %zu rank%s: the wall time inside MPI calls (PMPI wrappers)\n\n",
		p->nranks, p->nranks == 1 ? "" : "s");
	for (size_t r = 0; shares && r < p->nranks; r++)
		shares[r] = 100.0 * share(&p->ranks[r]);
	if (shares && p->nranks > 0) {
		sh = spread_of(shares, p->nranks, double_at);
		fprintf(out, "MPI's share of each rank's wall time: min %.1f%% (rank %" PRId64
			"), mean %.1f%%, max %.1f%% (rank %" PRId64 ")\n\n", sh.min,
			p->ranks[sh.argmin].rank, sh.mean, sh.max, p->ranks[sh.argmax].rank);
	}
	free(shares);
	fprintf(out, "(MPI s: the wall time during which some thread of the rank was in an MPI "
		"call, MPI %% of the rank's wall s; threads' MPI s: its threads' times in MPI "
		"calls, added, more than MPI s when several threads are in MPI at once)\n\n");
	if (p->nranks <= RANK_ROWS_MAX || print_rank_spread(out, p) != 0) {
		fprintf(out, "%6s %12s %12s %7s %15s\n", "rank", "wall s", "MPI s", "MPI %",
			"threads' MPI s");
		for (size_t r = 0; r < p->nranks; r++) {
			const struct mpi_rank *k = &p->ranks[r];

			fprintf(out, "%6" PRId64 " %12.6f %12.6f %7.1f %15.6f\n", k->rank,
				seconds(k->elapsed_ns), seconds(k->mpi_wall_ns), 100.0 * share(k),
				seconds(k->mpi_ns));
		}
	}
	fprintf(out, "\nMPI call sites by time (seconds per rank: min, mean, max):\n\n");
	fprintf(out, "%-22s %-24s %9s %12s %11s %10s %10s %10s %6s\n", "function", "call site",
		"calls", "bytes", "seconds", "min", "mean", "max", "imb %");
	for (size_t i = 0; i < nsites; i++) {
		struct spread s = spread_of(sites[i].rank_ns, p->nranks, u64_at);
		char site[512];

		snprintf(site, sizeof site, *sites[i].source ? "%s (%s)" : "%s%s", sites[i].caller,
			 sites[i].source);
		fprintf(out, "%-22s %-24s %9" PRIu64 " %12" PRIu64 " %11.6f %10.6f %10.6f %10.6f %6.1f\n",
			sites[i].function, site, sites[i].calls,
			sites[i].sent + sites[i].received, seconds(sites[i].ns), s.min / 1e9,
			s.mean / 1e9, s.max / 1e9, imbalance(&s));
	}
	fprintf(out, "\nMPI functions:\n\n%-22s %9s %11s %14s %14s %12s\n", "function", "calls",
		"seconds", "bytes sent", "bytes received", "bytes/call");
	for (size_t i = 0; i < nf; i++)
		fprintf(out, "%-22s %9" PRIu64 " %11.6f %14" PRIu64 " %14" PRIu64 " %12.0f\n",
			f[i].function, f[i].calls, seconds(f[i].ns), f[i].sent, f[i].received,
			f[i].calls ? (double)(f[i].sent + f[i].received) / (double)f[i].calls : 0.0);
	for (size_t r = 0, told = 0, left = 0; r < p->nranks; r++) {
		uint64_t other = overflow_calls(&p->ranks[r]);

		if ((other || p->ranks[r].dropped_calls) && told++ >= RANK_ROWS_MAX) {
			left++;         /* past a screen: counted */
			if (r + 1 == p->nranks)
				fprintf(out, "\nand %zu more ranks with calls under \"" MPI_SITES_OTHER
					"\" or not recorded (--mpi=csv lists every rank)\n", left);
			continue;
		}
		if (other)
			fprintf(out, "\nrank %" PRId64 ": %" PRIu64 " calls from call sites the "
				"wrapper's table had no room for, under \"" MPI_SITES_OTHER "\"\n",
				p->ranks[r].rank, other);
		if (p->ranks[r].dropped_calls)
			fprintf(out, "\nrank %" PRId64 ": %" PRIu64 " calls not recorded (more call "
				"sites than the wrapper's table holds)\n", p->ranks[r].rank,
				p->ranks[r].dropped_calls);
		if (r + 1 == p->nranks && left)
			fprintf(out, "\nand %zu more ranks with calls under \"" MPI_SITES_OTHER
				"\" or not recorded (--mpi=csv lists every rank)\n", left);
	}
}

static void csv_row(FILE *out, const struct site_total *s, const char *rank, uint64_t calls,
		    uint64_t ns, uint64_t sent, uint64_t received)
{
	csv_cell(out, s->function);
	fputc(',', out);
	csv_cell(out, s->caller);
	fprintf(out, ",%s,%" PRIu64 ",%.9f,%" PRIu64 ",%" PRIu64 ",", rank, calls, seconds(ns), sent,
		received);
	csv_cell(out, s->source);
	fputc('\n', out);
}

static void print_csv(FILE *out, const struct mpi_profile *p, const struct site_total *sites,
		      size_t nsites)
{
	fprintf(out, "function,call_site,rank,calls,seconds,bytes_sent,bytes_received,source\n");
	for (size_t i = 0; i < nsites; i++) {
		const struct site_total *s = &sites[i];

		csv_row(out, s, "all", s->calls, s->ns, s->sent, s->received);
		for (size_t r = 0; r < p->nranks; r++) {
			char rank[32];

			if (!s->rank_calls[r])
				continue;
			snprintf(rank, sizeof rank, "%" PRId64, p->ranks[r].rank);
			csv_row(out, s, rank, s->rank_calls[r], s->rank_ns[r], s->rank_sent[r],
				s->rank_received[r]);
		}
	}
}

static void print_json(FILE *out, const struct mpi_profile *p, const struct site_total *sites,
		       size_t nsites, const struct function_total *f, size_t nf)
{
	fprintf(out, "{\"ranks\": [");
	for (size_t r = 0; r < p->nranks; r++)
		fprintf(out, "%s\n  {\"rank\": %" PRId64 ", \"wall_seconds\": %.9f, \"mpi_seconds\": "
			"%.9f, \"mpi_wall_seconds\": %.9f, \"dropped_calls\": %" PRIu64
			", \"overflow_calls\": %" PRIu64 "}", r ? "," : "", p->ranks[r].rank,
			seconds(p->ranks[r].elapsed_ns), seconds(p->ranks[r].mpi_ns),
			seconds(p->ranks[r].mpi_wall_ns), p->ranks[r].dropped_calls,
			overflow_calls(&p->ranks[r]));
	fprintf(out, "],\n\"call_sites\": [");
	for (size_t i = 0; i < nsites; i++) {
		const struct site_total *s = &sites[i];
		int first = 1;

		fprintf(out, "%s\n  {\"function\": ", i ? "," : "");
		json_export_string(out, s->function);
		fprintf(out, ", \"call_site\": ");
		json_export_string(out, s->caller);
		fprintf(out, ", \"source\": ");
		json_export_string(out, s->source);
		fprintf(out, ", \"calls\": %" PRIu64 ", \"seconds\": %.9f, \"bytes_sent\": %" PRIu64
			", \"bytes_received\": %" PRIu64 ", \"ranks\": [", s->calls, seconds(s->ns),
			s->sent, s->received);
		for (size_t r = 0; r < p->nranks; r++) {
			if (!s->rank_calls[r])
				continue;
			fprintf(out, "%s{\"rank\": %" PRId64 ", \"calls\": %" PRIu64 ", \"seconds\": %.9f, "
				"\"bytes_sent\": %" PRIu64 ", \"bytes_received\": %" PRIu64 "}",
				first ? "" : ", ", p->ranks[r].rank, s->rank_calls[r],
				seconds(s->rank_ns[r]), s->rank_sent[r], s->rank_received[r]);
			first = 0;
		}
		fprintf(out, "]}");
	}
	fprintf(out, "],\n\"functions\": [");
	for (size_t i = 0; i < nf; i++) {
		fprintf(out, "%s\n  {\"function\": ", i ? "," : "");
		json_export_string(out, f[i].function);
		fprintf(out, ", \"calls\": %" PRIu64 ", \"seconds\": %.9f, \"bytes_sent\": %" PRIu64
			", \"bytes_received\": %" PRIu64 "}", f[i].calls, seconds(f[i].ns), f[i].sent,
			f[i].received);
	}
	fprintf(out, "]}\n");
}

int mpi_report_print(FILE *out, const struct mpi_profile *p, const struct mpi_site_names *names,
		     enum mpi_report_format format)
{
	size_t nsites = 0, nf = 0;
	struct site_total *sites = gather_sites(p, names, &nsites);
	struct function_total *f = sites || nsites == 0 ? gather_functions(sites, nsites, &nf) : NULL;

	if ((!sites && p->nranks && nsites) || !f) {
		free_sites(sites, nsites);
		return -1;
	}
	if (format == MPI_REPORT_CSV)
		print_csv(out, p, sites, nsites);
	else if (format == MPI_REPORT_JSON)
		print_json(out, p, sites, nsites, f, nf);
	else
		print_text(out, p, sites, nsites, f, nf);
	free(f);
	free_sites(sites, nsites);
	return 0;
}
