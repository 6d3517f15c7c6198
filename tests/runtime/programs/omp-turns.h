/* omp-turns.h - the CPU work of the OpenMP context programs (omp-*.c):
 * included once, by the program's one source file. */
#ifndef OMP_TURNS_H
#define OMP_TURNS_H

volatile double sink;

/* n turns of a floating-point loop, inlined into its caller: the samples
 * are the caller's */
static inline double turns(long n)
{
	double x = 1;

	for (long i = 0; i < n; i++)
		x = x * 1.0000001 + 1e-9;
	return x;
}

#endif /* OMP_TURNS_H */
