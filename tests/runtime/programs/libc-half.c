/* libc-half.c - an MPI program that spends about half its CPU time in
 * libc (memset and memcpy over 1 MB) and half in its own loop, for about
 * SECONDS (argument, default 1) of CPU per rank, each part timed with the
 * thread's own CPU clock: rank R prints "rank R own SECONDS libc SECONDS
 * pid PID" (the pid for bench/truth-bench, to find the rank in perf's).
 * The parts alternate in turns of 2 to 12 ms, drawn at random: turns of a
 * fixed 5 ms made a 10 ms cycle, the sampling period at 100 Hz, and every
 * sample of a rank then fell in the same part of the cycle (CI saw -M give
 * libc 40% of a run the clocks split 50/50). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long sink;

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

__attribute__((noinline)) static void own_work(double seconds)
{
	double end = cpu_now() + seconds;
	unsigned long x = 1;

	while (cpu_now() < end)
		for (int i = 0; i < 20000; i++)
			x = x * 6364136223846793005ul + 1442695040888963407ul;
	sink += x;
}

int main(int argc, char **argv)
{
	static char a[1 << 20], b[1 << 20];
	double total = argc > 1 ? atof(argv[1]) : 1.0, own = 0, libc = 0, start;
	int rank;
	unsigned long draw;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	draw = 0x9e3779b97f4a7c15ul * (unsigned long)(rank + 1);
	start = cpu_now();
	while (cpu_now() - start < total) {
		double t0 = cpu_now(), t1, t2, turn;

		draw = draw * 6364136223846793005ul + 1442695040888963407ul;
		own_work(0.002 + (double)(draw >> 33 & 1023) * 1e-5);
		draw = draw * 6364136223846793005ul + 1442695040888963407ul;
		turn = 0.002 + (double)(draw >> 33 & 1023) * 1e-5;
		t1 = cpu_now();
		while (cpu_now() - t1 < turn) {
			memset(a, (int)sink, sizeof a);
			memcpy(b, a, sizeof b);
			sink += (unsigned char)b[sink & 1023];
		}
		t2 = cpu_now();
		own += t1 - t0;
		libc += t2 - t1;
	}
	printf("rank %d own %.4f libc %.4f pid %ld\n", rank, own, libc, (long)getpid());
	MPI_Finalize();
	return 0;
}
