/*
 * node-load.h - whether the node was oversubscribed while the program ran
 * (issue 36): per-function figures are less certain on a node where the
 * program's threads waited for a CPU, or where the hypervisor took the
 * CPUs' time.  Measured, not guessed from the load average:
 *
 *   - each thread's time on a CPU and its time runnable but waiting for
 *     one (the scheduler's own account, /proc/thread-self/schedstat: its
 *     first two fields, ns), the threads that ended added at their end,
 *     those alive read at the write;
 *   - the node's stolen time (/proc/stat's "cpu" line: steal, against
 *     all its fields) from sampling's start to the write;
 *   - the CPUs the process may run on (sched_getaffinity).
 *
 * Written in the run section (run-identity.c).  Async-signal-safe (open,
 * read, getdents64, close; atomics), as a flush signal's write needs.
 */
#ifndef GMON_MPI_NODE_LOAD_H
#define GMON_MPI_NODE_LOAD_H

#include <stddef.h>

/* When sampling starts: the node's clock ticks so far. */
void node_load_start(void);

/* A thread ends: its time on a CPU and waiting for one are kept. */
void node_load_thread_exiting(void);

/* The run section's lines (include/gmon-companion.h: cpus,
 * threads-cpu-ns, threads-waited-ns, node-ticks, node-steal-ticks) into
 * buf; the length, as snprintf (no lines where /proc cannot be read). */
size_t node_load_format(char *buf, size_t size);

#endif /* GMON_MPI_NODE_LOAD_H */
