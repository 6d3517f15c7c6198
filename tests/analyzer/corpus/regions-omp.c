/*
 * OpenMP regions and compiler clones, for --regions (regions-gprof.sh).
 * Built with -O2 -fopenmp -pg, GCC makes: sweep._omp_fn.0 (a parallel
 * for), tasks._omp_fn.N (tasks), nested._omp_fn.N (a parallel region in
 * one), accumulate.part.0 (ipa-split inlines accumulate's test into its
 * callers, which then call the body: accumulate is called 3 times in the
 * source but its own entry never), checked.part.0 and checked.cold (the
 * error path).  Usage: regions-omp PARALLEL SERIAL: the work in the regions
 * and clones, and in main's own loop (checked, inlined), in hundreds of
 * millions of iterations.
 */
#include <stdio.h>
#include <stdlib.h>
volatile double sink;
static double work_done;
/* A parallel for. */
__attribute__((noinline)) void sweep(long n)
{
	double acc = 0;
#pragma omp parallel for reduction(+:acc) schedule(static)
	for (long i = 0; i < n; i++)
		acc += (double)(i % 7) * 1e-9 + (double)i * 1e-12;
	sink = acc;
}
/* Tasks. */
__attribute__((noinline)) void tasks(long n)
{
	double acc[8] = {0};
#pragma omp parallel
#pragma omp single
	for (int t = 0; t < 8; t++) {
#pragma omp task firstprivate(t) shared(acc)
		{
			double a = 0;
			for (long i = 0; i < n / 8; i++)
				a += (double)(i % 5) * 1e-9;
			acc[t] = a;
		}
	}
	sink = acc[0] + acc[7];
}
/* A parallel region in a parallel region. */
__attribute__((noinline)) void nested(long n)
{
	double acc = 0;
#pragma omp parallel num_threads(2) reduction(+:acc)
	{
#pragma omp parallel for num_threads(1) reduction(+:acc)
		for (long i = 0; i < n / 2; i++)
			acc += (double)(i % 3) * 1e-9;
	}
	sink = acc;
}
/* Split by GCC: the test inlined in callers, the body in accumulate.part.0. */
void accumulate(long n, const int *enabled)
{
	if (__builtin_expect(!*enabled, 1))
		return;
	double x = 0;
	for (long i = 0; i < n; i++) {
		x += (double)(i % 11) * 1e-9;
		if (i % 1000003 == 17) fputc('.', stderr);
	}
	for (long i = 0; i < n / 4; i++) {
		x += (double)(i % 13) * 1e-9;
		if (i % 1000033 == 19) fputc(',', stderr);
	}
	work_done += x;
}
__attribute__((cold, noinline)) void complain(const char *s, long n) { fprintf(stderr, "%s %ld\n", s, n); }
/* An unlikely error path: checked.part.0 and checked.cold. */
double checked(long n, char *name, size_t size)
{
	double x = 0;
	if (n < 0) {
		complain("negative", n);
		snprintf(name, size, "neg%ld", n);
		complain(name, n * 3);
		exit(2);
	}
	for (long i = 0; i < n; i++)
		x += (double)i * 1e-9;
	return x;
}
void first(long n, const int *e) { accumulate(n, e); accumulate(n / 2, e); }
void second(long n, const int *e) { accumulate(n, e); }
int main(int argc, char **argv)
{
	int on = 1;
	char name[32];
	long s = argc > 1 ? atol(argv[1]) : 10;
	long serial = argc > 2 ? atol(argv[2]) : 0;

	if (s > 0) {
		sweep(s * 4000000L);
		tasks(s * 2000000L);
		nested(s * 2000000L);
		first(s * 2000000L, &on);
		second(s * 2000000L, &on);
	}
	for (int i = 0; i < 3; i++)
		sink = checked(serial * 1000000L, name, sizeof name);
	sink = work_done;
	return 0;
}
