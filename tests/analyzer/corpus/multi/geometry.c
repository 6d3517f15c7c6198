/* geometry.c - part of the multi-file corpus program. */
#include "shapes.h"

long perimeter(long w, long h)
{
	SPIN(2 * (w + h));
	return area(w, 1) + area(h, 1);
}

long fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
