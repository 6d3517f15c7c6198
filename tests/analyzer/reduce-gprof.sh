#!/bin/sh
# reduce-gprof.sh - gprof-par -S and parallel -s on rank files made from a
# real -pg program: the sum equals what GNU gprof computes from the files
# (also beyond 16-bit bins and 32-bit arcs), gmon.sum is byte-identical for
# 1, 2, 3 and 4 processes, gaps and strided subsets are reported, and a
# serial run never initialises MPI.
set -u

[ -n "${GPROF:-}" ] || { echo "SKIP: GNU gprof not found"; exit 77; }
. "${top_srcdir:?}/tests/analyzer/reduce-lib.sh"

build_prog prog

# Rank files 0, 1, 2, 5, 9 with different counts; each within 16/32 bits
# except one written as stacked records; their sum well beyond.
mkdir gaps
"$tool" scale gmon.out gaps/gmon.out.0 40000 3000000000 &&
"$tool" scale gmon.out gaps/gmon.out.1 30000 2500000000 &&
"$tool" scale gmon.out gaps/gmon.out.2 100000 5000000000 &&
"$tool" split gaps/gmon.out.0 gaps/gmon.out.5 &&
cp gmon.out gaps/gmon.out.9 || { echo "ERROR: cannot make rank files"; exit 99; }

run_sum "serial -S" 1 gaps
expect_grep "serial -S: gaps reported" "ranks 0-9; gaps: 3-4, 6-8 (5 ranks missing)" sum.err
expect_grep "serial -S: files counted" "summed 5 of 5 files" sum.err
cp gaps/gmon.sum serial.sum
set -- $("$tool" info serial.sum)
if [ "$6" -gt 65535 ] && [ "$8" -gt 4294967295 ]; then
	echo "ok: sums beyond 16 and 32 bits (largest bin $6, arc $8)"
else
	fail "sums not beyond 16/32 bits: largest bin $6, arc $8"
fi
for opt in -p -q; do
	"$GPROF" -b $opt prog gaps/gmon.out.* > direct.txt 2>&1
	"$GPROF" -b $opt prog serial.sum > summed.txt 2>&1
	if [ -s direct.txt ] && cmp -s direct.txt summed.txt; then
		echo "ok: gprof -b $opt prog gmon.sum = gprof -b $opt prog gmon.out.*"
	else
		fail "gprof -b $opt differs between the rank files and gmon.sum"
		diff direct.txt summed.txt | head -20
	fi
done
# The report of -S DIR EXE is gprof-par's report of gmon.sum, then (unless
# --no-load-balance) the load balance of the rank files.
if "$GPROF_PAR" --no-load-balance -S gaps prog > s-report.txt 2> s-report.err &&
   "$GPROF_PAR" prog gaps/gmon.sum > report.txt && [ -s report.txt ] &&
   cmp -s s-report.txt report.txt; then
	echo "ok: -S DIR EXE --no-load-balance prints the report of DIR/gmon.sum"
else
	fail "-S DIR EXE: report differs from gprof-par EXE DIR/gmon.sum"; cat s-report.err
fi
if "$GPROF_PAR" -S gaps prog > s-default.txt 2> s-report.err &&
   head -c "$(wc -c < report.txt)" s-default.txt | cmp -s - report.txt &&
   printf '\f\nLoad balance over 5 ranks (0 to 9), functions by time lost to imbalance:\n' > lb-head.txt &&
   tail -c +"$(($(wc -c < report.txt) + 1))" s-default.txt | head -2 | cmp -s - lb-head.txt; then
	echo "ok: -S DIR EXE prints the report of DIR/gmon.sum, then the load balance"
else
	fail "-S DIR EXE: not the report then the load balance"; head -c 300 s-default.txt | tail -5
fi

# --timing: a row of 14 phases per process on stderr; process 0's total
# covers its phases; under mpirun every process's start of MPI is measured,
# the slowest row is printed, and process 0 lists the directory while MPI
# starts (said once; never without MPI); each process reads the runs of
# its own block of the 5 files (the sum's: 2 and 3 files at 2 processes,
# 1, 2 and 2 at 3), not process 0 all of them (issue 39).
check_timing() { # NP FILES-READ-BY-EACH
	awk -v np="$1" -v each="$2" '
		/list of the directory \(and reading the executable\) ran while MPI started/ { early++ }
		$0 == "gprof-par: --timing: list: the runs of the 5 files read by each process: " each { shares++ }
		/--timing: seconds per phase and process/ { on = 1; next }
		on && $1 == "process" { heads = ($2 $3 $4 $5 $6 $7 $8 $9 $10 $11 $12 $13 $14 $15 == "initlistreadcheckaddbalancepathsmoduleswaitorderreducewritereporttotal"); next }
		on && $1 ~ /^[0-9]+$/ { rows++; if (NF != 15) bad = 1
			if (np > 1 && !($2 > 0)) bad = 1
			# (each of the 11 phases and the total printed to the ms:
			# their rounding alone may add up to 6 ms; helper-16 saw 4)
			if ($1 == 0) { for (i = 2; i <= 12; i++) part += $i; if (part > $15 + 0.006) bad = 1 } next }
		on && $1 == "slowest" { slowest = 1 }
		END { exit !(heads && rows == np && !bad && (np == 1 || slowest) &&
			     early == (np > 1) && shares == 1) }' sum.err
}
for np in 1 2 3; do
	case $np in 1) each=5 ;; 2) each="2 3" ;; 3) each="1 2 2" ;; esac
	if sum_cmd "$np" --timing -S gaps && check_timing "$np" "$each"; then
		echo "ok: --timing with $np process(es)"
	else
		fail "--timing with $np process(es):"; cat sum.err
	fi
done

for np in 2 3 4; do
	MPI_LEAKS=0
	[ "$np" -eq 3 ] && MPI_LEAKS=1
	run_sum "mpirun -np $np -S" $np gaps
	same_file "-np $np gmon.sum" serial.sum gaps/gmon.sum
	expect_grep "-np $np: gaps reported once" "gaps: 3-4, 6-8" sum.err
	n=$(grep -c "summed" sum.err)
	[ "$n" -eq 1 ] || fail "-np $np: $n summary lines"
	[ -s sum.out ] && fail "-np $np printed on stdout"
done

# -s with explicit files, in parallel: the same sum, written to -o FILE.
"$GPROF_PAR" -s -o s1.sum prog gaps/gmon.out.0 gaps/gmon.out.1 gaps/gmon.out.2 \
	gaps/gmon.out.5 gaps/gmon.out.9 2> s.err || fail "-s failed: $(cat s.err)"
same_file "-s -o = -S" serial.sum s1.sum
MPI_LEAKS=1 mpi "$MPIRUN" --oversubscribe -np 3 "$GPROF_PAR" -s -o s3.sum prog gaps/gmon.out.0 \
	gaps/gmon.out.1 gaps/gmon.out.2 gaps/gmon.out.5 gaps/gmon.out.9 > s3.out 2> s3.err ||
	{ fail "mpirun -np 3 -s failed"; cat s3.err; }
same_file "-np 3 -s -o" serial.sum s3.sum
[ -s s3.out ] && fail "-np 3 -s printed on stdout"

# A strided subset (BG_GMON_RANK_SUBSET=0:56:8): no gaps, every 8th.
MPI_LEAKS=0
mkdir strided
for r in 0 8 16 24 32 40 48 56; do cp gaps/gmon.out.1 strided/gmon.out.$r; done
run_sum "strided -S" 1 strided
expect_grep "strided: stride, no gaps" "ranks 0-56, every 8th; no gaps" sum.err
cp strided/gmon.sum strided.sum
rm strided/gmon.out.24 strided/gmon.out.40 strided/gmon.out.48
run_sum "strided -S -np 2, with gaps" 2 strided
expect_grep "strided: gaps at the stride" "every 8th; gaps: 24, 40-48 (3 ranks missing)" sum.err

# A serial run never initialises MPI: MPI_Init opens sockets (to the PMIx
# server, or to start one) and makes a session directory in TMPDIR, which a
# real MPI program is checked to do first; gprof-par, serially or under a
# launcher of one process, must do neither.
no_mpi_check() {
	if command -v strace > /dev/null 2>&1; then
		# LeakSanitizer cannot run under ptrace; leaks are checked above.
		ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=socket,connect \
			-o mpi.trace "$@" > /dev/null 2>&1
		status=$?
		grep -c 'socket(' mpi.trace || true
		return $status
	fi
	rm -rf tmp-mpi
	mkdir tmp-mpi
	TMPDIR=$work/tmp-mpi "$@" > /dev/null 2>&1
	status=$?
	ls -A tmp-mpi | grep -c . || true
	return $status
}
for var in OMPI_COMM_WORLD_SIZE OMPI_COMM_WORLD_RANK PMIX_RANK PMI_SIZE PMI_RANK \
	MV2_COMM_WORLD_SIZE SLURM_PROCID SLURM_STEP_ID; do
	unset $var
done
cat > init.c <<'SRC'
#include <mpi.h>
int main(int argc, char **argv) { MPI_Init(&argc, &argv); MPI_Finalize(); return 0; }
SRC
if [ -n "${MPICC:-}" ] && "$MPICC" -o init init.c 2> /dev/null &&
   control=$(no_mpi_check ./init) && [ "$control" -gt 0 ]; then
	serial=$(no_mpi_check "$GPROF_PAR" -S gaps) || fail "serial -S failed"
	one=$(OMPI_COMM_WORLD_SIZE=1 OMPI_COMM_WORLD_RANK=0 no_mpi_check "$GPROF_PAR" -S gaps) ||
		fail "-S under a launcher of 1 process failed"
	if [ "$serial" -eq 0 ] && [ "$one" -eq 0 ]; then
		echo "ok: serial runs do not initialise MPI (MPI_Init here: $control sockets or files)"
	else
		fail "a serial run initialised MPI ($serial, $one sockets or files)"
	fi
else
	echo "SKIP (part): cannot see MPI_Init from outside here; not checked"
fi

# Open MPI is not even loaded serially: gprof-par does not link libmpi, its
# MPI module does (loaded under a launcher only).
if ldd "$GPROF_PAR" | grep -q 'libmpi'; then
	fail "gprof-par is linked with libmpi: $(ldd "$GPROF_PAR" | grep libmpi)"
else
	echo "ok: gprof-par does not link libmpi"
fi
module=$(dirname "$GPROF_PAR")/.libs/gprof-par-mpi.so
if [ -r "$module" ]; then
	ldd "$module" | grep -q 'libmpi' || fail "$module does not link libmpi"
fi

# Under a launcher, a module that cannot be loaded is a clear error that
# names where it was looked for; nothing is written.
rm -f gaps/gmon.sum
GPROF_PAR_MPI_MODULE=$work/no-such-module.so mpi "$MPIRUN" --oversubscribe -np 2 -x GPROF_PAR_MPI_MODULE \
	"$GPROF_PAR" -S gaps > module.out 2> module.err
status=$?
if [ "$status" -ne 0 ] && grep -q "cannot load the MPI module gprof-par-mpi.so" module.err &&
	grep -q "no-such-module.so: no such file" module.err && [ ! -e gaps/gmon.sum ]; then
	echo "ok: a missing MPI module: $(head -1 module.err)"
else
	fail "a missing MPI module: exit $status, gmon.sum $(ls gaps/gmon.sum 2>&1), stderr: $(cat module.err)"
fi
echo 'int not_gprof_par(void) { return 1; }' > other.c
if "$CC" -shared -fPIC -o other-module.so other.c; then
	GPROF_PAR_MPI_MODULE=$work/other-module.so mpi "$MPIRUN" --oversubscribe -np 2 \
		-x GPROF_PAR_MPI_MODULE "$GPROF_PAR" -S gaps > module.out 2> module.err
	status=$?
	if [ "$status" -ne 0 ] &&
		grep -q "other-module.so: not a gprof-par MPI module" module.err; then
		echo "ok: another library as the MPI module: $(grep other-module module.err | head -1)"
	else
		fail "another library as the MPI module: exit $status, stderr: $(cat module.err)"
	fi
else
	fail "cannot build a shared library with $CC"
fi

finish
