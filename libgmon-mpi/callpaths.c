/*
 * callpaths.c - see callpaths.h.
 *
 * In the signal handler (async-signal-safe: system calls, no malloc, no
 * lock, no stdio):
 *
 *   - the path: the PC, then the return addresses of the frame-pointer
 *     chain from %rbp ([fp] the caller's fp, [fp+8] the return address),
 *     -pg code keeping its frame pointers.  Every word is read only after
 *     checking that it lies in the thread's stack (a bad read in a signal
 *     handler kills the program): the readable mapping that holds %rsp,
 *     found in /proc/self/maps once per thread (open/read/close) and again
 *     when %rsp leaves it; and each page of it at its first read of a walk
 *     by a copy that cannot fault (the mapping may have shrunk since: a
 *     coroutine's stack).  A frame pointer must be 8-aligned, inside
 *     [sp, stack end - 16] and above the previous one; the walk stops on
 *     anything else, on a zero return address, or at the maximum depth
 *     (the sample is then counted as cut).  A return address outside the
 *     executable must be in a loaded module (_dl_find_object), else it is
 *     left out.
 *
 *   - two corrections for code the chain does not see.  Library code
 *     (libc's qsort, libmpi) keeps no frame pointers, so the executable's
 *     function that called into a library has no frame in the chain: its
 *     return address is only somewhere on the stack between the library's
 *     callee's frame and the next frame.  Where the chain reaches a return
 *     address outside the executable's text (and where the sampled PC
 *     itself is outside), the words of that gap are scanned for return
 *     addresses into the executable's text (the bytes before them decode
 *     as a call) and those are inserted, deeper first.  And a function
 *     sampled on its first instruction (push %rbp), on the next (mov
 *     %rsp,%rbp) or on its ret has the caller's %rbp: its return address
 *     is taken from the top of the stack, so that its caller is not lost.
 *     Code bytes are read inside the executable's text only.
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
 * stored last (release) and read first (acquire).
 */
#define _GNU_SOURCE
#include "callpaths.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "gmon-callpaths.h"
#include "histogram.h"
#include "image.h"
#include "module-map.h"
#include "output.h"
#include "profile-name.h"
#include "text-out.h"
#include "unloaded.h"

#define MAX_DEPTH GMON_CALLPATHS_MAX_DEPTH
#define TABLE_BITS 14
#define TABLE_ENTRIES (1u << TABLE_BITS)  /* distinct paths per thread */
#define ARENA_FRAMES (1u << 20)           /* their frames: 8 MiB per thread */
#define MAX_PROBES 32
#define SCAN_WORDS 4096                   /* stack words scanned per gap */
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
	uint32_t frames_used;
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

void callpaths_init(int enabled)
{
	const struct histogram *h = &gmon_histogram;

	cp.text_low = h->low_pc + h->load_bias;
	cp.text_high = h->high_pc + h->load_bias;
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
	uintptr_t frames[MAX_DEPTH];
	unsigned depth;
	int cut;             /* a frame did not fit */
	uintptr_t sp, high;
	uintptr_t page;      /* the stack page last found readable (0: none yet) */
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

	if (w->sp < my_stack_low || w->sp >= my_stack_high) {
		if (!find_mapping(w->sp, &low, &high))
			return 0;
		my_stack_low = low;
		my_stack_high = high;
	}
	w->high = my_stack_high;
	return 1;
}

/* The stack word at address at, if it lies in [sp, high) and its page is
 * readable now: the mapping cached may have shrunk since (a user-level
 * thread's stack unmapped in part and reused, its frame pointer chain going
 * on past the new end: issue 31, item 10), so each page is checked at its
 * first read of the walk, by a copy that cannot fault. */
static int stack_word(struct walk *w, uintptr_t at, uintptr_t *value)
{
	uintptr_t page = at & ~(uintptr_t)4095;

	if ((at & 7) != 0 || at < w->sp || at > w->high - 8)
		return 0;
	if (page != w->page) {
		if (!image_copy_mapped(value, at, sizeof *value))
			return 0;
		w->page = page;
		return 1;
	}
	*value = *(const uintptr_t *)at;
	return 1;
}

/* A frame pointer the chain may follow: 8-aligned, above floor (the
 * previous one, or sp), with its two words in the stack. */
static int valid_fp(const struct walk *w, uintptr_t fp, uintptr_t floor)
{
	return (fp & 7) == 0 && fp >= floor && fp >= w->sp && fp <= w->high - 16;
}

static int push_frame(struct walk *w, uintptr_t pc)
{
	if (w->depth == MAX_DEPTH) {
		w->cut = 1;
		return 0;
	}
	w->frames[w->depth++] = pc;
	return 1;
}

static unsigned char code_byte(uintptr_t at)
{
	return *(const unsigned char *)at;
}

/* The length of an ff /2 call (call *r/m64) from its ff byte, given its
 * ModRM (and SIB, if room > 2 bytes): 0 if not such a call. */
static unsigned indirect_call_length(uintptr_t ff, unsigned room)
{
	unsigned modrm = code_byte(ff + 1), mod = modrm >> 6, rm = modrm & 7;

	if (((modrm >> 3) & 7) != 2)
		return 0;
	if (mod == 3)
		return 2;                               /* call *%rax */
	if (rm == 4 && room < 3)
		return 0;                               /* the SIB is not before ret */
	if (mod == 0 && rm == 5)
		return 6;                               /* call *disp32(%rip) */
	if (mod == 0 && rm == 4)
		return (code_byte(ff + 2) & 7) == 5 ? 7 : 3;
	if (mod == 0)
		return 2;                               /* call *(%rax) */
	if (mod == 1)
		return rm == 4 ? 4 : 3;                 /* disp8 */
	return rm == 4 ? 7 : 6;                         /* disp32 */
}

/* Whether ret (in the executable's text) follows a call instruction: e8
 * rel32, or ff /2 (a REX prefix before ff does not change where it is). */
static int follows_call(uintptr_t ret)
{
	static const unsigned ff_lengths[] = {2, 3, 4, 6, 7};

	if (ret - 5 >= cp.text_low && code_byte(ret - 5) == 0xe8)
		return 1;
	for (size_t i = 0; i < sizeof ff_lengths / sizeof ff_lengths[0]; i++) {
		unsigned k = ff_lengths[i];

		if (ret - k >= cp.text_low && code_byte(ret - k) == 0xff &&
		    indirect_call_length(ret - k, k) == k)
			return 1;
	}
	return 0;
}

/* A call followed by hlt never returns: _start's, of __libc_start_main,
 * at the top of the main thread's stack, above main. */
static int never_returns(uintptr_t ret)
{
	return code_byte(ret) == 0xf4;
}

/* Whether a word is a function's entry (push %rbp; mov %rsp,%rbp, which
 * every -pg function starts with, after an endbr64 or not), not a return
 * address: a function pointer on the stack (main's, in libc's
 * __libc_start_main) whose function follows a call that never returns
 * (an exit at the end of the function before it), so that the bytes
 * before it decode as a call. */
static int starts_function(uintptr_t word)
{
	static const unsigned char endbr64[4] = {0xf3, 0x0f, 0x1e, 0xfa};
	unsigned char code[8];

	if (word + sizeof code > cp.text_high)
		return 0;
	for (unsigned i = 0; i < sizeof code; i++)
		code[i] = code_byte(word + i);
	if (memcmp(code, endbr64, sizeof endbr64) == 0)
		memmove(code, code + 4, 4);
	return code[0] == 0x55 && code[1] == 0x48 && code[2] == 0x89 && code[3] == 0xe5;
}

/*
 * Return addresses into the executable in the stack words [from, to) (at
 * most SCAN_WORDS), deeper first: the executable's functions that called
 * into a library without frame pointers.  When to is the next frame
 * (bounded), the gap is the library's frames under one call from the
 * executable: only the outermost such word is that call's, the others are
 * stale, left by earlier calls in slots the library's frames did not
 * overwrite (measured: an MPI_Barrier called from main gave main;main).
 * Unbounded (the chain broke), every such word is kept, but once where it
 * repeats: copies of one return address (dlopen keeps its caller's in
 * several of the dynamic linker's frames) gave main;main;main;main.
 */
static void scan_gap(struct walk *w, uintptr_t from, uintptr_t to, int bounded)
{
	uintptr_t word, outermost = 0;

	from = (from + 7) & ~(uintptr_t)7;
	for (unsigned n = 0; from < to && n < SCAN_WORDS; from += 8, n++) {
		if (!stack_word(w, from, &word))
			break;
		if (!in_text(word) || !follows_call(word) || never_returns(word) ||
		    starts_function(word))
			continue;
		if (bounded)
			outermost = word;
		else if (w->frames[w->depth - 1] != word && !push_frame(w, word))
			return;
	}
	if (outermost)
		push_frame(w, outermost);
}

/* A PC in the executable on push %rbp, on the mov %rsp,%rbp after it, or
 * on ret: %rbp is still the caller's frame's, whose return address skips
 * the caller.  The return address is on top of the stack (above the
 * pushed %rbp after the push). */
static void prologue_return(struct walk *w, uintptr_t pc)
{
	unsigned char op = code_byte(pc);
	uintptr_t ret;
	int at_mov = op == 0x48 && pc + 3 <= cp.text_high && pc > cp.text_low &&
		     code_byte(pc + 1) == 0x89 && code_byte(pc + 2) == 0xe5 &&
		     code_byte(pc - 1) == 0x55;

	if (op != 0x55 && op != 0xc3 && !at_mov)
		return;
	if (stack_word(w, w->sp + (at_mov ? 8 : 0), &ret) && ret != 0)
		push_frame(w, ret);
}

/* Whether a return address outside the executable is in a loaded module
 * (glibc's _dl_find_object: async-signal-safe, no lock).  Code that keeps
 * data in %rbp (a library without frame pointers) makes the chain read
 * words that are not return addresses: 0x80000101 was one, below
 * MPI_Init. */
static int in_module(uintptr_t ret)
{
	struct dl_find_object found;

	return _dl_find_object((void *)(ret - 1), &found) == 0;
}

/* A return address outside the executable: the frame at fp was called by
 * a library, whose own frames (no frame pointers) are the gap up to the
 * next frame, with the executable's functions that called into it.
 * Returns whether the chain goes on at next (the library may have used
 * %rbp for something else: then the gap is scanned as far as allowed). */
static int library_gap(struct walk *w, uintptr_t fp, uintptr_t next)
{
	int next_ok = valid_fp(w, next, fp + 8);

	scan_gap(w, fp + 16, next_ok ? next : w->high, next_ok);
	return next_ok;
}

/*
 * The frames after the path's last one in the executable are a thread's
 * entry code (libc's __libc_start_call_main or start_thread, the runtime's
 * or libgomp's thread start) or what library code without frame pointers
 * left in %rbp: the path ends at main or the thread's start routine.  A
 * path that never reached the executable, or was cut, is kept whole.
 */
static void trim_entry_frames(struct walk *w)
{
	unsigned last = w->depth;

	if (w->cut)
		return;
	while (last > 0 && !in_text(w->frames[last - 1]))
		last--;
	if (last > 0)
		w->depth = last;
}

/* The frame-pointer chain from fp, with the gaps of library frames. */
static void follow_chain(struct walk *w, uintptr_t fp)
{
	uintptr_t floor = w->sp, ret, next;

	while (valid_fp(w, fp, floor)) {
		if (!stack_word(w, fp + 8, &ret) || !stack_word(w, fp, &next) || ret == 0)
			return;
		/* not after a call: not a frame (the %rbp of code without
		 * frame pointers) */
		if (in_text(ret) && !follows_call(ret))
			return;
		/* The entry code (_start, a new thread's start in libc) clears
		 * %rbp: the frame that saved a 0 is main's or the thread start
		 * routine's, and its return address is into that code.  Only
		 * theirs: after a library's frame, a 0 is data, and the rest
		 * of the stack is scanned. */
		if (next == 0) {
			if (!in_text(w->frames[w->depth - 1]))
				scan_gap(w, fp + 16, w->high, 0);
			return;
		}
		/* a word in no module is not pushed; the library's frames
		 * around it are scanned all the same */
		if ((in_text(ret) || in_module(ret)) && !push_frame(w, ret))
			return;
		if (!in_text(ret) && !library_gap(w, fp, next))
			return;
		floor = fp + 8;
		fp = next;
	}
}

static void walk(struct walk *w, const ucontext_t *uc)
{
	uintptr_t pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
	uintptr_t fp = (uintptr_t)uc->uc_mcontext.gregs[REG_RBP];

	w->depth = 0;
	w->cut = 0;
	w->page = 0;
	w->sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
	push_frame(w, pc);
	if (!stack_bounds(w))
		return;                 /* the PC alone */
	if (in_text(pc))
		prologue_return(w, pc);
	else if (valid_fp(w, fp, w->sp))
		scan_gap(w, w->sp, fp, 1);
	else
		scan_gap(w, w->sp, w->high, 0);
	follow_chain(w, fp);
	trim_entry_frames(w);
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
	t = own_table();
	if (!t) {
		__atomic_fetch_add(&cp.lost_no_table, weight, __ATOMIC_RELAXED);
		return;
	}
	walk(&w, uc);
	if (w.cut)
		t->cut += weight;
	table_add(t, &w, weight);
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

int callpaths_write(const char *profile_path, unsigned rate, uintptr_t from_signal,
		    struct callpaths_summary *summary)
{
	struct path_table *tables = __atomic_load_n(&cp.tables, __ATOMIC_ACQUIRE);
	struct module_map map;
	struct paths_pass pp = { &map, tables, rate, summary };
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
	}
	if (companion_name(profile_path, GMON_CALLPATHS_NAME, path, sizeof path) >= sizeof path)
		return ENAMETOOLONG;
	err = from_signal ? find_modules(&map, tables, from_signal) : module_map_read(&map);
	if (err != 0)
		return err;
	summary->modules = number_modules(&map, tables);
	err = output_write_with(path, fill_paths, &pp);
	module_map_free(&map);
	return err;
}
