/* mpi-module.c - find and load gprof-par-mpi.so; see mpi-module.h. */
#include "mpi-module.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errors.h"

#ifndef GPROF_PAR_PKGLIBDIR
#error "GPROF_PAR_PKGLIBDIR must name the installed module's directory"
#endif

/* The directory of the running executable, or "" if unknown. */
static void executable_dir(char *dir, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", dir, size - 1);
	char *slash;

	if (n <= 0) {
		dir[0] = '\0';
		return;
	}
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
}

/* Appends "\n  PATH: REASON" to the report of places tried. */
static void tried(char *report, size_t size, const char *path, const char *reason)
{
	size_t used = strlen(report);

	if (used < size)
		snprintf(report + used, size - used, "\n  %s: %s", path, reason);
}

/* Opens one candidate; NULL (and a line in report) if it is not usable. */
static const struct gprof_par_mpi *try_open(const char *path, char *report, size_t size)
{
	const struct gprof_par_mpi *table;
	char reason[64];
	void *handle;

	if (access(path, F_OK) != 0) {
		tried(report, size, path, "no such file");
		return NULL;
	}
	/* RTLD_GLOBAL: Open MPI's own plugins, which libmpi loads in turn,
	 * expect libmpi's symbols to be global. */
	handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	if (!handle) {
		tried(report, size, path, dlerror());
		return NULL;
	}
	table = dlsym(handle, GPROF_PAR_MPI_SYMBOL);
	if (!table) {
		tried(report, size, path, "not a gprof-par MPI module (no " GPROF_PAR_MPI_SYMBOL ")");
		dlclose(handle);
		return NULL;
	}
	if (table->abi != GPROF_PAR_MPI_ABI) {
		snprintf(reason, sizeof reason, "built for another gprof-par (ABI %d, not %d)",
			 table->abi, GPROF_PAR_MPI_ABI);
		tried(report, size, path, reason);
		dlclose(handle);
		return NULL;
	}
	return table;
}

const struct gprof_par_mpi *mpi_module_load(char *err, size_t errlen)
{
	const char *forced = getenv("GPROF_PAR_MPI_MODULE");
	const struct gprof_par_mpi *table = NULL;
	char dir[PATH_MAX], path[PATH_MAX + 64], report[2048] = "";

	if (forced && forced[0]) {
		table = try_open(forced, report, sizeof report);
	} else {
		executable_dir(dir, sizeof dir);
		if (dir[0]) {
			snprintf(path, sizeof path, "%s/.libs/" GPROF_PAR_MPI_MODULE, dir);
			table = try_open(path, report, sizeof report);
		}
		if (!table)
			table = try_open(GPROF_PAR_PKGLIBDIR "/" GPROF_PAR_MPI_MODULE, report,
					 sizeof report);
		if (!table && dir[0]) {
			snprintf(path, sizeof path, "%s/../lib/gmon-mpi/" GPROF_PAR_MPI_MODULE, dir);
			table = try_open(path, report, sizeof report);
		}
	}
	if (!table)
		set_error(err, errlen,
			  "cannot load the MPI module " GPROF_PAR_MPI_MODULE
			  " (set GPROF_PAR_MPI_MODULE to its path); tried:%s", report);
	return table;
}
