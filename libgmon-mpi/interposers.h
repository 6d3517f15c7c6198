/*
 * interposers.h - the frames a call path leaves out: those of functions
 * that stand in for another library's function of the same name, where
 * they call it, so that the program's function calls that function, not
 * the profiler's copy (main;stencil;GOMP_parallel, not
 * main;stencil;GOMP_parallel;GOMP_parallel; main;MPI_Init;ompi_mpi_init,
 * not main;MPI_Init;MPI_Init;ompi_mpi_init).  Where such a function calls
 * code of its own library (the PMPI wrappers' timing, the runtime's
 * lookup of libgomp's function), its frame stays: that is the profiler's
 * time, under the call the program made.  Each is a range of code
 * registered with gmon_mpi_interposers (include/gmon-mpi-profile.h), at
 * load, by a constructor: the runtime's own definitions of libgomp's entry
 * points (omp-regions.c, in the shared library only) and the PMPI
 * wrappers (pmpi/wrappers.c).
 */
#ifndef GMON_MPI_INTERPOSERS_H
#define GMON_MPI_INTERPOSERS_H

#include <stdint.h>

/* Async-signal-safe: whether ra, a return address, is in one of them,
 * calling a function of another object than its own: callee is the
 * callee's frame, a PC or a return address. */
int interposer_call(uintptr_t ra, uintptr_t callee);

/* Async-signal-safe: how many ranges are registered (only ever grows). */
unsigned interposers_registered(void);

#endif /* GMON_MPI_INTERPOSERS_H */
