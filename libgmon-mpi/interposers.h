/*
 * interposers.h - the frames a call path leaves out: return addresses in
 * functions that stand in for another library's function of the same name
 * and call it, so that the program's function calls that function, not
 * the profiler's copy (main;stencil;GOMP_parallel, not
 * main;stencil;GOMP_parallel;GOMP_parallel; main;MPI_Init;ompi_mpi_init,
 * not main;MPI_Init;MPI_Init;ompi_mpi_init).  They are the runtime's own
 * definitions of libgomp's entry points (omp-regions.c) and the code
 * other libraries register with gmon_mpi_interposers
 * (include/gmon-mpi-profile.h): the PMPI wrappers.
 */
#ifndef GMON_MPI_INTERPOSERS_H
#define GMON_MPI_INTERPOSERS_H

#include <stdint.h>

/* Async-signal-safe: whether addr, a return address, is in one of them. */
int interposer_frame(uintptr_t addr);

#endif /* GMON_MPI_INTERPOSERS_H */
