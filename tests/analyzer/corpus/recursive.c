/* recursive.c - time under recursion: down() calls itself 30 deep, ping()
 * and pong() call each other (a cycle) 30 deep, and both end in burn().
 * A sample under 30 frames of down() is still one sample of down().  The
 * program prints the CPU time of each ("down cycle", in nanoseconds): the
 * same work takes a varying time on a shared machine (see one-three.c). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

__attribute__((noinline)) void burn(int n)
{
	volatile int i = 0;

	while (i++ < n)
		;
}

__attribute__((noinline)) void down(int depth)
{
	if (depth == 0)
		burn(600 * 1000 * 1000);
	else
		down(depth - 1);
	__asm__ volatile("" ::: "memory");  /* no tail call */
}

void ping(int depth);

__attribute__((noinline)) void pong(int depth)
{
	if (depth == 0)
		burn(300 * 1000 * 1000);
	else
		ping(depth - 1);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void ping(int depth)
{
	pong(depth);
	__asm__ volatile("" ::: "memory");
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
	down(30);
	long long middle = thread_cpu_ns();
	ping(30);
	long long end = thread_cpu_ns();
	printf("%lld %lld\n", middle - start, end - middle);
	return 0;
}
