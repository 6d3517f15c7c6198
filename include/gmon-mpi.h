/*
 * gmon-mpi.h - the public API of libgmon-mpi, the thread-aware gmon runtime
 * for MPI programs built with -pg.
 *
 * Environment (read once, at startup):
 *   BG_GMON_RANK_SUBSET   ranks that write a profile: N, N:M or N:M:S
 *                         (N to M inclusive, every S-th); default 0:31
 *   GMON_OUT_PREFIX       write <prefix>.<rank> instead of gmon.out.<rank>
 *   BG_GMON_VERBOSE=1     print a one-line summary per writing rank at exit
 */
#ifndef GMON_MPI_H
#define GMON_MPI_H

#ifdef __cplusplus
extern "C" {
#endif

/* Stops profiling in the calling process for good: no profile is written. */
void mondisable(void);

/* Starts (mode != 0) or stops (mode == 0) profiling, as in glibc. */
void moncontrol(int mode);

/* Turns on a CPU-time sampling timer for every thread created afterwards.
 * Call from the main thread before creating threads.  For the per-thread
 * policies (BG_GMON_START_THREAD_TIMERS=main, all, nocomm); under the
 * default, process, every thread is sampled already. */
void gmon_start_all_thread_timers(void);

/* Starts (start != 0) or stops (start == 0) the calling thread's timer.
 * Under the default policy, process, the thread's samples are dropped
 * (start == 0) or taken again (start != 0). */
void gmon_thread_timer(int start);

/* Writes the profile as it is now, under its final name (through a
 * temporary name and a rename), and goes on profiling; the profile written
 * at exit replaces it.  For a program's own signal handler, or a long run
 * that wants a profile on the way.  Returns 0, or an errno value (EPERM:
 * this process writes no profile). */
int gmon_flush(void);

#ifdef __cplusplus
}
#endif

#endif /* GMON_MPI_H */
