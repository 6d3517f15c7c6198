/* burn-until-killed.c - works until a signal ends it: rounds of own_work()
 * (a quarter of the CPU time) and libburn.so's burn() (the rest); after
 * the first round it writes READY (its argument), so that a test kills it
 * with samples in both. */
#include <stdio.h>

double burn(long n);
volatile double own_sink;

__attribute__((noinline)) void own_work(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.25;
	own_sink = s;
}

int main(int argc, char **argv)
{
	for (long round = 0;; round++) {
		own_work(10 * 1000 * 1000);
		burn(30 * 1000 * 1000);
		if (round == 3 && argc > 1) {
			FILE *f = fopen(argv[1], "w");

			if (f)
				fclose(f);
		}
	}
}
