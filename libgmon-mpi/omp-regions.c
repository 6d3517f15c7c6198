/*
 * omp-regions.c - see omp-regions.h.
 *
 * A region's record (its function and data, and the opening thread's
 * path) lives on the opening thread's stack in our GOMP_parallel*, which
 * returns only when the region has ended in every thread.  run_region,
 * which libgomp calls in place of the outlined function, sets the
 * thread's current region (initial-exec TLS, read by the SIGPROF handler
 * in the same thread) around the call, and puts back the one it replaced
 * (a nested region).  The real entry points are found with dlsym
 * (RTLD_NEXT) at the first call, outside any signal handler.
 */
#define _GNU_SOURCE
#include "omp-regions.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "callpaths.h"

#define TLS __attribute__((tls_model("initial-exec")))
#define EXPORT __attribute__((visibility("default"), noinline))

static __thread const struct omp_region *my_region TLS;
static __thread uintptr_t my_region_sp TLS;

const struct omp_region *omp_region_current(uintptr_t *stop_sp)
{
	const struct omp_region *r = __atomic_load_n(&my_region, __ATOMIC_RELAXED);

	__atomic_signal_fence(__ATOMIC_ACQUIRE);
	if (r)
		*stop_sp = my_region_sp;
	return r;
}

#if defined(PIC)

struct region_call {
	struct omp_region region;
	void (*fn)(void *);
	void *data;
};

/* Runs fn(data) with the region r as this thread's context: inlined into
 * its caller, whose frame holds the marker where the walk stops. */
static inline __attribute__((always_inline)) void run_in(const struct omp_region *r,
							  void (*fn)(void *), void *data)
{
	const struct omp_region *outer = my_region;
	uintptr_t outer_sp = my_region_sp;
	volatile char marker = 0;

	my_region_sp = (uintptr_t)&marker;
	__atomic_signal_fence(__ATOMIC_RELEASE);
	my_region = r;
	fn(data);
	my_region = outer;
	__atomic_signal_fence(__ATOMIC_RELEASE);
	my_region_sp = outer_sp;
	(void)marker;
}

/* Runs the outlined function with the region as this thread's context. */
static __attribute__((noinline)) void run_region(void *arg)
{
	struct region_call *c = arg;

	run_in(&c->region, c->fn, c->data);
}

/* libgomp's entry point NAME, once: the next definition after ours, or
 * libgomp.so.1's (a program whose only libgomp symbols are these has no
 * DT_NEEDED of libgomp when linked --as-needed after libgmon-mpi: ours
 * satisfied the linker); a missing one is fatal. */
static void *real(void **slot, const char *name)
{
	void *f = __atomic_load_n(slot, __ATOMIC_ACQUIRE), *gomp;

	if (!f) {
		f = dlsym(RTLD_NEXT, name);
		if (!f && (gomp = dlopen("libgomp.so.1", RTLD_NOW | RTLD_GLOBAL)))
			f = dlsym(gomp, name);
		if (!f) {
			fprintf(stderr, "gmon-mpi: %s not found after libgmon-mpi: %s\n", name,
				dlerror());
			abort();
		}
		__atomic_store_n(slot, f, __ATOMIC_RELEASE);
	}
	return f;
}

/* The region's record: its function, and the path of the entry point's
 * caller (callpaths_here's frames less its own and the entry point's). */
#define TAKE_REGION(c, fn_, data_) \
	((c).fn = (fn_), (c).data = (data_), \
	 (c).region.depth = callpaths_here((c).region.frames, GMON_CALLPATHS_MAX_DEPTH, 2))

typedef void parallel_fn(void (*)(void *), void *, unsigned, unsigned);
typedef void sections_fn(void (*)(void *), void *, unsigned, unsigned, unsigned);
typedef void loop_fn(void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
typedef void loop_runtime_fn(void (*)(void *), void *, unsigned, long, long, long, unsigned);

EXPORT void GOMP_parallel(void (*fn)(void *), void *data, unsigned threads, unsigned flags)
{
	static void *slot;
	parallel_fn *f = (parallel_fn *)real(&slot, "GOMP_parallel");
	struct region_call c;

	if (TAKE_REGION(c, fn, data) == 0)
		f(fn, data, threads, flags);
	else
		f(run_region, &c, threads, flags);
}

EXPORT void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned threads,
				   unsigned count, unsigned flags)
{
	static void *slot;
	sections_fn *f = (sections_fn *)real(&slot, "GOMP_parallel_sections");
	struct region_call c;

	if (TAKE_REGION(c, fn, data) == 0)
		f(fn, data, threads, count, flags);
	else
		f(run_region, &c, threads, count, flags);
}

#define PARALLEL_LOOP(NAME) \
	EXPORT void NAME(void (*fn)(void *), void *data, unsigned threads, long start, long end, \
			 long incr, long chunk, unsigned flags) \
	{ \
		static void *slot; \
		loop_fn *f = (loop_fn *)real(&slot, #NAME); \
		struct region_call c; \
	\
		if (TAKE_REGION(c, fn, data) == 0) \
			f(fn, data, threads, start, end, incr, chunk, flags); \
		else \
			f(run_region, &c, threads, start, end, incr, chunk, flags); \
	}

PARALLEL_LOOP(GOMP_parallel_loop_static)
PARALLEL_LOOP(GOMP_parallel_loop_dynamic)
PARALLEL_LOOP(GOMP_parallel_loop_guided)

EXPORT void GOMP_parallel_loop_runtime(void (*fn)(void *), void *data, unsigned threads, long start,
				       long end, long incr, unsigned flags)
{
	static void *slot;
	loop_runtime_fn *f = (loop_runtime_fn *)real(&slot, "GOMP_parallel_loop_runtime");
	struct region_call c;

	if (TAKE_REGION(c, fn, data) == 0)
		f(fn, data, threads, start, end, incr, flags);
	else
		f(run_region, &c, threads, start, end, incr, flags);
}

/*
 * The pair GCC emitted before 4.9 (and code calling libgomp directly):
 * GOMP_parallel_start(fn, data, threads) starts the workers on fn(data)
 * and returns; the opening thread calls fn(data) itself (its own stack
 * holds its path), then GOMP_parallel_end() waits for the workers.  The
 * record must outlive start: it is allocated there (not in a signal
 * handler) and freed by the matching end, the records of nested pairs on
 * a per-thread stack.  Where none could be taken (no path, no memory),
 * the region runs as it would without us, and its end frees nothing.
 */
struct legacy_call {
	struct region_call call;
	struct legacy_call *prev;
	unsigned level;               /* the nesting level of its start */
};

static __thread struct legacy_call *legacy_top;
static __thread unsigned legacy_level;

typedef void start_fn(void (*)(void *), void *, unsigned);
typedef void end_fn(void);

EXPORT void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned threads)
{
	static void *slot;
	start_fn *f = (start_fn *)real(&slot, "GOMP_parallel_start");
	struct legacy_call *l = malloc(sizeof *l);

	legacy_level++;
	if (!l || TAKE_REGION(l->call, fn, data) == 0) {
		free(l);
		f(fn, data, threads);
		return;
	}
	l->prev = legacy_top;
	l->level = legacy_level;
	legacy_top = l;
	f(run_region, &l->call, threads);
}

EXPORT void GOMP_parallel_end(void)
{
	static void *slot;
	end_fn *f = (end_fn *)real(&slot, "GOMP_parallel_end");
	struct legacy_call *l = legacy_top;

	f();            /* the workers have left run_region */
	if (l && l->level == legacy_level) {
		legacy_top = l->prev;
		free(l);
	}
	if (legacy_level > 0)
		legacy_level--;
}

#endif /* PIC */
