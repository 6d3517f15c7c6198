#!/bin/bash
# modules-report.sh - gprof-par -M, the report over all load modules
# (issue 9).  A -pg program (own_work) calls an uninstrumented library
# libhot.so (hot, and its static hot_inner, which burns), a -pg library
# libwork.so (lib_outer calls lib_inner 1000 times, three times), and an
# uninstrumented libcold.so, run with BG_GMON_PROFILE_LIBS=libhot.so:libwork.so
# (libcold.so is sampled but not chosen).  Then:
#   - each module's share of the samples (the index by module) is within
#     10 points of its measured share of the CPU time; libcold.so is in the
#     "not profiled" header, not chosen, as one row [libcold.so] {N};
#   - the -pg library's calls are exact (3000 lib_inner, 3 lib_outer from
#     main through PROFILE+calls), names carry their module "NAME {N}";
#   - GNU gprof on each module's file (gprof LIBRARY PROFILE+LIBRARY) gives
#     its functions the self seconds -M gives them;
#   - an address in no function (a crafted call into libhot.so's ELF
#     header) is a row "libhot.so+0x10 {N}", with its calls; a library
#     whose file is gone is in the header, its samples one row;
#   - -S -M with 1 to 4 processes: the same report, the same report as
#     from the rank files named, and OUTPUT+calls the same bytes whatever
#     the order of the files;
#   - a stripped copy of libhot.so: named from .dynsym, with the warning;
#     its debug file found by build-id (objcopy --only-keep-debug under
#     GPROF_PAR_DEBUG_ROOT) names the static hot_inner again;
#   - without -M, the report is GNU gprof's.
set -u
. "$(dirname "$0")/reduce-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
programs=$top_srcdir/tests/runtime/programs
[ -n "${GPROF:-}" ] && [ -x "$GPROF" ] || { echo "SKIP: GNU gprof is not installed"; exit 77; }

cat > libhot.c <<'SRC'
volatile double hot_sink;
static __attribute__((noinline)) double hot_inner(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.5;
	return s;
}
double hot(long n)
{
	hot_sink = hot_inner(n);
	return hot_sink;
}
SRC
cat > libcold.c <<'SRC'
volatile double cold_sink;
double cold(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.75;
	cold_sink = s;
	return s;
}
SRC
cat > prog.c <<'SRC'
#include <stdio.h>
#include <stdlib.h>
#include "own-work.h"
double hot(long n);
double cold(long n);
void lib_outer(long n);
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000000;
	double t0 = cpu_seconds(), t1, t2, t3;

	own_work(n / 2);
	t1 = cpu_seconds();
	hot(n);
	t2 = cpu_seconds();
	cold(n / 2);
	t3 = cpu_seconds();
	for (int i = 0; i < 3; i++)
		lib_outer(1000);
	printf("own %.3f hot %.3f cold %.3f\n", t1 - t0, t2 - t1, t3 - t2);
	return 0;
}
SRC
"$CC" -shared -fPIC -O1 -Wl,--build-id libhot.c -o libhot.so &&
"$CC" -shared -fPIC -O1 -Wl,--build-id libcold.c -o libcold.so &&
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id "$programs/libwork.c" -o libwork.so &&
"$CC" -pg -O1 -I"$programs" prog.c -o prog -L. -lhot -lcold -lwork -Wl,-rpath,"$work" \
	-L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" || { echo "ERROR: cannot build"; exit 99; }

run() {   # DIR [RANK]: a run in DIR, its measured times in DIR/measured
	mkdir -p "$1"
	(cd "$1" && env BG_GMON_HZ=1000 BG_GMON_PROFILE_LIBS=libhot.so:libwork.so \
		${2:+OMPI_COMM_WORLD_RANK=$2} "$work/prog" 200000000 > measured &&
		unpack_companions) ||
		{ echo "ERROR: the run failed"; exit 99; }
}
gpp() { "$GPROF_PAR" "$@"; }
expect_grep() {   # WHAT PATTERN FILE (a regular expression)
	if grep -q -- "$2" "$3"; then echo "ok: $1"; else fail "$1 ('$2' not in $3)"; cat "$3"; fi
}
expect_eq() { if [ "$2" = "$3" ]; then echo "ok: $1"; else fail "$1: '$2', expected '$3'"; fi; }

run one
cd one
[ -s gmon.out+libhot.so ] && [ -s gmon.out+libwork.so ] && [ -s gmon.out+modules ] ||
	{ echo "ERROR: no library profiles: $(ls)"; exit 99; }
gpp -M ../prog gmon.out > m.out 2> m.err || fail "-M failed: $(cat m.err)"
[ -s m.err ] && fail "-M said something on stderr: $(cat m.err)"

# module_index NAME: the index {N} of a module in the index by module
module_index() { awk -v m="$1" '/^Index by module:/ { on = 1 } on && $2 == m { print $1; exit }' "${2:-m.out}"; }
# module_share NAME: its percentage of the samples, as a fraction
module_share() {
	awk -v m="$1" '/^Index by module:/ { on = 1 } on && $2 == m { sub("%", "", $4); print $4 / 100; exit }' "${2:-m.out}"
}
# flat COLUMN NAME FILE: a column of NAME's line in a flat profile (self
# seconds: 3; calls: 4), "none" if not listed
flat() {
	awk -v c="$1" -v f="$2" '/^Flat profile:/ { on = 1; next } /^\f/ { on = 0 }
		on && /^ *[0-9]/ && substr($0, length($0) - length(f) - 1) == "  " f {
			print (NF >= 7 || c == 3 ? $c : "none"); found = 1; exit }
		END { if (!found) print "none" }' "$3"
}
near() {   # WHAT GOT EXPECTED: within 0.10
	if awk -v g="$2" -v e="$3" 'BEGIN { exit !(g - e < 0.10 && e - g < 0.10) }'; then
		echo "ok: $1: $2 (measured $3)"
	else
		fail "$1: $2, measured $3"
	fi
}

exe=$(module_index prog) hot=$(module_index libhot.so) wk=$(module_index libwork.so)
cold=$(module_index libcold.so)
expect_eq "the executable is module 0" "$exe" "{0}"
[ -n "$hot" ] && [ -n "$wk" ] && [ -n "$cold" ] || fail "modules missing from the index: $(cat m.out)"

read -r _ own _ burnt _ chilled < measured
all=$(awk -v a="$own" -v b="$burnt" -v c="$chilled" 'BEGIN { print a + b + c }')
near "the executable's share" "$(module_share prog)" "$(awk -v a="$own" -v t="$all" 'BEGIN { printf "%.3f", a / t }')"
near "libhot.so's share" "$(module_share libhot.so)" "$(awk -v a="$burnt" -v t="$all" 'BEGIN { printf "%.3f", a / t }')"
near "libcold.so's share (not profiled)" "$(module_share libcold.so)" "$(awk -v a="$chilled" -v t="$all" 'BEGIN { printf "%.3f", a / t }')"

# the header: libcold.so was sampled, not chosen
awk '/^Modules not profiled/ { on = 1 } /^\f/ { exit } on' m.out > header
expect_grep "libcold.so in the header, not chosen" "$cold libcold.so .*not chosen by BG_GMON_PROFILE_LIBS" header
grep -q "libhot.so\|libwork.so" header && fail "a profiled library in the header: $(cat header)"
expect_grep "libcold.so's samples are one row" "\[libcold.so\] $cold\$" m.out

# calls: inside the -pg library, and into it from the executable (+calls)
expect_eq "lib_inner's calls" "$(flat 4 "lib_inner $wk" m.out)" 3000
expect_eq "lib_outer's calls" "$(flat 4 "lib_outer $wk" m.out)" 3
expect_grep "main calls lib_outer (PROFILE+calls)" "3/3  *lib_outer $wk" m.out
expect_eq "own_work's calls" "$(flat 4 "own_work {0}" m.out)" 1

# GNU gprof on each module's file gives its functions the same self seconds
compare_gnu() {   # MODULE INDEX GMON
	"$GPROF" -b -p "$1" "$3" > gnu.p 2> /dev/null
	n=0
	for f in $(awk '/^ *[0-9]/ && $3 + 0 > 0 { print $NF }' gnu.p); do
		expect_eq "$1: $f's self seconds as GNU gprof's" "$(flat 3 "$f $2" m.out)" "$(flat 3 "$f" gnu.p)"
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] || fail "GNU gprof lists no function with samples in $3"
}
compare_gnu ../prog "{0}" gmon.out
compare_gnu ../libhot.so "$hot" gmon.out+libhot.so
expect_eq "hot_inner (static) is named" "$(flat 3 "hot_inner $hot" m.out)" "$(flat 3 hot_inner gnu.p)"
expect_eq "lib_inner's calls as GNU gprof's" \
	"$("$GPROF" -b -p ../libwork.so gmon.out+libwork.so | awk '$NF == "lib_inner" { print $4 }')" 3000

# without -M: GNU's report
"$GPROF" -b ../prog gmon.out > gnu.out
gpp -b ../prog gmon.out > ours.out 2> /dev/null
same_file "without -M, GNU gprof's report" gnu.out ours.out

# an address in no function: a call into libhot.so's ELF header
# (crafted into the earlier files, read alone: no companion)
mkdir ../crafted && cp gmon.out* ../crafted/ && cd ../crafted && rm gmon.out+gmon-mpi
hot_id=$(readelf -n ../libhot.so | awk '/Build ID:/ { print $3 }')
main_pc=$(nm ../prog | awk '$3 == "main" { print $1 }' | sed 's/^0*//')
[ -f gmon.out+calls ] || printf '# gmon-mpi calls 1\nmodule\t0\t-\t%s\n' "$work/prog" > gmon.out+calls
nmod=$(grep -c '^module' gmon.out+calls)
printf 'module\t%d\t%s\t%s\ncall\t7\t0:%x\t%d:10\n' "$nmod" "$hot_id" "$work/libhot.so" \
	$((0x$main_pc + 4)) "$nmod" >> gmon.out+calls
gpp -M ../prog gmon.out > m.out 2> m.err || fail "-M with the crafted call failed: $(cat m.err)"
expect_eq "a call to no function is libhot.so+0x10" "$(flat 4 "libhot.so+0x10 $hot" m.out)" 7
expect_grep "main calls libhot.so+0x10" "7/7  *libhot.so+0x10 $hot" m.out

# a library whose file is gone: named in the header, its samples one row
awk -F'\t' -v OFS='\t' -v d="$work/gone" '$8 ~ /libhot.so$/ { $8 = d "/libhot.so" } 1' \
	../one/gmon.out+modules > gmon.out+modules
gpp -M ../prog gmon.out > m.out 2> m.err || fail "-M with a library gone failed: $(cat m.err)"
expect_grep "the header names the library gone" "$hot libhot.so .*$work/gone/libhot.so: cannot open" m.out
expect_grep "its samples are one row" "  \[libhot.so\] $hot\$" m.out
expect_eq "all its samples" "$(module_share libhot.so)" "$(module_share libhot.so ../one/m.out)"

# -S -M: 1 to 4 processes, the same report; the same as from the files
cd "$work"
run ranks 0
run ranks 1
run ranks 2
gpp -M prog ranks/gmon.out.0 ranks/gmon.out.1 ranks/gmon.out.2 > named.out 2> named.err ||
	fail "-M on the rank files failed: $(cat named.err)"
have_mpi=0
command -v "$MPIRUN" > /dev/null 2>&1 && have_mpi=1
for np in 1 2 3 4; do
	[ "$np" -gt 1 ] && [ "$have_mpi" = 0 ] && { echo "SKIP: no $MPIRUN: -S with $np processes"; continue; }
	rm -f ranks/gmon.sum*
	MPI_LEAKS=0 sum_cmd "$np" -S -M ranks prog || fail "-S -M with $np process(es): $(cat sum.err)"
	unpack_companions ranks/gmon.sum   # its sections as the earlier files
	cp sum.out "sum-$np.out"
	cp ranks/gmon.sum+calls "calls-$np"
	[ "$np" -gt 1 ] && same_file "-S -M with $np processes" sum-1.out "sum-$np.out"
	[ "$np" -gt 1 ] && same_file "gmon.sum+calls with $np processes" calls-1 "calls-$np"
done
# a damaged calls file and another program's: named in file order, the
# same messages and sum whatever the number of processes (each process
# adds its block's calls files); the earlier files, read alone (a
# damaged companion: e2e-companion.sh)
rm ranks/gmon.out+gmon-mpi.[0-2]
cp ranks/gmon.out+calls.1 calls.keep
head -c 40 calls.keep > ranks/gmon.out+calls.1
# sum_skip_bad LABEL PREFIX: -S --skip-bad over ranks with 1 to 4
# processes (as many as MPI allows): the messages about the calls
# (PREFIX-NP.err) and the summed calls (PREFIX-NP) are the same whatever NP
sum_skip_bad() {
	local label=$1 prefix=$2 np
	for np in 1 2 3 4; do
		[ "$np" -gt 1 ] && [ "$have_mpi" = 0 ] && continue
		rm -f ranks/gmon.sum*
		MPI_LEAKS=0 sum_cmd "$np" -S --skip-bad ranks prog ||
			fail "-S --skip-bad with $label, $np process(es): $(cat sum.err)"
		unpack_companions ranks/gmon.sum
		grep "calls" sum.err > "$prefix-$np.err"
		cp ranks/gmon.sum+calls "$prefix-$np"
		[ "$np" -gt 1 ] && same_file "$label, $np processes: messages" \
			"$prefix-1.err" "$prefix-$np.err"
		[ "$np" -gt 1 ] && same_file "$label, $np processes: the sum" "$prefix-1" \
			"$prefix-$np"
	done
}
sum_skip_bad "a damaged calls file" bad-calls
expect_grep "the damaged calls file is named" "warning: .*ranks/gmon.out+calls.1" bad-calls-1.err
expect_grep "the other two are summed" "summed the calls between modules (2 files)" bad-calls-1.err
rm -f ranks/gmon.sum*
MPI_LEAKS=0 sum_cmd 1 -S ranks prog
expect_grep "without --skip-bad the sum of the calls is not written" \
	"ranks/gmon.sum+gmon-mpi/calls is not written" sum.err
# rank 2's calls of another build of the program (its build-id changed)
cp calls.keep ranks/gmon.out+calls.1
cp ranks/gmon.out+calls.2 calls2.keep
awk -F'\t' -v OFS='\t' '$1 == "module" && $2 == 0 { $3 = "0123456789abcdef" } 1' calls2.keep \
	> ranks/gmon.out+calls.2
sum_skip_bad "another build's calls" other-calls
expect_grep "another build's calls are named" \
	"ranks/gmon.out+calls.2: the calls of .*prog cannot be added to those of .*prog: not the same executable" \
	other-calls-1.err
cp calls2.keep ranks/gmon.out+calls.2
rm -f ranks/gmon.sum*
MPI_LEAKS=0 sum_cmd 1 -S -M ranks prog > /dev/null || fail "-S -M again: $(cat sum.err)"
unpack_companions ranks/gmon.sum

sed 's/ranks\/gmon.out.[0-9]*/RANK/g' named.out > named.cmp
sed 's/ranks\/gmon.sum/RANK/g' sum-1.out > sum.cmp
same_file "-S -M as -M on the files" named.cmp sum.cmp
wk=$(module_index libwork.so sum-1.out)
expect_eq "lib_outer's calls summed" "$(flat 4 "lib_outer $wk" sum-1.out)" 9
expect_eq "lib_inner's calls summed" "$(flat 4 "lib_inner $wk" sum-1.out)" 9000
# the order of the files does not change the sum of the calls
gpp -s -o rev.sum prog ranks/gmon.out.2 ranks/gmon.out.0 ranks/gmon.out.1 2> /dev/null ||
	fail "-s in another order failed"
unpack_companions rev.sum
same_file "OUTPUT+calls whatever the order" ranks/gmon.sum+calls rev.sum+calls
expect_grep "the summed list keeps libcold.so, not profiled" "$(printf '^-\t')[0-9]*.*libcold.so" ranks/gmon.sum+modules

# a stripped library: .dynsym, with the warning; then its debug file
mkdir stripped && cd stripped
cp ../one/gmon.out* . && rm gmon.out+modules gmon.out+gmon-mpi
cp ../libhot.so libhot.so && strip --strip-all libhot.so
awk -F'\t' -v OFS='\t' -v d="$work/stripped" '$8 ~ /libhot.so$/ { $8 = d "/libhot.so" } 1' \
	../one/gmon.out+modules > gmon.out+modules
[ -s ../one/gmon.out+paths ] || fail "no call paths beside the run's profile"
awk -F'\t' -v OFS='\t' -v d="$work/stripped" '$1 == "module" && $4 ~ /libhot.so$/ { $4 = d "/libhot.so" } 1' \
	../one/gmon.out+paths > gmon.out+paths
GPROF_PAR_DEBUG_ROOT=$work/no-debug gpp --summary=json ../prog gmon.out > nodebug.json 2>/dev/null ||
	fail "--summary with a stripped library failed"
GPROF_PAR_DEBUG_ROOT=$work/no-debug gpp -M ../prog gmon.out > m.out 2> m.err ||
	fail "-M with a stripped library failed: $(cat m.err)"
hot=$(module_index libhot.so)
expect_grep "the stripped library's warning" "libhot.so has no .symtab (stripped): its functions are the exported ones" m.err
hot_self=$(flat 3 "hot_inner $hot" ../one/m.out)
expect_eq "no hot_inner without symbols" "$(flat 3 "hot_inner $hot" m.out)" none
expect_eq "the stripped library's samples are all there" "$(module_share libhot.so)" \
	"$(cd ../one && module_share libhot.so)"
id=$(readelf -n libhot.so | awk '/Build ID:/ { print $3 }')
mkdir -p "debug/.build-id/${id:0:2}"
objcopy --only-keep-debug ../libhot.so "debug/.build-id/${id:0:2}/${id:2}.debug"
GPROF_PAR_DEBUG_ROOT=$work/stripped/debug gpp -M ../prog gmon.out > m.out 2> m.err ||
	fail "-M with a debug file failed: $(cat m.err)"
[ -s m.err ] && fail "a warning with the debug file: $(cat m.err)"
expect_eq "hot_inner named from the debug file" "$(flat 3 "hot_inner $hot" m.out)" "$hot_self"
expect_grep "the index names the debug file" "names from $work/stripped/debug/.build-id/${id:0:2}/${id:2}.debug" m.out
# the summary and the folded paths name it as -M does (issue 38: they said
# [libm.so.6] where -M said __sin_fma), and not without the debug file
GPROF_PAR_DEBUG_ROOT=$work/stripped/debug gpp --summary=json ../prog gmon.out > debug.json 2>/dev/null ||
	fail "--summary with a debug file failed"
GPROF_PAR_DEBUG_ROOT=$work/stripped/debug gpp --format=folded ../prog gmon.out > folded.txt 2>/dev/null ||
	fail "--format=folded with a debug file failed"
python3 - nodebug.json debug.json <<'PY' || fail "the summary's names of the stripped library: see above"
import json, sys
names = [[f["name"] for f in json.load(open(p))["top_self"] if f["module"] == "libhot.so"]
         for p in sys.argv[1:]]
print("modules-report: libhot.so's top functions without the debug file %s, with %s" % tuple(names))
sys.exit(0 if "hot_inner" not in names[0] and "hot_inner" in names[1] else 1)
PY
grep -q ';hot_inner [0-9]*$' folded.txt || fail "the folded paths do not name hot_inner: $(grep hot folded.txt | head -3)"

# A library the program dlopens and libm: every module's share within 10
# points of its measured CPU time; the calls into libm (no -pg) counted
# exactly through the PLT with BG_GMON_COUNT_LIB_CALLS (the audit library).
cd "$work"
cat > libdyn.c <<'SRC'
volatile double dyn_sink;
double dyn_burn(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += (double)i * 0.25;
	dyn_sink = s;
	return s;
}
SRC
cat > dynm.c <<'SRC'
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile double sink;

static double cpu(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

__attribute__((noinline)) void own(long n)
{
	for (long i = 0; i < n; i++)
		sink += (double)i * 1.5;
}

__attribute__((noinline)) void use_libm(long n)
{
	double s = 0;

	for (long i = 0; i < n; i++)
		s += cos((double)i);      /* through the PLT: exactly n calls */
	sink = s;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000000;
	void *h = dlopen(argc > 2 ? argv[2] : "./libdyn.so", RTLD_NOW);
	double (*burn)(long) = h ? (double (*)(long))dlsym(h, "dyn_burn") : NULL;
	double t0, t1, t2, t3;

	if (!burn)
		return 2;
	t0 = cpu();
	own(n);
	t1 = cpu();
	use_libm(n / 8);
	t2 = cpu();
	burn(n);
	t3 = cpu();
	printf("own %.6f\nlibm %.6f\ndyn %.6f\n", t1 - t0, t2 - t1, t3 - t2);
	return 0;
}
SRC
"$CC" -shared -fPIC -O1 -Wl,--build-id libdyn.c -o libdyn.so || { echo "ERROR: libdyn.so"; exit 99; }
"$CC" -pg -O1 -fno-builtin dynm.c -o dynm -lm -ldl -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" ||
	{ echo "ERROR: dynm"; exit 99; }
mkdir dynm-run && cd dynm-run
env BG_GMON_HZ=1000 ../dynm 150000000 "$work/libdyn.so" > measured || fail "the dlopen/libm run failed"
gpp -M ../dynm gmon.out > m.out 2> m.err || fail "-M on the dlopen/libm run failed: $(cat m.err)"
total=$(awk '{ s += $2 } END { print s }' measured)
libm_name=$(awk '/^Index by module:/ { on = 1 } on && $2 ~ /^libm\.so/ { print $2; exit }' m.out)
[ -n "$libm_name" ] || fail "libm is not in the index by module: $(cat m.out)"
for m in dynm:own libdyn.so:dyn "$libm_name":libm; do
	share=$(module_share "${m%%:*}")
	want=$(awk -v k="${m##*:}" -v t="$total" '$1 == k { print $2 / t }' measured)
	near "${m%%:*}'s share (the program, dlopen'ed, libm)" "${share:-0}" "$want"
done
# the calls into libm, counted by the audit library (whose own time is in
# ld.so: a run of its own)
cd "$work" && mkdir dynm-audit && cd dynm-audit
env BG_GMON_COUNT_LIB_CALLS=libm.so LD_AUDIT="$top_builddir/audit/.libs/libgmon-mpi-audit.so" \
	../dynm 16000000 "$work/libdyn.so" > /dev/null || fail "the audited run failed"
gpp -M ../dynm gmon.out > m.out 2> m.err || fail "-M on the audited run failed: $(cat m.err)"
lm=$(module_index "$libm_name")
calls=$(awk -v m="$lm" '/^Flat profile:/ { on = 1; next } /^\f/ { on = 0 }
	on && $NF == m && NF >= 8 { print $4; exit }' m.out)
expect_eq "calls into libm (cos, without -pg), counted through the PLT" "$calls" 2000000
expect_grep "use_libm calls it (the call graph)" "2000000/2000000 .* $lm" m.out

# An MPI run on 4 ranks (oversubscribed: MPI's waits spin in its
# libraries): the report over all modules shows the MPI stack's share.
if command -v "$MPICC" > /dev/null 2>&1; then
	cd "$work"
	"$MPICC" -pg -O1 "$top_srcdir/tests/analyzer/corpus/mpi-wait.c" -o mpiprog \
		-L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" || { echo "ERROR: mpi-wait"; exit 99; }
	mkdir mpi4 && (cd mpi4 && MPI_LEAKS=0 mpi "$MPIRUN" --oversubscribe --mca mpi_yield_when_idle 0 \
		-np 4 ../mpiprog && unpack_companions) || fail "the MPI run failed"
	gpp -S -M mpi4 mpiprog > mpi.out 2> mpi.err || fail "-S -M on the MPI run failed: $(cat mpi.err)"
	mpi_share=$(awk '/^Index by module:/ { on = 1 }
		on && $2 ~ /^(libmpi|libopen-pal|libopen-rte|libpmix|libevent|mca_|libucs|libucp|libuct|libfabric)/ {
			sub("%", "", $4); s += $4 } END { print s + 0 }' mpi.out)
	awk -v s="$mpi_share" 'BEGIN { exit !(s >= 20) }' &&
		echo "ok: the MPI stack's share over 4 ranks: $mpi_share%" ||
		fail "no MPI library in the report over all modules: $(grep -A40 '^Index by module' mpi.out)"
	# Open MPI closes its components in MPI_Finalize (dlclose, before the
	# profile is written): the shared-memory transport, where the waits
	# spin, is in the report, and no sample of any rank is outside
	# every module
	mpi_version=$(mpi "$MPIRUN" --version 2>&1)
	case $mpi_version in *"Open MPI"* | *OpenRTE* | *open-mpi.org*) open_mpi=1 ;; *) open_mpi=0 ;; esac
	if [ "$open_mpi" = 1 ]; then
		grep -A40 '^Index by module' mpi.out | grep -q ' mca_btl_\(vader\|sm\)\.so ' &&
			echo "ok: the shared-memory transport, closed in MPI_Finalize, is in the report" ||
			fail "no shared-memory transport (closed in MPI_Finalize) in the report: $(grep -A40 '^Index by module' mpi.out)"
		for list in mpi4/gmon.out+modules.*; do
			expect_grep "$list: no sample outside every module" \
				'# samples outside every module: 0;' "$list"
		done
	fi
fi

finish
