/*
 * mpi-sites.h - names the callers of the MPI profile's call sites: the
 * executable's function holding the call (its symbols), else the module's
 * file name and the site's address in it ("libfoo.so.1+0x1234").
 */
#ifndef GPROF_PAR_MPI_SITES_H
#define GPROF_PAR_MPI_SITES_H

#include "mpi-profile.h"
#include "symtab.h"

/* names[r][s] for p->ranks[r].sites[s]; executable: the path of the
 * program st was read from.  NULL when out of memory. */
char ***mpi_sites_name(const struct mpi_profile *p, const struct symtab *st,
		       const char *executable);

void mpi_sites_free(char ***names, const struct mpi_profile *p);

#endif /* GPROF_PAR_MPI_SITES_H */
