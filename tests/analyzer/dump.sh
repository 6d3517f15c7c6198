#!/bin/bash
# dump.sh - gprof-par --dump: every record of a gmon file, its companion's
# sections and the libraries' profiles beside it, as the lines
# docs/formats.md documents.
# A -pg program spins in own_work(), then in lib_spin() of a -pg library,
# and calls its lib_outer() 3 times, which calls lib_inner() 1,000,000
# times each; run with
# libgmon-mpi and BG_GMON_PROFILE_LIBS=libwork.so.  Checked against what
# is known by construction or told by GNU gprof:
#   - the library's arc records into lib_inner (self_pc in its link-time
#     range, from nm -S) add up to exactly 3,000,000;
#   - the bins of the executable's histogram add up to the samples GNU
#     gprof counts in the same file (its -d64 total_time), and each bin's
#     range is GNU's (bin i of the first starts at low_pc);
#   - the library's "module" line carries its soname and its samples, and
#     its bins add up to them;
#   - a file that is no gmon file between two good ones: a message naming
#     it, exit status 1, both good files dumped whole ("end" lines);
#   - no operand: gmon.out.
set -u
. "$(dirname "$0")/reduce-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
programs=$top_srcdir/tests/runtime/programs   # own-work.h
[ -n "${GPROF:-}" ] && [ -x "$GPROF" ] || { echo "SKIP: GNU gprof is not installed"; exit 77; }

cat > libwork.c <<'SRC'
volatile double work_sink;
__attribute__((noinline)) void lib_inner(long k) { work_sink += (double)k; }
__attribute__((noinline)) void lib_outer(long n)
{
	for (long i = 0; i < n; i++)
		lib_inner(i);
}
__attribute__((noinline)) void lib_spin(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.5;
	work_sink = s;
}
SRC
cat > prog.c <<'SRC'
#include <stdlib.h>
#include "own-work.h"
void lib_outer(long n);
void lib_spin(long n);
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 30000000;

	own_work(n);
	lib_spin(n / 2);
	for (int i = 0; i < 3; i++)
		lib_outer(1000000);
	return 0;
}
SRC
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id -Wl,-soname,libwork.so libwork.c -o libwork.so &&
"$CC" -pg -O1 -I"$programs" prog.c -o prog -L. -lwork -Wl,-rpath,"$work" \
	-L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" || { echo "ERROR: cannot build"; exit 99; }
BG_GMON_HZ=1000 BG_GMON_PROFILE_LIBS=libwork.so ./prog 400000000 ||
	{ echo "ERROR: the run failed"; exit 99; }
# (the library's data: a section of the one companion, gmon.out+gmon-mpi)
[ -s gmon.out ] && [ -s gmon.out+gmon-mpi ] || { echo "ERROR: no profiles: $(ls)"; exit 99; }

"$GPROF_PAR" --dump gmon.out > d.out 2> d.err || fail "--dump failed: $(cat d.err)"
[ -s d.err ] && fail "--dump said something on stderr: $(cat d.err)"
[ "$(head -1 d.out)" = "$(printf 'gmon-dump\t1')" ] || fail "first line: $(head -1 d.out)"

# the lines of one file's part: ROLE PATH-SUFFIX
part() { awk -F'\t' -v r="$1" -v p="$2" '$1 == "file" { on = ($2 == r && index($3, p)) }
	on' d.out; }
part profile gmon.out > exe.part
part library libwork.so > lib.part
[ -s lib.part ] || fail "no part for the library's profile"

read -r start size < <(nm -S libwork.so | awk '$4 == "lib_inner" { print $1, $2 }')
calls=$(awk -F'\t' '$1 == "arc" { print $3, $4 }' lib.part | {
	n=0
	while read -r self count; do
		(( self >= 16#$start && self < 16#$start + 16#$size )) && n=$((n + count))
	done
	echo $n; })
[ "$calls" = 3000000 ] && echo "ok: 3,000,000 calls of lib_inner in the library's arcs" ||
	fail "lib_inner's arcs add up to $calls, not 3000000"

# the executable's samples: the bins' sum, and GNU gprof's count of them
bins=$(awk -F'\t' '$1 == "bin" { n += $5 } END { print n + 0 }' exe.part)
gnu=$("$GPROF" -d64 -b -p prog gmon.out | awk '/^\[assign_samples\] total_time/ { t = $3 }
	END { printf "%d", t }')
[ "$bins" -gt 100 ] && [ "$bins" = "$gnu" ] && echo "ok: $bins samples in the executable's bins" ||
	fail "executable's bins add up to $bins, GNU gprof counts $gnu"
# bin i of the first histogram starts at low_pc + i * (high_pc - low_pc) / nbins
IFS=$'\t' read -r _ low high nbins _ < <(grep -m1 '^hist' exe.part)
IFS=$'\t' read -r _ index bin_low _ < <(grep -m1 '^bin' exe.part)
(( bin_low == low + index * (high - low) / nbins )) && echo "ok: bin $index starts at $bin_low" ||
	fail "bin $index starts at $bin_low, not at GNU's $((low + index * (high - low) / nbins))"

module=$(awk -F'\t' '$1 == "module" && $3 == "libwork.so"' d.out)
[ -n "$module" ] || fail "no module line for libwork.so: $(grep '^module' d.out)"
lib_samples=$(printf '%s\n' "$module" | cut -f5)
lib_bins=$(awk -F'\t' '$1 == "bin" { n += $5 } END { print n + 0 }' lib.part)
[ "$lib_bins" -gt 0 ] && [ "$lib_samples" = "$lib_bins" ] && echo "ok: the library's $lib_bins samples in its bins" ||
	fail "module line says $lib_samples samples, the library's bins $lib_bins"

# the companion: its header line, each section once with the count it
# gives, the run's build-id the executable's, the library a section
IFS=$'\t' read -r _ _ _ _ nsections < <(grep -m1 '^companion' d.out)
listed=$(grep -c '^section' d.out)
[ -n "$nsections" ] && [ "$listed" = "$nsections" ] && echo "ok: the companion's $listed sections" ||
	fail "the companion says ${nsections:-no} sections, $listed listed: $(grep '^companion' d.out)"
build_id=$(readelf -n prog | awk '/Build ID/ { print $3 }')
[ -n "$build_id" ] && grep -q "^text	run	build-id	$build_id\$" d.out && echo "ok: the run's build-id" ||
	fail "no run section with build-id $build_id: $(grep '^text	run' d.out)"
grep -q '^section	paths	text	' d.out || fail "no paths section: $(grep '^section' d.out)"
grep -q '^section	[^	]*libwork.so[^	]*	library	' d.out ||
	fail "no library section for libwork.so: $(grep '^section' d.out)"

# a bad file between two good ones
cp gmon.out good.out
printf 'this is not a gmon file at all\n' > bad.out
"$GPROF_PAR" --dump good.out bad.out gmon.out > d2.out 2> d2.err
rc=$?
ends=$(grep -c "^end" d2.out)
if [ "$rc" = 1 ] && grep -q "bad.out: bad magic" d2.err && [ "$ends" -ge 3 ] &&
	grep -q "^end	good.out	" d2.out && grep -q "^end	gmon.out	" d2.out; then
	echo "ok: a bad file: $(cat d2.err)"
else
	fail "a bad file: exit $rc, $ends end lines, stderr: $(cat d2.err)"
fi

# no operand: gmon.out
"$GPROF_PAR" --dump > d3.out 2>&1 && cmp -s d.out d3.out && echo "ok: gmon.out by default" ||
	fail "--dump without operands differs from --dump gmon.out"
finish
