/* qsort-callback.c - time reached through a library without -pg: libc's
 * qsort() calls compare(), which burns the CPU.  gprof sees no call into
 * compare() (its caller is outside the executable) and gives sorter() no
 * children time; the sampled paths go through qsort to sorter(). */
#include <stdlib.h>

static int values[2000];

__attribute__((noinline)) static int compare(const void *a, const void *b)
{
	volatile int spin = 0;
	int x = *(const int *)a, y = *(const int *)b;

	while (spin++ < 2000)
		;
	return (x > y) - (x < y);
}

__attribute__((noinline)) void sorter(int rounds)
{
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < 2000; i++)
			values[i] = (i * 7919 + r) % 2000;
		qsort(values, 2000, sizeof values[0], compare);
	}
}

int main(void)
{
	sorter(40);
	return 0;
}
