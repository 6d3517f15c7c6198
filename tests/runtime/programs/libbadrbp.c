/* libbadrbp.c - a library built without frame pointers (-O2
 * -fomit-frame-pointer -mno-red-zone) whose loop keeps data in %rbp, as
 * optimized code may: %rbp points at two stack words that look like a
 * frame, the caller's frame pointer and a "return address" in no module.
 * A call-path walk that follows %rbp reads that word; it must not become
 * a frame, and the caller must still be found (the stack scan between). */
#include <stdint.h>
#include <stdlib.h>

void bad_rbp_burn(long n)
{
	volatile uintptr_t words[2];
	uintptr_t caller_fp;

	__asm__ volatile("mov %%rbp, %0" : "=r"(caller_fp));
	words[0] = caller_fp;
	words[1] = 0x80000101;          /* in no module */
	__asm__ volatile("push %%rbp\n\t"
			 "mov %1, %%rbp\n"
			 "1:\n\t"
			 "dec %0\n\t"
			 "jnz 1b\n\t"
			 "pop %%rbp"
			 : "+r"(n)
			 : "r"(words)
			 : "memory", "cc");
}

/* The same, with %rbp out of the stack (the walk cannot follow it and
 * scans the whole stack) and four copies of the return address into the
 * caller on the stack below the real one, as the dynamic linker keeps
 * dlopen's caller in several frames: the caller must be one frame. */
void copies_burn(long n)
{
	volatile uintptr_t copies[4];

	for (int i = 0; i < 4; i++)
		copies[i] = (uintptr_t)__builtin_return_address(0);
	__asm__ volatile("push %%rbp\n\t"
			 "mov $0x1000, %%rbp\n"
			 "1:\n\t"
			 "dec %0\n\t"
			 "jnz 1b\n\t"
			 "pop %%rbp"
			 : "+r"(n)
			 : "r"(copies)
			 : "memory", "cc");
}

/* %rbp at two words that look like the entry code's frame (main's saved
 * 0, then a return address into libc): after a library's frame they are
 * data, and the caller must still be found. */
void zero_record_burn(long n)
{
	volatile uintptr_t words[2];

	words[0] = 0;
	words[1] = (uintptr_t)&abort;   /* in libc */
	__asm__ volatile("push %%rbp\n\t"
			 "mov %1, %%rbp\n"
			 "1:\n\t"
			 "dec %0\n\t"
			 "jnz 1b\n\t"
			 "pop %%rbp"
			 : "+r"(n)
			 : "r"(words)
			 : "memory", "cc");
}
