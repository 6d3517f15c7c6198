/*
 * flush-hooks.h - what other libraries write on a flush signal besides the
 * runtime's files: the PMPI wrapper library's MPI profile registers its
 * writer with gmon_mpi_at_flush (include/gmon-mpi-profile.h), and the
 * signal's handler runs the hooks after the profile is written.
 */
#ifndef GMON_MPI_FLUSH_HOOKS_H
#define GMON_MPI_FLUSH_HOOKS_H

/* Runs the registered hooks, in the order registered (in the handler). */
void flush_hooks_run(void);

#endif /* GMON_MPI_FLUSH_HOOKS_H */
