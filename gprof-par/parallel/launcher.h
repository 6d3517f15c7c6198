/*
 * launcher.h - was gprof-par started by an MPI launcher (mpirun, mpiexec,
 * srun), and with how many processes?  Read from the environment only, so
 * that a serial run never initialises MPI.
 */
#ifndef GPROF_PAR_LAUNCHER_H
#define GPROF_PAR_LAUNCHER_H

struct launcher {
	const char *name;  /* "Open MPI", "PMIx", "PMI (MPICH, Intel MPI)",
			    * "MVAPICH", "Slurm srun"; NULL: no launcher */
	long size;         /* processes started, or -1 when the environment
			    * names a launcher but not the count */
	long rank;         /* this process's rank, or -1 if unknown */
};

/*
 * Looks at the variables launchers set: OMPI_COMM_WORLD_SIZE/_RANK (Open
 * MPI's mpirun), PMI_SIZE/PMI_RANK (MPICH's Hydra, Intel MPI),
 * MV2_COMM_WORLD_SIZE/_RANK (MVAPICH), PMIX_RANK (a PMIx launcher),
 * SLURM_STEP_NUM_TASKS or SLURM_NTASKS with SLURM_PROCID, only inside a job
 * step (SLURM_STEP_ID set: srun, not the batch script itself).  The first
 * match in that order wins.  Returns 1 and fills l when a launcher is found,
 * 0 (l->name NULL, size 1, rank 0) otherwise.
 */
int launcher_detect(struct launcher *l);

/* 1 when l says more than one process may be running (size > 1, or a
 * launcher whose count is unknown): MPI must be initialised. */
int launcher_wants_mpi(const struct launcher *l);

#endif /* GPROF_PAR_LAUNCHER_H */
