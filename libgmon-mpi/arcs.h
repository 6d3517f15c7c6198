/*
 * arcs.h - call-arc counting: one table per thread, filled by mcount
 * without locks or atomics, read at exit while other threads may still run.
 */
#ifndef GMON_MPI_ARCS_H
#define GMON_MPI_ARCS_H

#include <stdint.h>

/* What mcount does with a call. */
enum arc_state {
	ARCS_RECORDING, /* count it (the initial state: constructors count too) */
	ARCS_PAUSED,    /* ignore it: moncontrol(0), mondisable(), rank not selected */
	ARCS_CLOSED,    /* the profile was written: count it as a late call */
};

struct arc_stats {
	uint64_t dropped_reentrant; /* mcount re-entered in one thread (signal handler) */
	uint64_t dropped_no_memory; /* mmap failed */
	uint64_t dropped_late;      /* calls after the profile was written */
};

/* Read by the trampolines' fast path (see arcs-layout.h); hidden. */
struct arc_table;
extern int gmon_arcs_state; /* enum arc_state */
extern __thread struct arc_table *gmon_arcs_my_table __attribute__((tls_model("initial-exec")));

/* The hot path's C part, called by the trampolines. */
void gmon_count_arc(uintptr_t from_pc, uintptr_t self_pc);

void arcs_set_state(enum arc_state state);

/* Calls visit for every entry of every table (runtime addresses). */
typedef void (*arc_visitor)(uintptr_t from_pc, uintptr_t self_pc, uint64_t count, void *ctx);
void arcs_for_each(arc_visitor visit, void *ctx);

void arcs_get_stats(struct arc_stats *stats);

/* In a forked child: forget locks another thread of the parent held. */
void arcs_after_fork_in_child(void);

#endif /* GMON_MPI_ARCS_H */
