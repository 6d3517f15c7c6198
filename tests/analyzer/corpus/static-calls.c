/* static-calls.c - calls that the run never makes: gprof -c (the static
 * call graph) finds them in the text.  rare() and fallback() are never
 * called; work() would call fallback() on a negative argument, and
 * fallback() would call back into work() (a cycle in the text only). */
#include <stdio.h>
#include <stdlib.h>

long work(long n);

long __attribute__((noinline)) rare(long n)
{
	return n * 3;
}

long __attribute__((noinline)) fallback(long n)
{
	return n > 0 ? work(-n) : rare(n);
}

long __attribute__((noinline)) work(long n)
{
	volatile long s = 0;

	if (n < 0)
		return fallback(-n);
	for (long i = 0; i < n; i++)
		s += i;
	return s;
}

long __attribute__((noinline)) later(long n)
{
	return rare(n) + work(n);
}

int main(int argc, char **argv)
{
	long s = 0;

	for (int k = 0; k < 300; k++)
		s += work(100000);
	if (argc > 5)
		s += later(atol(argv[1]));
	printf("%ld\n", s);
	return 0;
}
