/* mpi-sites.c - see mpi-sites.h. */
#define _GNU_SOURCE
#include "mpi-sites.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "inlines.h"
#include "lines.h"

/* Whether module is the file executable names (the same file, else the
 * same base name: the program may have moved since the run). */
static int is_executable(const char *module, const struct stat *exe, const char *exe_base)
{
	struct stat sb;
	const char *base = strrchr(module, '/');

	if (exe && stat(module, &sb) == 0)
		return sb.st_dev == exe->st_dev && sb.st_ino == exe->st_ino;
	return strcmp(base ? base + 1 : module, exe_base) == 0;
}

/* The function holding the call: the innermost inlined there (inlines,
 * may be NULL: "exchange_halo [inlined]", demangled as the function it was
 * inlined into is), else the symbol's. */
static char *caller_name(const struct mpi_site *m, const struct symtab *st, int in_executable,
			 struct inlines *inlines)
{
	const char *base = strrchr(m->module, '/');
	char *name = NULL;

	if (mpi_site_is_overflow(m))
		return strdup(MPI_SITES_OTHER);
	if (in_executable && m->site > 0) {
		/* the return address follows the call: the call is before it */
		const struct sym *s = symtab_lookup(st, m->site - 1);
		struct inline_frame f[INLINES_MAX_DEPTH];
		size_t k = s ? inlines_at(inlines, m->site - 1, f, INLINES_MAX_DEPTH) : 0;

		if (k > 0)
			return inlines_label(&f[k - 1], s->demangled != NULL);
		if (s)
			return strdup(sym_print_name(s));
	}
	if (asprintf(&name, "%s+0x%llx", base ? base + 1 : m->module,
		     (unsigned long long)m->site) < 0)
		return NULL;
	return name;
}

static char *source_name(const char *file, unsigned line)
{
	const char *base = file ? strrchr(file, '/') : NULL;
	char *name = NULL;

	if (!file || !line)
		return strdup("");
	return asprintf(&name, "%s:%u", base ? base + 1 : file, line) < 0 ? NULL : name;
}

/* The sites' addresses in the executable (the call's: site - 1), their
 * lines looked up at once.  sites[k] is in_exe[k]'s (rank, site). */
struct exe_sites {
	gmon_addr_t *addrs;
	const char **files;
	unsigned *lines;
	size_t n;
};

static int **alloc_flags(const struct mpi_profile *p)
{
	int **flags = calloc(p->nranks ? p->nranks : 1, sizeof *flags);

	for (size_t r = 0; flags && r < p->nranks; r++)
		if (!(flags[r] = calloc(p->ranks[r].nsites ? p->ranks[r].nsites : 1, sizeof **flags))) {
			while (r-- > 0)
				free(flags[r]);
			free(flags);
			return NULL;
		}
	return flags;
}

static void free_flags(int **flags, const struct mpi_profile *p)
{
	for (size_t r = 0; flags && r < p->nranks; r++)
		free(flags[r]);
	free(flags);
}

int mpi_sites_name(struct mpi_site_names *n, const struct mpi_profile *p, struct symtab *st,
		   const char *executable)
{
	struct stat exe;
	int have_exe = stat(executable, &exe) == 0;
	const char *exe_base = strrchr(executable, '/');
	int **in_exe = alloc_flags(p);
	struct exe_sites xs = { NULL, NULL, NULL, 0 };
	struct inlines *inlines = NULL;
	size_t total = 0, k = 0;
	int rc = -1;

	exe_base = exe_base ? exe_base + 1 : executable;
	n->caller = calloc(p->nranks ? p->nranks : 1, sizeof *n->caller);
	n->source = calloc(p->nranks ? p->nranks : 1, sizeof *n->source);
	if (!in_exe || !n->caller || !n->source)
		goto out;
	for (size_t r = 0; r < p->nranks; r++) {
		for (size_t s = 0; s < p->ranks[r].nsites; s++) {
			in_exe[r][s] = p->ranks[r].sites[s].site > 0 &&
				       is_executable(p->ranks[r].sites[s].module,
						     have_exe ? &exe : NULL, exe_base);
			total += (size_t)in_exe[r][s];
		}
	}
	xs.addrs = calloc(total ? total : 1, sizeof *xs.addrs);
	xs.files = calloc(total ? total : 1, sizeof *xs.files);
	xs.lines = calloc(total ? total : 1, sizeof *xs.lines);
	if (!xs.addrs || !xs.files || !xs.lines)
		goto out;
	for (size_t r = 0; r < p->nranks; r++)
		for (size_t s = 0; s < p->ranks[r].nsites; s++)
			if (in_exe[r][s])
				xs.addrs[xs.n++] = p->ranks[r].sites[s].site - 1;
	if (lines_at(st, xs.addrs, xs.n, xs.files, xs.lines) != 0)
		goto out;
	if (xs.n > 0)
		inlines = inlines_open(st->path);
	for (size_t r = 0; r < p->nranks; r++) {
		size_t ns = p->ranks[r].nsites ? p->ranks[r].nsites : 1;

		n->caller[r] = calloc(ns, sizeof **n->caller);
		n->source[r] = calloc(ns, sizeof **n->source);
		if (!n->caller[r] || !n->source[r])
			goto out;
		for (size_t s = 0; s < p->ranks[r].nsites; s++) {
			int mine = in_exe[r][s];

			n->caller[r][s] = caller_name(&p->ranks[r].sites[s], st, mine, inlines);
			n->source[r][s] = mine ? source_name(xs.files[k], xs.lines[k]) : strdup("");
			k += (size_t)mine;
			if (!n->caller[r][s] || !n->source[r][s])
				goto out;
		}
	}
	rc = 0;
out:
	free(xs.addrs);
	free(xs.files);
	free(xs.lines);
	inlines_close(inlines);
	free_flags(in_exe, p);
	if (rc != 0)
		mpi_sites_free(n, p);
	return rc;
}

static void free_names(char ***names, const struct mpi_profile *p)
{
	for (size_t r = 0; names && r < p->nranks; r++) {
		for (size_t s = 0; names[r] && s < p->ranks[r].nsites; s++)
			free(names[r][s]);
		free(names[r]);
	}
	free(names);
}

void mpi_sites_free(struct mpi_site_names *n, const struct mpi_profile *p)
{
	free_names(n->caller, p);
	free_names(n->source, p);
	n->caller = n->source = NULL;
}
