/*
 * mpi-table.h - what the PMPI wrappers record: per (MPI function, call
 * site), the calls, the time inside (CLOCK_MONOTONIC) and the bytes sent
 * and received, in a fixed table (no malloc: a wrapper may run in any
 * thread), filled without locks; the calls of the sites that find no room
 * in it are added per MPI function (its overflow line); written as the section "mpi" of the
 * rank's companion by the runtime, or as the file PROFILE+mpi.<rank> at
 * MPI_Finalize (include/gmon-mpi-profile.h).
 */
#ifndef GMON_PMPI_TABLE_H
#define GMON_PMPI_TABLE_H

#include <stddef.h>
#include <stdint.h>

/* The MPI functions' ids are below this (wrappers.c checks it). */
#define PMPI_MAX_CALLS 64

/* A wrapper's timing: the outermost wrapper of a thread records; an MPI
 * call made inside it (by the MPI library itself, or by the program's
 * code it calls back: a user MPI_Op calling MPI_Comm_rank) is part of its
 * time, not a call of its own. */
struct pmpi_timing {
	uint64_t start_ns;
	int busy; /* counted among the threads in MPI (mpi-table.c's busy_ns) */
};

/* Starts a wrapper: returns 1 if this is the thread's outermost MPI call
 * (then timed from now), else 0.  Every pmpi_enter has its pmpi_leave. */
int pmpi_enter(struct pmpi_timing *t);

/* Records the outermost call (pmpi_enter returned 1): one call of
 * function id (an index into the names given to pmpi_started), its time
 * and bytes, at call site site (the return address in the caller). */
void pmpi_record(const struct pmpi_timing *t, unsigned id, const void *site, uint64_t sent,
		 uint64_t received);

/* Ends a wrapper, outermost or not (after pmpi_record for the outermost). */
void pmpi_leave(void);

/* After MPI_Init: this process is rank of size ranks; the functions' ids
 * are indexes into names.  When the runtime is loaded and writes a
 * companion, the profile is its section "mpi" (gmon_mpi_companion_section:
 * the runtime writes it at exit, on its flush signals, in gmon_flush);
 * else pmpi_write writes the file, and is registered with the runtime's
 * flush signals (BG_GMON_FLUSH_SIGNALS) when the runtime is loaded. */
void pmpi_started(int rank, int size, const char *const *names);

/* For the in-job sum (job-sum.h), at MPI_Finalize's start: marks the
 * profile final (MPI_Finalize's call is not counted then, its elapsed
 * time ends here) and gives its text, the bytes of the companion's
 * section "mpi", in *text (malloc'ed) and *len (0, NULL: no profile, its
 * MPI_Init was not seen).  Returns 0 or an errno value. */
int pmpi_end_profile(void **text, size_t *len);

/* After MPI_Finalize: marks the profile final (calls after it are not
 * counted, its elapsed time stops there), writes it (pmpi_write), and has
 * the runtime, when it is loaded, write the rank's files as they are now
 * (gmon_flush: the profile and its companion, the section "mpi" in it), so
 * that a rank ending without the runtime's exit write (_exit, a kill)
 * keeps a profile and an MPI profile of this run; the exit write replaces
 * them both. */
void pmpi_finalized(void);

/* Without the section: writes PROFILE+mpi.<rank> if the rank is in
 * BG_GMON_RANK_SUBSET (a temporary file, then renamed), at MPI_Finalize
 * and on a flush signal (the runtime's hook); a problem is said on
 * stderr, the program goes on.  With it: nothing (the runtime writes the
 * section).  Async-signal-safe: no stdio, no malloc, no lock. */
void pmpi_write(void);

#endif /* GMON_PMPI_TABLE_H */
