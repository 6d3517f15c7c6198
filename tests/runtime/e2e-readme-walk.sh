#!/bin/bash
# The README's five-minute walk measures MPI's wall time (issue 38): built
# as it says (mpicc -pg ... $(pkg-config --cflags --libs gmon-mpi)),
# examples/mpi-omp.c links the PMPI wrappers of its MPI, so the summary's
# MPI share is the ranks' wall time in MPI, not the CPU time that sampling
# saw of it (6% where it was half).  Checked against the program's own
# clocks (CLOCK_MONOTONIC around its MPI calls, from the start of main; rank
# 0 prints the share): the summary's MPI share without MPI_Finalize (which
# the program cannot time) within 3 points of it.  And the link flags are
# safe for everything else: a program that calls no MPI does not load the
# wrappers (or an MPI), and a program of the other MPI is refused with the
# flags it needs, not crashed.
. "$(dirname "$0")/lib.sh"

command -v pkg-config >/dev/null || skip "no pkg-config"
gpp=$top_builddir/gprof-par/gprof-par

# the installed library directory, as make install lays it out
mkdir lib
ln -s "$runtime_libdir"/libgmon-mpi.so* "$top_builddir"/pmpi/.libs/libgmon-mpi-pmpi-*.so lib/
export PKG_CONFIG_PATH=$top_builddir/libgmon-mpi
pc() { pkg-config --define-variable=libdir="$PWD/lib" "$@" gmon-mpi; }
flags="$(pc --cflags --libs) $(pc --variable=rpath_flags)"
case $(pc --variable=mpi) in
openmpi) cc=$MPICC run=mpirun_np ;;
mpich) need_mpich; cc=$mpich_cc run=mpich_np ;;
*) fail "gmon-mpi.pc's mpi is '$(pc --variable=mpi)', neither openmpi nor mpich" ;;
esac
mpich_np() { local np=$1; shift; "$mpich_run" -np "$np" "$@"; }

cp "$top_srcdir/examples/mpi-omp.c" .
# shellcheck disable=SC2086 # (the flags are words, as the README's $(...))
"$cc" -pg -g -O2 -fopenmp mpi-omp.c -o mpi-omp $flags || fail "the README's build failed"
readelf -d mpi-omp | grep -q 'NEEDED.*libgmon-mpi-pmpi-' ||
	fail "the README's build does not link the PMPI wrappers: $(readelf -d mpi-omp | grep NEEDED)"

$run 4 ./mpi-omp > out 2> err || fail "mpirun -np 4 ./mpi-omp failed: $(cat err)"
own=$(sed -n "s/.*; MPI \([0-9.]*\)% of the ranks' time (their own clocks)$/\1/p" out)
[ -n "$own" ] || fail "mpi-omp printed no MPI share: $(cat out)"
"$gpp" --summary mpi-omp gmon.out.[0-3] > summary.txt 2> err || fail "--summary: $(cat err)"
grep -q "^Where the time went (% of the ranks' wall time.*MPI as the MPI profile measured it" summary.txt ||
	fail "the summary's MPI is not the MPI profile's: $(head -4 summary.txt)"
shown=$(awk '$1 == "MPI" { sub("%", "", $2); print $2 }' summary.txt)
[ -n "$shown" ] || fail "the summary has no MPI row: $(head -12 summary.txt)"
"$gpp" --summary=json mpi-omp gmon.out.[0-3] > summary.json 2> err || fail "--summary=json: $(cat err)"
python3 - "$own" "$shown" summary.json <<'EOF' || fail "the summary's MPI share is not the ranks' own"
import json, sys
own, shown, s = float(sys.argv[1]), float(sys.argv[2]), json.load(open(sys.argv[3]))
run, mpi = s["run"], s["mpi"]
fin = sum(site["seconds"] for site in mpi["sites"] if site["function"] == "MPI_Finalize")
share = 100 * (mpi["seconds"] - fin) / (run["total_seconds"] - fin)
print(f"MPI: {own:.1f}% by the ranks' own clocks; the summary {shown:.1f}% "
      f"({share:.1f}% without MPI_Finalize's {fin:.3f} s)")
if abs(share - own) > 3:
    sys.exit(f"the summary's MPI share without MPI_Finalize, {share:.1f}%, is "
             f"{share - own:+.1f} points from the ranks' own {own:.1f}%")
if shown < share - 0.1:
    sys.exit(f"the summary's MPI row says {shown}%, less than without MPI_Finalize")
EOF

# calls no MPI: neither the wrappers nor an MPI in the program
printf 'int main(void) { return 0; }\n' > plain.c
# shellcheck disable=SC2086
"$CC" -pg plain.c -o plain $flags || fail "a program without MPI does not link with the flags"
! readelf -d plain | grep -q 'NEEDED.*\(pmpi\|libmpi\)' ||
	fail "a program that calls no MPI loads MPI: $(readelf -d plain | grep NEEDED)"
./plain || fail "the program without MPI failed"

# the other MPI's program: refused, with the flags to use
need_mpich
other=mpich other_cc=$mpich_cc other_run=mpich_np
[ "$(pc --variable=mpi)" = mpich ] && other=openmpi other_cc=$MPICC other_run=mpirun_np
# shellcheck disable=SC2086
"$other_cc" -pg -O1 mpi-omp.c -o other $flags || fail "the other MPI's build failed"
if $other_run 1 ./other > out 2> err; then
	fail "a program of $other linked with the other MPI's wrappers ran: $(cat out err)"
fi
grep -qF "link it with \$(pkg-config --define-variable=mpi=$other --libs gmon-mpi) instead" err ||
	fail "the refusal does not say what to link: $(cat err)"
flags="$(pc --define-variable=mpi=$other --cflags --libs) $(pc --variable=rpath_flags)"
rm -f gmon.out*
# shellcheck disable=SC2086
"$other_cc" -pg -O1 mpi-omp.c -o other $flags || fail "the build with mpi=$other failed"
$other_run 2 ./other > out 2> err || fail "$other's program with its wrappers failed: $(cat err)"
"$gpp" --mpi other gmon.out.0 gmon.out.1 > mpi.txt 2> err || fail "--mpi: $(cat err)"
grep -q "MPI_Allreduce" mpi.txt || fail "$other's program has no MPI profile: $(cat mpi.txt)"
note "ok: MPI share $shown% (own clocks $own%)"
