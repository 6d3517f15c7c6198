/*
 * callpaths.h - the call path of every sample (BG_GMON_CALLSTACKS, on by
 * default): the SIGPROF handler unwinds the interrupted thread's stack by
 * the unwind tables (unwind-cfi.h) and counts the path in a table of its own thread
 * with the sample's weight; at exit (and on a flush signal) the paths are
 * written next to the profile as PROFILE+paths (include/gmon-callpaths.h),
 * in the modules' link-time addresses.
 */
#ifndef GMON_MPI_CALLPATHS_H
#define GMON_MPI_CALLPATHS_H

#include <stdint.h>
#include <ucontext.h>

struct module_map;

struct callpaths_summary {
	int enabled;
	uint64_t samples;      /* samples with a path (written) */
	uint64_t lines;        /* path lines written */
	uint64_t lost;         /* samples no table could keep */
	uint64_t cut;          /* samples whose path was cut at the maximum depth */
	uint64_t folded;       /* samples whose recursion was folded to fit it */
	unsigned modules;      /* module lines written */
};

/* Turns recording on (enabled) with the executable's text as the
 * histogram has it (histogram_init first).  Before sampling starts. */
void callpaths_init(int enabled);

/* Whether the call paths are recorded (BG_GMON_CALLSTACKS). */
int callpaths_enabled(void);

/* Async-signal-safe, from the SIGPROF handler only: counts weight samples
 * of the interrupted context's call path in the calling thread's table. */
void callpaths_record(const ucontext_t *uc, uint32_t weight);

/* The wall sampler (wall-sampler.h), not from a signal handler: counts
 * weight samples of another thread, blocked, whose user registers uc holds
 * (those not known 0: the frames that need them end the path), its stack
 * the mapping [low, high) (found by callpaths_stack_of: 1, or 0 if no
 * readable mapping holds sp), its OpenMP state omp (omp-regions.h: the
 * context of its region or wait; NULL: none), in the calling thread's
 * table.  The thread (tid, the sampler's probe of it) may have run while
 * its stack was read: where wall_probe_unmoved says so after the walk,
 * nothing is counted and 0 returned.  1: counted (or no walk was made:
 * paths off, or no table).  *pc: the sample's place, uc's PC, or where
 * the walk found the thread in the runtime's SIGPROF handler (its
 * frames dropped: GMON_MPI_OWN_HANDLER), the PC the signal interrupted. */
struct omp_thread;
struct wall_probe;
int callpaths_record_blocked(const ucontext_t *uc, uintptr_t low, uintptr_t high,
			     const struct omp_thread *omp, uint32_t weight,
			     struct wall_probe *probe, int tid, uintptr_t *pc);

/* A signal handler of the runtime's whose every instruction (and every
 * call it makes) is the profiler's own sampling: a walk that finds a
 * thread in one (the wall sampler looks at threads from outside, and
 * finds one preempted or blocked in its SIGPROF handler, or in libc's
 * __restore_rt after it) drops its frames, the trampoline's and the
 * signal frame's, and the path begins at the PC the signal interrupted,
 * where the signal's own samples are counted: the handler's time is the
 * run section's own cost (own-cost.h), not a place in the program.
 * Before, such a path went on from __restore_rt to that PC plus 1, a
 * caller frame after no call (1 sample in 40,000 of e2e-wall-race.sh in
 * a CI run). */
#define GMON_MPI_OWN_HANDLER __attribute__((section("gmon_mpi_own_handlers"), noinline))
int callpaths_stack_of(uintptr_t sp, uintptr_t *low, uintptr_t *high);

/* Not from a signal handler: the calling thread's path here, as a sample
 * would have it, less its first skip frames (this function's PC, its
 * caller's return address, ...), into frames (at most max); the number
 * written, 0 when paths are off. */
unsigned callpaths_here(uintptr_t *frames, unsigned max, unsigned skip);

/* In a forked child: its tables are the parent's copies, which it must
 * not write as its own; it starts with none. */
void callpaths_after_fork_in_child(void);

/* Writes PROFILE+paths beside profile_path through output.c's temporary:
 * at exit, after sampling_shutdown (from_signal 0: dl_iterate_phdr's
 * modules), or from a signal handler while other threads may still add
 * paths (from_signal: an address in the executable's text; the modules of
 * the frames are found with _dl_find_object; no malloc, no stdio, no
 * lock).  At exit, shared (if not NULL) is the process's modules as
 * module_map_read read them, used rather than read again (its modules are
 * left marked: module_map_unnumber).  Returns 0 or an errno value. */
int callpaths_write(const char *profile_path, unsigned rate, uintptr_t from_signal,
		    struct module_map *shared, struct callpaths_summary *summary);

#endif /* GMON_MPI_CALLPATHS_H */
