/*
 * arcs.c - per-thread arc tables.
 *
 * Each thread owns a table (a fixed bucket array and chained entries carved
 * from mmap'ed chunks), so mcount needs neither locks nor atomic
 * read-modify-writes: concurrent threads never lose a call.  Entries are
 * published with release stores so that the exit-time reader, which walks
 * the chunks of every table, sees only complete entries.  A table outlives
 * its thread: at thread exit it is retired, keeping its counts, and handed
 * to the next new thread, so memory is bounded by the peak number of
 * threads, not by the number ever created.  Nothing here calls malloc.
 */
#include "arcs.h"
#include "arcs-layout.h"

#include <pthread.h>
#include <stddef.h>
#include <sys/mman.h>

#define BUCKET_BITS ARC_BUCKET_BITS
#define NBUCKETS (1u << BUCKET_BITS)
#define CHUNK_BYTES (1u << 20)

struct arc_entry {
	uintptr_t from_pc;
	uintptr_t self_pc;
	uint64_t count;
	struct arc_entry *next; /* in the bucket's chain */
};

struct arc_chunk {
	struct arc_chunk *next; /* older chunk of the same table */
	size_t used;            /* published entries, read with acquire */
	size_t capacity;
	struct arc_entry entries[];
};

struct arc_table {
	struct arc_entry *buckets[NBUCKETS];
	struct arc_chunk *chunks;      /* newest first */
	int busy;                      /* the owner thread is inside mcount */
	uint64_t dropped_reentrant;    /* written by the owner only */
	uint64_t dropped_no_memory;
	struct arc_table *next_all;    /* every table ever made */
	struct arc_table *next_retired;
};

_Static_assert(offsetof(struct arc_table, buckets) == 0, "the fast path's bucket array");
_Static_assert(offsetof(struct arc_table, busy) == ARC_TABLE_BUSY, "the fast path's busy flag");
_Static_assert(offsetof(struct arc_entry, from_pc) == ARC_ENTRY_FROM, "the fast path's from_pc");
_Static_assert(offsetof(struct arc_entry, self_pc) == ARC_ENTRY_SELF, "the fast path's self_pc");
_Static_assert(offsetof(struct arc_entry, count) == ARC_ENTRY_COUNT, "the fast path's count");

/*
 * The trampolines' fast path reads these two (hidden, not exported) and
 * increments the count of the arc at the head of its bucket; anything else
 * (not recording, no table yet, busy, a miss) takes gmon_count_arc().
 */
int gmon_arcs_state = ARCS_RECORDING;
__thread struct arc_table *gmon_arcs_my_table;

static struct arc_table *all_tables;
static struct arc_table *retired_tables;
static pthread_mutex_t retired_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_key_t retire_key;
static pthread_once_t retire_key_once = PTHREAD_ONCE_INIT;
static uint64_t dropped_late;
static uint64_t dropped_getting_table; /* re-entered while getting a table */
static uint64_t dropped_no_table;      /* mmap of a new table failed */

static __thread int getting_table __attribute__((tls_model("initial-exec")));

static void *map_zeroed(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void retire_table(void *table)
{
	struct arc_table *t = table;

	gmon_arcs_my_table = NULL;
	pthread_mutex_lock(&retired_lock);
	t->next_retired = retired_tables;
	retired_tables = t;
	pthread_mutex_unlock(&retired_lock);
}

static void create_retire_key(void)
{
	pthread_key_create(&retire_key, retire_table);
}

static struct arc_table *reuse_retired_table(void)
{
	struct arc_table *t;

	pthread_mutex_lock(&retired_lock);
	t = retired_tables;
	if (t)
		retired_tables = t->next_retired;
	pthread_mutex_unlock(&retired_lock);
	return t;
}

static struct arc_table *make_table(void)
{
	struct arc_table *t = map_zeroed(sizeof *t);

	if (!t)
		return NULL;
	t->next_all = __atomic_load_n(&all_tables, __ATOMIC_ACQUIRE);
	while (!__atomic_compare_exchange_n(&all_tables, &t->next_all, t, 1, __ATOMIC_RELEASE,
					    __ATOMIC_ACQUIRE))
		;
	return t;
}

/* The first call in a thread: give it a table. */
static __attribute__((noinline)) struct arc_table *acquire_table(void)
{
	struct arc_table *t;

	if (getting_table) {
		__atomic_fetch_add(&dropped_getting_table, 1, __ATOMIC_RELAXED);
		return NULL;
	}
	getting_table = 1;
	pthread_once(&retire_key_once, create_retire_key);
	t = reuse_retired_table();
	if (!t)
		t = make_table();
	if (t) {
		pthread_setspecific(retire_key, t);
		gmon_arcs_my_table = t;
	} else {
		__atomic_fetch_add(&dropped_no_table, 1, __ATOMIC_RELAXED);
	}
	getting_table = 0;
	return t;
}

static struct arc_chunk *add_chunk(struct arc_table *t)
{
	struct arc_chunk *c = map_zeroed(CHUNK_BYTES);

	if (!c)
		return NULL;
	c->capacity = (CHUNK_BYTES - offsetof(struct arc_chunk, entries)) / sizeof(struct arc_entry);
	c->next = t->chunks;
	__atomic_store_n(&t->chunks, c, __ATOMIC_RELEASE);
	return c;
}

static __attribute__((noinline)) void insert_arc(struct arc_table *t, struct arc_entry **bucket,
						 uintptr_t from_pc, uintptr_t self_pc)
{
	struct arc_chunk *c = t->chunks;
	struct arc_entry *e;

	if (!c || c->used == c->capacity) {
		c = add_chunk(t);
		if (!c) {
			t->dropped_no_memory++;
			return;
		}
	}
	e = &c->entries[c->used];
	e->from_pc = from_pc;
	e->self_pc = self_pc;
	e->count = 1;
	e->next = *bucket;
	__atomic_store_n(bucket, e, __ATOMIC_RELEASE);
	__atomic_store_n(&c->used, c->used + 1, __ATOMIC_RELEASE);
}

static __attribute__((noinline)) void count_unrecorded_call(void)
{
	if (__atomic_load_n(&gmon_arcs_state, __ATOMIC_RELAXED) == ARCS_CLOSED)
		__atomic_fetch_add(&dropped_late, 1, __ATOMIC_RELAXED);
}

static inline unsigned bucket_of(uintptr_t from_pc, uintptr_t self_pc)
{
	return (unsigned)(((from_pc ^ (self_pc << 1)) * (uint64_t)ARC_HASH_MUL) >> (64 - BUCKET_BITS));
}

void gmon_count_arc(uintptr_t from_pc, uintptr_t self_pc)
{
	struct arc_table *t = gmon_arcs_my_table;
	struct arc_entry **bucket;
	struct arc_entry *e;

	if (__builtin_expect(__atomic_load_n(&gmon_arcs_state, __ATOMIC_RELAXED) != ARCS_RECORDING, 0)) {
		count_unrecorded_call();
		return;
	}
	if (__builtin_expect(t == NULL, 0)) {
		t = acquire_table();
		if (!t)
			return;
	}
	if (__builtin_expect(t->busy, 0)) {
		t->dropped_reentrant++;
		return;
	}
	t->busy = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);

	bucket = &t->buckets[bucket_of(from_pc, self_pc)];
	for (e = *bucket; e; e = e->next) {
		if (e->from_pc == from_pc && e->self_pc == self_pc) {
			__atomic_store_n(&e->count, e->count + 1, __ATOMIC_RELAXED);
			goto done;
		}
	}
	insert_arc(t, bucket, from_pc, self_pc);
done:
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	t->busy = 0;
}

void arcs_set_state(enum arc_state state)
{
	__atomic_store_n(&gmon_arcs_state, state, __ATOMIC_SEQ_CST);
}

void arcs_for_each(arc_visitor visit, void *ctx)
{
	for (struct arc_table *t = __atomic_load_n(&all_tables, __ATOMIC_ACQUIRE); t; t = t->next_all) {
		for (struct arc_chunk *c = __atomic_load_n(&t->chunks, __ATOMIC_ACQUIRE); c; c = c->next) {
			size_t used = __atomic_load_n(&c->used, __ATOMIC_ACQUIRE);

			for (size_t i = 0; i < used; i++) {
				const struct arc_entry *e = &c->entries[i];

				visit(e->from_pc, e->self_pc,
				      __atomic_load_n(&e->count, __ATOMIC_RELAXED), ctx);
			}
		}
	}
}

void arcs_get_stats(struct arc_stats *stats)
{
	*stats = (struct arc_stats){0};
	for (struct arc_table *t = __atomic_load_n(&all_tables, __ATOMIC_ACQUIRE); t; t = t->next_all) {
		stats->dropped_reentrant += __atomic_load_n(&t->dropped_reentrant, __ATOMIC_RELAXED);
		stats->dropped_no_memory += __atomic_load_n(&t->dropped_no_memory, __ATOMIC_RELAXED);
	}
	stats->dropped_reentrant += __atomic_load_n(&dropped_getting_table, __ATOMIC_RELAXED);
	stats->dropped_no_memory += __atomic_load_n(&dropped_no_table, __ATOMIC_RELAXED);
	stats->dropped_late = __atomic_load_n(&dropped_late, __ATOMIC_RELAXED);
}

void arcs_after_fork_in_child(void)
{
	pthread_mutex_init(&retired_lock, NULL);
}
