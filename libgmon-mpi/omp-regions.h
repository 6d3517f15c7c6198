/*
 * omp-regions.h - OpenMP regions in their calling context (issue 25).
 *
 * GCC outlines a parallel region into f._omp_fn.N, which libgomp calls in
 * the thread that opened the region (from GOMP_parallel) and in every
 * worker (from its thread start): a worker's stack holds no trace of
 * where the region was opened.  libgmon-mpi.so defines GOMP_parallel,
 * GOMP_parallel_sections, GOMP_parallel_loop_{static,dynamic,guided,
 * runtime}, the older pair GOMP_parallel_start / GOMP_parallel_end and
 * GOMP_teams_reg (host teams), GOMP_target_ext and GOMP_target (a target
 * region run on the host) before libgomp (GCC's libgomp has no OMPT): each takes the
 * opening thread's call path (the caller of GOMP_parallel outward, itself
 * in its region's context when nested) and hands libgomp a function of
 * ours that runs the region in every thread with that path as its
 * context.  A sample taken inside the region is then the region's own
 * frames, the outlined function last, followed by that path:
 * main;top;mid;inner;inner._omp_fn.0 in the folded view.  GOMP_task the
 * same way: the creating code's path rides in the task's data to the
 * thread that runs it (omp-regions.c).  A worker's time in libgomp after
 * the region's function, at the region's closing barrier, is the
 * region's too: libgomp's frames, then the region's path; its time
 * waiting for the next region, idle, is libgomp's frames under the root
 * "[omp idle]" (omp_idle_frame).  Only in the shared library (PIC):
 * a static program links libgomp.a's definitions.
 *
 * LLVM's libomp (clang -fopenmp) the same way through its tools
 * interface, OMPT (omp-ompt.c): the region's path is recorded at
 * parallel_begin and made current in each thread of the team while it
 * runs the outlined function (omp_ompt_current).
 */
#ifndef GMON_MPI_OMP_REGIONS_H
#define GMON_MPI_OMP_REGIONS_H

#include <stdint.h>

#include "gmon-callpaths.h"

struct omp_region {
	unsigned depth;                                /* 0: no path taken */
	uintptr_t frames[GMON_CALLPATHS_MAX_DEPTH];    /* the opening call's path */
};

/* Async-signal-safe: the region the calling thread runs in, or NULL; then
 * *stop_sp is a stack address inside our frame that runs the region's
 * function: the walk's frames above it are libgomp's. */
const struct omp_region *omp_region_current(uintptr_t *stop_sp);

/* Async-signal-safe: the LLVM libomp region (omp-ompt.c, through OMPT)
 * whose outlined function the calling thread runs, or NULL; *stop_sp as
 * omp_region_current's. */
const struct omp_region *omp_ompt_current(uintptr_t *stop_sp);

/* Where no region is current: an OpenMP worker thread's wait, between
 * the regions it runs (omp_worker_wait). */
struct omp_wait {
	uintptr_t mark_sp;        /* the first frame of the walk above it is the
				   * thread's start routine's (libgomp's or libomp's) */
	const struct omp_region *region;   /* its last region (NULL: none) */
	uintptr_t after_ra;       /* libgomp's: run_region's return address, to
				   * tell the barrier (0: libomp's) */
	int open;                 /* libomp's: that region has not ended */
};

/* Async-signal-safe: whether the calling thread is an OpenMP worker whose
 * start routine's frame is known, outside any region; then *wait. */
int omp_worker_wait(struct omp_wait *wait);

/* Async-signal-safe: after the walk marked the thread's start frame,
 * returning to marked_ra, the region the wait is part of (its closing
 * barrier: libgomp's, by where its thread start called the wait; libomp's,
 * a worker's wait while the region has not ended), or NULL: the worker is
 * idle, waiting for a next region. */
const struct omp_region *omp_wait_region(const struct omp_wait *wait, uintptr_t marked_ra);

/* The frame of a worker's idle time: a return address in the function
 * "[omp idle]" of the runtime (exported: the readers name it), the root of
 * the wait's own frames. */
uintptr_t omp_idle_frame(void);

/* Async-signal-safe, libomp's (omp-ompt.c): as omp_worker_wait. */
int omp_ompt_worker_wait(struct omp_wait *wait);

/*
 * Another thread's OpenMP state, for the wall sampler (wall-sampler.h),
 * which walks a blocked thread's stack from its own thread: what the
 * functions above read in the calling thread's TLS, the blocked thread
 * keeps in a struct omp_thread of its own, which its sampling slot points
 * to (sampling.c).  The struct is never freed (a page of its own), so the
 * sampler may read it while the thread changes it, or after it ended; the
 * region records it points to (on the opening thread's stack, in a task's
 * block) may be gone by then: the sampler reads them by a copy that
 * cannot fault.  A read torn by the owner's change gives a wrong context
 * (a path that is not the thread's), never a fault, never more than
 * GMON_CALLPATHS_MAX_DEPTH frames.
 */
struct omp_thread;

/* Not from a signal handler: the calling thread's, made at its first call
 * (NULL: no memory, or a static program, whose libgomp is its own). */
const struct omp_thread *omp_thread_own(void);

/* As omp_region_current, of the thread whose state t is (NULL: none), its
 * path copied into *copy (the result, or NULL).  No lock, no malloc. */
const struct omp_region *omp_region_of(const struct omp_thread *t, struct omp_region *copy,
				       uintptr_t *stop_sp);

/* As omp_worker_wait, of the thread whose state t is, its last region's
 * path copied into *copy (wait->region). */
int omp_worker_wait_of(const struct omp_thread *t, struct omp_region *copy, struct omp_wait *wait);

/* Copies r's path into *copy, word by word, at most
 * GMON_CALLPATHS_MAX_DEPTH frames: a record that never goes away (an
 * omp_thread's own) but that its thread may be rewriting. */
void omp_region_copy(struct omp_region *copy, const struct omp_region *r);

/* libomp's part of a thread's state (omp-ompt.c): made by the calling
 * thread, never freed, handed to its omp_thread once. */
struct ompt_thread;
void omp_thread_publish_ompt(const struct ompt_thread *ompt);

/* As omp_region_of and omp_worker_wait_of, for libomp's part of a
 * thread's state (NULL: none). */
const struct omp_region *omp_ompt_current_of(const struct ompt_thread *t, struct omp_region *copy,
					     uintptr_t *stop_sp);
int omp_ompt_worker_wait_of(const struct ompt_thread *t, struct omp_region *copy,
			    struct omp_wait *wait);

#endif /* GMON_MPI_OMP_REGIONS_H */
