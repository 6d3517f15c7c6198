/*
 * plt-table.h - the counts of the calls through the PLT, one per (return
 * address, callee) pair, in one bounded lock-free table shared by every
 * thread: la_x86_64_gnu_pltenter runs in the calling thread, possibly in
 * a signal handler that interrupted another count, so no lock and no
 * allocation; a call that finds no slot is counted as lost.
 */
#ifndef GMON_MPI_PLT_TABLE_H
#define GMON_MPI_PLT_TABLE_H

#include <stddef.h>
#include <stdint.h>

/* Maps the table; 0 or an errno value.  Once, before any count. */
int plt_table_init(void);

/* Counts one call from the return address from to the callee to, in the
 * current generation.  Async-signal-safe; does nothing before
 * plt_table_init. */
void plt_table_count(uintptr_t from, uintptr_t to);

/* Ends the current generation of the modules' layout (a module is being
 * closed: a module opened later may be mapped over its range, and a call
 * is counted apart from the same addresses' calls of another
 * generation); returns the new one. */
uint32_t plt_table_new_generation(void);

struct plt_count {
	uintptr_t from, to;
	uint64_t count;
	uint32_t gen;            /* the generation it was counted in */
};

/* A copy of the counts so far into a malloc'ed array (*out, *n; free it),
 * and the calls lost.  Not from a signal handler.  0 or ENOMEM. */
int plt_table_snapshot(struct plt_count **out, size_t *n, uint64_t *lost);

#endif /* GMON_MPI_PLT_TABLE_H */
