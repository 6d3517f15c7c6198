/* burn-caller.c - spends about a quarter of its CPU time in its own
 * function and the rest in libburn.so's burn(), and prints both as
 * measured (CPU seconds of the process): "own S burn S". */
#include <stdio.h>
#include <stdlib.h>

#include "own-work.h"

double burn(long n);

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 300000000;
	double t0 = cpu_seconds(), t1, t2;

	own_work(n / 3);
	t1 = cpu_seconds();
	burn(n);
	t2 = cpu_seconds();
	printf("own %.3f burn %.3f\n", t1 - t0, t2 - t1);
	return 0;
}
