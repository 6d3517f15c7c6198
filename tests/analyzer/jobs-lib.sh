# jobs-lib.sh - helpers for the tests of the batch job scripts (jobs/) and
# of gprof-par-sum.  Each test sources it, works in its own directory under
# the build tree (kept on failure, removed on success), and runs the real
# runtime, the real gprof-par -S and mpirun, with mpirun standing in for srun.

. "${top_srcdir:?run me through make check}/tests/e2e-lib.sh"
unset SLURM_JOB_ID SLURM_SUBMIT_DIR SLURM_NTASKS SLURM_NPROCS PBS_JOBID PBS_O_WORKDIR PBS_NODEFILE
unset GMON_APP GMON_APP_ARGS GMON_APP_SOURCE GMON_NTASKS GMON_SUM_TASKS GMON_RESULTS GMON_SKIP_BAD
unset LAUNCHER GMON_LAUNCHER
# A gprof-par built with --enable-sanitizers: Open MPI's own leaks at exit
# are suppressed when it runs under mpirun, gprof-par's are not (as in
# reduce-lib.sh).
if [ -r "$top_srcdir/tests/analyzer/lsan-openmpi.supp" ]; then
	export ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0
	export LSAN_OPTIONS=suppressions=$top_srcdir/tests/analyzer/lsan-openmpi.supp:print_suppressions=0
fi

[ -x "${GPROF_PAR:-}" ] || fail "GPROF_PAR='${GPROF_PAR:-}' is not gprof-par"

# need_runtime: the job scripts start the program with gmon-run, which
# preloads libgmon-mpi.so.  Both come from this build tree (gmon-run made
# here from its .in, pointing at the runtime built here), or from
# GMON_MPI_LIBRARY and GMON_RUN when set.
need_runtime() {
	export GMON_MPI_LIBRARY=${GMON_MPI_LIBRARY:-$top_builddir/libgmon-mpi/.libs/libgmon-mpi.so}
	# the PMPI wrappers of the test programs' MPI (Open MPI), for the MPI
	# profile the job records by default
	export GMON_MPI_PMPI_LIBRARY=${GMON_MPI_PMPI_LIBRARY:-$top_builddir/pmpi/.libs/libgmon-mpi-pmpi-openmpi.so}
	[ -r "$GMON_MPI_LIBRARY" ] ||
		skip "the runtime $GMON_MPI_LIBRARY is not built (set GMON_MPI_LIBRARY to a libgmon-mpi.so)"
	if [ -z "${GMON_RUN:-}" ]; then
		[ -r "$top_srcdir/scripts/gmon-run.in" ] ||
			skip "scripts/gmon-run.in is missing (set GMON_RUN to a gmon-run)"
		sed -e "s|@libdir[@]|${GMON_MPI_LIBRARY%/*}|g" -e 's|@PACKAGE_VERSION[@]|test|g' \
			"$top_srcdir/scripts/gmon-run.in" >"$work/gmon-run"
		chmod +x "$work/gmon-run"
		GMON_RUN=$work/gmon-run
	fi
	export GMON_RUN
}

# gprof-par -S must be there (the job scripts and gprof-par-sum run it).
need_sum_option() {
	"$GPROF_PAR" --help 2>&1 | grep -Eq '^ *-S[ ,]' ||
		skip "this gprof-par has no -S option yet"
}

# build_app OUT: the test program, a plain mpicc -pg build (the runtime
# is preloaded by gmon-run)
build_app() {
	"$MPICC" -pg -O1 "$top_srcdir/tests/analyzer/jobs-app.c" -o "$1" -lpthread
}

# calls_of PROGRAM FUNCTION GMON-FILE: the calls column of gprof-par's flat
# profile for FUNCTION, and GNU gprof's when it is installed (they must agree)
calls_of() {
	local ours theirs
	ours=$("$GPROF_PAR" -b -p "$1" "$3" | awk -v f="$2" '$NF == f && NF == 7 { print $4 }')
	if [ -n "${GPROF:-}" ] && [ -x "$GPROF" ]; then
		theirs=$("$GPROF" -b -p "$1" "$3" | awk -v f="$2" '$NF == f && NF == 7 { print $4 }')
		[ "$ours" = "$theirs" ] ||
			fail "calls of $2 in $3: gprof-par says '$ours', GNU gprof '$theirs'"
	fi
	echo "$ours"
}

# self_of FLAT-PROFILE FUNCTION: the self seconds of FUNCTION in a brief
# flat profile, in hundredths (0 when it is not listed)
self_of() {
	awk -v f="$2" '$NF == f { s = $3 } END { printf "%d\n", s * 100 + 0.5 }' "$1"
}

# ls_ranks DIR: the gmon.out.* files in DIR, sorted, on one line; not the
# files beside them (gmon.out+paths.N, +modules, +LIBRARY)
ls_ranks() {
	ls -1 "$1" | grep -v '+' | sort -V | tr '\n' ' ' | sed 's/ $//'
}
