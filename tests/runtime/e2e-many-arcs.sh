#!/bin/bash
# 30,000 distinct call arcs: glibc's fixed arc table overflows and writes no
# profile at all; gmon-mpi writes every arc with its exact count.
. "$(dirname "$0")/lib.sh"
need_gprof

callers=30 callees=1000 rounds=3
{
	echo 'volatile unsigned long sink;'
	for ((f = 0; f < callees; f++)); do
		echo "__attribute__((noinline)) void f$f(void) { sink++; }"
	done
	for ((c = 0; c < callers; c++)); do
		echo "__attribute__((noinline)) void c$c(void) {"
		for ((f = 0; f < callees; f++)); do echo " f$f();"; done
		echo "}"
	done
	echo 'int main(void) { for (int r = 0; r < '$rounds'; r++) {'
	for ((c = 0; c < callers; c++)); do echo " c$c();"; done
	echo '} return 0; }'
} >many.c

build_linked app many.c
BG_GMON_VERBOSE=1 ./app 2>stderr
grep -q "wrote gmon.out: .* $((callers * callees + callers)) arcs, $(((callers * callees + callers) * rounds)) calls, 0 dropped" stderr ||
	fail "verbose summary: $(cat stderr)"
"$GPROF" -b -p app gmon.out >flat
listed=$(awk '$NF ~ /^f[0-9]+$/ && NF == 7 && $4 == '$((callers * rounds))' { n++ } END { print n + 0 }' flat)
expect_eq "$listed" $callees "callees reported with exactly $((callers * rounds)) calls"
"$GPROF" -b -q app gmon.out >graph
expect_eq "$(grep -Ec "^ +[0-9.]+ +[0-9.]+ +$rounds/$((callers * rounds)) +c[0-9]+ \[" graph)" \
	$((callers * callees)) "caller lines with $rounds/$((callers * rounds)) calls"

# The oracle: glibc's runtime on the same program
rm -f gmon.out
build_plain glibc-app many.c
./glibc-app 2>glibc-stderr || true
if [ -e gmon.out ]; then
	note "glibc wrote a profile for $((callers * callees)) arcs (its table was large enough here)"
else
	note "glibc wrote no profile: $(head -n 1 glibc-stderr)"
fi
note "ok"
