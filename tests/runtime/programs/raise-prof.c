/* raise-prof.c N - sends itself SIGPROF N times (raise): with per-thread
 * timers each such signal counts as one sample (bench/callpaths-bench
 * measures a path's cost so). */
#include <signal.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;

	for (int i = 0; i < n; i++)
		raise(SIGPROF);
	return 0;
}
