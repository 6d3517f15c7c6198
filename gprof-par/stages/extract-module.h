/*
 * extract-module.h - gprof-par --extract-module=NAME [-o FILE] EXECUTABLE
 * PROFILE... (or -S DIR): the standard gmon file of one shared library,
 * in its link-time addresses, from the profiles' companions (its samples,
 * sparse in a rank's PROFILE+gmon-mpi, or the earlier PROFILE+LIBRARY
 * files), summed over the profiles named: what `gprof LIBRARY FILE` reads.
 */
#ifndef GPROF_PAR_EXTRACT_MODULE_H
#define GPROF_PAR_EXTRACT_MODULE_H

#include "options.h"

/* Does it; returns the exit status (0, or 1 after saying why). */
int extract_module_main(const struct options *o);

#endif /* GPROF_PAR_EXTRACT_MODULE_H */
