/* one-three.c - two callers of work(), one call each, heavy() asking three
 * times what light() asks.  How long the same work takes varies from run to
 * run on a shared machine (in a VM the first 300 million turns of the loop
 * took 74 to 92 ms of CPU), so the program measures the CPU time of each
 * call itself and prints "light heavy" in nanoseconds: the profile's split
 * is checked against what the calls took, not against the 1:3 of the work.
 * Each caller runs once, so sampling can miss by at most one tick at each
 * change. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

__attribute__((noinline)) void work(int n)
{
	volatile int i = 0;

	while (i++ < n)
		;
}

__attribute__((noinline)) void light(void)
{
	work(600 * 1000 * 1000);
}

__attribute__((noinline)) void heavy(void)
{
	work(1800 * 1000 * 1000);
}

static long long thread_cpu_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
	return now.tv_sec * 1000000000LL + now.tv_nsec;
}

int main(void)
{
	long long start = thread_cpu_ns();
	light();
	long long middle = thread_cpu_ns();
	heavy();
	long long end = thread_cpu_ns();
	printf("%lld %lld\n", middle - start, end - middle);
	return 0;
}
