/*
 * nested-inlines.c - functions GCC inlines at -O2 inside each other and at
 * several call sites of one function: leaf into middle (twice), middle
 * into outer, leaf into outer, and all three into main, so that one
 * address of main is main, outer, middle and leaf at once
 * (e2e-inlined-nested.sh).  An argument scales the run (default 1).
 */
#include <stdio.h>
#include <stdlib.h>

volatile double sink;

static inline __attribute__((always_inline)) double leaf(double x, long n)
{
	for (long i = 0; i < n; i++) {
		x = x * 1.0000001 + (double)i;
		__asm__ volatile("" : "+x"(x));
	}
	return x;
}

static inline __attribute__((always_inline)) double middle(double x, long n)
{
	x = leaf(x, n);
	for (long i = 0; i < n; i++) {
		x += 0.5 * (double)i;
		__asm__ volatile("" : "+x"(x));
	}
	return leaf(x, n / 2);
}

static inline __attribute__((always_inline)) double outer(double x, long n)
{
	x = middle(x, n);
	return leaf(x, n / 3);
}

int main(int argc, char **argv)
{
	long scale = argc > 1 ? atol(argv[1]) : 1;
	double x = argc;

	for (long r = 0; r < 600 * scale; r++) {
		x = outer(x, 100000);
		x = middle(x, 50000);
		x = leaf(x, 70000);
	}
	sink = x;
	printf("%g\n", x);
	return 0;
}
