#!/bin/sh
# modules-measured.sh - -M's call graph takes its children's times from the
# sampled call paths (every module's frames named in its one table), not
# GNU's estimate by calls, on a construction timed by the program itself
# (CLOCK_THREAD_CPUTIME_ID): hard() calls work() once for a long time and
# copy() (libc's memcpy, time in another module); easy() calls work() 1000
# times for next to nothing.  GNU's rule gives work()'s time to easy(), its
# caller of 1000 calls in 1001; the paths give it to hard(), as the clocks
# do.  Checked: hard()'s children within 15% and 30 ms of its callees'
# clocks, easy()'s within 30 ms of its own; the line that says so; without
# the paths (BG_GMON_CALLSTACKS=0) the estimate, as before, which this
# construction gets wrong (easy()'s children most of work()'s time).
. "${top_srcdir:?}/tests/e2e-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs

cat > he.c <<'EOF_C'
#include <stdio.h>
#include <string.h>

#include "thread-clock.h"

volatile unsigned long sink;
static char from[1 << 20], to[1 << 20];
volatile size_t bytes = sizeof to;

__attribute__((noinline)) void work(long n)
{
	unsigned long x = sink;

	for (long i = 0; i < n; i++) { x = x * 31 + (unsigned long)i; __asm__ volatile("" : "+r"(x)); }
	sink = x;
}

__attribute__((noinline)) void copy(int times)
{
	for (int i = 0; i < times; i++)
		memcpy(to, from, bytes);
	sink += (unsigned long)to[bytes / 3];
}

__attribute__((noinline)) void hard(void) { work(600000000L); copy(12000); }

__attribute__((noinline)) void easy(void)
{
	for (int i = 0; i < 1000; i++)
		work(100);
}

int main(void)
{
	double t = now(), h, e;

	hard();
	h = now() - t;
	t = now();
	easy();
	e = now() - t;
	printf("%.6f %.6f\n", h, e);
	return 0;
}
EOF_C
"${CC:-cc}" -g -O1 -pg -I"$top_srcdir/tests/analyzer/corpus" he.c -o he -L"$rtlib" -lgmon-mpi \
	-Wl,-rpath,"$rtlib" || fail "cannot build he.c"

# children NAME GRAPH: the children column of NAME's primary line in -M's
# call graph ("[N] %time self children called NAME {0} [N]").
children() {
	awk -v n="$1" '/^\[[0-9]+\]/ && $(NF - 2) == n && $(NF - 1) == "{0}" { print $4; exit }' "$2"
}

mkdir paths nopaths
(cd paths && BG_GMON_PROFILE_LIBS=all ../he >clock) || fail "he failed"
(cd nopaths && BG_GMON_PROFILE_LIBS=all BG_GMON_CALLSTACKS=0 ../he >clock) || fail "he failed (no paths)"
for d in paths nopaths; do
	"$GPROF_PAR" -M -b -q he "$d/gmon.out" >"$d.graph" 2>"$d.err" ||
		fail "-M on $d: $(cat "$d.err")"
done
read -r hard_clock easy_clock <paths/clock
hard=$(children hard paths.graph)
easy=$(children easy paths.graph)
note "the clocks: hard ${hard_clock}s, easy ${easy_clock}s; -M's children: hard $hard, easy $easy"
[ -n "$hard" ] && [ -n "$easy" ] || fail "no primary line for hard or easy: $(cat paths.graph)"
awk -v c="$hard" -v k="$hard_clock" 'BEGIN { d = c - k; if (d < 0) d = -d; exit !(d <= 0.15 * k + 0.03) }' ||
	fail "hard()'s children are ${hard}s, its callees' clocks ${hard_clock}s"
awk -v c="$easy" -v k="$easy_clock" 'BEGIN { d = c - k; if (d < 0) d = -d; exit !(d <= 0.03) }' ||
	fail "easy()'s children are ${easy}s, its clock ${easy_clock}s"
grep -q "^children's times measured from [0-9]* sampled call paths.*(gprof-par -M" paths.graph ||
	fail "-M does not say its children's times are measured: $(head -8 paths.graph)"

# Without the paths: GNU's estimate, which gives easy() work()'s time.
! grep -q "^children's times measured" nopaths.graph ||
	fail "-M says it measured without paths: $(head -8 nopaths.graph)"
read -r hard_clock easy_clock <nopaths/clock
easy=$(children easy nopaths.graph)
note "without the paths: easy's children $easy (GNU's estimate by calls)"
awk -v c="$easy" -v k="$hard_clock" 'BEGIN { exit !(c > 0.3 * k) }' ||
	fail "without the paths easy()'s children are ${easy}s: the construction no longer tells the estimate from the paths"
