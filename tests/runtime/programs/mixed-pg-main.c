/* mixed-pg-main.c (built with -pg) and mixed-pg-other.c (built without):
 * with_pg() and not_pg() each spend SECONDS (argument, default 0.3) of CPU
 * by their own clock; only with_pg's calls can be counted. */
#include <stdlib.h>
#include <time.h>

double not_pg(double seconds);

double cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

__attribute__((noinline)) double with_pg(double seconds)
{
	double start = cpu_seconds();
	volatile double x = 0;

	while (cpu_seconds() - start < seconds)
		for (int i = 0; i < 1000; i++)
			x += i;
	return x;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 0.3;

	with_pg(seconds);
	not_pg(seconds);
	return 0;
}
