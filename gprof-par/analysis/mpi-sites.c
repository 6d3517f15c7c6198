/* mpi-sites.c - see mpi-sites.h. */
#define _GNU_SOURCE
#include "mpi-sites.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

static char *site_name(const struct mpi_site *m, const struct symtab *st, int in_executable)
{
	const char *base = strrchr(m->module, '/');
	char *name = NULL;

	if (in_executable && m->site > 0) {
		/* the return address follows the call: the call is before it */
		const struct sym *s = symtab_lookup(st, m->site - 1);

		if (s)
			return strdup(sym_print_name(s));
	}
	if (asprintf(&name, "%s+0x%llx", base ? base + 1 : m->module,
		     (unsigned long long)m->site) < 0)
		return NULL;
	return name;
}

char ***mpi_sites_name(const struct mpi_profile *p, const struct symtab *st,
		       const char *executable)
{
	struct stat exe;
	int have_exe = stat(executable, &exe) == 0;
	const char *exe_base = strrchr(executable, '/');
	char ***names = calloc(p->nranks ? p->nranks : 1, sizeof *names);

	exe_base = exe_base ? exe_base + 1 : executable;
	for (size_t r = 0; names && r < p->nranks; r++) {
		names[r] = calloc(p->ranks[r].nsites ? p->ranks[r].nsites : 1, sizeof **names);
		if (!names[r])
			goto oom;
		for (size_t s = 0; s < p->ranks[r].nsites; s++) {
			const struct mpi_site *m = &p->ranks[r].sites[s];

			names[r][s] = site_name(m, st, is_executable(m->module,
								     have_exe ? &exe : NULL,
								     exe_base));
			if (!names[r][s])
				goto oom;
		}
	}
	return names;
oom:
	mpi_sites_free(names, p);
	return NULL;
}

void mpi_sites_free(char ***names, const struct mpi_profile *p)
{
	if (!names)
		return;
	for (size_t r = 0; r < p->nranks; r++) {
		if (!names[r])
			break;
		for (size_t s = 0; s < p->ranks[r].nsites; s++)
			free(names[r][s]);
		free(names[r]);
	}
	free(names);
}
