/* mpi-calls.c - an MPI program with exact, rank-dependent call counts:
 *   common_work   1000 calls
 *   per_rank_work 10 * (rank + 1) calls
 *   leaf          1000 + 20 * (rank + 1) calls
 * With --disable-rank=N, rank N calls mondisable() first; with --libc-work,
 * every rank also spends about 0.1 s of CPU in libc's memset (so that a
 * library surely has samples). */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include <gmon-mpi.h>

volatile unsigned long sink;

__attribute__((noinline)) void leaf(void) { sink++; }
__attribute__((noinline)) void common_work(void) { leaf(); }
__attribute__((noinline)) void per_rank_work(void) { leaf(); leaf(); }

int main(int argc, char **argv)
{
	int rank;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	for (int i = 1; i < argc; i++)
		if (strncmp(argv[i], "--disable-rank=", 15) == 0 && atoi(argv[i] + 15) == rank)
			mondisable();
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--libc-work") == 0) {
			static char buf[1 << 20];

			for (int k = 0; k < 2000; k++) {
				memset(buf, k, sizeof buf);
				sink += (unsigned char)buf[k];
			}
		}
	for (int i = 0; i < 1000; i++)
		common_work();
	for (int i = 0; i < 10 * (rank + 1); i++)
		per_rank_work();
	MPI_Finalize();
	return 0;
}
