#!/bin/bash
# -M names the code of a stripped library honestly (issue 27): a library
# built -O1 -fno-toplevel-reorder, so that its hot static sp_hidden lies
# right after the small exported sp_small, is stripped of .symtab after the
# run (strip --strip-all keeps .dynsym, with each symbol's size).  GNU's
# rule (a function extends to the next) would give sp_hidden's samples to
# sp_small; -M must give sp_small none and show them as
# "[libsp.so static code after sp_small] {N}".
set -u
. "$(dirname "$0")/gprof-compare-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 99

cat > libsp.c <<'SRC'
volatile double sp_sink;
volatile long sp_count;
void sp_small(void)
{
	sp_count++;
}
static __attribute__((noinline)) double sp_hidden(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.5;
	return s;
}
double sp_run(long n)
{
	sp_small();
	sp_sink = sp_hidden(n);
	return sp_sink;
}
SRC
printf 'double sp_run(long n);\nint main(void) { return sp_run(300000000L) < 0; }\n' > main.c
$CC -O1 -fno-toplevel-reorder -fPIC -shared libsp.c -o libsp.so &&
	$CC -O1 -pg main.c -o prog -L. -lsp -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib:$scratch" ||
	{ echo "ERROR: cannot build"; exit 99; }
# the construction: sp_hidden starts where sp_small ends
read -r small_addr small_size < <(nm -S libsp.so | awk '$4 == "sp_small" { print $1, $2 }')
hidden_addr=$(nm libsp.so | awk '$3 == "sp_hidden" { print $1 }')
if [ -z "$hidden_addr" ] || [ $((16#$small_addr + 16#$small_size)) -ne $((16#$hidden_addr)) ]; then
	echo "ERROR: sp_hidden ($hidden_addr) is not right after sp_small ($small_addr, size $small_size)"
	exit 99
fi
BG_GMON_PROFILE_LIBS=libsp.so ./prog || { echo "ERROR: prog failed"; exit 99; }
unpack_companions
[ -f gmon.out+libsp.so ] || { echo "ERROR: no profile of libsp.so"; exit 99; }
strip --strip-all libsp.so || { echo "ERROR: cannot strip"; exit 99; }
readelf -S libsp.so | grep -q "\.symtab" && { echo "ERROR: libsp.so still has a .symtab"; exit 99; }

GPROF_PAR_DEBUG_ROOT=$scratch/no-debug "$GPROF_PAR" -M -b -p prog gmon.out > m.out 2> m.err ||
	{ fail "-M failed"; cat m.err; }
# self seconds of the row "NAME {N}" (any module index N), or "none"
self() { awk -v n="$1" '{ line = $0; sub(/ \{[0-9]+\}$/, "", line) }
	substr(line, length(line) - length(n) + 1) == n && line != $0 { s = $3; found = 1 }
	END { print found ? s : "none" }' m.out; }
checks=$((checks + 1))
small=$(self " sp_small")
gap=$(self " [libsp.so static code after sp_small]")
if [ "$small" != none ] && [ "$small" != 0.00 ]; then
	fail "-M gives the exported sp_small ($((16#$small_size)) bytes) $small s"
	cat m.out
elif [ "$gap" = none ] || ! awk -v g="$gap" 'BEGIN { exit !(g > 0) }'; then
	fail "no row with samples for the static code after sp_small"
	cat m.out
else
	echo "ok: sp_small (exported, $((16#$small_size)) bytes) ${small}; the static code after it $gap s"
fi
checks=$((checks + 1))
if ! grep -q 'libsp.so has no .symtab (stripped).*static code after NAME' m.err; then
	fail "the warning does not say where the static code goes"
	cat m.err
else
	echo "ok: the warning says so"
fi
echo "$checks checks, $failures failures"
[ "$failures" -eq 0 ]
