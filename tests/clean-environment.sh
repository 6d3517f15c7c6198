# clean-environment.sh - what no test inherits from the caller's
# environment (sourced by AM_TESTS_ENVIRONMENT in tests/runtime and
# tests/analyzer, POSIX sh): the runtime's and the scripts' settings
# (BG_GMON_*, GMON_*), a launcher's rank, the dynamic linker's audit,
# preload and binding, gprof-par's source path, MPI module and cache, OpenMP's
# waiting policy (spinning workers' samples would go to libgomp); and the
# C locale, so that GNU gprof's messages and bash's `time` are the ones the
# tests read.
for variable in $(env | sed -n 's/^\(BG_GMON_[A-Za-z0-9_]*\)=.*/\1/p; s/^\(GMON_[A-Za-z0-9_]*\)=.*/\1/p'); do
	unset "$variable"
done
unset OMPI_COMM_WORLD_RANK PMIX_RANK PMI_RANK MV2_COMM_WORLD_RANK SLURM_PROCID
unset LD_AUDIT LD_PRELOAD LD_BIND_NOW GPROF_PATH GPROF_PAR_MPI_MODULE GPROF_PAR_COMPANION_CACHE
unset OMP_NUM_THREADS OMP_WAIT_POLICY OMP_PROC_BIND GOMP_SPINCOUNT
LC_ALL=C
export LC_ALL
