/* A local non-function symbol in the text (an assembler label inside a
 * function), as hand-written assembly has. */
#include <stdio.h>

static long __attribute__((noinline)) work(long n)
{
	long s = 0;

	for (long i = 0; i < n; i++) {
		__asm__ volatile("inner_label_%=:" ::: "memory");
		s += i % 7;
	}
	return s;
}

static long __attribute__((noinline)) helper(long n)
{
	return work(n) + 1;
}

int main(void)
{
	long s = 0;

	for (int k = 0; k < 200; k++)
		s += helper(200000);
	printf("%ld\n", s);
	return 0;
}
