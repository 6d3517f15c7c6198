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
# Open MPI's session directory, one tree per test ($f: the test's name in
# automake's check rules): two tests whose mpiruns start at once raced to
# create and remove the shared /tmp/ompi.HOST.UID (a CI run: "A call to
# mkdir was unable to create the desired directory ... File exists",
# orte_init failed, the test's -S under mpirun with it; Open MPI issues
# 7049 and 8510).
OMPI_MCA_orte_tmpdir_base=${TMPDIR:-/tmp}/gmon-mpi-tests.$(id -u)/${f:-test}
mkdir -p "$OMPI_MCA_orte_tmpdir_base" && export OMPI_MCA_orte_tmpdir_base ||
	unset OMPI_MCA_orte_tmpdir_base
