/* phases.c SECONDS [THREADS] - THREADS threads (default 1), each
 * alternating three kinds of work in turns of a random 2 to 12 ms of its
 * CPU time (its own clock), for SECONDS of CPU time each: a phased program
 * whose truth is known.  Prints the CPU time each function took, over the
 * threads: "work_a 0.4812 work_b 0.5120 work_c 0.5068".  Turns of random
 * length: a fixed short cycle aliases with the kernel's 4 ms tick
 * (tests/runtime/programs/libc-half.c).  Also bench/truth-bench's. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile double sink;

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Each spins until its turn's CPU time has passed; the three differ only
 * in name (what a profile must tell apart). */
#define WORK(name)                                                              \
	__attribute__((noinline)) double name(double turn)                     \
	{                                                                       \
		double start = thread_cpu(), x = sink;                          \
		while (thread_cpu() - start < turn)                             \
			for (int i = 0; i < 2000; i++)                          \
				x = x * 1.0000001 + 1e-9;                       \
		sink = x;                                                       \
		return thread_cpu() - start;                                    \
	}
WORK(work_a)
WORK(work_b)
WORK(work_c)

struct turns {
	double total, spent[3];
	unsigned seed;
};

static void *take_turns(void *arg)
{
	double (*const work[3])(double) = { work_a, work_b, work_c };
	struct turns *t = arg;

	while (t->spent[0] + t->spent[1] + t->spent[2] < t->total) {
		int which;
		double turn;

		t->seed = t->seed * 1103515245u + 12345u;
		which = (int)((t->seed >> 16) % 3);
		t->seed = t->seed * 1103515245u + 12345u;
		turn = 0.002 + 0.010 * (double)((t->seed >> 16) & 0x7fff) / 32768.0;
		t->spent[which] += work[which](turn);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	double total = argc > 1 ? atof(argv[1]) : 1.5, spent[3] = { 0, 0, 0 };
	int n = argc > 2 ? atoi(argv[2]) : 1;
	struct turns t[16];
	pthread_t threads[16];

	if (n < 1 || n > 16)
		return 2;
	for (int i = 0; i < n; i++) {
		t[i] = (struct turns){ total, { 0, 0, 0 }, 2026u + 7919u * (unsigned)i };
		if (i > 0 && pthread_create(&threads[i], NULL, take_turns, &t[i]) != 0)
			return 1;
	}
	take_turns(&t[0]);
	for (int i = 1; i < n; i++)
		pthread_join(threads[i], NULL);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 3; k++)
			spent[k] += t[i].spent[k];
	printf("work_a %.4f work_b %.4f work_c %.4f\n", spent[0], spent[1], spent[2]);
	return 0;
}
