/* summary.c - see summary.h. */
#define _GNU_SOURCE
#include "summary.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "gmon-companion.h"
#include "summary-lines.h"

/* ------------------------------------------------------------------ */

void summary_spread_add(struct summary_spread *s, double v, int64_t rank)
{
	if (s->n == 0 || v < s->min) {
		s->min = v;
		s->min_rank = rank;
	}
	if (s->n == 0 || v > s->max) {
		s->max = v;
		s->max_rank = rank;
	}
	s->mean = (s->mean * (double)s->n + v) / (double)(s->n + 1);
	s->n++;
}

/* ------------------------------------------------------------------ */
/* Functions. */

struct ranked {
	size_t fn;
	uint64_t key;
};

static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked *l = a, *r = b;

	if (l->key != r->key)
		return l->key < r->key ? 1 : -1;
	return l->fn < r->fn ? -1 : l->fn > r->fn;
}

static void neighbours(struct summary_function *f, const struct summary_input *in, size_t id)
{
	const struct measured *m = in->paths;

	for (size_t i = 0; i < in->narcs; i++) {
		const struct measured_arc *a = &in->arcs[i];
		struct summary_neighbour *list;
		size_t *n, other;

		if (a->callee == id && a->caller != id) {
			list = f->callers;
			n = &f->ncallers;
			other = a->caller;
		} else if (a->caller == id && a->callee != id) {
			list = f->callees;
			n = &f->ncallees;
			other = a->callee;
		} else {
			continue;
		}
		/* keep the SUMMARY_NEIGHBOURS largest, largest first */
		if (*n == SUMMARY_NEIGHBOURS && list[*n - 1].samples >= a->inclusive)
			continue;
		if (*n < SUMMARY_NEIGHBOURS)
			(*n)++;
		size_t k = *n - 1;
		while (k > 0 && list[k - 1].samples < a->inclusive) {
			list[k] = list[k - 1];
			k--;
		}
		list[k] = (struct summary_neighbour){ m->fns[other].name, a->inclusive };
	}
}

/* Function id with self and total samples: the shares of the samples the
 * categories count (s->samples: under the wall clock MPI's own threads'
 * are left out). */
static void fill_function(struct summary_function *f, const struct summary_input *in,
			  const struct summary *s, size_t id, uint64_t self, uint64_t total,
			  struct summary_wanted_lines *w)
{
	const struct measured_fn *fn = &in->paths->fns[id];
	double all = s->samples ? (double)s->samples : 1;
	double rate = in->paths->rate ? in->paths->rate : (s->rate ? s->rate : 1);

	memset(f, 0, sizeof(*f));
	f->name = fn->name;
	f->module = fn->module;
	f->file = fn->file;
	f->line = fn->line;
	f->self = self;
	f->total = total;
	f->self_percent = 100.0 * (double)self / all;
	f->total_percent = 100.0 * (double)total / all;
	f->self_seconds = (double)self / rate;
	f->total_seconds = (double)total / rate;
	f->category = summary_classify(fn->module, fn->name, path_base_name(in->st->path),
				       summary_is_mpi_frame(fn));
	neighbours(f, in, id);
	if (fn->sym != SIZE_MAX && fn->sym < in->st->nsyms)
		summary_want_lines(w, f, &in->st->syms[fn->sym]);
	else if (fn->inlined)
		summary_want_lines(w, f, NULL);
}

/* The program's hottest: the first of its own code by self time. */
static void choose_hot(struct summary *s)
{
	for (size_t i = 0; i < s->ntop_self && !s->hot; i++)
		if (s->top_self[i].category == SUMMARY_PROGRAM)
			s->hot = &s->top_self[i];
}

/* No call paths: the functions of the table by their histogram samples
 * (self time only: without paths, inclusive time is gprof's estimate). */
static int top_from_histogram(struct summary *s, const struct summary_input *in)
{
	struct symtab *st = in->st;
	const char *exe = path_base_name(st->path);
	const struct sym *which[SUMMARY_TOP];   /* top_self[k]'s symbol */
	struct summary_wanted_lines w = { .n = 0 };
	double all = 0, rate = s->rate ? s->rate : 1;

	for (size_t i = 0; i < st->nsyms; i++)
		if (sym_is_row(&st->syms[i]))
			all += st->syms[i].ticks;
	for (size_t i = 0; i < st->nsyms; i++) {
		struct sym *sym = &st->syms[i];
		size_t k = s->ntop_self;
		struct summary_function *f;

		if (!sym_is_row(sym) || sym->ticks <= 0 ||
		    (k == SUMMARY_TOP && s->top_self[k - 1].self_seconds * rate >= sym->ticks))
			continue;
		if (k == SUMMARY_TOP)
			k--;
		else
			s->ntop_self++;
		for (; k > 0 && s->top_self[k - 1].self_seconds * rate < sym->ticks; k--) {
			s->top_self[k] = s->top_self[k - 1];
			which[k] = which[k - 1];
		}
		which[k] = sym;
		f = &s->top_self[k];
		memset(f, 0, sizeof(*f));
		f->name = sym_print_name(sym);
		f->module = exe;
		f->file = sym->file;
		f->line = sym->line;
		f->self = (uint64_t)sym->ticks;
		f->self_percent = all > 0 ? 100.0 * sym->ticks / all : 0;
		f->self_seconds = sym->ticks / rate;
		f->category = summary_classify(exe, f->name, exe, 0);
	}
	for (size_t i = 0; i < s->ntop_self; i++)
		summary_want_lines(&w, &s->top_self[i], which[i]);
	if (st->has_line_info && summary_hot_lines(&w, st, in->prof, in->inlines) != 0)
		return -1;
	choose_hot(s);
	return 0;
}

/* Each function's self and inclusive samples (once a sample) on the
 * paths the categories count: under the wall clock, MPI's own threads'
 * left out, as the header says (they headed the lists: poll, epoll_wait).
 * Each array m->nfns long, zeroed.  Returns 0, or -1 when out of memory. */
static int counted_samples(const struct summary_input *in, uint64_t *self, uint64_t *total)
{
	const struct measured *m = in->paths;
	const char *exe = path_base_name(in->st->path);
	size_t *seen = calloc(m->nfns, sizeof *seen);

	if (!seen)
		return -1;
	for (size_t i = 0; i < m->npaths; i++) {
		const struct measured_path *p = &m->paths[i];

		if (p->n == 0 || summary_measured_class(m, i, exe) == SUMMARY_MPI_THREAD)
			continue;
		self[m->ids[p->first + p->n - 1]] += p->samples;
		for (uint32_t k = 0; k < p->n; k++) {
			uint32_t id = m->ids[p->first + k];

			if (seen[id] != i + 1) {   /* (recursion: once) */
				seen[id] = i + 1;
				total[id] += p->samples;
			}
		}
	}
	free(seen);
	return 0;
}

static int top_functions(struct summary *s, const struct summary_input *in)
{
	const struct measured *m = in->paths;
	struct summary_wanted_lines w = { .n = 0 };
	uint64_t *self = NULL, *total = NULL;
	struct ranked *r;

	if (!m || m->samples == 0 || m->nfns == 0)
		return top_from_histogram(s, in);
	s->from_paths = 1;
	r = malloc(m->nfns * sizeof(*r));
	self = calloc(m->nfns, sizeof *self);
	total = calloc(m->nfns, sizeof *total);
	if (!r || !self || !total)
		goto oom;
	for (size_t i = 0; i < m->nfns; i++) {
		self[i] = m->fns[i].self;
		total[i] = m->fns[i].total;
	}
	if (s->mpi_thread_samples > 0) {
		memset(self, 0, m->nfns * sizeof *self);
		memset(total, 0, m->nfns * sizeof *total);
		if (counted_samples(in, self, total) != 0)
			goto oom;
	}
	for (int pass = 0; pass < 2; pass++) {
		struct summary_function *list = pass ? s->top_total : s->top_self;
		size_t *n = pass ? &s->ntop_total : &s->ntop_self;

		for (size_t i = 0; i < m->nfns; i++)
			r[i] = (struct ranked){ i, pass ? total[i] : self[i] };
		qsort(r, m->nfns, sizeof(*r), cmp_ranked);
		for (size_t i = 0; i < m->nfns && *n < SUMMARY_TOP && r[i].key > 0; i++)
			fill_function(&list[(*n)++], in, s, r[i].fn, self[r[i].fn], total[r[i].fn],
				      &w);
	}
	free(r);
	free(self);
	free(total);
	if (in->st->has_line_info && summary_hot_lines(&w, in->st, in->prof, in->inlines) != 0)
		return -1;
	choose_hot(s);
	return 0;
oom:
	free(r);
	free(self);
	free(total);
	return -1;
}

/* ------------------------------------------------------------------ */
/* MPI call sites, added over the ranks. */

struct summary_site_key {
	const char *function, *caller, *source;
	size_t rank;                 /* index in the profile */
	const struct mpi_site *site;
};

static int cmp_key(const void *a, const void *b)
{
	const struct summary_site_key *l = a, *r = b;
	int c = strcmp(l->function, r->function);

	if (!c)
		c = strcmp(l->caller, r->caller);
	if (!c)
		c = strcmp(l->source, r->source);
	if (!c)
		c = (l->rank > r->rank) - (l->rank < r->rank);
	return c;
}

static int cmp_site(const void *a, const void *b)
{
	const struct summary_mpi_site *l = a, *r = b;

	if (l->seconds != r->seconds)
		return l->seconds < r->seconds ? 1 : -1;
	return strcmp(l->function, r->function);
}

static int mpi_sites(struct summary *s, const struct summary_input *in)
{
	const struct mpi_profile *p = in->mpi;
	struct summary_mpi_site *all = NULL;
	size_t nkeys = 0, nall = 0;

	if (!p || p->nranks == 0 || !in->mpi_names)
		return 0;
	for (size_t r = 0; r < p->nranks; r++)
		nkeys += p->ranks[r].nsites;
	if (nkeys == 0)
		return 0;
	s->keys = malloc(nkeys * sizeof(*s->keys));
	all = calloc(nkeys, sizeof(*all));
	if (!s->keys || !all) {
		free(all);
		return -1;
	}
	nkeys = 0;
	for (size_t r = 0; r < p->nranks; r++)
		for (size_t k = 0; k < p->ranks[r].nsites; k++) {
			const char *caller = in->mpi_names->caller[r][k];
			const char *source = in->mpi_names->source[r][k];

			s->keys[nkeys++] = (struct summary_site_key){
				p->ranks[r].sites[k].function, caller ? caller : "",
				source ? source : "", r, &p->ranks[r].sites[k] };
		}
	qsort(s->keys, nkeys, sizeof(*s->keys), cmp_key);
	for (size_t i = 0; i < nkeys;) {
		struct summary_mpi_site *site = &all[nall++];
		size_t j = i, present = 0;
		double sum = 0;

		site->function = s->keys[i].function;
		site->caller = s->keys[i].caller;
		site->source = s->keys[i].source;
		for (; j < nkeys && strcmp(s->keys[j].function, site->function) == 0 &&
		       strcmp(s->keys[j].caller, site->caller) == 0 &&
		       strcmp(s->keys[j].source, site->source) == 0; j++) {
			const struct mpi_site *m = s->keys[j].site;
			double sec = (double)m->ns / 1e9;
			/* one rank may call from one site in several blocks: add */
			int same = j > i && s->keys[j - 1].rank == s->keys[j].rank;

			site->calls += m->calls;
			site->bytes += m->bytes_sent + m->bytes_received;
			site->seconds += sec;
			if (same) {
				sum += sec;
				continue;
			}
			if (j > i)
				summary_spread_add(&site->ranks, sum, p->ranks[s->keys[j - 1].rank].rank);
			sum = sec;
			present++;
		}
		summary_spread_add(&site->ranks, sum, p->ranks[s->keys[j - 1].rank].rank);
		/* the ranks that never called from it: 0 seconds each, the
		 * lowest of them holding the minimum (the group's keys are in
		 * the order of the ranks read) */
		if (present < p->nranks) {
			size_t r = 0, zeros = p->nranks - present;

			for (size_t k = i; k < j && s->keys[k].rank <= r; k++)
				if (s->keys[k].rank == r)
					r++;
			summary_spread_add(&site->ranks, 0, p->ranks[r].rank);
			site->ranks.mean *= (double)site->ranks.n / (double)(site->ranks.n + zeros - 1);
			site->ranks.n += zeros - 1;
		}
		site->percent = s->mpi_seconds > 0 ? 100.0 * site->seconds / s->mpi_seconds : 0;
		i = j;
	}
	qsort(all, nall, sizeof(*all), cmp_site);
	for (size_t i = 0; i < nall && i < SUMMARY_TOP; i++)
		s->sites[s->nsites++] = all[i];
	free(all);
	return 0;
}

/* ------------------------------------------------------------------ */

/* Rank r's time in MPI (the load balance's, from the MPI profile), or -1. */
static double mpi_seconds_of(const struct balance_view *v, int64_t r)
{
	size_t i = balance_view_rank_index(v, r);

	return i < v->nranks && v->ranks[i].rank == r ? v->ranks[i].mpi_seconds : -1;
}

/* Every rank's time in the program as the slowest and fastest were chosen
 * by (the category table's, when it has every rank's: summary_shares put
 * them in s->ranks; else the load balance's), and its time in MPI.
 * Returns 0, or -1 when out of memory. */
static int every_rank(struct summary *s, const struct balance_view *v, int from_table)
{
	if (!from_table || s->nranks != v->nranks) {
		free(s->ranks);
		s->nranks = 0;
		s->ranks = malloc(v->nranks * sizeof *s->ranks);
		if (!s->ranks)
			return -1;
		for (size_t r = 0; r < v->nranks; r++)
			s->ranks[r] = (struct summary_rank){ v->ranks[r].rank, v->ranks[r].seconds, -1 };
		s->nranks = v->nranks;
	}
	for (size_t r = 0; r < s->nranks; r++)
		s->ranks[r].mpi_seconds = mpi_seconds_of(v, s->ranks[r].rank);
	return 0;
}

static int imbalance(struct summary *s, const struct summary_input *in)
{
	const struct balance_view *v = in->balance;
	const struct summary_share *program = &s->shares[SUMMARY_PROGRAM];

	if (!v || v->nranks < 2)
		return 0;
	s->has_balance = 1;
	s->rank_mean = v->rank_mean;
	s->ranks_beyond_noise = v->ranks_beyond_noise;
	s->rank_noise = v->rank_noise;
	s->slowest = (struct summary_rank){ v->ranks[v->slowest].rank, v->ranks[v->slowest].seconds,
					    v->ranks[v->slowest].mpi_seconds };
	s->fastest = (struct summary_rank){ v->ranks[v->fastest].rank, v->ranks[v->fastest].seconds,
					    v->ranks[v->fastest].mpi_seconds };
	/* every rank's time in the program as the category table gives it
	 * (its paths: the program's threads', split as the total is), so
	 * that one screen gives a rank's program time once */
	if (program->ranks.n == v->nranks) {
		s->rank_mean = program->ranks.mean;
		s->ranks_beyond_noise = program->ranks_beyond_noise;
		s->rank_noise = program->noise;
		s->slowest = (struct summary_rank){ program->ranks.max_rank, program->ranks.max,
						    mpi_seconds_of(v, program->ranks.max_rank) };
		s->fastest = (struct summary_rank){ program->ranks.min_rank, program->ranks.min,
						    mpi_seconds_of(v, program->ranks.min_rank) };
	}
	for (size_t i = 0; i < v->nfuncs && s->nimbalanced < SUMMARY_TOP; i++) {
		const struct balance_function *f = &v->funcs[i];

		if (f->significant && f->lost > 0)
			s->imbalanced[s->nimbalanced++] = (struct summary_imbalanced){
				sym_print_name(f->sym), f->time, f->lost, f->noise };
	}
	return every_rank(s, v, program->ranks.n == v->nranks);
}

static int say(struct summary *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int say(struct summary *s, const char *fmt, ...)
{
	va_list ap;
	int rc;

	if (s->nsentences == SUMMARY_SENTENCES)
		return 0;
	va_start(ap, fmt);
	rc = vasprintf(&s->sentences[s->nsentences], fmt, ap);
	va_end(ap);
	if (rc < 0) {
		s->sentences[s->nsentences] = NULL;
		return -1;
	}
	s->nsentences++;
	return 0;
}

/* Whether a caller is named (the MPI profile's "?+0x1132": a module it
 * could not tell is no name for a sentence). */
static int known(const char *caller)
{
	return caller && *caller && *caller != '?';
}

/*
 * "rank R spends 1.7x the mean in WHAT (1.700 s against 1.000 s); ..."
 * where the ranks' seconds there (min, mean, max with their ranks) differ
 * beyond sampling noise by noise and the rank is clearly off the mean
 * (factor: its max at least factor x the mean, or, when only the fastest
 * rank is beyond noise, its min at most the mean / factor).  By the
 * dispersion of all ranks: "the ranks differ there beyond sampling
 * noise", of the slowest; by the extremes alone (rank-noise.h), of the
 * rank found: "it is an outlier beyond sampling noise".  0, or -1 when out
 * of memory.
 */
static int rank_sentence(struct summary *s, const char *what, const struct balance_summary *t,
			 const struct balance_noise *noise, double factor)
{
#define RANK_SENTENCE "rank %lld spends %.*fx the mean in %s (%.3f s against %.3f s); %s"
	static const char outlier[] = "it is an outlier beyond sampling noise";

	if (t->mean <= 0)
		return 0;
	if (noise->dispersion && t->max >= factor * t->mean)
		return say(s, RANK_SENTENCE, (long long)t->max_rank, 1, t->max / t->mean, what,
			   t->max, t->mean, "the ranks differ there beyond sampling noise");
	if (noise->dispersion)
		return 0;
	if (noise->slow && noise->slow_rank == t->max_rank && t->max >= factor * t->mean)
		return say(s, RANK_SENTENCE, (long long)t->max_rank, 1, t->max / t->mean, what,
			   t->max, t->mean, outlier);
	if (noise->fast && noise->fast_rank == t->min_rank && t->min * factor <= t->mean)
		return say(s, RANK_SENTENCE, (long long)t->min_rank, 2, t->min / t->mean, what,
			   t->min, t->mean, outlier);
	return 0;
#undef RANK_SENTENCE
}

/* A category other than the program's and MPI's (said above) in which one
 * rank spends much more than the others, beyond sampling noise: "rank 0
 * spends 1.7x the mean in other libraries".  Its samples only: not the
 * system's time off the CPU, which is no sample. */
static int category_sentences(struct summary *s)
{
	static const enum summary_category which[] = { SUMMARY_LIBRARIES, SUMMARY_OMP_WAITING,
						       SUMMARY_OMP_WORKING, SUMMARY_PROFILER };

	for (size_t i = 0; i < sizeof which / sizeof *which; i++) {
		const struct summary_share *sh = &s->shares[which[i]];
		struct balance_summary t = { sh->ranks.min, sh->ranks.mean, sh->ranks.max, 0,
					     sh->ranks.min_rank, sh->ranks.max_rank };

		if (sh->percent >= SUMMARY_CLEAR_SHARE && sh->ranks.n >= 2 && sh->ranks_beyond_noise &&
		    rank_sentence(s, summary_category_text(which[i]), &t, &sh->noise, 1.5) != 0)
			return -1;
	}
	return 0;
}

/* Whether the node was oversubscribed, by what load says. */
static int oversubscribed(const struct summary_load *load)
{
	return (load->has_load && load->cpu_s >= SUMMARY_LOAD_MIN_CPU_S &&
		load->waited_s >= SUMMARY_OVERSUBSCRIBED_WAIT * load->cpu_s) ||
	       (load->has_steal && load->steal_share >= SUMMARY_OVERSUBSCRIBED_STEAL);
}

/* The node was oversubscribed: by how much, and what it means. */
static int oversubscribed_sentence(struct summary *s)
{
	const struct summary_load *l = &s->load;
	char cpus[64] = "", steal[96] = "";

	if (l->cpus > 0)
		snprintf(cpus, sizeof cpus, " (on %ld CPU%s)", l->cpus, l->cpus == 1 ? "" : "s");
	if (l->has_steal && l->steal_share >= SUMMARY_OVERSUBSCRIBED_STEAL)
		snprintf(steal, sizeof steal, "%sthe hypervisor took %.0f%% of the node's time",
			 l->has_load && l->waited_s >= SUMMARY_OVERSUBSCRIBED_WAIT * l->cpu_s
				 ? "; " : "", 100 * l->steal_share);
	if (l->has_load && l->waited_s >= SUMMARY_OVERSUBSCRIBED_WAIT * l->cpu_s)
		return say(s, "the node was oversubscribed: the threads, ready to run, waited for a "
			   "CPU %.2f s for every second they ran%s%s; the per-function figures are "
			   "less certain: run with fewer ranks or threads a node", l->waited_s / l->cpu_s,
			   cpus, steal);
	return say(s, "the node was oversubscribed: %s; the per-function figures are less "
		   "certain", steal);
}

/* OpenMP's waiting, and where it is much of the time what to try: its
 * threads spin at barriers and between regions (libgomp's default, and
 * OMP_WAIT_POLICY=active) on CPUs other threads could use. */
static int omp_waiting_sentence(struct summary *s)
{
	double wait = s->shares[SUMMARY_OMP_WAITING].percent;

	if (wait < SUMMARY_CLEAR_SHARE)
		return 0;
	if (wait < SUMMARY_OMP_ADVICE_SHARE)
		return say(s, "%.0f%% of the time OpenMP threads wait (barriers, idle between "
			   "regions)", wait);
	return say(s, "%.0f%% of the time OpenMP threads wait (barriers, idle between regions): "
		   "try OMP_WAIT_POLICY=passive, so that a waiting thread sleeps instead of "
		   "spinning on a CPU%s, or fewer threads (OMP_NUM_THREADS)", wait,
		   s->oversubscribed ? " (this node was oversubscribed: the spinning took CPUs "
				       "from threads with work)" : "");
}

/* The sentences: only where the figures are clear. */
static int sentences(struct summary *s, const struct summary_input *in)
{
	const struct summary_share *mpi = &s->shares[SUMMARY_MPI];
	const struct balance_view *v = in->balance;

	if (s->oversubscribed && oversubscribed_sentence(s) != 0)
		return -1;
	if (s->too_few && s->sample_cost_ns &&
	    (s->sample_cost_ns > GMON_RATE_CHOICE_MAX_COST_NS || s->rate < 1000))
		/* the runtime chose signals at 100 Hz by that cost (earlier
		 * runtimes wrote the histogram at that rate too) */
		return say(s, "too few samples to say where the time went: %.0f %s, fewer than "
			   "%d; run longer, or sample faster (BG_GMON_HZ=1000: a sample cost "
			   "%.0f us here, %.1f%% of each thread's CPU at 1000 Hz)", s->sampled,
			   s->signals ? "signals" : "samples", SUMMARY_MIN_SIGNALS,
			   (double)s->sample_cost_ns / 1e3, (double)s->sample_cost_ns / 1e4);
	if (s->too_few)
		return say(s, "too few samples to say where the time went: %.0f %s, fewer than "
			   "%d; run longer, or sample faster (BG_GMON_HZ=1000)", s->sampled,
			   s->signals ? "signals" : "samples", SUMMARY_MIN_SIGNALS);
	if (s->has_balance && s->nimbalanced > 0) {
		const struct summary_imbalanced *f = &s->imbalanced[0];

		if (rank_sentence(s, f->name, &f->time, &f->noise, 1.1) != 0)
			return -1;
	} else if (s->has_balance && v &&
		   say(s, "the ranks' samples in the program's functions differ no more than "
		       "sampling noise explains") != 0) {
		return -1;
	}
	if (mpi->percent >= SUMMARY_CLEAR_SHARE) {
		if (s->nsites > 0 && s->sites[0].percent >= 50) {
			const struct summary_mpi_site *t = &s->sites[0];

			if (say(s, "%.0f%% of the ranks' time is in MPI, %.0f%% of it in %s%s%s",
				mpi->percent, t->percent, t->function, known(t->caller) ? " called from " : "",
				known(t->caller) ? t->caller : "") != 0)
				return -1;
		} else if (say(s, "%.0f%% of the ranks' time is in MPI", mpi->percent) != 0) {
			return -1;
		}
		/* who waits: the ranks' MPI time, measured, when it spreads */
		if (mpi->ranks.n >= 2 && mpi->ranks.mean > 0 &&
		    mpi->ranks.max - mpi->ranks.min >= 0.2 * mpi->ranks.mean &&
		    s->nimbalanced > 0 && mpi->ranks.min_rank == s->slowest.rank && s->nsites > 0 &&
		    say(s, "the slowest rank, %lld, spends the least time in MPI (%.3f s); the others "
			"wait, up to %.3f s (rank %lld), mostly in %s%s%s",
			(long long)s->slowest.rank, mpi->ranks.min, mpi->ranks.max,
			(long long)mpi->ranks.max_rank, s->sites[0].function,
			known(s->sites[0].caller) ? " from " : "",
			known(s->sites[0].caller) ? s->sites[0].caller : "") != 0)
			return -1;
	}
	if (category_sentences(s) != 0)
		return -1;
	if (s->hot && s->hot->self_percent >= SUMMARY_CLEAR_SHARE &&
	    say(s, "the hottest function of the program's own code is %s: %.0f%% of the samples",
		s->hot->name, s->hot->self_percent) != 0)
		return -1;
	if (s->shares[SUMMARY_PROFILER].percent >= SUMMARY_CLEAR_SHARE &&
	    say(s, "the profiler itself took %.0f%% (mcount on every call, the samples): fewer "
		"calls to tiny functions or a lower BG_GMON_HZ lowers it",
		s->shares[SUMMARY_PROFILER].percent) != 0)
		return -1;
	return omp_waiting_sentence(s);
}

int summary_build(struct summary *s, const struct summary_input *in)
{
	const struct profile *p = in->prof;
	const char *dimen = p && p->nhists > 0 ? p->hists[0].dimen : "";

	memset(s, 0, sizeof(*s));
	s->program = in->program;
	s->ranks_profiled = in->balance && in->balance->nranks ? in->balance->nranks : in->files;
	/* a sum read alone: its paths say how many profiles it holds */
	if (in->paths && in->paths->profiles > s->ranks_profiled)
		s->ranks_profiled = in->paths->profiles;
	s->ranks_total = -1;
	s->when = in->when;
	s->threads = in->threads;
	s->threads_rank = in->threads_rank;
	s->engine = in->engine ? in->engine : "";
	s->engine_refused = in->engine_refused ? in->engine_refused : "";
	s->sample_cost_ns = in->sample_cost_ns;
	s->load = in->load;
	s->oversubscribed = oversubscribed(&in->load);
	s->elapsed = -1;
	s->mpi_seconds = -1;
	s->clock = strncmp(dimen, "wall", 4) == 0 ? "wall" : "cpu";
	s->rate = p && p->nhists > 0 ? p->hists[0].rate : 0;
	if (in->paths && in->paths->rate)
		s->rate = in->paths->rate;
	if (in->load.has_task_clock && s->rate)
		s->unplaced = in->load.task_clock_cpu_s - (double)in->load.task_clock_samples / s->rate;
	if (strcmp(s->clock, "wall") == 0 && s->rate)
		s->unplaced = (double)in->load.wall_unplaced_samples / s->rate;
	if (in->mpi) {
		for (size_t r = 0; r < in->mpi->nranks; r++) {
			const struct mpi_rank *mr = &in->mpi->ranks[r];

			if (mr->size > s->ranks_total)
				s->ranks_total = mr->size;
			if ((double)mr->elapsed_ns / 1e9 > s->elapsed)
				s->elapsed = (double)mr->elapsed_ns / 1e9;
		}
		if (in->mpi->nranks > s->ranks_profiled)
			s->ranks_profiled = in->mpi->nranks;
	}
	if (summary_shares(s, in) != 0 || top_functions(s, in) != 0 || mpi_sites(s, in) != 0)
		return -1;
	if (imbalance(s, in) != 0)
		return -1;
	return sentences(s, in);
}

void summary_free(struct summary *s)
{
	for (size_t i = 0; i < s->nsentences; i++)
		free(s->sentences[i]);
	free(s->keys);
	free(s->ranks);
	memset(s, 0, sizeof(*s));
}
