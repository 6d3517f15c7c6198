/* libbadrbp.c - a library built without frame pointers (-O2
 * -fomit-frame-pointer -mno-red-zone) whose loops keep data in %rbp, as
 * optimized code may.  A call-path walk that follows %rbp reads that data;
 * it must not become a frame, and the caller must still be found (by the
 * unwind tables, which this library has like any other).  Each function spins n times with %rbp set to:
 *   bad_rbp_burn      two stack words that look like a frame, the
 *                     caller's frame pointer and a "return address" in no
 *                     module;
 *   copies_burn       an address out of the stack, with four copies of the
 *                     return address into the caller on the stack below
 *                     the real one (the dynamic linker keeps dlopen's
 *                     caller in several frames): the caller is one frame;
 *   zero_record_burn  two stack words that look like the entry code's
 *                     frame (main's saved 0, then a return address into
 *                     libc), but after a library's frame. */
#include <stdint.h>
#include <stdlib.h>

/* Spins n times with %rbp = rbp (restored after).  The push and the saved
 * %rbp are told to the unwind tables (.cfi_adjust_cfa_offset,
 * .cfi_rel_offset), as a compiler does for the code it writes: without
 * them the tables would put the return address 8 bytes off inside the
 * loop, and say that %rbp is kept. */
static inline __attribute__((always_inline)) void spin_with_rbp(long n, uintptr_t rbp)
{
	__asm__ volatile("push %%rbp\n\t"
			 ".cfi_adjust_cfa_offset 8\n\t"
			 ".cfi_rel_offset %%rbp, 0\n\t"
			 "mov %1, %%rbp\n"
			 "1:\n\t"
			 "dec %0\n\t"
			 "jnz 1b\n\t"
			 "pop %%rbp\n\t"
			 ".cfi_adjust_cfa_offset -8\n\t"
			 ".cfi_restore %%rbp"
			 : "+r"(n)
			 : "r"(rbp)
			 : "memory", "cc");
}

void bad_rbp_burn(long n)
{
	volatile uintptr_t words[2];
	uintptr_t caller_fp;

	__asm__ volatile("mov %%rbp, %0" : "=r"(caller_fp));
	words[0] = caller_fp;
	words[1] = 0x80000101;          /* in no module */
	spin_with_rbp(n, (uintptr_t)words);
}

void copies_burn(long n)
{
	volatile uintptr_t copies[4];

	for (int i = 0; i < 4; i++)
		copies[i] = (uintptr_t)__builtin_return_address(0);
	spin_with_rbp(n, 0x1000);
	(void)copies[0];
}

void zero_record_burn(long n)
{
	volatile uintptr_t words[2];

	words[0] = 0;
	words[1] = (uintptr_t)&abort;   /* in libc */
	spin_with_rbp(n, (uintptr_t)words);
}
