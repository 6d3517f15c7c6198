/*
 * world-check.h - a rank whose MPI world will not be the launcher's: a
 * program built with one MPI's mpicc and started by another MPI's
 * launcher (MPICH's mpicc, Open MPI's mpirun) runs as N singleton worlds,
 * each MPI's "rank 0 of 1", while the runtime names the files by the
 * launcher's ranks (gmon.out.0 .. N-1, rank.h): a sum of N separate runs
 * that looks like one job.  Told at __monstartup (the launcher's rank 0
 * says it on stderr), written in the run section ("mpi-world",
 * include/gmon-companion.h) for gprof-par to name.
 *
 * The runtime links no MPI: the program's MPI is known by its symbols
 * (Open MPI exports ompi_mpi_comm_world; MPICH, Intel MPI and MVAPICH do
 * not), the launcher by its variables: Open MPI's mpirun sets
 * OMPI_COMM_WORLD_SIZE, which MPICH's MPI_Init ignores; MPICH's Hydra (and
 * Intel MPI's) PMI_SIZE without it, which Open MPI's ignores.  Under srun
 * either MPI may join the job (PMI-2, PMIx): no verdict there; the PMPI
 * wrappers, which ask MPI_Comm_size, tell every case (pmpi/wrappers.c).
 */
#ifndef GMON_MPI_WORLD_CHECK_H
#define GMON_MPI_WORLD_CHECK_H

#include "settings.h"

/* At __monstartup (dlsym: not from a signal handler). */
void world_check_init(const struct gmon_config *config);

/* What the run section says of it ("" when nothing is wrong): "1 of N:
 * WHY". */
const char *world_check_text(void);

#endif /* GMON_MPI_WORLD_CHECK_H */
