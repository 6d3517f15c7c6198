/*
 * mpi-module.h - gprof-par's MPI steps live in a module of their own,
 * gprof-par-mpi.so, loaded with dlopen only when a launcher started
 * gprof-par with several processes.  A serial run (every report, and most
 * sums) thus never loads Open MPI's libraries (on Debian 12 they cost a
 * process about 2 MB of resident memory, measured once).
 *
 * The module exports one symbol, GPROF_PAR_MPI_SYMBOL: a table of the
 * functions of sum-mpi.h.  It carries its own copy of the sum code (sum.c,
 * gmon-read.c), so it needs nothing from the executable.
 */
#ifndef GPROF_PAR_MPI_MODULE_H
#define GPROF_PAR_MPI_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include "sum.h"

#define GPROF_PAR_MPI_MODULE "gprof-par-mpi.so"
#define GPROF_PAR_MPI_SYMBOL "gprof_par_mpi_functions"
/* Changes whenever the table or the structures it passes change. */
#define GPROF_PAR_MPI_ABI 10

struct gprof_par_mpi {
	int abi;                 /* GPROF_PAR_MPI_ABI of the module */
	void (*init)(int *argc, char ***argv, int *rank, int *size);
	void (*finalize)(void);
	void (*bcast_int)(int *v);
	int (*bcast_ranks)(int64_t **ranks, size_t *n);
	void (*bcast_buffer)(void **data, size_t *len);
	void (*gather_buffers)(const void *data, size_t len, void **all, size_t *all_len);
	int (*sum_parallel)(const struct sum_job *job, struct sum_outcome *o);
};

/*
 * Loads the module: from $GPROF_PAR_MPI_MODULE when set; else from .libs/
 * next to the executable (a build tree), then from the installed
 * pkglibdir, then from ../lib/gmon-mpi/ next to the executable (an
 * installation moved elsewhere).  Returns its table, or NULL with a
 * message in err naming every place tried and why it failed.
 */
const struct gprof_par_mpi *mpi_module_load(char *err, size_t errlen);

#endif /* GPROF_PAR_MPI_MODULE_H */
