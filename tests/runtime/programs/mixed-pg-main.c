/* mixed-pg-main.c (built with -pg) and mixed-pg-other.c (built without):
 * with_pg() and not_pg() each spend SECONDS (argument, default 0.3) of CPU
 * by their own clock; only with_pg's calls can be counted. */
#include <stdlib.h>
#include <time.h>

#include "mixed-pg-work.h"

double not_pg(double seconds);

double cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

BURN(with_pg)

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 0.3;

	with_pg(seconds);
	not_pg(seconds);
	return 0;
}
