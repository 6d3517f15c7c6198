/*
 * mpi-report.h - the MPI profile's view (gprof-par --mpi[=text|csv|json]):
 * MPI's share of each rank's wall time, the MPI call sites by time with
 * their calls, bytes and time per rank (min, mean, max, imbalance), and
 * the totals per MPI function with their mean message size.  Reads a
 * profile whose call sites are named already (mpi_report_print's caller
 * names each site's caller); prints to a stream, reads no file.
 */
#ifndef GPROF_PAR_MPI_REPORT_H
#define GPROF_PAR_MPI_REPORT_H

#include <stdio.h>

#include "mpi-profile.h"

enum mpi_report_format {
	MPI_REPORT_TEXT = 1,
	MPI_REPORT_CSV,
	MPI_REPORT_JSON,
};

/* site_names[r][s]: the caller of ranks[r].sites[s] ("sync_point", or
 * "libfoo.so+0x1234" outside the executable).  Returns 0, or -1 when out
 * of memory. */
int mpi_report_print(FILE *out, const struct mpi_profile *p, char **const *site_names,
		     enum mpi_report_format format);

#endif /* GPROF_PAR_MPI_REPORT_H */
