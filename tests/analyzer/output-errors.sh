#!/bin/bash
# output-errors.sh - every report gprof-par writes to standard output
# fails when standard output cannot take it (/dev/full: ENOSPC), with one
# message saying so and no other: --mpi (and --mpi=csv) exited 0 with the
# report lost (the views that run alone were not checked); --dump printed
# a stale "cannot open a gmon file: Not a directory" about each library
# section it had read well (the message of the first way it tried).  Each
# view is also run to a file, where it succeeds: the failure is the
# output's.  An empty name for a file to write is refused before anything
# is read.
set -u
. "${top_srcdir:?}/tests/analyzer/reduce-lib.sh"

command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
[ -w /dev/full ] || { echo "SKIP: no /dev/full"; exit 77; }

# a profile of libgmon-mpi's, with its companion (call paths, a -pg
# library's section, whose dump is long enough to fail midway), and an
# MPI profile added to the companion (craft-companion.py)
rtlib=$top_builddir/libgmon-mpi/.libs
cat > libwork.c <<'SRC'
__attribute__((noinline)) void lib_inner(long k) { static volatile long s; s += k; }
__attribute__((noinline)) void lib_outer(long n) { for (long i = 0; i < n; i++) lib_inner(i); }
SRC
cat > prog.c <<'SRC'
#include <time.h>
void lib_outer(long n);
__attribute__((noinline)) void step(void) { lib_outer(100000); }
int main(void)
{
	while (clock() < CLOCKS_PER_SEC / 5)
		step();
	return 0;
}
SRC
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id libwork.c -o libwork.so &&
"$CC" -pg -O1 prog.c -o prog -L. -lwork -Wl,-rpath,"$work" -L"$rtlib" -lgmon-mpi \
	-Wl,-rpath,"$rtlib" || { echo "ERROR: cannot build"; exit 99; }
mkdir run && (cd run && BG_GMON_HZ=1000 ../prog) && [ -s run/gmon.out+gmon-mpi ] ||
	{ echo "ERROR: the run wrote no profile: $(ls run)"; exit 99; }
printf 'gmon-mpi-profile 1\nrank\t0\nsize\t1\nelapsed_ns\t2000000000\nmpi_ns\t1000000\ndropped_calls\t0\nMPI_Barrier\t%s\t0x1159\t3\t1000000\t0\t0\n' "$PWD/prog" > mpi
mv run/gmon.out+gmon-mpi run.companion
python3 "$top_srcdir/tests/analyzer/craft-companion.py" run/gmon.out+gmon-mpi copy:run.companion \
	text:mpi=mpi || { echo "ERROR: craft-companion.py failed"; exit 99; }

views=("-b -p prog run/gmon.out" "-b -q prog run/gmon.out" "--summary prog run/gmon.out"
	"--mpi prog run/gmon.out" "--mpi=csv prog run/gmon.out" "-M -b -p prog run/gmon.out"
	"--format=folded prog run/gmon.out" "--load-balance -b -p prog run/gmon.out"
	"--dump run/gmon.out")
for args in "${views[@]}"; do
	# shellcheck disable=SC2086
	if ! timeout 120 "$GPROF_PAR" $args > to-file.out 2> to-file.err || [ ! -s to-file.out ]; then
		fail "$args to a file: $(head -c 400 to-file.err)"
		continue
	fi
	status=0
	# shellcheck disable=SC2086
	timeout 120 "$GPROF_PAR" $args > /dev/full 2> err || status=$?
	if grep -q "Sanitizer\|runtime error" err; then
		fail "$args to /dev/full: $(grep -m 3 "Sanitizer\|runtime error" err)"
	elif [ "$status" -ne 1 ]; then
		fail "$args to /dev/full: exit status $status, not 1 ($(head -c 400 err))"
	elif [ "$(grep -c '^gprof-par: error writing the [a-z]* to standard output$' err)" -ne 1 ]; then
		fail "$args to /dev/full: not one message about the output: $(cat err)"
	elif [ "$(grep -v -f <(sed 's/.*/^&$/' to-file.err) err | grep -vc '^gprof-par: error writing the')" -ne 0 ]; then
		fail "$args to /dev/full: messages the run to a file did not print: $(grep -v -f <(sed 's/.*/^&$/' to-file.err) err)"
	else
		echo "ok: $args to /dev/full: $(grep '^gprof-par: error writing' err)"
	fi
done

# An empty file name to write (-o "", --html=): summed or rendered, then
# "cannot rename the temporary file .tmpXXXX to it"; now refused before
# anything is read, once, nothing left behind
for opt in -o --html= --summary-json= --summary-text= --flame-graph= --load-balance-svg=; do
	(cd run && ls -A) > before
	case $opt in
	-o) args=(-S run -o "") ;;
	*) args=("$opt" prog run/gmon.out) ;;
	esac
	status=0
	timeout 120 "$GPROF_PAR" "${args[@]}" > out 2> err || status=$?
	name=${opt%=}
	[ "$name" = -o ] && name=--output
	if [ "$status" -ne 1 ] || [ "$(cat err)" != "gprof-par: $name: an empty file name" ]; then
		fail "$opt with an empty name: exit status $status, $(cat err)"
	elif ! (cd run && ls -A) | cmp -s - before || [ -n "$(ls -A | grep '^\.tmp')" ]; then
		fail "$opt with an empty name left files: $(cd run && ls -A) $(ls -A)"
	else
		echo "ok: $opt with an empty name: refused"
	fi
done

finish
