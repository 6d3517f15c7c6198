#!/bin/sh
# measured-callers.sh - --measured's caller lines keep GNU's layout (a
# caller's line for a function: self = the function's own samples under
# that caller, children = the rest under it), on a construction timed by
# the program itself (CLOCK_THREAD_CPUTIME_ID): a() calls b(), b() spends
# one unit in itself and two in its child c().  Twice: b()'s own loop
# plain, and inside an OpenMP region of one thread (b._omp_fn.0, b's own
# under --regions=parent, below libgomp's frames: its samples were all
# children on a()'s line).  a()'s line for b() equals b()'s own line, and
# its self share is the clock's within 0.05.
. "${top_srcdir:?}/tests/e2e-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs

cat > abc.c <<'EOF_C'
#include <stdio.h>

#include "thread-clock.h"

volatile unsigned long sink;

static unsigned long spin(long n)
{
	unsigned long x = sink;

	for (long i = 0; i < n; i++) { x = x * 31 + (unsigned long)i; __asm__ volatile("" : "+r"(x)); }
	return x;
}

double c_time;

__attribute__((noinline)) void c(void)
{
	double t = now();

	sink = spin(400000000L);
	c_time += now() - t;
}

__attribute__((noinline)) void b(void)
{
	double t = now(), own;

#pragma omp parallel num_threads(1)
	sink = spin(200000000L);
	own = now() - t;
	c();
	printf("%.6f %.6f\n", own, c_time);
}

__attribute__((noinline)) void a(void) { b(); }

int main(void) { a(); return 0; }
EOF_C

# check NAME [CFLAGS]: a()'s line for b() against b()'s own and the clock.
check() {
	name=$1
	shift
	"${CC:-cc}" -g -O1 -pg -I"$top_srcdir/tests/analyzer/corpus" "$@" abc.c -o "$name" -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" ||
		fail "cannot build $name"
	rm -f gmon.out gmon.out+paths gmon.out+gmon-mpi
	BG_GMON_HZ=1000 "./$name" > "$name.clock" || fail "$name failed"
	read -r own child < "$name.clock"
	"$GPROF_PAR" -b -q --measured "$name" gmon.out > "$name.graph" 2> "$name.err" ||
		fail "$name: --measured failed: $(cat "$name.err")"
	# a()'s entry: its primary line, then b()'s line ("self children called b [N]")
	caller=$(awk '/^\[[0-9]+\]/ { in_a = ($NF ~ /^\[/ && $(NF - 1) == "a") ; next }
		      in_a && $(NF - 1) == "b" { print $1, $2; exit }' "$name.graph")
	primary=$(awk '/^\[[0-9]+\]/ && $(NF - 1) == "b" { print $3, $4; exit }' "$name.graph")
	note "$name: clock b ${own}s c ${child}s; a's line for b: $caller; b's own line: $primary"
	[ -n "$caller" ] || fail "$name: no line for b() in a()'s entry"
	expect_eq "$caller" "$primary" "$name: a()'s line for b() (b's only caller) against b()'s own"
	set -- $caller
	awk -v s="$1" -v c="$2" -v o="$own" -v k="$child" \
		'BEGIN { d = s / (s + c) - o / (o + k); exit !(s + c > 0.3 && d < 0.05 && d > -0.05) }' ||
		fail "$name: a()'s line for b() is self $1 children $2, the clock's ${own}s:${child}s"
}

check plain
check openmp -fopenmp
