/* Direct recursion (shown as calls+self calls), with time spent at every
 * depth, and a recursive function that also calls a leaf. */
#include <stdio.h>

static volatile unsigned long sink;

void work(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * 7;
}

unsigned long fib(int n)
{
	work(300);
	return n < 2 ? (unsigned long)n : fib(n - 1) + fib(n - 2);
}

unsigned long depth(int n)
{
	work(20000);
	return n == 0 ? 0 : 1 + depth(n - 1);
}

int main(void)
{
	unsigned long t = 0;
	for (int i = 0; i < 180; i++) {
		t += fib(14);
		t += depth(40);
	}
	printf("%lu %lu\n", t, sink & 1);
	return 0;
}
