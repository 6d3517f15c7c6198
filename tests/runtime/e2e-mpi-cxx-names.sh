#!/bin/bash
# --mpi names C++ callers as every other view does (issue 38): demangled
# by default (the summary demangled them, --mpi printed
# _ZN6solver4GridIdE8exchangeEd), as the symbol table has them with
# --no-demangle.  A C++ program, 2 ranks under gmon-run --mpi, whose
# MPI_Allreduce is called from a member of a class template.
. "$(dirname "$0")/lib.sh"
gprof_par=$top_builddir/gprof-par/gprof-par
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so
export GMON_MPI_PMPI_LIBRARY=$top_builddir/pmpi/.libs/libgmon-mpi-pmpi-openmpi.so
mpicxx=${MPICXX:-mpicxx}
command -v "$mpicxx" >/dev/null || skip "no MPI C++ compiler ($mpicxx)"
[ -r "$GMON_MPI_PMPI_LIBRARY" ] || skip "the PMPI wrappers of Open MPI are not built"

cat >app.cc <<'SRC'
#include <mpi.h>
namespace solver {
template <typename T> struct Grid {
	__attribute__((noinline)) T exchange(T x)
	{
		T y = 0;
		MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		return y;
	}
};
}
int main(int argc, char **argv)
{
	solver::Grid<double> g;
	double s = 0;

	MPI_Init(&argc, &argv);
	for (int i = 0; i < 10; i++)
		s += g.exchange(i);
	MPI_Finalize();
	return s < 0;
}
SRC
"$mpicxx" -pg -g -O1 app.cc -o app 2>build.err || skip "cannot build a C++ MPI program: $(cat build.err)"
mpirun_np 2 sh "$top_builddir/scripts/gmon-run" --mpi ./app >/dev/null 2>run.err ||
	fail "the run failed: $(cat run.err)"
demangled='solver::Grid<double>::exchange(double)'
mangled=$(nm app | awk '/ _ZN6solver4GridIdE8exchangeEd$/ { print $3 }')
[ -n "$mangled" ] || fail "app has no _ZN6solver4GridIdE8exchangeEd"
"$gprof_par" --mpi=csv app gmon.out.0 gmon.out.1 >csv 2>csv.err || fail "--mpi=csv: $(cat csv.err)"
grep -qF "\"MPI_Allreduce\",\"$demangled\",all,20," csv ||
	fail "--mpi=csv does not name the caller $demangled: $(grep Allreduce csv)"
"$gprof_par" --mpi app gmon.out.0 gmon.out.1 >text 2>text.err || fail "--mpi: $(cat text.err)"
grep -qF "$demangled (app.cc:" text || fail "--mpi does not name the caller $demangled: $(grep Allreduce text)"
! grep -q "$mangled" text || fail "--mpi prints the mangled $mangled"
"$gprof_par" --summary app gmon.out.0 gmon.out.1 >summary 2>/dev/null || fail "--summary failed"
grep -F "MPI_Allreduce" summary | grep -qF "solver::Grid<double>::exchange" ||
	fail "the summary names the caller otherwise: $(grep Allreduce summary)"
"$gprof_par" --mpi=csv --no-demangle app gmon.out.0 gmon.out.1 >raw 2>/dev/null
grep -qF "\"MPI_Allreduce\",\"$mangled\",all,20," raw ||
	fail "--no-demangle: the caller is not the symbol's $mangled: $(grep Allreduce raw)"
note "the caller of MPI_Allreduce: $demangled ($mangled with --no-demangle)"
