#!/bin/bash
# e2e-omp-libomp.sh - OpenMP regions in their calling context with LLVM's
# libomp (clang -fopenmp -pg, linked with -lgmon-mpi; issue 25,
# omp-ompt.c: an OMPT tool):
#   - the region of a 3-deep call chain, main -> top -> mid -> inner ->
#     #pragma omp parallel (.omp_outlined.), every thread burning CPU,
#     with 1 and 2 threads: >= 95% of the region's samples (the opening
#     thread's and the worker's) under main;top;mid;inner, the outlined
#     function next to inner (before, the worker's samples had the region
#     alone as their path, the opening thread's had libomp's frames
#     between);
#   - a worker's waits, spinning (OMP_WAIT_POLICY=active,
#     KMP_BLOCKTIME=infinite, KMP_USE_YIELD=0): after its part of 10 imbalanced regions
#     opened at main -> top -> imbalanced (libomp's workers arrive at the
#     region's end and wait for the next region), while the region goes
#     on: <= 5% of the samples with libomp's frames alone, and its waits
#     under main;top;imbalanced, libomp's frames first (before, about a
#     third of the samples were libomp's frames alone); after a short
#     balanced region, while the opening thread burns in serial(), the
#     worker's wait for a next region is idle time: libomp's frames under
#     "[omp idle]", as expect_idle (lib.sh) checks;
#   - in every path: each caller frame's return address follows a call
#     instruction in its function (paths-check), and no function of the
#     program is next to itself.
# Skipped where clang cannot build an OpenMP program (no clang, no libomp).
. "$(dirname "$0")/lib.sh"

clang=${CLANG:-clang}
printf '#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n' > probe.c
"$clang" -fopenmp probe.c -o probe 2> /dev/null && ./probe ||
	skip "$clang cannot build an OpenMP program (clang with libomp needed)"

# build_clang OUT SOURCE...: clang -pg -fopenmp (libomp), linked with -lgmon-mpi
build_clang() {
	local out=$1; shift
	"$clang" -pg -O1 -fopenmp -I"$top_srcdir/include" "$@" -o "$out" \
		-L"$runtime_libdir" -lgmon-mpi -Wl,-rpath,"$runtime_libdir"
}

# --- the region of a 3-deep call chain, 1 and 2 threads ---
build_clang omp-chain "$programs/omp-chain.c" || fail "cannot build omp-chain.c with $clang"
ldd ./omp-chain | grep -q 'libomp' || skip "$clang -fopenmp did not link libomp"
expect_omp_chain omp-chain libomp '[.]omp_outlined[.][.0-9]*'

# --- a worker's waits, spinning: at a region's end, for the next region ---
# (KMP_BLOCKTIME=infinite KMP_USE_YIELD=0: libomp's workers spin until the next region,
# where by default they may sleep after a while, and yield on a loaded machine)
build_clang barrier "$programs/omp-barrier.c" || fail "cannot build omp-barrier.c with $clang"
rm -f gmon.out*
KMP_BLOCKTIME=infinite KMP_USE_YIELD=0 OMP_WAIT_POLICY=active BG_GMON_HZ=1000 ./barrier regions 200000000 ||
	fail "omp-barrier regions failed"
unpack_companions
named_paths gmon.out+paths barrier libgmon-mpi.so.0 > named
validate gmon.out+paths "barrier waits"
expect_barrier_waits "barrier waits"
rm -f gmon.out*
KMP_BLOCKTIME=infinite KMP_USE_YIELD=0 OMP_WAIT_POLICY=active BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./barrier idle 100000000 > region_ms 2> worker-idle ||
	fail "omp-barrier idle failed"
unpack_companions
bound=$(awk '{ printf "%d", 2 * $1 + 2 }' region_ms)
validate gmon.out+paths "idle waits"
expect_idle barrier "idle waits" serial "$bound" ' balanced top main$'
note ok
