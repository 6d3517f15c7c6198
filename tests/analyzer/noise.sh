#!/bin/bash
# noise.sh - one warning per real problem, once per command, and no output
# that was not asked for (issue 38).  A -pg program calls three
# uninstrumented libraries: libgone1.so and libgone2.so (exported functions;
# both moved away after the run) and libnofn.so (stripped, its function
# static: its file has no function at all), as two "ranks" (no MPI).
#   - every command that names the call paths (--summary; --html with
#     --summary-json; -M) warns once, in one line naming both libraries
#     gone, and says nothing of libnofn.so (its frames' name, [libnofn.so],
#     is all there is);
#   - --html=FILE prints nothing on standard output (the report only with
#     -p), and no note about the report it did not print;
#   - --load-balance prints the load balance alone (the flat profile first
#     only with -p);
#   - --source-times gives own(), a quarter of the work, its share of all
#     the samples, the libraries' included (it said "100.00% of all": the
#     executable's histogram only), and of the executable's apart.
set -u
. "${top_srcdir:?}/tests/e2e-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
cat >lib.c <<'SRC'
static __attribute__((noinline)) double burn(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.5;
	return s;
}
#ifdef ENTRY
double (*const ENTRY)(long) = burn;
#else
double NAME(long n) { return burn(n) + 1; }
#endif
SRC
cat >prog.c <<'SRC'
#include <stdio.h>
double gone1(long), gone2(long);
extern double (*const nofn)(long);
__attribute__((noinline)) static double own(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.25;
	return s;
}
int main(void)
{
	double s = 0;

	for (int r = 0; r < 20; r++)
		s += gone1(1000000) + gone2(1000000) + nofn(1000000) + own(1000000);
	printf("%g\n", s);
	return 0;
}
SRC
cc=${CC:-gcc}
"$cc" -shared -fPIC -O1 -DNAME=gone1 lib.c -o libgone1.so &&
	"$cc" -shared -fPIC -O1 -DNAME=gone2 lib.c -o libgone2.so &&
	"$cc" -shared -fPIC -O1 -DENTRY=nofn lib.c -o libnofn.so && strip libnofn.so &&
	"$cc" -pg -O1 -g prog.c -o prog -L. -lgone1 -lgone2 -lnofn -L"$rtlib" -lgmon-mpi \
		-Wl,-rpath,"$work:$rtlib" 2>build.err || skip "cannot build the program: $(cat build.err)"
readelf --dyn-syms -W libnofn.so | grep -q ' FUNC  *GLOBAL .* nofn$' &&
	fail "libnofn.so exports a function: the test needs a library without any"
for r in 0 1; do
	OMPI_COMM_WORLD_RANK=$r BG_GMON_RANK_SUBSET=0:1 BG_GMON_HZ=1000 ./prog >/dev/null ||
		fail "rank $r of the program failed"
done
[ -s gmon.out.1 ] && [ -s gmon.out+gmon-mpi.1 ] || fail "no gmon.out.1 and its companion"
mkdir gone && mv libgone1.so libgone2.so gone/

# once per command, one line for both libraries, none for libnofn.so
check_warnings() { # what stderr-file
	local n
	n=$(grep -c 'named after the library only' "$2" || true)
	expect_eq "$n" 1 "$1: warnings of libraries named after themselves ($(cat "$2"))"
	expect_eq "$(grep -c 'warning' "$2" || true)" 1 "$1: warnings ($(cat "$2"))"
	grep 'named after the library only' "$2" | grep -q 'libgone1.so.*libgone2.so' ||
		fail "$1: the warning does not name both libraries gone: $(cat "$2")"
	! grep -q 'libnofn' "$2" || fail "$1: a warning about libnofn.so, which has no function: $(cat "$2")"
}
"$GPROF_PAR" --summary prog gmon.out.0 gmon.out.1 >summary.txt 2>summary.err ||
	fail "--summary: $(cat summary.err)"
check_warnings "--summary" summary.err
grep -q '\[libnofn.so\]' summary.txt || fail "--summary does not name [libnofn.so]"
"$GPROF_PAR" --html=r.html --summary-json=s.json prog gmon.out.0 gmon.out.1 >html.out 2>html.err ||
	fail "--html: $(cat html.err)"
check_warnings "--html --summary-json" html.err
[ -s r.html ] && [ -s s.json ] || fail "--html --summary-json wrote no files"
[ ! -s html.out ] || fail "--html printed on standard output: $(head -3 html.out)"
! grep -q 'this report of the executable' html.err ||
	fail "--html notes the libraries left out of a report it did not print"
"$GPROF_PAR" -M prog gmon.out.0 gmon.out.1 >m.out 2>m.err || fail "-M: $(cat m.err)"
expect_eq "$(grep -c 'named after the library only' m.err || true)" 1 "-M: warnings of libraries named after themselves"
"$GPROF_PAR" -p --html=r.html prog gmon.out.0 gmon.out.1 >html-p.out 2>/dev/null ||
	fail "-p --html failed"
grep -q '^Flat profile:' html-p.out || fail "-p --html: no flat profile on standard output"

# --load-balance: the load balance alone, unless a section is asked for
"$GPROF_PAR" --load-balance prog gmon.out.0 gmon.out.1 >lb.out 2>lb.err ||
	fail "--load-balance: $(cat lb.err)"
head -1 lb.out | grep -q '^Load balance over 2 ranks' ||
	fail "--load-balance does not start with the load balance: $(head -3 lb.out)"
! grep -Eq '^Flat profile:|Call graph|the percentage of the total running time' lb.out ||
	fail "--load-balance printed the GNU report too"
"$GPROF_PAR" -p --load-balance prog gmon.out.0 gmon.out.1 >lbp.out 2>/dev/null ||
	fail "-p --load-balance failed"
head -1 lbp.out | grep -q '^Flat profile:' && grep -q '^Load balance over 2 ranks' lbp.out ||
	fail "-p --load-balance: not the flat profile, then the load balance: $(head -3 lbp.out)"

# --source-times: a function's share of all samples, the libraries' too
"$GPROF_PAR" --source-times prog gmon.out.0 gmon.out.1 >st.txt 2>st.err ||
	fail "--source-times: $(cat st.err)"
line=$(grep '^own: ' st.txt) || fail "--source-times does not list own(): $(head -3 st.txt)"
all=$(echo "$line" | sed -n 's/.*, \([0-9.]*\)% of all samples (the shared libraries.*/\1/p')
exe=$(echo "$line" | sed -n "s/.*; \([0-9.]*\)% of the executable's).*/\1/p")
[ -n "$all" ] && [ -n "$exe" ] || fail "--source-times: own()'s line gives no share of all and of the executable: $line"
awk -v a="$all" -v e="$exe" 'BEGIN { exit !(a >= 5 && a <= 60 && e >= 80) }' ||
	fail "--source-times: own() has $all% of all samples (a quarter of the work), $exe% of the executable's"
note "one warning a command; --html and --load-balance print what was asked; own() $all% of all samples"
