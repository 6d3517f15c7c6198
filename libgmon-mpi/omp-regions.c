/*
 * omp-regions.c - see omp-regions.h.
 *
 * A region's record (its function and data, and the opening thread's
 * path) lives on the opening thread's stack in our GOMP_parallel*, which
 * returns only when the region has ended in every thread.  run_region,
 * which libgomp calls in place of the outlined function, sets the
 * thread's current region (in its struct omp_thread, found through an
 * initial-exec TLS pointer by the SIGPROF handler in the same thread, and
 * through its sampling slot by the wall sampler) around the call, and
 * puts back the one it replaced (a nested region).  The real entry points
 * are found with dlsym (RTLD_NEXT) at the first call, outside any signal
 * handler.
 */
#define _GNU_SOURCE
#include "omp-regions.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "callpaths.h"
#include "gmon-mpi-profile.h"
#include "image.h"

#define TLS __attribute__((tls_model("initial-exec")))
/* the definitions of libgomp's entry points, in a section of their own,
 * registered as interposers (interposers.h) */
#define EXPORT __attribute__((visibility("default"), noinline, section("gmon_omp_interposers")))

/* A worker's last region, after its function returned (its own copy: the
 * opener's record dies with the opener's call).  libgomp's thread start
 * calls the region's closing barrier right after the region's function
 * (gomp_thread_start: local_fn (local_data); gomp_team_barrier_wait_final
 * or _last: its argument set up and the call, 12 bytes in GCC 12's
 * libgomp), and waits for the next region from another call: a sample
 * whose walk meets the frame that called run_region (at its CFA) returning
 * at most BARRIER_CALL_WITHIN bytes after the call of run_region is at the
 * region's closing barrier, one returning elsewhere waits for the next
 * region.  That is libgomp's code layout, not an interface: where it
 * differs, a wait at the barrier keeps libgomp's frames only, as one for
 * the next region does.  The worker's stack says where it is whenever the
 * signal comes (a CPU timer's signal may come after the thread was
 * switched out and in again, the opener long gone on), and the opener has
 * nothing to tell. */
#define BARRIER_CALL_WITHIN 16    /* bytes after run_region's return address */

struct omp_waiting {
	uintptr_t mark_sp;            /* the CFA of run_region, less 1 */
	uintptr_t after_ra;           /* run_region's return address */
	struct omp_region region;
};

/* fn, data and opener first, the path's depth and first frames after
 * them: the line a worker reads first (c->fn) then holds what wait_in
 * reads first too.  The workers read the opener's record of the region's
 * nesting level (share_record), aligned to a line; past the shared
 * levels, one on the opener's stack. */
struct region_call {
	void (*fn)(void *);
	void *data;
	const void *opener;           /* the opening thread's &my_omp */
	struct omp_region region;
};

#define SHARED_LEVELS 4    /* nesting levels of regions with a shared record */

/* A thread's libgomp state (omp-regions.h): written by the thread only;
 * read by its SIGPROF handler, and by the wall sampler while the thread
 * is blocked (atomics: the sampler's loads see whole words). */
struct omp_thread {
	const struct omp_region *region;   /* whose function runs (NULL: none) */
	uintptr_t region_sp;               /* the marker in our frame that runs it */
	const struct omp_waiting *waiting; /* &waiting_buf, once a worker left a
					    * region's function (NULL: not) */
	struct omp_waiting waiting_buf;
	const struct ompt_thread *ompt;    /* libomp's part (omp-ompt.c; NULL: none) */
	unsigned opened;                   /* of shared[], in use (share_record) */
	/* the records of the regions it opens, one a nesting level, on lines
	 * of their own (share_record) */
	struct region_call shared[SHARED_LEVELS] __attribute__((aligned(64)));
};

static __thread struct omp_thread *my_omp TLS;

void omp_region_copy(struct omp_region *copy, const struct omp_region *r)
{
	unsigned depth = __atomic_load_n(&r->depth, __ATOMIC_RELAXED);

	if (depth > GMON_CALLPATHS_MAX_DEPTH)
		depth = GMON_CALLPATHS_MAX_DEPTH;      /* torn */
	for (unsigned i = 0; i < depth; i++)
		copy->frames[i] = __atomic_load_n(&r->frames[i], __ATOMIC_RELAXED);
	copy->depth = depth;
}

/* Copies the record at r, which may be gone (freed, its stack unmapped),
 * into *copy, by a copy that cannot fault: whether it could. */
static int copy_record(struct omp_region *copy, const struct omp_region *r)
{
	if (!image_copy_mapped(&copy->depth, (uintptr_t)&r->depth, sizeof copy->depth))
		return 0;
	if (copy->depth > GMON_CALLPATHS_MAX_DEPTH)
		copy->depth = GMON_CALLPATHS_MAX_DEPTH;   /* not a record any more */
	return copy->depth == 0 ||
	       image_copy_mapped(copy->frames, (uintptr_t)r->frames, copy->depth * sizeof r->frames[0]);
}

const struct omp_region *omp_region_current(uintptr_t *stop_sp)
{
	const struct omp_thread *t = my_omp;
	const struct omp_region *r = t ? __atomic_load_n(&t->region, __ATOMIC_RELAXED) : NULL;

	__atomic_signal_fence(__ATOMIC_ACQUIRE);
	if (!r)
		return omp_ompt_current(stop_sp);    /* libomp's region, if any */
	*stop_sp = t->region_sp;
	return r;
}

const struct omp_region *omp_region_of(const struct omp_thread *t, struct omp_region *copy,
				       uintptr_t *stop_sp)
{
	const struct omp_region *r = t ? __atomic_load_n(&t->region, __ATOMIC_ACQUIRE) : NULL;
	uintptr_t sp;

	if (!r)       /* libomp's region, if any */
		return t ? omp_ompt_current_of(__atomic_load_n(&t->ompt, __ATOMIC_ACQUIRE), copy,
					       stop_sp)
			 : NULL;
	sp = __atomic_load_n(&t->region_sp, __ATOMIC_RELAXED);
	if (!copy_record(copy, r))
		return NULL;
	*stop_sp = sp;
	return copy;
}

/* The wait of a worker whose last region w holds; its path copied into
 * *copy where copy is not NULL (another thread's). */
static void waiting_is(const struct omp_waiting *w, struct omp_region *copy, struct omp_wait *wait)
{
	wait->mark_sp = __atomic_load_n(&w->mark_sp, __ATOMIC_RELAXED);
	wait->after_ra = __atomic_load_n(&w->after_ra, __ATOMIC_RELAXED);
	wait->region = &w->region;
	if (copy) {
		omp_region_copy(copy, &w->region);
		wait->region = copy;
	}
	wait->open = 1;
}

int omp_worker_wait(struct omp_wait *wait)
{
	const struct omp_thread *t = my_omp;
	const struct omp_waiting *w = t ? __atomic_load_n(&t->waiting, __ATOMIC_RELAXED) : NULL;

	__atomic_signal_fence(__ATOMIC_ACQUIRE);
	if (!w)
		return omp_ompt_worker_wait(wait);    /* libomp's worker, if any */
	waiting_is(w, NULL, wait);
	return 1;
}

int omp_worker_wait_of(const struct omp_thread *t, struct omp_region *copy, struct omp_wait *wait)
{
	const struct omp_waiting *w = t ? __atomic_load_n(&t->waiting, __ATOMIC_ACQUIRE) : NULL;

	if (!w)       /* libomp's worker, if any */
		return t && omp_ompt_worker_wait_of(__atomic_load_n(&t->ompt, __ATOMIC_ACQUIRE), copy,
						    wait);
	waiting_is(w, copy, wait);
	return 1;
}

const struct omp_region *omp_wait_region(const struct omp_wait *wait, uintptr_t marked_ra)
{
	if (wait->after_ra)
		return marked_ra > wait->after_ra && marked_ra - wait->after_ra <= BARRIER_CALL_WITHIN ?
			       wait->region : NULL;
	return wait->open ? wait->region : NULL;
}

#if defined(PIC)

/* A page of its own, never freed (the wall sampler may read it after the
 * thread ended, sampling.c): mapped, not malloc'ed, so that it is no lock's
 * and no fork's concern; a page a thread that runs OpenMP or is sampled,
 * as its sampling slot and call-path table are. */
static struct omp_thread *own(void)
{
	struct omp_thread *t = my_omp;

	if (!t) {
		t = mmap(NULL, sizeof *t, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (t == MAP_FAILED)
			return NULL;
		my_omp = t;
	}
	return t;
}

const struct omp_thread *omp_thread_own(void)
{
	return own();
}

void omp_thread_publish_ompt(const struct ompt_thread *ompt)
{
	struct omp_thread *t = own();

	if (t)
		__atomic_store_n(&t->ompt, ompt, __ATOMIC_RELEASE);
}

#else

const struct omp_thread *omp_thread_own(void)
{
	return NULL;     /* a static program's libgomp.a has our GOMP_* entry points' place */
}

#endif

/* "[omp idle]": never run; its call's return address is the idle frame
 * (a caller frame must follow a call in its function, for the readers
 * and the paths' check). */
__asm__(".text\n"
	".globl \"[omp idle]\"\n"
	".type \"[omp idle]\", @function\n"
	"\"[omp idle]\":\n"
	"0:\tcall 0b\n"
	".Lgmon_omp_idle_frame:\n"
	"\tud2\n"
	".size \"[omp idle]\", . - \"[omp idle]\"\n");

uintptr_t omp_idle_frame(void)
{
	extern const char idle_return[] __asm__(".Lgmon_omp_idle_frame");

	return (uintptr_t)idle_return;
}

#if defined(PIC)

__attribute__((constructor)) static void register_entry_points(void)
{
	extern const char start[] __asm__("__start_gmon_omp_interposers")
		__attribute__((visibility("hidden")));
	extern const char stop[] __asm__("__stop_gmon_omp_interposers")
		__attribute__((visibility("hidden")));

	gmon_mpi_interposers(start, stop);
}

/* A worker left the region's function, called from after_ra with its
 * CFA at cfa: the region is its last, for the waits at its closing
 * barrier.  The copy is written while t->waiting is NULL (a sampler that
 * read it before may see it torn: a wrong path, omp-regions.h). */
static void wait_in(const struct region_call *c, uintptr_t cfa, uintptr_t after_ra)
{
	struct omp_thread *t = own();
	struct omp_waiting *w;

	if (!t)
		return;      /* no memory: the waits keep libgomp's frames only */
	w = &t->waiting_buf;
	__atomic_store_n(&t->waiting, NULL, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__atomic_store_n(&w->mark_sp, cfa - 1, __ATOMIC_RELAXED);
	__atomic_store_n(&w->after_ra, after_ra, __ATOMIC_RELAXED);
	__atomic_store_n(&w->region.depth, c->region.depth, __ATOMIC_RELAXED);
	for (unsigned i = 0; i < c->region.depth; i++)
		__atomic_store_n(&w->region.frames[i], c->region.frames[i], __ATOMIC_RELAXED);
	__atomic_store_n(&t->waiting, w, __ATOMIC_RELEASE);
}

/* Runs fn(data) with the region r as this thread's context: inlined into
 * its caller, whose frame holds the marker where the walk stops.  With no
 * omp_thread (no memory), the region's samples keep libgomp's frames. */
static inline __attribute__((always_inline)) void run_in(const struct omp_region *r,
							  void (*fn)(void *), void *data)
{
	struct omp_thread *t = own();
	const struct omp_region *outer;
	uintptr_t outer_sp;
	volatile char marker = 0;

	if (!t) {
		fn(data);
		return;
	}
	outer = t->region;
	outer_sp = t->region_sp;
	__atomic_store_n(&t->region_sp, (uintptr_t)&marker, __ATOMIC_RELAXED);
	__atomic_store_n(&t->region, r, __ATOMIC_RELEASE);
	fn(data);
	__atomic_store_n(&t->region, outer, __ATOMIC_RELEASE);
	__atomic_store_n(&t->region_sp, outer_sp, __ATOMIC_RELAXED);
	(void)marker;
}

/* Runs the outlined function with the region as this thread's context. */
static __attribute__((noinline)) void run_region(void *arg)
{
	struct region_call *c = arg;

	run_in(&c->region, c->fn, c->data);
	if (c->opener != &my_omp)
		wait_in(c, (uintptr_t)__builtin_dwarf_cfa(), (uintptr_t)__builtin_return_address(0));
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
 * caller (callpaths_here's frames less its own and the entry point's,
 * which a walk keeps: it calls the runtime's code there, interposers.h). */
#define TAKE_REGION(c, fn_, data_) \
	((c).fn = (fn_), (c).data = (data_), (c).opener = &my_omp, \
	 (c).region.depth = callpaths_here((c).region.frames, GMON_CALLPATHS_MAX_DEPTH, 2))

/*
 * The record the workers read (run_region): the opening thread's own one
 * of the region's nesting level, written only where it differs from c
 * (the last region opened at that level: a loop opening one region again
 * and again writes it once), so that its lines stay in the workers'
 * caches: each worker's first read of a record written just before by
 * another core was a miss, 57-59% of run_region's samples at 2 threads.
 * c itself past SHARED_LEVELS or with no omp_thread.  A record is not
 * rewritten while a region reads it: the level's region has ended in
 * every thread (its entry point returned, share_end) before the next
 * region of that level opens.  share_end with what share_record returned.
 */
static struct region_call *share_record(struct region_call *c)
{
	struct omp_thread *t = own();
	struct region_call *r;

	if (!t || t->opened >= SHARED_LEVELS)
		return c;
	r = &t->shared[t->opened++];
	if (r->fn != c->fn || r->data != c->data || r->opener != c->opener ||
	    r->region.depth != c->region.depth ||
	    memcmp(r->region.frames, c->region.frames, c->region.depth * sizeof c->region.frames[0]))
		memcpy(r, c, offsetof(struct region_call, region.frames) +
				     c->region.depth * sizeof c->region.frames[0]);
	return r;
}

static void share_end(const struct region_call *r, const struct region_call *c)
{
	if (r != c)
		my_omp->opened--;
}

typedef _Bool bool_arg;     /* libgomp's bool */
typedef void parallel_fn(void (*)(void *), void *, unsigned, unsigned);
typedef void sections_fn(void (*)(void *), void *, unsigned, unsigned, unsigned);
typedef void loop_fn(void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
typedef void loop_runtime_fn(void (*)(void *), void *, unsigned, long, long, long, unsigned);

EXPORT void GOMP_parallel(void (*fn)(void *), void *data, unsigned threads, unsigned flags)
{
	static void *slot;
	parallel_fn *f = (parallel_fn *)real(&slot, "GOMP_parallel");
	struct region_call c;

	if (TAKE_REGION(c, fn, data) == 0) {
		f(fn, data, threads, flags);
	} else {
		struct region_call *r = share_record(&c);

		f(run_region, r, threads, flags);
		share_end(r, &c);
	}
}

EXPORT void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned threads,
				   unsigned count, unsigned flags)
{
	static void *slot;
	sections_fn *f = (sections_fn *)real(&slot, "GOMP_parallel_sections");
	struct region_call c;

	if (TAKE_REGION(c, fn, data) == 0) {
		f(fn, data, threads, count, flags);
	} else {
		struct region_call *r = share_record(&c);

		f(run_region, r, threads, count, flags);
		share_end(r, &c);
	}
}

#define PARALLEL_LOOP(NAME) \
	EXPORT void NAME(void (*fn)(void *), void *data, unsigned threads, long start, long end, \
			 long incr, long chunk, unsigned flags) \
	{ \
		static void *slot; \
		loop_fn *f = (loop_fn *)real(&slot, #NAME); \
		struct region_call c; \
	\
		if (TAKE_REGION(c, fn, data) == 0) { \
			f(fn, data, threads, start, end, incr, chunk, flags); \
		} else { \
			struct region_call *r = share_record(&c); \
	\
			f(run_region, r, threads, start, end, incr, chunk, flags); \
			share_end(r, &c); \
		} \
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

	if (TAKE_REGION(c, fn, data) == 0) {
		f(fn, data, threads, start, end, incr, flags);
	} else {
		struct region_call *r = share_record(&c);

		f(run_region, r, threads, start, end, incr, flags);
		share_end(r, &c);
	}
}

/* Host teams (GCC 12: #pragma omp teams outside a target): libgomp runs
 * fn once per team in the calling thread, from its own frame; through
 * run_region the teams' outlined function is next to its opener in the
 * path, and a region or task opened inside it continues the chain. */
typedef void teams_fn(void (*)(void *), void *, unsigned, unsigned, unsigned);

EXPORT void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned teams, unsigned thread_limit,
			   unsigned flags)
{
	static void *slot;
	teams_fn *f = (teams_fn *)real(&slot, "GOMP_teams_reg");
	struct region_call c;

	if (TAKE_REGION(c, fn, data) == 0) {
		f(fn, data, teams, thread_limit, flags);
	} else {
		struct region_call *r = share_record(&c);

		f(run_region, r, teams, thread_limit, flags);
		share_end(r, &c);
	}
}

/*
 * Target regions run on the host (GCC 12: no offload device, or the host
 * asked for): GOMP_target_ext (and the old GOMP_target) runs the target's
 * outlined function in the calling thread, from libgomp's
 * gomp_target_fallback, before it returns.  Through run_target the
 * function is next to its opener in the path (no libgomp frame between),
 * as a host team's is, and a region it opens continues the chain.  The
 * function's argument is libgomp's array of host addresses, not ours: the
 * record rides in this thread's my_target.  Only where the host will run
 * it, now, in this thread: no device (omp_get_num_devices() == 0) or the
 * host fallback asked for, and not nowait (a deferred target task may run
 * in another thread); elsewhere the call is libgomp's as it came (with a
 * device, libgomp looks the function up in the offload tables).  The
 * teams of "target teams" (GOMP_teams4, called by the target's function)
 * run one after the other in that thread: under the target's path already.
 */
#define DEVICE_HOST_FALLBACK (-2)       /* GOMP_DEVICE_HOST_FALLBACK */
#define TARGET_FLAG_NOWAIT (1u << 0)    /* GOMP_TARGET_FLAG_NOWAIT */

static __thread struct region_call *my_target;

static __attribute__((noinline)) void run_target(void *hostaddrs)
{
	struct region_call *c = my_target;

	if (!c) {        /* libgomp ran it elsewhere: cannot happen (see above) */
		fputs("gmon-mpi: a target region run away from its GOMP_target_ext\n", stderr);
		abort();
	}
	my_target = NULL;    /* not a target's inside it */
	run_in(&c->region, c->fn, hostaddrs);
	my_target = c;
}

/* Whether a target region for device, with flags, runs on the host now
 * (in the calling thread). */
static int on_host_now(int device, unsigned flags)
{
	static void *slot;
	int (*num_devices)(void) = (int (*)(void))real(&slot, "omp_get_num_devices");

	return !(flags & TARGET_FLAG_NOWAIT) && (device == DEVICE_HOST_FALLBACK || num_devices() == 0);
}

typedef void target_ext_fn(int, void (*)(void *), size_t, void **, size_t *, unsigned short *,
			   unsigned, void **, void **);

EXPORT void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum, void **hostaddrs,
			    size_t *sizes, unsigned short *kinds, unsigned flags, void **depend,
			    void **args)
{
	static void *slot;
	target_ext_fn *f = (target_ext_fn *)real(&slot, "GOMP_target_ext");
	struct region_call c, *outer = my_target;

	if (!on_host_now(device, flags) || TAKE_REGION(c, fn, NULL) == 0) {
		f(device, fn, mapnum, hostaddrs, sizes, kinds, flags, depend, args);
		return;
	}
	my_target = &c;
	f(device, run_target, mapnum, hostaddrs, sizes, kinds, flags, depend, args);
	my_target = outer;
}

typedef void target_fn(int, void (*)(void *), const void *, size_t, void **, size_t *,
		       unsigned char *);

EXPORT void GOMP_target(int device, void (*fn)(void *), const void *unused, size_t mapnum,
			void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
	static void *slot;
	target_fn *f = (target_fn *)real(&slot, "GOMP_target");
	struct region_call c, *outer = my_target;

	if (!on_host_now(device, 0) || TAKE_REGION(c, fn, NULL) == 0) {
		f(device, fn, unused, mapnum, hostaddrs, sizes, kinds);
		return;
	}
	my_target = &c;
	f(device, run_target, unused, mapnum, hostaddrs, sizes, kinds);
	my_target = outer;
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

/*
 * Explicit tasks: GOMP_task(fn, data, cpyfn, arg_size, arg_align, ...)
 * runs fn on a copy of data (memcpy of arg_size bytes, or cpyfn(copy,
 * data): firstprivate copy constructors, a VLA), now in the creating
 * thread (undeferred) or later in any thread of the team, where nothing
 * on the stack says who created it.  We hand libgomp a block of our own
 * in place of data, [struct task_call, its path's frames | the task's
 * data], aligned for both, and run_task in place of fn: the path of the
 * code that created the task travels inside the task's copy, which lives
 * until fn has returned; run_task runs fn on its data part with the path
 * as the thread's region.  Without cpyfn the block carries the data,
 * copied by memcpy as libgomp would have; with cpyfn, copy_task copies
 * the header and calls cpyfn on the data part and the creator's data
 * (so copy_ctors_done stays as it would be).  Tasks with detach are left
 * alone: libgomp writes the event into the first word of data.
 */
#define TASK_FLAG_DETACH (1u << 13)     /* GOMP_TASK_FLAG_DETACH */

struct task_call {
	void (*fn)(void *);
	void (*cpyfn)(void *, void *);
	void *data;           /* the creator's (cpyfn's source) */
	size_t offset;        /* of the task's data in the block */
	struct omp_region region;   /* last: region.depth frames only */
};

#define TASK_HEADER(depth) (offsetof(struct task_call, region.frames) + (depth) * sizeof(uintptr_t))

static __attribute__((noinline)) void run_task(void *arg)
{
	struct task_call *t = arg;

	run_in(&t->region, t->fn, (char *)arg + t->offset);
}

static void copy_task(void *dst, void *src)
{
	const struct task_call *t = src;

	memcpy(dst, t, TASK_HEADER(t->region.depth));
	t->cpyfn((char *)dst + t->offset, t->data);
}

typedef void task_fn(void (*)(void *), void *, void (*)(void *, void *), long, long, bool_arg,
		     unsigned, void **, int, void *);

EXPORT void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
		      long arg_align, bool_arg if_clause, unsigned flags, void **depend,
		      int priority, void *detach)
{
	static void *slot;
	task_fn *f = (task_fn *)real(&slot, "GOMP_task");
	size_t align = (size_t)arg_align, offset;
	struct task_call *t = NULL;

	if (align < _Alignof(struct task_call))
		align = _Alignof(struct task_call);
	if (!(flags & TASK_FLAG_DETACH) && arg_size >= 0 && (align & (align - 1)) == 0)
		t = aligned_alloc(align, (sizeof *t + (cpyfn ? 0 : (size_t)arg_size) + align - 1) &
					 ~(align - 1));
	if (!t || (t->region.depth = callpaths_here(t->region.frames, GMON_CALLPATHS_MAX_DEPTH,
						    2)) == 0) {
		free(t);
		f(fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend, priority, detach);
		return;
	}
	offset = (TASK_HEADER(t->region.depth) + align - 1) & ~(align - 1);
	t->fn = fn;
	t->cpyfn = cpyfn;
	t->data = data;
	t->offset = offset;
	if (!cpyfn && arg_size > 0)
		memcpy((char *)t + offset, data, (size_t)arg_size);
	f(run_task, t, cpyfn ? copy_task : NULL, (long)offset + arg_size, (long)align, if_clause,
	  flags, depend, priority, detach);
	free(t);       /* copied, or run (undeferred) */
}

#endif /* PIC */
