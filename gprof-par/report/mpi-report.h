/*
 * mpi-report.h - the MPI profile's view (gprof-par --mpi[=text|csv|json]):
 * MPI's share of each rank's wall time, the MPI call sites by time with
 * their calls, bytes and time per rank (min, mean, max, imbalance), and
 * the totals per MPI function with their mean message size.  A call site
 * is an MPI function, its caller and (with -g) the call's source line.
 * Reads a profile whose call sites are named already (mpi-sites.h);
 * prints to a stream, reads no file.
 */
#ifndef GPROF_PAR_MPI_REPORT_H
#define GPROF_PAR_MPI_REPORT_H

#include <stdio.h>

#include "mpi-profile.h"
#include "mpi-sites.h"

enum mpi_report_format {
	MPI_REPORT_TEXT = 1,
	MPI_REPORT_CSV,
	MPI_REPORT_JSON,
};

/* names: each site's caller and source line (mpi-sites.h).  Returns 0,
 * or -1 when out of memory. */
int mpi_report_print(FILE *out, const struct mpi_profile *p, const struct mpi_site_names *names,
		     enum mpi_report_format format);

#endif /* GPROF_PAR_MPI_REPORT_H */
