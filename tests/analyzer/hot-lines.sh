#!/bin/sh
# hot-lines.sh - line-level costs on a function whose truth is known: loops()
# runs a hot loop 20 times as long as a cold one (the same work, 20x the
# iterations, each loop on one line, timed by the program with
# CLOCK_THREAD_CPUTIME_ID); inlined() spends its time in a loop inlined
# from a header.
#   --format=callgrind read by callgrind_annotate --auto=yes (no warning):
#   the hot loop's line holds >= 80% of loops()'s samples, the hot share of
#   the two loops' samples is the program's own within 0.05, and the
#   header's loop line (after "fi=") holds the samples of spin(), inlined
#   from the header into inlined(): a function of its own, "spin
#   [inlined]", called by inlined() (issue 38).
#   --source-times (the histogram's bins on their lines): the hot loop's
#   line holds >= 80% of loops()'s samples, the hot share of the loops'
#   samples is the clock's within 0.05, inlined()'s samples are on the
#   header's line; --source-times=loops prints loops() alone; a function
#   that does not exist is an error.
here=$PWD
. "${top_srcdir:?}/tests/e2e-lib.sh"

command -v callgrind_annotate > /dev/null || skip "callgrind_annotate (valgrind) is not installed"
rtlib=$top_builddir/libgmon-mpi/.libs

cat > spin.h <<'EOF_H'
static inline __attribute__((always_inline)) unsigned long spin(unsigned long x, long n)
{
	for (long i = 0; i < n; i++) { x = x * 31 + (unsigned long)i; __asm__ volatile("" : "+r"(x)); } /* HEADER */
	return x;
}
EOF_H
cat > hotcold.c <<'EOF_C'
#include <stdio.h>

#include "spin.h"
#include "thread-clock.h"

#define COLD 20000000L
#define HOT (20 * COLD)

volatile unsigned long sink;

__attribute__((noinline)) void loops(void)
{
	double t0 = now(), t1, t2;
	unsigned long x = sink;

	for (long i = 0; i < HOT; i++) { x = x * 31 + (unsigned long)i; __asm__ volatile("" : "+r"(x)); } /* HOT */
	t1 = now();
	for (long i = 0; i < COLD; i++) { x = x * 31 + (unsigned long)i; __asm__ volatile("" : "+r"(x)); } /* COLD */
	t2 = now();
	sink = x;
	printf("%.6f %.6f\n", t1 - t0, t2 - t1);
}

__attribute__((noinline)) void inlined(void)
{
	sink = spin(sink, 5 * COLD);
}

int main(void)
{
	loops();
	inlined();
	return 0;
}
EOF_C
"${CC:-cc}" -g -O1 -pg -I"$top_srcdir/tests/analyzer/corpus" hotcold.c -o hotcold -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" ||
	fail "cannot build hotcold"
BG_GMON_HZ=1000 ./hotcold > clock.txt || fail "hotcold failed"
read -r hot_s cold_s < clock.txt

# The samples callgrind_annotate shows on the source line marked MARK.
line_samples() {
	awk -v mark="/* $2 */" 'index($0, mark) { v = $1; gsub(",", "", v); print (v == "." ? 0 : v); exit }' "$1"
}
# A function's samples in callgrind_annotate's list ("N (P%)  FILE:NAME [OBJECT]").
fn_samples() {
	awk -v name="$2" 'index($0, name) { v = $1; gsub(",", "", v); print v; exit }' "$1"
}

# --- the callgrind export's hot lines ----------------------------------------
"$GPROF_PAR" --format=callgrind hotcold gmon.out > hc.callgrind 2> hc.err ||
	fail "--format=callgrind failed: $(cat hc.err)"
callgrind_annotate --auto=yes hc.callgrind > hc.ann 2> hc.ann.err ||
	fail "callgrind_annotate failed: $(cat hc.ann.err)"
[ ! -s hc.ann.err ] || fail "callgrind_annotate warned: $(cat hc.ann.err)"
hot=$(line_samples hc.ann HOT) cold=$(line_samples hc.ann COLD)
loops=$(fn_samples hc.ann "hotcold.c:loops [")
header=$(line_samples hc.ann HEADER) inl=$(fn_samples hc.ann "spin.h:spin [inlined]")
note "clock: hot ${hot_s}s cold ${cold_s}s; samples: loops $loops, hot line $hot, cold line" \
	"$cold; spin() inlined from spin.h: $inl, its line $header"
[ -n "$hot" ] && [ -n "$cold" ] && [ -n "$loops" ] || fail "no hot/cold lines annotated"
[ "$loops" -ge 100 ] || fail "only $loops samples in loops() (100 needed)"
awk -v h="$hot" -v l="$loops" 'BEGIN { exit !(h >= 0.8 * l) }' ||
	fail "the hot line has $hot of loops()'s $loops samples (< 80%)"
awk -v h="$hot" -v c="$cold" -v hs="$hot_s" -v cs="$cold_s" \
	'BEGIN { d = h / (h + c) - hs / (hs + cs); exit !(d < 0.05 && d > -0.05) }' ||
	fail "the hot line's share of the loops' samples ($hot:$cold) is not the clock's ($hot_s:$cold_s)"
[ -n "$header" ] && [ "$header" -gt 0 ] && [ "$header" = "$inl" ] ||
	fail "the header's loop line has '$header' samples, spin [inlined] in spin.h '$inl'"
grep -q '^cfn=([0-9]*) spin \[inlined\]$' hc.callgrind ||
	fail "inlined() calls no 'spin [inlined]' in the callgrind export"
grep -q '^fi=' hc.callgrind && grep -q '^fe=' hc.callgrind ||
	fail "no fi=/fe= around the inlined header's line"

# --- --source-times ------------------------------------------------------------
# The samples and percent of the row of the source line marked MARK.
row() { awk -v mark="/* $2 */" 'index($0, mark) && $1 ~ /^[0-9]+$/ { print $1, $3; exit }' "$1"; }
"$GPROF_PAR" --source-times hotcold gmon.out > st.txt 2> st.err ||
	fail "--source-times failed: $(cat st.err)"
# (nothing on stderr but, when a sample fell in a library, the report's
# note on them: CI once had one in ld.so's lazy binding, 2% of the samples)
! grep -v "of the samples were in shared libraries, which this report of the executable leaves out" st.err ||
	fail "--source-times warned: $(cat st.err)"
read -r hot hot_pct <<EOF_R
$(row st.txt HOT)
EOF_R
read -r cold cold_pct <<EOF_R
$(row st.txt COLD)
EOF_R
header=$(row st.txt HEADER)
note "--source-times: hot line $hot ($hot_pct%), cold line $cold ($cold_pct%), header $header"
[ -n "$hot" ] && [ -n "$cold" ] || { cat st.txt; fail "--source-times: no hot and cold rows"; }
awk -v p="$hot_pct" 'BEGIN { exit !(p >= 80) }' ||
	fail "--source-times: the hot line has $hot_pct% of loops()'s samples (< 80%)"
awk -v h="$hot" -v c="$cold" -v hs="$hot_s" -v cs="$cold_s" \
	'BEGIN { d = h / (h + c) - hs / (hs + cs); exit !(d < 0.05 && d > -0.05) }' ||
	fail "--source-times: the loops' samples ($hot:$cold) are not the clock's ($hot_s:$cold_s)"
[ "${header% *}" -gt 0 ] && [ "${header#* }" = 100.00 ] ||
	fail "--source-times: inlined()'s header line has '$header' (samples, percent)"
grep -q '^loops: [0-9]* samples' st.txt && grep -q '^inlined: [0-9]* samples' st.txt ||
	fail "--source-times: loops() and inlined() are not both listed"

"$GPROF_PAR" --source-times=loops hotcold gmon.out > loops.txt 2> st.err ||
	fail "--source-times=loops failed: $(cat st.err)"
expect_eq "$(grep -c '^[a-z]*: [0-9]* samples' loops.txt)" 1 "--source-times=loops's functions"
expect_eq "$(row loops.txt HOT)" "$(row st.txt HOT)" "--source-times=loops's hot row"
if "$GPROF_PAR" --source-times=no_such_function hotcold gmon.out > none.txt 2> none.err; then
	fail "--source-times=no_such_function succeeded"
fi
grep -q 'no such function' none.err || fail "--source-times=no_such_function said: $(cat none.err)"
