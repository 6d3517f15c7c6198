/*
 * unwind-cfi.h - the call path of an interrupted thread by the unwind
 * tables (eh-frame.h), from the SIGPROF handler: async-signal-safe, no
 * malloc, no lock, bounded in time (max frames, each step moving the stack
 * pointer up) and in what it reads (every stack word inside the bounds the
 * caller gives, every table byte inside its object).
 *
 * From the signal's ucontext (all general registers of the interrupted
 * thread), each frame's rules give its CFA (the caller's stack pointer),
 * the return address and the registers the frame saved (%rbp, %rbx, ...),
 * which the caller's rules may need.  Where no table covers a PC (code
 * with no .eh_frame_hdr, or in no object), one step follows the frame
 * pointer (%rbp: [rbp] the caller's, [rbp+8] the return address), and the
 * return address must then be in a loaded object.  No stack word is ever
 * taken for a frame because it looks like a return address.
 *
 * The rules of the PCs seen are kept in a cache the caller owns (one per
 * thread: no other thread reads or writes it), so a PC's table is read
 * once, not at every sample: a direct-mapped array of the simple rules
 * (CFA = register + offset; return address and %rbp saved at CFA + offset
 * or kept), the others read again each time.
 */
#ifndef GMON_MPI_UNWIND_CFI_H
#define GMON_MPI_UNWIND_CFI_H

#include <stdint.h>
#include <ucontext.h>

#define CFI_CACHE_BITS 11
#define CFI_STACK_PAGE ((uintptr_t)4096)   /* what checked_from/to count in */

struct cfi_cached_rule {
	uintptr_t pc;            /* the PC looked up (0: free) */
	int32_t cfa_offset;
	int32_t ra_offset;       /* the return address is at CFA + ra_offset */
	int32_t rbp_offset;      /* %rbp saved at CFA + rbp_offset, if rbp_saved */
	uint16_t lost_regs;      /* registers the frame saved: unknown in its caller */
	uint8_t cfa_reg;
	uint8_t flags;           /* CFI_RBP_SAVED, CFI_OUTERMOST, CFI_NO_TABLE */
};

struct cfi_cache {
	struct cfi_cached_rule rules[1u << CFI_CACHE_BITS];
	uint64_t generation;     /* of cfi_forget's: the rules are older if it differs */
};

/* A stack word a walk read, and its value. */
struct cfi_read {
	uintptr_t at, value;
};

struct cfi_stack {
	uintptr_t low, high;     /* the stack words read lie in [low, high) */
	uintptr_t stop_sp;       /* not 0: the walk ends at a frame whose %rsp is above */
	uintptr_t mark_sp;       /* not 0: the first frame whose %rsp is above is marked: */
	unsigned marked;         /* out: the frames written below it (0: none marked) */
	uintptr_t marked_ra;     /* out: its return address (not written where the walk ends) */
	unsigned signal_at;      /* out: the first frame written after a signal
				  * frame, the PC it interrupted (0: none) */
	/* The pages of [low, high) found mapped by this walk, [from, to)
	 * (both 0 at first): the mapping [low, high) was found in may have
	 * shrunk since (a user-level thread's stack unmapped in part: issue
	 * 31, item 10), so a page is read first by a copy that cannot fault
	 * (image_copy_mapped), once per walk. */
	uintptr_t checked_from, checked_to;
	/* Not NULL: every word read is logged in log[0 .. log_max) (walk-memo.h);
	 * log_n counts them, past log_max too; log_failed counts the reads
	 * refused (out of bounds, not mapped). */
	struct cfi_read *log;
	unsigned log_n, log_max, log_failed;
};

/* Fills frames[0..max) with the interrupted PC and the return addresses
 * outward (after a signal handler's frame, libc's __restore_rt, the PC
 * the signal interrupted plus 1, which is no return address); returns how
 * many.  *cut is set when max frames were not enough, *stopped when the
 * walk ended at stack->stop_sp (the frame above it not written).  cache
 * may be NULL (nothing kept). */
unsigned cfi_unwind(const ucontext_t *uc, struct cfi_stack *stack, uintptr_t *frames,
		    unsigned max, int *cut, int *stopped, struct cfi_cache *cache);

/* Async-signal-safe: how often cfi_forget was called (a walk's result
 * may differ once it changed). */
uint64_t cfi_generation(void);

/* Makes every cache's rules stale (a module was unloaded: another may be
 * loaded at its addresses).  Async-signal-safe. */
void cfi_forget(void);

#endif /* GMON_MPI_UNWIND_CFI_H */
