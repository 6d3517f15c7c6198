/*
 * mpi-table.h - what the PMPI wrappers record: per (MPI function, call
 * site), the calls, the time inside (CLOCK_MONOTONIC) and the bytes sent
 * and received, in a fixed table (no malloc: a wrapper may run in any
 * thread), filled without locks; written as the section "mpi" of the
 * rank's companion by the runtime, or as the file PROFILE+mpi.<rank> at
 * MPI_Finalize (include/gmon-mpi-profile.h).
 */
#ifndef GMON_PMPI_TABLE_H
#define GMON_PMPI_TABLE_H

#include <stdint.h>

/* A wrapper's timing: the outermost wrapper of a thread records; an MPI
 * call made by the MPI library itself, inside it, is part of its time. */
struct pmpi_timing {
	uint64_t start_ns;
};

/* Starts timing; returns 1 if this is the thread's outermost MPI call. */
int pmpi_enter(struct pmpi_timing *t);

/* Ends the outermost call: adds one call of function id (an index into
 * the names given to pmpi_write), its time and bytes, at call site site
 * (the return address in the caller). */
void pmpi_leave(const struct pmpi_timing *t, unsigned id, const void *site, uint64_t sent,
		uint64_t received);

/* After MPI_Init: this process is rank of size ranks; the functions' ids
 * are indexes into names.  When the runtime is loaded and writes a
 * companion, the profile is its section "mpi" (gmon_mpi_companion_section:
 * the runtime writes it at exit, on its flush signals, in gmon_flush);
 * else pmpi_write writes the file, and is registered with the runtime's
 * flush signals (BG_GMON_FLUSH_SIGNALS) when the runtime is loaded. */
void pmpi_started(int rank, int size, const char *const *names);

/* After MPI_Finalize: with the section, marks the profile final (calls
 * after it are not counted, its elapsed time stops there: the runtime's
 * exit write comes later); without it, and then on a flush signal too (the
 * runtime's hook), writes PROFILE+mpi.<rank> if the rank is in
 * BG_GMON_RANK_SUBSET (a temporary file, then renamed); a problem is said
 * on stderr, the program goes on.  Async-signal-safe: no stdio, no
 * malloc, no lock. */
void pmpi_write(void);

#endif /* GMON_PMPI_TABLE_H */
