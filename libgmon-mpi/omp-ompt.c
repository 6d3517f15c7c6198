/*
 * omp-ompt.c - OpenMP regions in their calling context with LLVM's libomp
 * (clang -fopenmp), through the OpenMP tools interface (OMPT, OpenMP 5.0):
 * see omp-regions.h.
 *
 * libomp, at its start, calls the ompt_start_tool it finds first in the
 * process (ours: libgmon-mpi.so comes before libomp.so in the link, or
 * libomp's weak default finds ours with dlsym(RTLD_NEXT)); GCC's libgomp
 * (GCC 12) has no OMPT and never calls it, so the two ways coexist: the
 * GOMP_* entry points for libgomp (omp-regions.c), this tool for libomp.
 * Why a tool and not a __kmpc_fork_call of ours: that entry point is
 * variadic (it forwards argc pointers to the outlined function), so an
 * interposer would need its own outlined-function trampoline for every
 * argument count (libomp 14 exports no va_list variant); the tool is the
 * interface libomp offers for this, and costs little per region beyond
 * the path taken (0.1 to 0.2 us with paths off; docs/environment.md).
 *
 *   - parallel_begin (the encountering thread, before the workers start):
 *     its path, from the return address of its __kmpc_fork_call
 *     (codeptr_ra) outward, in a record malloc'ed for the region and hung
 *     on the region's parallel_data; freed at parallel_end.
 *   - implicit_task begin (every thread of the team, the encountering one
 *     as thread 0, before it runs the outlined function): the thread
 *     pushes a copy of the record on a stack of its own, with the task's
 *     ompt_frame_t (ompt_get_task_info).  While the outlined function
 *     runs, libomp's __kmp_invoke_microtask keeps its frame address in
 *     that frame's exit_frame: the SIGPROF handler stops the walk at the
 *     first frame above it and appends the record, as for run_region.
 *   - implicit_task end pops it; a worker's comes late (libomp 14 reports
 *     it, and the end of its wait at the region's closing barrier, at the
 *     start of its next region), so a worker's record stops being current
 *     when it reaches the region's closing barrier (sync_region_wait
 *     begin): it reads libomp's frame only while its team certainly
 *     lives.  The record stays the worker's last (its ompt_thread's
 *     last) for its waits.
 *   - a worker's waits outside its regions (omp_ompt_worker_wait): its
 *     start routine's frame (__kmp_launch_thread, which calls
 *     thread_begin and the waits) marks where libomp's wait frames end;
 *     the wait is its last region's while that region has not ended
 *     (parallel_end marks it in the table ended[]), idle after.
 *
 * The handler reads only this thread's own stack of records (its
 * ompt_thread, through initial-exec TLS) and one word of libomp's frame:
 * async-signal-safe.  The wall sampler reads a blocked thread's through
 * its omp_thread (omp-regions.h), libomp's word by a copy that cannot
 * fault.  The callbacks run outside any signal handler (malloc is allowed
 * there).
 */
#define _GNU_SOURCE
#include "omp-regions.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "callpaths.h"
#include "image.h"

#define TLS __attribute__((tls_model("initial-exec")))

/* OMPT's types and constants (OpenMP 5.0, section 4.4): an ABI */
typedef union {
	uint64_t value;
	void *ptr;
} ompt_data;

typedef struct {
	ompt_data exit_frame, enter_frame;
	int exit_frame_flags, enter_frame_flags;
} ompt_frame;

#define OMPT_LEVELS 16     /* nested regions kept per thread; deeper ones keep libomp's frames */

struct ompt_context {
	const ompt_frame *frame;      /* the implicit task's, libomp's (NULL: unknown) */
	const void *task;             /* its task_data, to match its end */
	uint64_t serial;              /* its region's (ompt_record) */
	/* the enclosing region's in this thread, whose function called the
	 * one that opened this region (NULL: none) */
	const struct ompt_context *outer;
	struct omp_region region;
};

/* A region's record, from its parallel_begin to its parallel_end. */
struct ompt_record {
	uint64_t serial;              /* regions numbered from 1 as they begin */
	struct omp_region region;
};

/* The regions ended: ended[s % ENDED_SLOTS] >= s once region s (or a
 * later one of the same slot) has ended.  A worker's wait after its
 * region's function is the region's while the region goes on (libomp's
 * workers do not wait at the closing barrier: they arrive, then wait for
 * the next region), idle after. */
#define ENDED_SLOTS 1024
static uint64_t ended[ENDED_SLOTS];
static uint64_t last_serial;

/* A thread's state: written by the thread (in the callbacks), read by its
 * SIGPROF handler, and by the wall sampler while the thread is blocked
 * (omp-regions.h: never freed, read with atomics). */
struct ompt_thread {
	unsigned levels;              /* implicit tasks begun and not ended (may pass OMPT_LEVELS) */
	unsigned worker;              /* levels[0] is a worker's (not the region's thread 0) */
	struct ompt_context context[OMPT_LEVELS];
	/* the context current in this thread (NULL: none) */
	const struct ompt_context *current;
	/* a worker's: its last region's, once its function is done (NULL: none) */
	const struct ompt_context *last;
	/* a worker's: its start routine's frame is the first above it (0: unknown) */
	uintptr_t start_mark;
};

static __thread struct ompt_thread *my_thread TLS;

/* As omp_ompt_worker_wait, of t (NULL: none); copy as omp_worker_wait_of's
 * (NULL: the calling thread's own). */
static int worker_wait(const struct ompt_thread *t, struct omp_region *copy, struct omp_wait *wait)
{
	const struct ompt_context *last;
	uintptr_t mark;

	if (!t || !(mark = __atomic_load_n(&t->start_mark, __ATOMIC_RELAXED)))
		return 0;
	last = __atomic_load_n(&t->last, __ATOMIC_ACQUIRE);
	wait->mark_sp = mark;
	wait->after_ra = 0;
	wait->region = last && __atomic_load_n(&last->region.depth, __ATOMIC_RELAXED) > 0 ?
			       &last->region : NULL;
	wait->open = wait->region &&
		     __atomic_load_n(&ended[last->serial % ENDED_SLOTS], __ATOMIC_RELAXED) < last->serial;
	if (wait->region && copy) {
		omp_region_copy(copy, wait->region);
		wait->region = copy;
	}
	return 1;
}

int omp_ompt_worker_wait(struct omp_wait *wait)
{
	const struct ompt_thread *t = my_thread;

	__atomic_signal_fence(__ATOMIC_ACQUIRE);
	return worker_wait(t, NULL, wait);
}

int omp_ompt_worker_wait_of(const struct ompt_thread *t, struct omp_region *copy,
			    struct omp_wait *wait)
{
	return worker_wait(t, copy, wait);
}

/* The innermost region of t whose function runs (NULL: none): a thread at
 * a nested region's closing barrier (its function done, its task's end to
 * come) is still in the function of the region around it, which opened the
 * nested one (thread 0 of the nested team, a worker of the outer one
 * included): that region's context, not none.  copy: NULL for the calling
 * thread's own, else another thread's (omp_region_of): libomp's frame,
 * which libomp may have freed meanwhile, is read by a copy that cannot
 * fault, the region copied into *copy; the chain, within t's contexts
 * (never freed), is followed OMPT_LEVELS steps at most. */
static const struct omp_region *current_region(const struct ompt_thread *t,
					       struct omp_region *copy, uintptr_t *stop_sp)
{
	const struct ompt_context *c = t ? __atomic_load_n(&t->current, __ATOMIC_ACQUIRE) : NULL;

	for (unsigned n = 0; c && n < OMPT_LEVELS;
	     c = __atomic_load_n(&c->outer, __ATOMIC_RELAXED), n++) {
		const ompt_frame *frame = __atomic_load_n(&c->frame, __ATOMIC_RELAXED);
		void *exit_frame = NULL;

		if (!frame || __atomic_load_n(&c->region.depth, __ATOMIC_RELAXED) == 0)
			continue;
		/* set by __kmp_invoke_microtask while the outlined function runs */
		if (!copy)
			exit_frame = __atomic_load_n(&frame->exit_frame.ptr, __ATOMIC_RELAXED);
		else if (!image_copy_mapped(&exit_frame, (uintptr_t)&frame->exit_frame.ptr,
					    sizeof exit_frame))
			continue;
		if (exit_frame) {
			*stop_sp = (uintptr_t)exit_frame;
			if (!copy)
				return &c->region;
			omp_region_copy(copy, &c->region);
			return copy;
		}
	}
	return NULL;
}

const struct omp_region *omp_ompt_current(uintptr_t *stop_sp)
{
	const struct ompt_thread *t = my_thread;

	__atomic_signal_fence(__ATOMIC_ACQUIRE);
	return current_region(t, NULL, stop_sp);
}

const struct omp_region *omp_ompt_current_of(const struct ompt_thread *t, struct omp_region *copy,
					     uintptr_t *stop_sp)
{
	return current_region(t, copy, stop_sp);
}

#if defined(PIC)

#define EXPORT __attribute__((visibility("default")))

enum {
	OMPT_CALLBACK_THREAD_BEGIN = 1,
	OMPT_THREAD_WORKER = 2,
	OMPT_CALLBACK_PARALLEL_BEGIN = 3,
	OMPT_CALLBACK_PARALLEL_END = 4,
	OMPT_CALLBACK_IMPLICIT_TASK = 7,
	OMPT_CALLBACK_SYNC_REGION_WAIT = 16,
	OMPT_SCOPE_BEGIN = 1,
	OMPT_SCOPE_END = 2,
	OMPT_TASK_INITIAL = 1,
	OMPT_SYNC_BARRIER_IMPLICIT = 2,           /* OpenMP 5.0's, libomp 14's */
	OMPT_SYNC_BARRIER_IMPLICIT_PARALLEL = 9,  /* OpenMP 5.1's */
	OMPT_SET_ALWAYS = 5,
};

typedef void (*ompt_fn)(void);
typedef ompt_fn (*ompt_lookup)(const char *);
typedef int (*ompt_set_callback_fn)(int event, ompt_fn callback);
typedef int (*ompt_get_task_info_fn)(int ancestor, int *flags, ompt_data **task_data,
				     ompt_frame **task_frame, ompt_data **parallel_data,
				     int *thread_num);

typedef struct {
	int (*initialize)(ompt_lookup lookup, int initial_device, ompt_data *tool_data);
	void (*finalize)(ompt_data *tool_data);
	ompt_data tool_data;
} ompt_start_tool_result;

static ompt_get_task_info_fn get_task_info;

/* This thread's state, mapped at its first callback and never freed (the
 * wall sampler may read it after the thread ended, omp-regions.h; NULL: no
 * memory, its regions keep libomp's frames), handed to its omp_thread. */
static struct ompt_thread *own_thread(void)
{
	struct ompt_thread *t = my_thread;

	if (t)
		return t;
	t = mmap(NULL, sizeof *t, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (t == MAP_FAILED)
		return NULL;
	my_thread = t;
	omp_thread_publish_ompt(t);
	return t;
}

/* Makes the top of t's stack current (or none). */
static void set_current(struct ompt_thread *t)
{
	const struct ompt_context *c = NULL;

	if (t->levels > 0 && t->levels <= OMPT_LEVELS && t->context[t->levels - 1].region.depth > 0)
		c = &t->context[t->levels - 1];
	__atomic_store_n(&t->current, c, __ATOMIC_RELEASE);
}

static void on_parallel_begin(ompt_data *encountering_task, const ompt_frame *encountering_frame,
			      ompt_data *parallel, unsigned requested, int flags,
			      const void *codeptr_ra)
{
	struct ompt_record *rec = malloc(sizeof *rec);
	struct omp_region *r = rec ? &rec->region : NULL;
	unsigned depth, from = 0;

	(void)encountering_task;
	(void)encountering_frame;
	(void)requested;
	(void)flags;
	parallel->ptr = NULL;
	if (!r)
		return;
	/* this function's caller outward: libomp's frames, then the return
	 * address of the program's __kmpc_fork_call, where the path begins */
	depth = callpaths_here(r->frames, GMON_CALLPATHS_MAX_DEPTH, 1);
	while (from < depth && r->frames[from] != (uintptr_t)codeptr_ra)
		from++;
	if (from == depth) {
		free(rec);
		return;
	}
	r->depth = depth - from;
	memmove(r->frames, r->frames + from, r->depth * sizeof r->frames[0]);
	rec->serial = __atomic_add_fetch(&last_serial, 1, __ATOMIC_RELAXED);
	parallel->ptr = rec;
}

static void on_parallel_end(ompt_data *parallel, ompt_data *encountering_task, int flags,
			    const void *codeptr_ra)
{
	(void)encountering_task;
	(void)flags;
	struct ompt_record *rec = parallel->ptr;
	uint64_t *slot, was;

	(void)codeptr_ra;
	if (!rec)
		return;
	slot = &ended[rec->serial % ENDED_SLOTS];
	was = __atomic_load_n(slot, __ATOMIC_RELAXED);
	while (was < rec->serial &&
	       !__atomic_compare_exchange_n(slot, &was, rec->serial, 1, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED))
		;
	free(rec);
	parallel->ptr = NULL;
}

static void on_implicit_task(int endpoint, ompt_data *parallel, ompt_data *task,
			     unsigned actual_parallelism, unsigned index, int flags)
{
	struct ompt_thread *t = own_thread();
	const struct ompt_record *r;
	struct ompt_context *c;
	ompt_data *current = NULL;
	ompt_frame *frame = NULL;

	(void)actual_parallelism;
	if (!t || (flags & OMPT_TASK_INITIAL))
		return;
	if (endpoint == OMPT_SCOPE_END) {
		if (t->levels > 0 && (t->levels > OMPT_LEVELS ||
				      t->context[t->levels - 1].task == task))
			t->levels--;
		set_current(t);
		return;
	}
	if (endpoint != OMPT_SCOPE_BEGIN)
		return;
	if (index != 0) {
		/* a worker of a new team: none of its earlier tasks is open,
		 * its last region's context is rewritten */
		__atomic_store_n(&t->last, NULL, __ATOMIC_RELAXED);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		t->levels = 0;
		t->worker = 1;
	} else if (t->levels == 0)
		t->worker = 0;
	t->levels++;
	if (t->levels > OMPT_LEVELS)
		return;
	c = &t->context[t->levels - 1];
	__atomic_store_n(&t->current, NULL, __ATOMIC_RELAXED);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	r = parallel ? parallel->ptr : NULL;
	c->task = task;
	c->frame = NULL;
	c->outer = t->levels >= 2 ? &t->context[t->levels - 2] : NULL;
	if (get_task_info && get_task_info(0, NULL, &current, &frame, NULL, NULL) == 2 &&
	    current == task)
		c->frame = frame;
	c->serial = r ? r->serial : 0;
	c->region.depth = r ? r->region.depth : 0;
	if (r)
		memcpy(c->region.frames, r->region.frames, r->region.depth * sizeof r->region.frames[0]);
	set_current(t);
}

static void on_sync_region_wait(int kind, int endpoint, ompt_data *parallel, ompt_data *task,
				const void *codeptr_ra)
{
	struct ompt_thread *t = my_thread;

	(void)parallel;
	(void)task;
	(void)codeptr_ra;
	/* a worker at its region's closing barrier: its region's function is
	 * done, and its task's end comes only with the next region */
	if (t && t->worker && t->levels == 1 && endpoint == OMPT_SCOPE_BEGIN &&
	    (kind == OMPT_SYNC_BARRIER_IMPLICIT || kind == OMPT_SYNC_BARRIER_IMPLICIT_PARALLEL)) {
		__atomic_store_n(&t->current, NULL, __ATOMIC_RELAXED);
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		__atomic_store_n(&t->last, &t->context[0], __ATOMIC_RELEASE);
	}
}

/* A worker thread's start (libomp's __kmp_launch_thread calls this, and
 * later the waits for its regions, from its own frame): that frame is the
 * first above this function's CFA less 1. */
static void on_thread_begin(int type, ompt_data *thread_data)
{
	struct ompt_thread *t;

	(void)thread_data;
	if (type == OMPT_THREAD_WORKER && (t = own_thread()))
		__atomic_store_n(&t->start_mark, (uintptr_t)__builtin_dwarf_cfa() - 1, __ATOMIC_RELAXED);
}

static int initialize(ompt_lookup lookup, int initial_device, ompt_data *tool_data)
{
	ompt_set_callback_fn set = (ompt_set_callback_fn)lookup("ompt_set_callback");

	(void)initial_device;
	(void)tool_data;
	get_task_info = (ompt_get_task_info_fn)lookup("ompt_get_task_info");
	if (!set || !get_task_info)
		return 0;
	set(OMPT_CALLBACK_THREAD_BEGIN, (ompt_fn)on_thread_begin);
	set(OMPT_CALLBACK_PARALLEL_BEGIN, (ompt_fn)on_parallel_begin);
	set(OMPT_CALLBACK_PARALLEL_END, (ompt_fn)on_parallel_end);
	set(OMPT_CALLBACK_IMPLICIT_TASK, (ompt_fn)on_implicit_task);
	set(OMPT_CALLBACK_SYNC_REGION_WAIT, (ompt_fn)on_sync_region_wait);
	return 1;       /* keep the tool */
}

static void finalize(ompt_data *tool_data)
{
	(void)tool_data;
}

/* Called by libomp at its start (OpenMP 5.0, 4.2.1). */
EXPORT ompt_start_tool_result *ompt_start_tool(unsigned omp_version, const char *runtime_version)
{
	static ompt_start_tool_result result = { initialize, finalize, { 0 } };

	(void)omp_version;
	(void)runtime_version;
	return &result;
}

#endif /* PIC */
