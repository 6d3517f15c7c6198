/* mpi-wait.c - rank 0 computes for 0.4 s of CPU, the others 0.05 s, then
 * all meet in MPI_Barrier: the others' time is MPI's (with Open MPI's
 * mpi_yield_when_idle 0 they poll in libopen-pal rather than yield). */
#include <mpi.h>
#include <time.h>
static volatile double sink;
__attribute__((noinline)) void compute(double seconds)
{
	struct timespec t0, t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
	do {
		for (int i = 0; i < 100000; i++)
			sink += i * 0.5;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) * 1e-9 < seconds);
}
__attribute__((noinline)) void exchange(void)
{
	MPI_Barrier(MPI_COMM_WORLD);
}
int main(int argc, char **argv)
{
	int rank;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	compute(rank == 0 ? 0.4 : 0.05);
	exchange();
	MPI_Finalize();
	return 0;
}
