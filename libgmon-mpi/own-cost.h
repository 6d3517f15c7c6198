/*
 * own-cost.h - the profiler's own CPU time that no sample sees (issue 37):
 * the SIGPROF handler runs with SIGPROF blocked, so its time is never
 * sampled (the next signal's weight claims it, wherever that signal
 * lands); the writes of the profile and its companion come after sampling
 * stopped (at exit) or inside a flush signal's handler.  Each is measured
 * by the thread's own CPU clock where it is spent, and written in the
 * run section (run-identity.c), so that the summary's "the profiler
 * itself" holds them.  (The kernel's own cost of delivering a signal is
 * outside the handler and not measured.)  mcount, the regions' context and
 * the PMPI wrappers' code are sampled like any code: their samples' leaf
 * is the profiler's.
 *
 * The handlers time themselves by CLOCK_MONOTONIC, which the vDSO reads
 * without a system call: a handler that read its thread's CPU clock (a
 * system call; the scheduler updates the thread's runtime, and may
 * preempt it there) moved the samples of an OpenMP loop between spinning
 * barriers into the spins, on a crowded node: 30-50% of the loop's
 * samples were left (the kernel's own overflow addresses, recorded beside
 * them, agreed), 91-100% with the monotonic clock.  A handler runs without
 * blocking, so its elapsed time is its CPU time unless it was preempted:
 * one that took longer than OWN_COST_HANDLER_PREEMPTED_NS counts as the
 * others took on average.
 *
 * Async-signal-safe throughout (clock_gettime, atomics, initial-exec TLS).
 */
#ifndef GMON_MPI_OWN_COST_H
#define GMON_MPI_OWN_COST_H

#include <stdint.h>

/* The calling thread's CPU time, ns (0 if the clock cannot be read). */
uint64_t own_cost_thread_ns(void);

/* CLOCK_MONOTONIC, ns, for a handler's own time (no system call). */
uint64_t own_cost_handler_ns(void);

/* Longer than this, a handler was preempted (its time is not its CPU's). */
#define OWN_COST_HANDLER_PREEMPTED_NS 200000u

/* A SIGPROF handler ran from since_ns (own_cost_handler_ns at its entry)
 * to now. */
void own_cost_signal_done(uint64_t since_ns);

/* A write of the profile and its companion begins or ends in the calling
 * thread (nested pairs count once). */
void own_cost_write_begin(void);
void own_cost_write_end(void);

/* The runtime's work at start that no sample sees (sampling starts after
 * it) ran from since_ns to now: the measurement of a sample's cost that
 * chooses the default rate (rate-choice.h), 9 signals 200 us of CPU apart,
 * about 2 ms a process. */
void own_cost_start_done(uint64_t since_ns);
uint64_t own_cost_start_ns(void);

/* The handlers' CPU time so far, ns. */
uint64_t own_cost_signals_ns(void);

/* The writes' CPU time so far, ns, the calling thread's write in progress
 * (up to now) included. */
uint64_t own_cost_writes_ns(void);

#endif /* GMON_MPI_OWN_COST_H */
