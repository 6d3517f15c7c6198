/* shapes.h - part of the multi-file corpus program: code in a header (a
 * static function every file including it gets its own copy of) and a
 * macro that expands to a loop. */
#ifndef SHAPES_H
#define SHAPES_H

#define SPIN(n)                                   \
	do {                                      \
		for (volatile long i_ = 0; i_ < (n); i_++) \
			;                         \
	} while (0)

static long __attribute__((noinline)) area(long w, long h)
{
	SPIN(w * h);
	return w * h;
}

long perimeter(long w, long h);
long fib(int n);

#endif
