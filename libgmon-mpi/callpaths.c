/*
 * callpaths.c - see callpaths.h.
 *
 * In the signal handler (async-signal-safe: system calls, no malloc, no
 * lock, no stdio):
 *
 *   - the path: the PC, then the return addresses outward, by the unwind
 *     tables of the executable and of every library (unwind-cfi.h: the
 *     frame-pointer chain broke in libraries built without frame pointers,
 *     libgomp's data in %rbp was followed, and the stack scan that
 *     replaced it took stale return addresses for frames).  Every stack
 *     word is read only inside [sp, stack end) of the thread's stack (a
 *     bad read in a signal handler kills the program): the readable
 *     mapping that holds %rsp, found in /proc/self/maps once per thread
 *     (open/read/close) and again when %rsp leaves it; and each page of
 *     it by a copy that cannot fault before the walk reads it (the
 *     mapping may have shrunk since: a coroutine's stack; issue 31, item
 *     10).  Up to WALK_DEPTH
 *     frames are unwound, in the table's scratch array (not on the
 *     signal's stack); a path deeper than MAX_DEPTH (what the file holds)
 *     has its recursion folded (fold_recursion), and is cut, and counted
 *     as cut, only where that is not enough or the walk went deeper than
 *     WALK_DEPTH.
 *
 *   - the table: one per thread, mmap'ed (MAP_NORESERVE) at its first
 *     sample and found through an initial-exec TLS pointer; only that
 *     thread's handler writes it (SIGPROF does not nest on one thread).
 *     Open addressing on a hash of the frames, the frames themselves in an
 *     arena beside it; bounded probing; a sample that finds no room is
 *     counted as lost, never dropped silently.  Tables are pushed on a
 *     global list by compare-and-swap and never freed, so the writer sees
 *     the tables of threads that have ended too.
 *
 * At exit (after sampling_shutdown waited for the handlers in flight) the
 * addresses are given to the loaded modules (dl_iterate_phdr) and written
 * in their link-time addresses; on a flush signal, to the modules
 * _dl_find_object finds for them (async-signal-safe), while the other
 * threads may go on adding paths: an entry is published by its depth,
 * stored last (release) and read first (acquire).  At exit the modules
 * may be the map the companion's other writers share
 * (companion-sections.h).
 *
 * (About 850 lines: the handler's walk, the per-thread tables and their
 * writer share the tables' private layout and publication order, which
 * would otherwise be spread over a header.)
 */
#define _GNU_SOURCE
#include "callpaths.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "eh-frame.h"
#include "gmon-callpaths.h"
#include "histogram.h"
#include "image.h"
#include "interposers.h"
#include "module-map.h"
#include "omp-regions.h"
#include "output.h"
#include "profile-name.h"
#include "text-out.h"
#include "unloaded.h"
#include "unwind-cfi.h"
#include "walk-memo.h"
#include "wall-sampler.h"

#define MAX_DEPTH GMON_CALLPATHS_MAX_DEPTH
#define TABLE_BITS 14
#define TABLE_ENTRIES (1u << TABLE_BITS)  /* distinct paths per thread */
#define ARENA_FRAMES (1u << 20)           /* their frames: 8 MiB per thread */
#define MAX_PROBES 32
#define WALK_DEPTH 1024                   /* frames unwound per sample */
#define RED_ZONE 128                      /* bytes below %rsp a leaf may use */
#define FOLD_PERIOD 8                     /* the longest recursive cycle folded */
#define MAPS_CHUNK 1024                   /* /proc/self/maps read on the stack */

#define TLS __attribute__((tls_model("initial-exec")))

struct path_entry {
	uint64_t hash;
	uint64_t count;
	uint32_t depth;      /* 0: free */
	uint32_t offset;     /* of the frames in the arena */
	/* the modules' layout it was sampled in (unloaded_generation), for a
	 * path out of the executable: a library reloaded over a closed one's
	 * range is told from it; MODULE_MAP_ANY_TIME for the others */
	uint32_t gen;
};

struct path_table {
	struct path_table *next;
	uint64_t lost;       /* samples that found no room */
	uint64_t cut;        /* samples whose path was cut at MAX_DEPTH */
	uint64_t folded;     /* samples whose recursion was folded to fit MAX_DEPTH */
	uint32_t frames_used;
	struct cfi_cache unwind_cache;        /* this thread's unwind rules */
	uintptr_t walk_frames[WALK_DEPTH + MAX_DEPTH];   /* a sample's path, unwound (and its
						       * OpenMP region's opening path) */
	uintptr_t here_frames[WALK_DEPTH + MAX_DEPTH];   /* callpaths_here's, which a
						       * sample may interrupt */
	struct cfi_read here_reads[WALK_MEMO_READS];     /* the words its walk read */
	struct walk_memo here_memo;                      /* its walks' results */
	struct path_entry entries[TABLE_ENTRIES];
	uintptr_t frames[ARENA_FRAMES];
};

static struct {
	int enabled;
	uintptr_t text_low, text_high;   /* the executable's text, runtime addresses */
	struct path_table *tables;       /* every thread's, newest first */
	uint64_t lost_no_table;          /* samples of threads whose table could not be mapped */
} cp;

static __thread struct path_table *my_table TLS;
static __thread int my_table_failed TLS;
/* the readable mapping that held this thread's stack pointer: [low, high) */
static __thread uintptr_t my_stack_low TLS, my_stack_high TLS;
/* callpaths_here is walking this thread's stack with its unwind cache: a
 * sample that interrupts it walks without the cache (in place of masking
 * SIGPROF, two system calls a region, whose time then went unsampled) */
static __thread volatile sig_atomic_t my_walking TLS;

void callpaths_init(int enabled)
{
	const struct histogram *h = &gmon_histogram;

	cp.text_low = h->low_pc + h->load_bias;
	cp.text_high = h->high_pc + h->load_bias;
	if (enabled)
		eh_frame_index_executable();   /* a static program's unwind tables */
	__atomic_store_n(&cp.enabled, enabled && h->nbins > 0, __ATOMIC_RELEASE);
}

void callpaths_after_fork_in_child(void)
{
	/* Only the forking thread came along; its table is a copy of the
	 * parent's, whose samples are not the child's. */
	__atomic_store_n(&cp.tables, NULL, __ATOMIC_RELEASE);
	cp.lost_no_table = 0;
	my_table = NULL;
	my_table_failed = 0;
}

/* ---- In the signal handler. ---------------------------------------- */

/* One sample's path, and what it may read: [sp, high) of the stack. */
struct walk {
	uintptr_t *frames;   /* the table's walk_frames: WALK_DEPTH */
	unsigned depth;
	int cut;             /* a frame did not fit */
	int folded;          /* a recursion was folded to fit MAX_DEPTH */
	uintptr_t sp, high;
	/* not 0: another thread's stack, [foreign_low, foreign_high) (the
	 * wall sampler's blocked threads), in place of this thread's */
	uintptr_t foreign_low, foreign_high;
	/* and then the OpenMP state of that thread (omp-regions.h: NULL,
	 * none), in place of this thread's TLS, and where its region's path
	 * is copied */
	const struct omp_thread *foreign_omp;
	struct omp_region *omp_copy;
	/* not NULL: the words read are logged (cfi_stack's log), the
	 * region's frames among them */
	struct cfi_read *log;
	unsigned log_n, log_failed;
};

static int in_text(uintptr_t pc)
{
	return pc >= cp.text_low && pc < cp.text_high;
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/*
 * The readable mapping of /proc/self/maps holding addr, parsed as it is
 * read, a chunk at a time on the stack ("low-high perms ..." lines):
 * open, read and close are async-signal-safe, fopen and sscanf are not.
 */
static int find_mapping(uintptr_t addr, uintptr_t *low, uintptr_t *high)
{
	char chunk[MAPS_CHUNK];
	uintptr_t start = 0, end = 0;
	int field = 0;      /* 0: start, 1: end, 2: first permission, 3: the rest */
	int found = 0, fd;
	ssize_t n;

	do
		fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	while (fd < 0 && errno == EINTR);
	if (fd < 0)
		return 0;
	while (!found && ((n = read(fd, chunk, sizeof chunk)) > 0 || (n < 0 && errno == EINTR))) {
		for (ssize_t i = 0; i < n && !found; i++) {
			char c = chunk[i];

			if (field == 0 && c == '-')
				field = 1;
			else if (field == 0)
				start = start << 4 | (uintptr_t)hex_digit(c);
			else if (field == 1 && c == ' ')
				field = 2;
			else if (field == 1)
				end = end << 4 | (uintptr_t)hex_digit(c);
			else if (field == 2) {
				found = c == 'r' && addr >= start && addr < end;
				field = 3;
			} else if (c == '\n') {
				field = 0;
				start = end = 0;
			}
		}
	}
	close(fd);
	if (found) {
		*low = start;
		*high = end;
	}
	return found;
}

/* Sets the walk's readable stack, [sp, high), from this thread's cached
 * mapping, or reads /proc/self/maps again when sp has left it (the main
 * thread's stack grows; a first sample).  0: none holds sp. */
static int stack_bounds(struct walk *w)
{
	uintptr_t low, high;

	if (w->foreign_high) {
		w->high = w->foreign_high;
		return w->sp >= w->foreign_low && w->sp < w->foreign_high;
	}
	if (w->sp < my_stack_low || w->sp >= my_stack_high) {
		if (!find_mapping(w->sp, &low, &high))
			return 0;
		my_stack_low = low;
		my_stack_high = high;
	}
	w->high = my_stack_high;
	return 1;
}

/*
 * The outermost frames are a thread's entry code: _start in the
 * executable (its call of __libc_start_main is followed by a hlt: the
 * return address points to it), then libc's __libc_start_main and
 * __libc_start_call_main, or libc's start_thread and clone3 (the runtime's
 * or libgomp's thread start too): they are trimmed, so that the path ends
 * at main or the thread's start routine.  A path that never reached the
 * executable, or was cut, is kept whole.  (In a static program libc's
 * entry code is in the executable: its path ends at __libc_start_main.)
 */
static void trim_entry_frames(struct walk *w)
{
	unsigned last = w->depth;

	if (w->cut)
		return;
	if (last > 1 && in_text(w->frames[last - 1]) &&
	    *(const unsigned char *)w->frames[last - 1] == 0xf4)
		last--;                 /* _start's call, followed by hlt */
	while (last > 0 && !in_text(w->frames[last - 1]))
		last--;
	if (last > 0)
		w->depth = last;
}

/* Whether the frames [a, a + n) and [b, b + n) are the same. */
static int same_run(const uintptr_t *a, const uintptr_t *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/*
 * A path deeper than MAX_DEPTH, folded to fit where it recursed: a run
 * of frames repeated at once (X X, X up to FOLD_PERIOD frames: f calling
 * itself, or f and g calling each other) loses one copy, leaf side first,
 * until the path fits.  Each pair of frames next to each other is still
 * a caller and its callee, and the outer frames (main, the caller of the
 * recursion) are kept.  Returns whether the path fits now.
 */
static int fold_recursion(struct walk *w)
{
	unsigned out = 0, n = w->depth;

	for (unsigned i = 0; i < n; i++) {
		w->frames[out++] = w->frames[i];
		for (unsigned p = 1; p <= FOLD_PERIOD && out + (n - 1 - i) > MAX_DEPTH; p++)
			if (out >= 2 * p && same_run(&w->frames[out - 2 * p], &w->frames[out - p], p)) {
				out -= p;
				w->folded = 1;
				p = 0;
			}
	}
	w->depth = out;
	return out <= MAX_DEPTH;
}

/* Whether a frame of the walk's first n is in the executable (a task of
 * the program run by a waiting worker). */
static int text_below(const struct walk *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (in_text(w->frames[i]))
			return 1;
	return 0;
}

/* The walk's path less the frames of interposers calling the function
 * they stand in for (interposers.h: the runtime's own libgomp entry
 * points, the PMPI wrappers), the PC's aside. */
static void drop_interposer_frames(struct walk *w)
{
	unsigned out = 1;

	for (unsigned i = 1; i < w->depth; i++)
		if (!interposer_call(w->frames[i], w->frames[i - 1]))
			w->frames[out++] = w->frames[i];
	w->depth = out;
}

/* The runtime's own handlers' code (callpaths.h: GMON_MPI_OWN_HANDLER),
 * by the linker. */
extern const char __start_gmon_mpi_own_handlers[], __stop_gmon_mpi_own_handlers[];

/* Whether frame i of the walk (its PC, or a return address: the call
 * before it) is in one of the runtime's own handlers. */
static int in_own_handler(const struct walk *w, unsigned i)
{
	uintptr_t at = w->frames[i] - (i > 0);

	return at >= (uintptr_t)__start_gmon_mpi_own_handlers &&
	       at < (uintptr_t)__stop_gmon_mpi_own_handlers;
}

/* A walk of a thread in the runtime's own handler, or in the trampoline
 * that returns from a handler (callpaths.h, GMON_MPI_OWN_HANDLER): its
 * frames up to the signal frame (stack->signal_at) dropped, the PC the
 * signal interrupted first; stack->marked moved with them. */
static void drop_own_handler_frames(struct walk *w, struct cfi_stack *stack)
{
	unsigned at = stack->signal_at;

	if (at == 0 || at >= w->depth || (at > 1 && !in_own_handler(w, at - 2)))
		return;
	w->frames[0] = w->frames[at] - 1;   /* (written as a caller's: plus 1) */
	memmove(&w->frames[1], &w->frames[at + 1], (w->depth - at - 1) * sizeof w->frames[0]);
	w->depth -= at;
	if (stack->marked)
		stack->marked = stack->marked > at ? stack->marked - at : 0;
}

/* The walk's path, followed by an OpenMP region's opening path. */
static void append_region(struct walk *w, const struct omp_region *region)
{
	for (unsigned i = 0; i < region->depth && i < MAX_DEPTH; i++) {
		w->frames[w->depth++] = region->frames[i];
		if (w->log && w->log_n < WALK_MEMO_READS)
			w->log[w->log_n] = (struct cfi_read){ (uintptr_t)&region->frames[i],
							      region->frames[i] };
		w->log_n += w->log != NULL;
	}
}

/* The interrupted thread's path by the unwind tables (unwind-cfi.h), the
 * entry code's frames trimmed, folded to MAX_DEPTH frames if deeper (cut
 * where it does not fold), into frames, the rules kept in cache (may be
 * NULL).  own_stack: the calling thread's own path, not from a signal
 * handler: every page between its stack pointer and its stack's end holds
 * the frames it will return to, so none needs the copy that cannot fault
 * (a system call a page) before it is read. */
static void walk(struct walk *w, const ucontext_t *uc, uintptr_t *frames, struct cfi_cache *cache,
		 int own_stack)
{
	struct cfi_stack stack;
	const struct omp_region *region, *waits_in;
	struct omp_wait wait;
	int stopped, worker = 0;

	w->frames = frames;
	w->log_n = w->log_failed = 0;
	w->depth = 1;
	w->cut = 0;
	w->folded = 0;
	w->sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	w->frames[0] = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	if (!stack_bounds(w))
		return;                 /* the PC alone */
	/* the red zone below %rsp too (128 bytes, kept by the signal's
	 * delivery): an epilogue's rules may still read %rbp there, after
	 * its pop */
	stack = (struct cfi_stack){ .low = w->sp, .high = w->high };
	if (w->sp - RED_ZONE >= (w->foreign_high ? w->foreign_low : my_stack_low) &&
	    w->sp >= RED_ZONE)
		stack.low = w->sp - RED_ZONE;
	stack.log = w->log;
	stack.log_max = WALK_MEMO_READS;
	if (own_stack) {
		stack.checked_from = w->sp & ~(uintptr_t)(CFI_STACK_PAGE - 1);
		stack.checked_to = (w->high + CFI_STACK_PAGE - 1) & ~(uintptr_t)(CFI_STACK_PAGE - 1);
	}
	if (w->foreign_high) {
		region = omp_region_of(w->foreign_omp, w->omp_copy, &stack.stop_sp);
		worker = !region && omp_worker_wait_of(w->foreign_omp, w->omp_copy, &wait);
	} else {
		region = omp_region_current(&stack.stop_sp);
		worker = !region && omp_worker_wait(&wait);
	}
	if (worker)
		stack.mark_sp = wait.mark_sp;
	w->depth = cfi_unwind(uc, &stack, w->frames, WALK_DEPTH, &w->cut, &stopped, cache);
	w->log_n = stack.log_n;
	w->log_failed = stack.log_failed;
	drop_own_handler_frames(w, &stack);
	if (stopped && region && w->depth > 1) {
		/* in an OpenMP region (omp-regions.h): its frames, less our
		 * run_region's, then the path that opened it */
		w->depth--;
		append_region(w, region);
	} else if (worker && stack.marked && (waits_in = omp_wait_region(&wait, stack.marked_ra))) {
		/* a worker at its region's closing barrier: the OpenMP
		 * runtime's frames below its thread start, then the region's
		 * path */
		w->depth = stack.marked;
		w->cut = 0;
		append_region(w, waits_in);
	} else if (worker && stack.marked && !text_below(w, stack.marked)) {
		/* a worker idle between regions: the runtime's frames below
		 * its thread start, under "[omp idle]" */
		w->depth = stack.marked;
		w->cut = 0;
		w->frames[w->depth++] = omp_idle_frame();
	} else
		trim_entry_frames(w);
	drop_interposer_frames(w);
	if (w->depth > MAX_DEPTH && !fold_recursion(w)) {
		w->depth = MAX_DEPTH;
		w->cut = 1;
	}
}

static uint64_t hash_frames(const uintptr_t *frames, unsigned depth)
{
	uint64_t h = 0xcbf29ce484222325ull ^ depth;

	for (unsigned i = 0; i < depth; i++) {
		h = (h ^ frames[i]) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	return h;
}

static int same_frames(const uintptr_t *a, const uintptr_t *b, unsigned depth)
{
	for (unsigned i = 0; i < depth; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* The generation of the walk's path: MODULE_MAP_ANY_TIME if all its
 * frames are in the executable, whose paths need none. */
static uint32_t path_generation(const struct walk *w)
{
	for (unsigned i = 0; i < w->depth; i++)
		if (!in_text(w->frames[i]))
			return unloaded_generation();
	return MODULE_MAP_ANY_TIME;
}

/* Counts the walk's path in t: its entry, or a new one. */
static void table_add(struct path_table *t, const struct walk *w, uint32_t weight)
{
	uint32_t gen = path_generation(w);
	uint64_t hash = hash_frames(w->frames, w->depth) ^ gen;
	uint32_t slot = (uint32_t)(hash >> (64 - TABLE_BITS));

	for (int probe = 0; probe < MAX_PROBES; probe++, slot = (slot + 1) & (TABLE_ENTRIES - 1)) {
		struct path_entry *e = &t->entries[slot];

		if (e->depth == 0) {
			if (t->frames_used > ARENA_FRAMES - w->depth)
				break;                  /* the arena is full */
			memcpy(&t->frames[t->frames_used], w->frames, w->depth * sizeof w->frames[0]);
			e->hash = hash;
			e->gen = gen;
			e->count = weight;
			e->offset = t->frames_used;
			t->frames_used += w->depth;
			/* last, for a writer in another thread's flush signal */
			__atomic_store_n(&e->depth, w->depth, __ATOMIC_RELEASE);
			return;
		}
		if (e->hash == hash && e->depth == w->depth && e->gen == gen &&
		    same_frames(&t->frames[e->offset], w->frames, w->depth)) {
			e->count += weight;
			return;
		}
	}
	t->lost += weight;
}

/* Counts the walk w of weight samples in t. */
static void add_walk(struct path_table *t, const struct walk *w, uint32_t weight)
{
	if (w->cut)
		t->cut += weight;
	if (w->folded)
		t->folded += weight;
	table_add(t, w, weight);
}

/* This thread's table, mapped and listed at its first sample. */
static struct path_table *own_table(void)
{
	struct path_table *t = my_table, *head;

	if (t || my_table_failed)
		return t;
	t = mmap(NULL, sizeof *t, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (t == MAP_FAILED) {
		my_table_failed = 1;    /* no mmap per sample: its samples are lost */
		return NULL;
	}
	head = __atomic_load_n(&cp.tables, __ATOMIC_RELAXED);
	do
		t->next = head;
	while (!__atomic_compare_exchange_n(&cp.tables, &head, t, 1, __ATOMIC_RELEASE,
					    __ATOMIC_RELAXED));
	my_table = t;
	return t;
}

void callpaths_record(const ucontext_t *uc, uint32_t weight)
{
	struct path_table *t;
	struct walk w;

	if (weight == 0 || !__atomic_load_n(&cp.enabled, __ATOMIC_ACQUIRE))
		return;
	/* callpaths_here may be mapping this thread's table */
	t = my_walking ? my_table : own_table();
	if (!t) {
		__atomic_fetch_add(&cp.lost_no_table, weight, __ATOMIC_RELAXED);
		return;
	}
	/* interrupting callpaths_here: its cache may be half-written */
	w.log = NULL;
	w.foreign_low = w.foreign_high = 0;
	walk(&w, uc, t->walk_frames, my_walking ? NULL : &t->unwind_cache, 0);
	add_walk(t, &w, weight);
}

int callpaths_stack_of(uintptr_t sp, uintptr_t *low, uintptr_t *high)
{
	return find_mapping(sp, low, high);
}

int callpaths_record_blocked(const ucontext_t *uc, uintptr_t low, uintptr_t high,
			     const struct omp_thread *omp, uint32_t weight,
			     struct wall_probe *probe, int tid, uintptr_t *pc)
{
	struct path_table *t;
	struct omp_region region;   /* (not in a signal handler: a stack of its own) */
	struct walk w;

	if (weight == 0 || !__atomic_load_n(&cp.enabled, __ATOMIC_ACQUIRE))
		return 1;
	if (!(t = own_table())) {
		__atomic_fetch_add(&cp.lost_no_table, weight, __ATOMIC_RELAXED);
		return 1;
	}
	w.log = NULL;
	w.foreign_low = low;
	w.foreign_high = high ? high : 1;   /* (none found: no word is read) */
	w.foreign_omp = omp;
	w.omp_copy = &region;
	walk(&w, uc, t->walk_frames, &t->unwind_cache, 0);
	if (!wall_probe_unmoved(probe, tid))
		return 0;       /* words of a stack that changed meanwhile */
	*pc = w.frames[0];
	add_walk(t, &w, weight);
	return 1;
}

/* The key of a walk of this thread's own stack from sp and bp, into
 * key; 0 where no memo may serve (a worker between regions: its walk
 * reads its wait's record too; sp off the stack known). */
static int here_key(struct walk_memo_key *key, uintptr_t sp, uintptr_t bp)
{
	struct omp_wait wait;

	if (sp < my_stack_low || sp >= my_stack_high)
		return 0;
	key->sp = sp;
	key->bp = bp;
	key->high = my_stack_high;
	key->cfi_generation = cfi_generation();
	key->interposers = interposers_registered();
	key->stop_sp = 0;
	key->region = omp_region_current(&key->stop_sp);
	key->region_depth = key->region ? key->region->depth : 0;
	return key->region || !omp_worker_wait(&wait);
}

/* Whether the walk w from key read only words a memo may read again
 * in place: on this stack at or above its stack pointer, or the region's
 * frames. */
static int memo_may_keep(const struct walk *w, const struct walk_memo_key *key)
{
	uintptr_t frames_low = key->region ? (uintptr_t)key->region->frames : 0,
		  frames_high = frames_low + key->region_depth * sizeof(uintptr_t);

	if (w->log_failed || w->log_n > WALK_MEMO_READS || w->depth > MAX_DEPTH)
		return 0;
	for (unsigned i = 0; i < w->log_n; i++) {
		uintptr_t at = w->log[i].at;

		if (!(at >= key->sp && at < key->high) && !(at >= frames_low && at < frames_high))
			return 0;
	}
	return 1;
}

unsigned callpaths_here(uintptr_t *frames, unsigned max, unsigned skip)
{
	struct path_table *t;
	struct walk_memo_key key;
	struct walk w;
	ucontext_t uc;
	const uintptr_t *found = NULL;
	uintptr_t rip, rsp, rbp;
	unsigned n = 0, depth = 0;
	int keyed;

	if (!__atomic_load_n(&cp.enabled, __ATOMIC_ACQUIRE))
		return 0;
	/* before the table: a sample in own_table's first call must not map
	 * a second one (it counts its path as lost) */
	my_walking = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t = own_table();
	if (t) {
		/* the registers the walk starts from: here (the others are
		 * 0, which no frame of a caller needs: its CFA is %rsp's or
		 * %rbp's) */
		__asm__ volatile("lea 0(%%rip), %0\n\tmov %%rsp, %1\n\tmov %%rbp, %2"
				 : "=r"(rip), "=r"(rsp), "=r"(rbp));
		keyed = here_key(&key, rsp, rbp);
		if (keyed)
			found = walk_memo_find(&t->here_memo, &key, &depth);
		if (!found) {
			uc.uc_mcontext.gregs[REG_RIP] = (greg_t)rip;
			uc.uc_mcontext.gregs[REG_RSP] = (greg_t)rsp;
			uc.uc_mcontext.gregs[REG_RBP] = (greg_t)rbp;
			for (unsigned r = 0; r < NGREG; r++)
				if (r != REG_RIP && r != REG_RSP && r != REG_RBP)
					uc.uc_mcontext.gregs[r] = 0;
			w.log = keyed ? t->here_reads : NULL;
			w.foreign_low = w.foreign_high = 0;
			walk(&w, &uc, t->here_frames, &t->unwind_cache, 1);
			if (keyed && memo_may_keep(&w, &key))
				walk_memo_keep(&t->here_memo, &key, w.log, w.log_n, w.frames,
					       w.depth);
			found = w.frames;
			depth = w.depth;
		}
		for (unsigned i = skip; i < depth && n < max; i++)
			frames[n++] = found[i];
	}
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	my_walking = 0;
	return n;
}

/* ---- Writing. ------------------------------------------------------- */

/* Calls visit for every path of the tables with its depth: an entry is
 * published by its depth, stored last (table_add) and read here with
 * acquire, as a flush signal writes while other threads add (a handler
 * stopped mid-insert at exit is passed over the same way). */
static int each_path(const struct path_table *tables,
		     int (*visit)(const struct path_table *t, const struct path_entry *e,
				  uint32_t depth, void *ctx),
		     void *ctx)
{
	for (const struct path_table *t = tables; t; t = t->next)
		for (uint32_t s = 0; s < TABLE_ENTRIES; s++) {
			const struct path_entry *e = &t->entries[s];
			uint32_t depth = __atomic_load_n(&e->depth, __ATOMIC_ACQUIRE);
			int err;

			if (depth == 0 || depth > MAX_DEPTH || e->offset > ARENA_FRAMES - depth)
				continue;
			if ((err = visit(t, e, depth, ctx)) != 0)
				return err;
		}
	return 0;
}

static int mark_path(const struct path_table *t, const struct path_entry *e, uint32_t depth,
		     void *map)
{
	for (uint32_t f = 0; f < depth; f++)
		module_map_mark_at(map, t->frames[e->offset + f], f > 0, e->gen);
	return 0;
}

/* Marks the modules the frames are in (module-map.h). */
static unsigned number_modules(struct module_map *map, const struct path_table *tables)
{
	each_path(tables, mark_path, map);
	return module_map_number(map);
}

struct paths_pass {
	struct module_map *modules;
	struct path_table *tables;
	unsigned rate;
	struct callpaths_summary *summary;
};

struct path_writing {
	struct text_out *o;
	const struct module_map *map;
	struct callpaths_summary *summary;
};

static int write_path(const struct path_table *t, const struct path_entry *e, uint32_t depth,
		      void *ctx)
{
	struct path_writing *w = ctx;

	text_out_printf(w->o, "path\t%llu\t", (unsigned long long)e->count);
	for (uint32_t f = 0; f < depth; f++)
		module_map_print_frame_at(w->o, w->map, t->frames[e->offset + f], f > 0, e->gen,
					  f + 1 < depth ? " " : "\n");
	w->summary->samples += e->count;
	w->summary->lines++;
	return 0;
}

static int fill_paths(int fd, void *ctx)
{
	struct paths_pass *pp = ctx;
	struct callpaths_summary *sum = pp->summary;
	struct text_out *o = text_out_open(fd);
	struct path_writing w = { o, pp->modules, sum };

	if (!o)
		return ENOMEM;
	text_out_printf(o, "%s %d\nrate\t%u\n", GMON_CALLPATHS_MAGIC, GMON_CALLPATHS_VERSION,
			pp->rate);
	module_map_print_modules(o, pp->modules);
	each_path(pp->tables, write_path, &w);
	text_out_printf(o, "# samples whose recursion was folded to fit %d frames: %llu\n",
			MAX_DEPTH, (unsigned long long)sum->folded);
	text_out_printf(o, "# samples with a path: %llu; lost (table full): %llu; cut at %d "
			"frames: %llu\n", (unsigned long long)sum->samples,
			(unsigned long long)sum->lost, MAX_DEPTH, (unsigned long long)sum->cut);
	return text_out_close(o);
}

static int find_path_modules(const struct path_table *t, const struct path_entry *e,
			     uint32_t depth, void *map)
{
	for (uint32_t f = 0; f < depth; f++) {
		uintptr_t frame = t->frames[e->offset + f];

		if (module_map_add_pc(map, f > 0 ? frame - 1 : frame) != 0)
			return ENOMEM;
	}
	return 0;
}

/* A signal handler's map (module-map.h): the modules of every frame, the
 * executable's first. */
static int find_modules(struct module_map *map, const struct path_table *tables,
			uintptr_t executable_pc)
{
	int err;

	*map = (struct module_map){0};
	err = module_map_add_pc(map, executable_pc);
	if (err == 0 && map->n == 0)
		err = ENOENT;
	/* every closed load: a frame's is the one of its generation */
	if (err == 0)
		err = module_map_add_unloaded(map);
	if (err == 0)
		err = each_path(tables, find_path_modules, map);
	if (err != 0)
		module_map_free(map);
	return err;
}

int callpaths_enabled(void)
{
	return __atomic_load_n(&cp.enabled, __ATOMIC_ACQUIRE);
}

int callpaths_write(const char *profile_path, unsigned rate, uintptr_t from_signal,
		    struct module_map *shared, struct callpaths_summary *summary)
{
	struct path_table *tables = __atomic_load_n(&cp.tables, __ATOMIC_ACQUIRE);
	struct module_map own, *map = shared && !from_signal ? shared : &own;
	struct paths_pass pp = { map, tables, rate, summary };
	char path[4096];
	int err;

	*summary = (struct callpaths_summary){0};
	if (!__atomic_load_n(&cp.enabled, __ATOMIC_ACQUIRE))
		return companion_remove(profile_path, GMON_CALLPATHS_NAME);
	summary->enabled = 1;
	summary->lost = __atomic_load_n(&cp.lost_no_table, __ATOMIC_RELAXED);
	for (const struct path_table *t = tables; t; t = t->next) {
		summary->lost += t->lost;
		summary->cut += t->cut;
		summary->folded += t->folded;
	}
	if (companion_name(profile_path, GMON_CALLPATHS_NAME, path, sizeof path) >= sizeof path)
		return ENAMETOOLONG;
	err = from_signal ? find_modules(map, tables, from_signal)
	      : map == &own ? module_map_read(map) : 0;
	if (err != 0)
		return err;
	summary->modules = number_modules(map, tables);
	err = output_write_with(path, fill_paths, &pp);
	if (map == &own)
		module_map_free(&own);
	return err;
}
