/*
 * mpi-sites.h - names the MPI profile's call sites: the executable's
 * function holding the call (its symbols; with -g, the innermost function
 * inlined there, "exchange_halo [inlined]": symbols/inlines.h) and, with
 * -g, the call's source file and line (its DWARF line tables); a call from
 * a library as the library's file name and the site's address in it
 * ("libfoo.so.1+0x1234").
 */
#ifndef GPROF_PAR_MPI_SITES_H
#define GPROF_PAR_MPI_SITES_H

#include "mpi-profile.h"
#include "symtab.h"

/* The caller's name of a function's overflow line (mpi_site_is_overflow):
 * its calls from the sites the wrappers' table had no room for. */
#define MPI_SITES_OTHER "(other call sites)"

/* What each p->ranks[r].sites[s] is, [r][s]: the caller's name, and its
 * source "FILE:LINE" (the file's base name) or "" when unknown. */
struct mpi_site_names {
	char ***caller;
	char ***source;
};

/* Names the sites; executable: the path of the program st was read from
 * (its line tables are read again; file names go to st->files).  Returns
 * 0, or -1 when out of memory. */
int mpi_sites_name(struct mpi_site_names *n, const struct mpi_profile *p, struct symtab *st,
		   const char *executable);

void mpi_sites_free(struct mpi_site_names *n, const struct mpi_profile *p);

#endif /* GPROF_PAR_MPI_SITES_H */
