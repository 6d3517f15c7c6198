/*
 * modules-report.c - see modules-report.h; the table of modules it
 * reports, and what it reads of the profiles' companions: modules-table.h.
 */
#include "config.h"

#include "modules-report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "call-paths.h"
#include "callgraph.h"
#include "callgraph-print.h"
#include "counts.h"
#include "demangle.h"
#include "flat.h"
#include "gmon-read.h"
#include "hist.h"
#include "measured.h"
#include "module-calls.h"
#include "name-index.h"
#include "module-symbols.h"
#include "modules-table.h"
#include "view.h"

#define MODULE_SHIFT 40
#define MODULE_SPAN ((gmon_addr_t)1 << MODULE_SHIFT)

static int cmp_module(const void *a, const void *b)
{
	return strcmp(((const struct module *)a)->base, ((const struct module *)b)->base);
}

static char *hex(const unsigned char *b, size_t n)
{
	char *s = malloc(2 * n + 1);

	if (!s)
		die("out of memory");
	for (size_t i = 0; i < n; i++)
		sprintf(s + 2 * i, "%02x", b[i]);
	s[2 * n] = '\0';
	return s;
}

/* A library's functions, from its file if it is the one that ran; its
 * state. */
static void name_library(const struct options *o, struct module *m, const char *debug_root)
{
	char err[1024];
	char *id;
	int has_file = strchr(m->path, '/') != NULL;

	if (!m->chosen && m->list_samples > 0)
		m->state = has_file ? MOD_NOT_CHOSEN : MOD_NO_FILE;
	if (!has_file) {
		if (m->state == MOD_NAMED) {
			m->state = MOD_UNNAMED;
			m->why = modules_xstrdup("no file (the vDSO)");
		}
		return;
	}
	if (module_symbols_read(&m->own, m->path, debug_root,
				o->symtab_flags & (SYMTAB_NO_STATIC | SYMTAB_FUNCTIONS_ONLY),
				&m->source, &m->debug_file, err, sizeof err) != 0) {
		if (m->state == MOD_NAMED) {
			m->state = MOD_UNNAMED;
			m->why = modules_xstrdup(err);
		}
		return;
	}
	id = hex(m->own.build_id, m->own.build_id_len);
	if (m->build_id && strcmp(id, m->build_id) != 0) {
		if (m->state == MOD_NAMED) {
			m->state = MOD_UNNAMED;
			m->why = modules_xprintf("%s has build-id %s, the run's was %s: rebuilt since",
					 m->path, m->own.build_id_len ? id : "(none)", m->build_id);
		}
		symtab_free(&m->own);
		free(id);
		return;
	}
	free(id);
	m->st = &m->own;
	if (m->source == MODULE_SYMBOLS_DYNSYM && m->chosen)
		modules_warn("%s has no .symtab (stripped): its functions are the exported ones, from "
		     ".dynsym; the code past one's size is a row \"[%s static code after "
		     "NAME]\" (no debug file of its build-id under %s/.build-id/)",
		     m->path, m->base, debug_root ? debug_root : MODULE_SYMBOLS_DEBUG_ROOT);
	if (m->source == MODULE_SYMBOLS_DYNSYM && module_symbols_split_gaps(&m->own, m->base) != 0)
		die("out of memory");
	if (o->demangle && demangle_symtab(&m->own) != 0)
		die("out of memory demangling symbol names");
}

/* ------------------------------------------------------------------ */
/* Addresses: each module's link-time addresses, then the combined ones. */

struct module_addr {
	struct module *m;
	gmon_addr_t addr;
};

static int has_functions(const struct module *m)
{
	return m->st && m->st->nsyms > 0;
}

/* Notes an address an arc reaches: below the first function or past the
 * last one needs a row. */
static void note_arc_end(struct module *m, gmon_addr_t addr)
{
	const struct sym *first, *last;

	if (!has_functions(m))
		return;
	first = &m->st->syms[0];
	last = &m->st->syms[m->st->nsyms - 1];
	if (addr < first->addr && addr < m->arc_below)
		m->arc_below = addr;
	else if (addr >= first->addr && addr > last->end_addr && addr < m->arc_above)
		m->arc_above = addr;
}

static gmon_addr_t lower(gmon_addr_t a, gmon_addr_t b)
{
	return a < b ? a : b;
}

/* The combined table and arcs. */
struct combined {
	struct symtab st;
	struct sym *syms;
	size_t n, cap;
	char **names;            /* into st.strtabs */
	size_t nnames, names_cap;
};

static const char *keep_name(struct combined *c, char *name)
{
	if (c->nnames == c->names_cap) {
		c->names_cap = c->names_cap ? 2 * c->names_cap : 256;
		c->names = realloc(c->names, c->names_cap * sizeof(*c->names));
		if (!c->names)
			die("out of memory");
	}
	c->names[c->nnames++] = name;
	return name;
}

static struct sym *new_sym(struct combined *c)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 256;
		c->syms = realloc(c->syms, c->cap * sizeof(*c->syms));
		if (!c->syms)
			die("out of memory");
	}
	memset(&c->syms[c->n], 0, sizeof(*c->syms));
	return &c->syms[c->n++];
}

/* A row of its own: in no function of m, or all of m. */
static void add_row(struct combined *c, const struct module *m, gmon_addr_t base,
		    gmon_addr_t lo, gmon_addr_t hi, char *name, double ticks)
{
	struct sym *s = new_sym(c);

	s->name = keep_name(c, modules_xprintf("%s {%zu}", name, m->index));
	free(name);
	s->addr = base + lo;
	s->end_addr = base + hi;
	s->is_func = 1;
	s->ticks = ticks;
}

/* m's functions at base, named "NAME {N}", and its rows for what lies in
 * no function. */
static void add_module(struct combined *c, struct module *m, gmon_addr_t base)
{
	const struct symtab *st = m->st;
	size_t first;
	gmon_addr_t below, above;

	if (!has_functions(m)) {
		add_row(c, m, base, 0, MODULE_SPAN - 1, modules_xprintf("[%s]", m->base), m->whole_ticks);
		return;
	}
	below = lower(m->out.below > 0 ? m->out.below_addr : UINT64_MAX, m->arc_below);
	if (m->whole_ticks > 0 && st->syms[0].addr > 0)
		/* samples without a histogram (a library not chosen): the row
		 * of the module's start, which its named functions follow */
		add_row(c, m, base, 0, st->syms[0].addr - 1, modules_xprintf("[%s]", m->base),
			m->whole_ticks + m->out.below);
	else if (below != UINT64_MAX)
		add_row(c, m, base, below, st->syms[0].addr - 1,
			modules_xprintf("%s+0x%" PRIx64, m->base, (uint64_t)below), m->out.below);
	first = c->n;
	for (size_t i = 0; i < st->nsyms; i++) {
		const struct sym *from = &st->syms[i];
		struct sym *s = new_sym(c);

		*s = *from;
		if (from->excluded) {   /* credited by count_overhead */
			s->name = keep_name(c, modules_xprintf("[profiling overhead: %s in %s] {%zu}",
							       from->name, m->base, m->index));
			s->demangled = NULL;
			s->excluded = 0;
			s->spec = 0;
		} else {
			s->name = keep_name(c, modules_xprintf("%s {%zu}", from->name, m->index));
			s->demangled = from->demangled
				? modules_xprintf("%s {%zu}", from->demangled, m->index) : NULL;
		}
		s->label = from->label ? modules_xprintf("%s {%zu}", from->label, m->index) : NULL;
		s->addr = base + from->addr;
		/* no holes between a module's functions: an arc into one is its
		 * function's, as a sample is */
		s->end_addr = base + (i + 1 < st->nsyms ? st->syms[i + 1].addr - 1
							: from->end_addr);
		s->owner = from->owner ? (struct sym *)(uintptr_t)(first + from->owner->index + 1)
				       : NULL;
		s->calls = s->self_calls = 0;
		s->child_ticks = 0;
	}
	/* GNU never credits the last function: its samples are its own here */
	c->syms[c->n - 1].ticks += m->out.last;
	above = lower(m->out.above > 0 ? m->out.above_addr : UINT64_MAX, m->arc_above);
	if (above != UINT64_MAX) {
		if (above >= MODULE_SPAN)
			above = MODULE_SPAN - 1;
		add_row(c, m, base, above, MODULE_SPAN - 1,
			modules_xprintf("%s+0x%" PRIx64, m->base, (uint64_t)above), m->out.above);
	}
}

static gmon_addr_t combined_addr(const struct module *m, gmon_addr_t addr)
{
	return ((gmon_addr_t)m->index << MODULE_SHIFT) + (addr < MODULE_SPAN ? addr
									     : MODULE_SPAN - 1);
}

/* ------------------------------------------------------------------ */
/* The call paths, for the children's times. */

/* The report's module of the paths' module k (the same base name and,
 * where both have one, build-id), or SIZE_MAX. */
static size_t report_module(const struct modules *ms, const struct callpaths *cp, size_t k)
{
	const struct companion_module *cm = &cp->modules[k];

	if (k == 0)
		return 0;   /* the executable */
	for (size_t i = 1; i < ms->n; i++)
		if (strcmp(ms->m[i].base, cm->base) == 0 &&
		    (!ms->m[i].build_id || !cm->build_id ||
		     strcmp(ms->m[i].build_id, cm->build_id) == 0))
			return i;
	return SIZE_MAX;
}

/*
 * The paths cp named after the combined table into *named: each frame of
 * a module the report lists at its place in the table (the executable's
 * module with the table's addresses), the others' as they are (named
 * after their libraries, outside the table).  Returns 1, or 0 when there
 * are none (named empty).
 */
static int name_paths(const struct options *o, const struct modules *ms, struct combined *c,
		      const struct callpaths *cp, struct measured *named)
{
	struct callpaths moved = *cp;   /* (shares cp's modules and paths) */
	struct callpath_frame *frames;
	size_t *where;
	char err[1024];

	memset(named, 0, sizeof *named);
	if (cp->nfiles == 0 || cp->samples == 0 || cp->nmodules == 0)
		return 0;
	frames = malloc((cp->nframes ? cp->nframes : 1) * sizeof *frames);
	where = malloc(cp->nmodules * sizeof *where);
	if (!frames || !where)
		die("out of memory");
	for (size_t k = 0; k < cp->nmodules; k++)
		where[k] = report_module(ms, cp, k);
	for (size_t i = 0; i < cp->nframes; i++) {
		struct callpath_frame f = cp->frames[i];

		if (f.module != CALLPATH_NO_MODULE && where[f.module] != SIZE_MAX)
			f = (struct callpath_frame){ 0, combined_addr(&ms->m[where[f.module]],
								     f.addr) };
		frames[i] = f;
	}
	moved.frames = frames;
	/* (the modules' report is GNU's: no inlined frames) */
	if (measured_resolve(named, &c->st, &moved, o->demangle ? MEASURED_DEMANGLE : 0, stderr,
			     PROGRAM, err, sizeof err) != 0)
		die(err);
	free(frames);
	free(where);
	return 1;
}

/* ------------------------------------------------------------------ */

struct arcs {
	struct profile_arc *a;
	size_t n, cap;
};

static void add_arc(struct arcs *arcs, gmon_addr_t from, gmon_addr_t to, uint64_t count)
{
	if (arcs->n == arcs->cap) {
		arcs->cap = arcs->cap ? 2 * arcs->cap : 256;
		arcs->a = realloc(arcs->a, arcs->cap * sizeof(*arcs->a));
		if (!arcs->a)
			die("out of memory");
	}
	arcs->a[arcs->n++] = (struct profile_arc){ from, to, count };
}

/* The module a calls file's module is: 0 the executable, else by name. */
static struct module *calls_module(struct modules *ms, const struct module_calls *mc,
				   uint32_t i)
{
	if (i == MODULE_CALLS_NO_MODULE)
		return NULL;
	if (i == 0)
		return &ms->m[0];
	return module_get(ms, mc->modules[i].path, mc->modules[i].build_id);
}

/* The calls between modules: with arcs, added to them; without, their ends
 * noted (note_arc_end).  Calls with an end in no module are counted in
 * *outside; a PLT call into a -pg library, which mcount counted too, is
 * left out. */
static void each_call(struct modules *ms, const struct module_calls *mc, int plt,
		      struct arcs *arcs, uint64_t *outside)
{
	for (size_t i = 0; i < mc->ncalls; i++) {
		const struct module_call *k = &mc->calls[i];
		struct module *from = calls_module(ms, mc, k->from_module);
		struct module *to = calls_module(ms, mc, k->to_module);

		if (!from || !to) {
			*outside += k->count;
			continue;
		}
		if (!plt)
			to->mcount_callee = 1;
		else if (to->mcount_callee)
			continue;   /* counted by mcount in the -pg library */
		if (arcs) {
			add_arc(arcs, combined_addr(from, k->from), combined_addr(to, k->to),
				k->count);
		} else {
			note_arc_end(from, k->from);
			note_arc_end(to, k->to);
		}
	}
}

static const struct profile *module_profile(const struct modules *ms, size_t i,
					    const struct profile *exe)
{
	return i == 0 ? exe : &ms->m[i].prof;
}

/* Every arc: each module's own, then the calls between modules. */
static void collect_arcs(struct modules *ms, const struct profile *exe, struct arcs *arcs,
			 uint64_t *outside)
{
	for (size_t i = 0; i < ms->n; i++) {
		struct module *m = &ms->m[i];
		const struct profile *p = module_profile(ms, i, exe);

		for (size_t k = 0; k < p->narcs; k++) {
			if (arcs) {
				add_arc(arcs, combined_addr(m, p->arcs[k].from_pc),
					combined_addr(m, p->arcs[k].self_pc), p->arcs[k].count);
			} else {
				note_arc_end(m, p->arcs[k].from_pc);
				note_arc_end(m, p->arcs[k].self_pc);
			}
		}
	}
	*outside = 0;
	each_call(ms, &ms->calls, 0, arcs, outside);
	each_call(ms, &ms->plt, 1, arcs, outside);
}

static double bins_total(const struct profile *p)
{
	double t = 0;

	for (size_t h = 0; h < p->nhists; h++)
		for (uint32_t b = 0; b < p->hists[h].nbins; b++)
			t += (double)p->hists[h].bins[b];
	return t;
}

/*
 * GNU leaves the samples of its default exclusions (mcount, _mcount,
 * __mcount_internal, ...: the profiler's own code, libgmon-mpi's mcount)
 * out of its report and its total.  Here every sample is counted: they are
 * credited, and add_module names their rows "[profiling overhead: ...]".
 * (-M takes no symbol specifications, so the defaults are the only ones.)
 */
static void count_overhead(struct symtab *st)
{
	st->spec_nonempty = 0;
	for (size_t i = 0; i < st->nsyms; i++) {
		if (st->syms[i].excluded)
			st->syms[i].spec = 0;
		st->spec_nonempty |= st->syms[i].spec;
	}
}

/* Credits each module's samples: to its functions as GNU does, the rest
 * to its rows. */
static void assign(struct modules *ms, const struct profile *exe)
{
	for (size_t i = 0; i < ms->n; i++) {
		struct module *m = &ms->m[i];
		const struct profile *p = module_profile(ms, i, exe);
		char err[1024];

		if (p->nhists == 0 || m->bad_profile) {
			m->whole_ticks = (double)m->list_samples;
			if (m->bad_profile && m->state == MOD_NAMED) {
				m->state = MOD_UNNAMED;
				m->why = modules_xstrdup("its profile could not be read");
			}
			continue;
		}
		if (!has_functions(m)) {
			m->whole_ticks = bins_total(p);
			continue;
		}
		count_overhead(m->st);
		if (hist_assign(m->st, p, &m->hs, err, sizeof err) != 0) {
			modules_warn("%s: %s (its samples are one row)", m->base, err);
			m->state = MOD_UNNAMED;
			m->why = modules_xstrdup(err);
			m->whole_ticks = bins_total(p);
			continue;
		}
		m->assigned = 1;
		hist_outside(m->st, p, &m->out);
	}
}

/* ------------------------------------------------------------------ */
/* Printing.                                                            */

static const char *state_text(const struct module *m)
{
	switch (m->state) {
	case MOD_NOT_CHOSEN:
		return "not chosen by BG_GMON_PROFILE_LIBS: no profile";
	case MOD_NO_FILE:
		return "no file (the vDSO): no profile";
	default:
		return m->why ? m->why : "";
	}
}

static void print_header(const struct modules *ms, double total, long hz)
{
	size_t unnamed = 0;

	printf("Report over all load modules (gprof-par -M): the executable and %zu shared "
	       "librar%s,\n%.0f samples (%.2f seconds).  Every function is named \"NAME {N}\", "
	       "N the index of its\nmodule (the list is at the end).\n\n", ms->n - 1,
	       ms->n == 2 ? "y" : "ies", total, hz > 0 ? total / (double)hz : 0.0);
	for (size_t i = 0; i < ms->n; i++)
		unnamed += ms->m[i].state != MOD_NAMED;
	if (unnamed == 0) {
		printf("Every module sampled was profiled.\n");
		return;
	}
	printf("Modules not profiled, or whose code cannot be named (their samples are one row "
	       "each,\n\"[MODULE] {N}\"):\n\n");
	for (size_t i = 0; i < ms->n; i++) {
		const struct module *m = &ms->m[i];

		if (m->state == MOD_NAMED)
			continue;
		printf("  {%zu} %-20s %6.2f%%  %s\n", m->index, m->base,
		       total > 0 ? 100.0 * m->ticks / total : 0.0, state_text(m));
	}
}

static const char *source_text(const struct module *m, char *buf, size_t len)
{
	if (m->state != MOD_NAMED)
		return state_text(m);
	if (m->index == 0)
		return "the executable";
	switch (m->source) {
	case MODULE_SYMBOLS_DEBUG:
		snprintf(buf, len, "names from %s", m->debug_file);
		return buf;
	case MODULE_SYMBOLS_DYNSYM:
		return "names from .dynsym (stripped: exported functions only)";
	default:
		return m->chosen ? "profiled" : "not chosen by BG_GMON_PROFILE_LIBS (calls only)";
	}
}

static void print_module_index(const struct modules *ms, double total, long hz)
{
	printf("Index by module:\n\n %-5s %-24s %10s %7s  %s\n", "", "module", "seconds",
	       "%", "file");
	for (size_t i = 0; i < ms->n; i++) {
		const struct module *m = &ms->m[i];
		char buf[4200];
		char idx[32];

		snprintf(idx, sizeof idx, "{%zu}", m->index);
		printf(" %-5s %-24s %10.2f %6.2f%%  %s\n", idx, m->base,
		       hz > 0 ? m->ticks / (double)hz : 0.0, total > 0 ? 100.0 * m->ticks / total
								 : 0.0,
		       m->path);
		printf(" %-5s %-24s %10s %7s  (%s%s%s%s)\n", "", "", "", "",
		       m->soname ? "soname " : "", m->soname ? m->soname : "",
		       m->soname ? "; " : "", source_text(m, buf, sizeof buf));
	}
}

int modules_report(const struct options *o, struct symtab *st, const struct profile *p,
		   char *const *profiles, size_t nprofiles, const struct callpaths *paths,
		   double unsampled)
{
	const char *debug_root = module_symbols_debug_root();
	struct modules ms;
	struct combined c;
	struct arcs arcs = { 0 };
	struct profile cp;
	struct hist_summary hs;
	struct callgraph *cg = NULL;
	struct measured named;
	struct measured_outcome measured_out = { 0, 0 };
	int measured = 0;
	uint64_t outside = 0;
	double total = 0;
	int style = o->style & (STYLE_FLAT | STYLE_GRAPH), printed = 1;

	memset(&ms, 0, sizeof ms);
	memset(&c, 0, sizeof c);
	module_calls_init(&ms.calls);
	module_calls_init(&ms.plt);

	/* The modules: the executable first, the libraries by name. */
	module_get(&ms, st->path, NULL);
	ms.m[0].st = st;
	ms.m[0].chosen = 1;
	for (size_t i = 0; i < nprofiles; i++)
		modules_read_companions(&ms, profiles[i]);
	for (size_t i = 1; i < ms.calls.nmodules; i++)
		module_get(&ms, ms.calls.modules[i].path, ms.calls.modules[i].build_id);
	for (size_t i = 1; i < ms.plt.nmodules; i++)
		module_get(&ms, ms.plt.modules[i].path, ms.plt.modules[i].build_id);
	if (ms.n > 2)
		qsort(ms.m + 1, ms.n - 1, sizeof(*ms.m), cmp_module);
	name_index_free(&ms.index);   /* the positions changed */
	ms.m[0].st = st;
	if (o->demangle && demangle_symtab(st) != 0)
		die("out of memory demangling symbol names");
	for (size_t i = 0; i < ms.n; i++) {
		struct module *m = &ms.m[i];

		m->index = i;
		if (i > 0)
			name_library(o, m, debug_root);
	}

	/* Samples, then the rows the arcs need, then the table and arcs. */
	assign(&ms, p);
	collect_arcs(&ms, p, NULL, &outside);
	for (size_t i = 0; i < ms.n; i++)
		add_module(&c, &ms.m[i], (gmon_addr_t)i << MODULE_SHIFT);
	for (size_t i = 0; i < c.n; i++) {
		c.syms[i].index = i;
		c.syms[i].elf_order = i;
		c.syms[i].owner = c.syms[i].owner
			? &c.syms[(uintptr_t)c.syms[i].owner - 1] : &c.syms[i];
		total += sym_is_row(&c.syms[i]) ? c.syms[i].ticks : 0;
	}
	/* each module's samples, for the header and the index */
	for (size_t i = 0, k = 0; i < ms.n; i++)
		for (; k < c.n && c.syms[k].addr >> MODULE_SHIFT == i; k++)
			if (sym_is_row(&c.syms[k]))
				ms.m[i].ticks += c.syms[k].ticks;
	c.st.syms = c.syms;
	c.st.nsyms = c.n;
	c.st.path = modules_xstrdup("all modules");
	c.st.strtabs = c.names;
	c.st.nstrtabs = c.nnames;
	c.st.text_size = (uint64_t)ms.n << MODULE_SHIFT;
	for (size_t i = 0; i < ms.n; i++)
		if (ms.m[i].st)
			c.st.spec_nonempty |= ms.m[i].st->spec_nonempty;
	collect_arcs(&ms, p, &arcs, &outside);
	profile_init(&cp);
	cp.arcs = arcs.a;
	cp.narcs = arcs.n;

	/* GNU's summary of the histograms: the executable's (else the first
	 * library's), over every module's samples. */
	memset(&hs, 0, sizeof hs);
	for (size_t i = 0; i < ms.n && !hs.present; i++)
		if (ms.m[i].assigned)
			hs = ms.m[i].hs;
	for (size_t i = 0; i < ms.n; i++)
		if (ms.m[i].assigned && ms.m[i].hs.hz != hs.hz)
			modules_warn("%s was sampled %ld times a second, the executable %ld: its seconds are "
			     "counted at %ld", ms.m[i].base, ms.m[i].hs.hz, hs.hz, hs.hz);
	if (!hs.present && total > 0) {
		/* only lists' samples: seconds at the usual rate */
		hs.present = 1;
		hs.hz = 100;
		strcpy(hs.dimen, "seconds");
		hs.dimen_abbrev = 's';
	}
	hs.total_ticks = total;

	counts_tally(&c.st, &cp);
	if (cp.narcs > 0) {
		cg = callgraph_build_symtab(&c.st, &cp, 0);
		if (!cg)
			die("out of memory building the call graph");
	}
	/* the children's times from the sampled paths, as --measured does for
	 * the executable's report; without them, GNU's estimate by calls */
	if (cg && paths && name_paths(o, &ms, &c, paths, &named)) {
		if (measured_apply(cg, &c.st, &named, &measured_out) != 0)
			die("out of memory measuring the call graph");
		measured = 1;
	}
	if (!(o->user_specified & (STYLE_FLAT | STYLE_GRAPH)))
		style = STYLE_FLAT | STYLE_GRAPH;
	if (!hs.present)
		style &= ~STYLE_FLAT;
	if (!cg)
		style &= ~STYLE_GRAPH;

	print_header(&ms, total, hs.hz);
	if (unsampled > 0)
		printf("\nThe profiler's own time that no sample sees, measured by the runtime: "
		       "%.3f seconds\n(its signal handlers', counted below wherever the next sample "
		       "fell, and its\nwrites'); its sampled code is libgmon-mpi's rows.\n",
		       unsampled);
	if (outside > 0)
		printf("\n%" PRIu64 " call(s) from or to code in no module are left out.\n", outside);
	if (style & STYLE_FLAT) {
		struct flat_options fo = { o->brief, o->show_zeros, o->bsd,
					   callgraph_sample_bytes(p), cg };

		fputs("\f\n", stdout);
		if (flat_print(stdout, &c.st, &hs, &fo) != 0)
			die("out of memory printing the flat profile");
	}
	if (style & STYLE_GRAPH) {
		struct cg_report_options co;

		memset(&co, 0, sizeof co);
		co.brief = o->brief;
		co.show_zeros = o->show_zeros;
		co.output_width = o->width;
		co.hz = (double)hs.hz;
		co.sample_bytes = callgraph_sample_bytes(p);
		co.print_path = o->print_path;
		co.follows_other_section = printed;
		co.measured = measured;
		co.measured_by = "-M, every module's frames; without the paths: GNU's estimate";
		co.measured_samples = measured ? named.samples : 0;
		co.estimated = measured_out.estimated;
		callgraph_print_graph(stdout, cg, &co);
		callgraph_print_index(stdout, cg, &co);
	}
	fputs("\f\n", stdout);
	print_module_index(&ms, total, hs.hz);
	if (fflush(stdout) != 0 || ferror(stdout))
		die("error writing the report to standard output");

	callgraph_free(cg);
	if (measured)
		measured_free(&named);
	free(arcs.a);
	symtab_free(&c.st);
	modules_free(&ms);
	return ms.status;
}

static int modules_wanted(const struct options *o)
{
	return o->modules;
}

static unsigned modules_needs(const struct options *o)
{
	(void)o;
	return 0;
}

static int modules_render(struct view_output *vo, struct model *m)
{
	struct callpaths cp;
	const struct runs_facts *facts;
	size_t missing;
	char err[1024];
	int status;

	(void)vo;   /* standard output */
	callpaths_init(&cp);
	if (call_paths_gather(&cp, m->profiles, m->nprofiles, m->o->skip_bad, NULL, NULL, &missing,
			      stderr, PROGRAM, err, sizeof err) != 0)
		die(err);
	facts = model_profiles_facts(m);
	status = modules_report(m->o, &m->st, &m->p, m->profiles, m->nprofiles, &cp,
				facts->profiler_files ? facts->profiler_signals_s +
								facts->profiler_writes_s : 0);
	callpaths_free(&cp);
	return status;
}

const struct view view_modules = {
	"modules", modules_wanted, modules_needs, REGIONS_PARENT, VIEW_ALONE, modules_render,
};
