/* main.c - the multi-file corpus program: several source files, a header
 * with code, a macro, recursion. */
#include <stdio.h>

#include "shapes.h"

static long tile(int k)
{
	return area(k, 300) + perimeter(k, 7);
}

int main(void)
{
	long sum = 0;

	for (int k = 1; k <= 600; k++)
		sum += tile(k);
	sum += fib(20);
	printf("%ld\n", sum);
	return 0;
}
