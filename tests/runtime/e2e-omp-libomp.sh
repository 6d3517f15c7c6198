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
for threads in 1 2; do
	rm -f gmon.out*
	OMP_NUM_THREADS=$threads BG_GMON_HZ=1000 ./omp-chain 150000000 || fail "omp-chain failed ($threads threads)"
	named_paths gmon.out+paths omp-chain > named
	validate gmon.out+paths "libomp $threads"
	no_self_adjacent named "libomp $threads"
	read -r region under < <(awk '$0 ~ / [.]omp_outlined[.][.0-9]* / || $2 ~ /^[.]omp_outlined[.]/ { r += $1
			if ($0 ~ / [.]omp_outlined[.][.0-9]* inner mid top main$/ || $0 ~ /^[0-9]+ [.]omp_outlined[.][.0-9]* inner mid top main$/) u += $1 }
		END { print r + 0, u + 0 }' named)
	note "libomp $threads: $region samples in the region, $under of them under main;top;mid;inner"
	[ "$region" -ge 100 ] || fail "libomp $threads: only $region samples in the region: $(sort -rn named | head)"
	[ "$under" -ge $((region * 95 / 100)) ] ||
		fail "libomp $threads: $under of the region's $region samples under main;top;mid;inner: $(sort -rn named | head)"
done
# --- a worker's waits, spinning: at a region's end, for the next region ---
# (KMP_BLOCKTIME=infinite KMP_USE_YIELD=0: libomp's workers spin until the next region,
# where by default they may sleep after a while, and yield on a loaded machine)
build_clang barrier "$programs/omp-barrier.c" || fail "cannot build omp-barrier.c with $clang"
rm -f gmon.out*
KMP_BLOCKTIME=infinite KMP_USE_YIELD=0 OMP_WAIT_POLICY=active BG_GMON_HZ=1000 ./barrier regions 200000000 ||
	fail "omp-barrier regions failed"
named_paths gmon.out+paths barrier libgmon-mpi.so.0 > named
validate gmon.out+paths "barrier waits"
read -r all bare waits < <(awk '{ all += $1; lib = 1; for (i = 2; i <= NF; i++) if ($i != "[lib]") lib = 0 }
		lib { bare += $1 }
		$2 == "[lib]" && $0 ~ / imbalanced top main$/ { waits += $1 }
	END { print all + 0, bare + 0, waits + 0 }' named)
note "barrier waits: $all samples, $bare with libomp's frames alone (not even [omp idle]), $waits in libomp under main;top;imbalanced"
[ "$all" -ge 200 ] || fail "barrier waits: only $all samples: $(sort -rn named | head)"
[ "$bare" -le $((all * 5 / 100)) ] ||
	fail "barrier waits: $bare of $all samples with libomp's frames alone: $(sort -rn named | head)"
[ "$waits" -ge $((all / 10)) ] ||
	fail "barrier waits: only $waits of $all samples waiting under main;top;imbalanced: $(sort -rn named | head)"
rm -f gmon.out*
KMP_BLOCKTIME=infinite KMP_USE_YIELD=0 OMP_WAIT_POLICY=active BG_GMON_HZ=1000 ./barrier idle 100000000 > region_ms ||
	fail "omp-barrier idle failed"
bound=$(awk '{ printf "%d", 2 * $1 + 2 }' region_ms)
validate gmon.out+paths "idle waits"
expect_idle barrier "idle waits" serial "$bound" ' balanced top main$'
note ok
