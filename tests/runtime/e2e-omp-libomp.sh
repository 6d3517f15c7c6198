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
#   - nested regions (issue 40; OMP_MAX_ACTIVE_LEVELS=2): main ->
#     outer_opener opens 2 threads, each calling inner_opener, which opens
#     2 more: one burns 0.3 s of its CPU clock, the other (the outer
#     region's thread, a worker of it in one of the two) waits, spinning,
#     at the nested region's closing barrier: >= 95% of the samples on
#     paths through inner_opener, waits included, have the outer region's
#     function then outer_opener and main right above inner_opener (the
#     outer worker's waits had the outer function as their root, the
#     opening thread's libomp's frames between it and outer_opener);
#   - in every path: each caller frame's return address follows a call
#     instruction in its function (paths-check), and no function of the
#     program is next to itself.
# Skipped where clang cannot build an OpenMP program (no clang, no libomp).
. "$(dirname "$0")/lib.sh"

clang_openmp || skip "$clang cannot build an OpenMP program (clang with libomp needed)"

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

# --- nested regions: a thread waiting at the nested region's barrier ---
build_clang nested "$programs/omp-nested.c" || fail "cannot build omp-nested.c with $clang"
rm -f gmon.out*
OMP_MAX_ACTIVE_LEVELS=2 KMP_BLOCKTIME=infinite KMP_USE_YIELD=0 OMP_WAIT_POLICY=active \
	BG_GMON_START_THREAD_TIMERS=all BG_GMON_HZ=1000 ./nested 0.3 || fail "omp-nested failed"
unpack_companions
named_paths gmon.out+paths nested libgmon-mpi.so.0 > named
validate gmon.out+paths "nested regions"
no_self_adjacent named "nested regions"
# all and whole: samples through inner_opener, and with OUTLINED outer_opener
# main right above it; waits, waits_whole: those of the waits (a leaf in libomp)
read -r all whole waits waits_whole < <(awk '{
		for (i = 2; i <= NF && $i != "inner_opener"; i++) ;
		if (i > NF) next
		ok = NF == i + 3 && $(i + 1) ~ /^[.]omp_outlined/ && $(i + 2) == "outer_opener" &&
		     $(i + 3) == "main"
		all += $1; whole += ok * $1
		if ($2 == "[lib]") { waits += $1; waits_whole += ok * $1 } }
	END { print all + 0, whole + 0, waits + 0, waits_whole + 0 }' named)
note "nested regions: $whole of $all samples through inner_opener under the outer region, outer_opener and main; of its waits $waits_whole of $waits"
[ "$waits" -ge 100 ] || fail "nested regions: only $waits samples of waits at the nested barrier: $(sort -rn named | head)"
awk -v w="$whole" -v a="$all" 'BEGIN { exit !(w >= 0.95 * a) }' ||
	fail "nested regions: $whole of $all samples through inner_opener have the outer region, outer_opener and main above it: $(sort -rn named | head)"
note ok
