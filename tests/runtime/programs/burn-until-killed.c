/* burn-until-killed.c - works until a signal ends it: rounds of own_work()
 * (a quarter of the CPU time) and libburn.so's burn() (the rest); after
 * the first round it writes READY (its argument), so that a test kills it
 * with samples in both. */
#include <stdio.h>

#include "own-work.h"

double burn(long n);

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
