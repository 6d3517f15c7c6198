/* world-check.c - see world-check.h. */
#define _GNU_SOURCE
#include "world-check.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "text-out.h"

static char verdict[512];

/* The file of the library that defines MPI_Init, or NULL (no MPI). */
static const char *mpi_library(void)
{
	void *init = dlsym(RTLD_DEFAULT, "MPI_Init");
	Dl_info info;
	const char *base;

	if (!init)
		return NULL;
	if (!dladdr(init, &info) || !info.dli_fname || !*info.dli_fname)
		return "an MPI library";
	base = strrchr(info.dli_fname, '/');
	return base ? base + 1 : info.dli_fname;
}

void world_check_init(const struct gmon_config *config)
{
	const char *library, *ompi_size = getenv("OMPI_COMM_WORLD_SIZE");
	int open_mpi;

	verdict[0] = '\0';
	if (!config->is_mpi || config->world_size < 2 || !(library = mpi_library()))
		return;
	open_mpi = dlsym(RTLD_DEFAULT, "ompi_mpi_comm_world") != NULL;
	if (ompi_size && !open_mpi)
		text_format(verdict, sizeof verdict,
			    "1 of %ld: linked with %s, not Open MPI, started by Open MPI's mpirun",
			    config->world_size, library);
	else if (!ompi_size && open_mpi && getenv("PMI_SIZE") && !getenv("SLURM_STEP_NUM_TASKS") &&
		 !getenv("PMIX_RANK"))
		text_format(verdict, sizeof verdict,
			    "1 of %ld: linked with Open MPI (%s), started by MPICH's mpiexec (Hydra)",
			    config->world_size, library);
	/* one line, one field */
	for (char *c = verdict; *c; c++)
		if (*c == '\t' || *c == '\n')
			*c = ' ';
	if (verdict[0] && config->rank == 0)
		diag("rank %ld: MPI_COMM_WORLD will have 1 rank, not the %ld %s started: the program "
		     "is linked with %s (%s), so each rank is an MPI world of its own and "
		     "gmon.out.0..%ld are %ld separate runs; rebuild it with %s's mpicc (Debian: %s), "
		     "or start it with %s's launcher (%s)",
		     config->rank, config->world_size,
		     open_mpi ? "MPICH's mpiexec" : "Open MPI's mpirun",
		     open_mpi ? "Open MPI" : "another MPI than Open MPI", library,
		     config->world_size - 1, config->world_size,
		     open_mpi ? "MPICH" : "Open MPI", open_mpi ? "mpicc.mpich" : "mpicc.openmpi",
		     open_mpi ? "Open MPI" : "that MPI", open_mpi ? "mpirun.openmpi" : "mpiexec.mpich");
}

const char *world_check_text(void)
{
	return verdict;
}
