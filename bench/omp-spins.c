/* omp-spins.c [STEPS [ITEMS]] - bench/truth-bench's third program, the
 * shape of the Jacobi code: each of STEPS steps (default 200),
 * every rank runs an OpenMP parallel loop over its items (ITEMS a thread,
 * default 3500: about 0.25 ms of CPU a thread; the odd ranks twice as
 * many, a rank with twice the rows), then an MPI_Allreduce, where the
 * lighter ranks wait in MPI (Open MPI polls) while, in each rank, the
 * thread that finished its share first spins in libgomp's barrier.  The
 * truth: each thread times its share of the loop with its own CPU clock
 * (CLOCK_THREAD_CPUTIME_ID), summed over the threads and steps (the
 * "body"), against the process's CPU time (getrusage RUSAGE_SELF after
 * MPI_Finalize: all its threads, from its start).  Each rank prints
 * "rank R pid P body S total S". */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "../tests/runtime/programs/omp-relax.h"

static double thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	int steps = argc > 1 ? atoi(argv[1]) : 200, items = argc > 2 ? atoi(argv[2]) : 3500;
	int rank, n;
	double body = 0, sum = 0, *u;
	struct rusage ru;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	n = items * omp_get_max_threads() * (rank % 2 ? 2 : 1);
	if (steps < 1 || n < 1 || !(u = calloc((size_t)n, sizeof *u)))
		MPI_Abort(MPI_COMM_WORLD, 2);
	for (int step = 0; step < steps; step++) {
		double local = 0;

#pragma omp parallel reduction(+ : body, local)
		{
			double start = thread_cpu();

			OMP_RELAX_SHARE(u, n, local)
			body += thread_cpu() - start;
		}
		MPI_Allreduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	}
	MPI_Finalize();
	getrusage(RUSAGE_SELF, &ru);
	printf("rank %d pid %ld body %.4f total %.4f\n", rank, (long)getpid(), body,
	       (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6);
	return sum < 0;
}
