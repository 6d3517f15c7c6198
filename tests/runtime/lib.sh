# lib.sh - helpers for the runtime's end-to-end tests.  Each test sources
# it, works in its own directory under the build tree (kept on failure,
# removed on success), and builds real -pg programs against the runtime
# built in this tree.

set -eu

: "${top_srcdir:?run me through make check}" "${top_builddir:?run me through make check}"
test_name=$(basename "$0" .sh)
programs=$top_srcdir/tests/runtime/programs
runtime_libdir=$top_builddir/libgmon-mpi/.libs
work=$PWD/$test_name.dir

rm -rf "$work"
mkdir -p "$work"
cd "$work"
trap 'status=$?; [ $status -eq 0 ] && { cd /; rm -rf "$work"; }; exit $status' EXIT

if [ "$(id -u)" -eq 0 ]; then
	export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
unset BG_GMON_RANK_SUBSET GMON_OUT_PREFIX BG_GMON_VERBOSE BG_GMON_START_THREAD_TIMERS BG_GMON_HZ
unset OMPI_COMM_WORLD_RANK PMIX_RANK PMI_RANK MV2_COMM_WORLD_RANK SLURM_PROCID

fail() { printf 'FAIL: %s: %s\n' "$test_name" "$*" >&2; exit 1; }
skip() { printf 'SKIP: %s: %s\n' "$test_name" "$*" >&2; exit 77; }
note() { printf '%s: %s\n' "$test_name" "$*"; }

expect_eq() { # actual expected what
	[ "$1" = "$2" ] || fail "$3: expected '$2', got '$1'"
}

# build_linked OUT SOURCE...: mpicc -pg, linked with -lgmon-mpi
build_linked() {
	local out=$1; shift
	"$MPICC" -pg -O1 -I"$top_srcdir/include" "$@" -o "$out" \
		-L"$runtime_libdir" -lgmon-mpi -Wl,-rpath,"$runtime_libdir"
}

# build_plain OUT SOURCE...: an ordinary -pg program, glibc's runtime
build_plain() {
	local out=$1; shift
	"$CC" -pg -O1 -I"$top_srcdir/include" "$@" -o "$out"
}

# build_static OUT SOURCE...: -static with libgmon-mpi.a before libc
build_static() {
	local out=$1; shift
	"$CC" -pg -O1 -static -I"$top_srcdir/include" "$@" -o "$out" \
		"$runtime_libdir/libgmon-mpi.a" -lpthread
}

mpirun_np() { # NP COMMAND...
	local np=$1; shift
	"$MPIRUN" --oversubscribe -np "$np" "$@"
}

need_gprof() {
	[ -n "${GPROF:-}" ] && [ -x "$GPROF" ] || skip "GNU gprof is not installed"
}

# calls_of PROGRAM FUNCTION GMON-FILE...: the calls column of GNU gprof's
# flat profile for FUNCTION (empty if it is not listed with calls)
calls_of() {
	local program=$1 function=$2; shift 2
	"$GPROF" -b -p "$program" "$@" | awk -v f="$function" '$NF == f && NF == 7 { print $4 }'
}

# ls_profiles: the gmon.out* files here, sorted, on one line
ls_profiles() {
	ls -1 | grep '^gmon\.out' | sort -V | tr '\n' ' ' | sed 's/ $//'
}

# samples_of PROGRAM FUNCTION GMON-FILE: samples GNU gprof gives FUNCTION
# (its self seconds times the file's rate, which gprof prints)
samples_of() {
	"$GPROF" -b -p "$1" "$3" | awk -v f="$2" '
		/^Each sample counts as/ { per = $5 }
		$NF == f && NF >= 4 { self = $3 }
		END { if (per > 0) printf "%d\n", self / per + 0.5; else print 0 }'
}
