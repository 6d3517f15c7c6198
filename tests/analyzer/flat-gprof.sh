#!/bin/sh
# flat-gprof.sh - gprof-par's flat profile (-p, -b, -z), execution counts
# (-C), -s and its errors, compared byte for byte with GNU gprof on real -pg
# programs: simple calls, recursion, functions called but never sampled,
# PIE, -no-pie and -static builds, and a generated 3,000-function program.
# Both tools read the same gmon files, so the comparison is exact.
set -u

. "${top_srcdir:-../..}/tests/analyzer/gprof-compare-lib.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/flat-gprof.XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

# build NAME SOURCE [CFLAGS...]: a -pg program, run once to get NAME.gmon.
build() {
	name=$1 src=$2
	shift 2
	$CC -pg -O0 "$@" -o "$name" "$src" || { echo "ERROR: cannot build $name"; exit 99; }
	./"$name" > /dev/null || { echo "ERROR: $name failed"; exit 99; }
	[ -f gmon.out ] || { echo "ERROR: $name wrote no gmon.out"; exit 99; }
	mv gmon.out "$name.gmon"
}

# expect_error "WHAT" "TEXT" COMMAND...: exit status 1, nothing on stdout,
# a message containing TEXT on stderr.
expect_error() {
	what=$1 text=$2
	shift 2
	"$@" > err.out 2> err.err
	rc=$?
	if [ "$rc" -eq 0 ]; then
		fail "$what: exit status 0"
	elif [ -s err.out ]; then
		fail "$what: printed on stdout"
	elif ! grep -q -- "$text" err.err; then
		fail "$what: stderr does not mention '$text':"
		cat err.err
	else
		echo "ok: $what ($(head -1 err.err))"
	fi
}

cat > calls.c <<'SRC'
/* Simple calls, each function with time of its own, a caller with time in
 * a callee too, a function called often but too short to be sampled, a
 * static function, and one never called. */
volatile unsigned long sink;
#define SPIN(n) do { unsigned long i_; for (i_ = 0; i_ < (n); i_++) sink += i_; } while (0)
void heavy(void) { SPIN(7500000); }
void light(void) { SPIN(2200000); }
static void hidden(void) { SPIN(1100000); }
void middle(void) { SPIN(750000); light(); }
void tiny(void) { sink++; }
void never_called(void) { sink--; }
int main(void)
{
	int i;
	for (i = 0; i < 40; i++) {
		heavy(); light(); hidden(); middle();
	}
	for (i = 0; i < 5000; i++)
		tiny();
	return 0;
}
SRC

cat > recurse.c <<'SRC'
/* Direct recursion (fib), mutual recursion (ping/pong): a cycle. */
volatile unsigned long sink;
unsigned long fib(unsigned n) { unsigned long i; for (i = 0; i < 4500; i++) sink += i; return n < 2 ? n : fib(n - 1) + fib(n - 2); }
unsigned long pong(unsigned n);
unsigned long ping(unsigned n) { unsigned long i; for (i = 0; i < 45000; i++) sink += i; return n ? pong(n - 1) : 0; }
unsigned long pong(unsigned n) { unsigned long i; for (i = 0; i < 15000; i++) sink += i; return n ? ping(n - 1) : 1; }
int main(void)
{
	int i;
	sink += fib(22);
	for (i = 0; i < 200; i++)
		sink += ping(50);
	return 0;
}
SRC

# Local functions with dotted names.  GNU gprof keeps numeric suffixes
# (".2", ".clone.3.4", ".constprop.0") and drops others (".part.0", "$");
# its check also reads on into the next string of the string table, so
# "alpha.1" (followed by "beta.part.0") is dropped too: gprof-par must agree.
cat > names.c <<'SRC'
volatile int sink;
#define LOCAL(fn, asmname) \
	__attribute__((noinline, used)) static void fn(void) __asm__(asmname); \
	static void fn(void) { sink++; }
LOCAL(f1, "alpha.1")
LOCAL(f2, "beta.part.0")
LOCAL(f3, "gamma.constprop.0")
LOCAL(f4, "delta$x")
LOCAL(f5, "eps.2")
LOCAL(f6, "zeta.clone.3.4")
LOCAL(f7, "eta.cold")
int main(void) { f1(); f2(); f3(); f4(); f5(); f6(); f7(); return 0; }
SRC

# 3,000 functions, each called; a few do real work.
awk 'BEGIN {
	n = 3000
	print "volatile unsigned long sink;"
	for (i = 0; i < n; i++) {
		w = (i % 97 == 0) ? 3600000 : 20
		printf "void f%04d(void) { unsigned long i; for (i = 0; i < %d; i++) sink += i; }\n", i, w
	}
	print "int main(void) { int r;"
	print "for (r = 0; r < 6; r++) {"
	for (i = 0; i < n; i++)
		printf "f%04d();\n", i
	print "} return 0; }"
}' > gen3000.c

build calls calls.c
build calls-nopie calls.c -no-pie
build calls-static calls.c -static
build recurse recurse.c
build gen3000 gen3000.c
build names names.c

for exe in calls calls-nopie calls-static recurse gen3000; do
	# "-b" and "-b -P -C" also check how the sections are separated
	# around the call graph.
	for opts in "-p -b" "-bp" "-p" "-C" "-z -p -b" "-z -C" "-b -p -C" "-b -P -C" "-b"; do
		compare "$exe" "$opts" "$exe.gmon"
	done
done

compare names "-z -p -b" names.gmon
compare names "-z -C" names.gmon

# Two profiles read together, and summed with -s into gmon.sum.
./calls > /dev/null && mv gmon.out calls.gmon2
compare calls "-p -b" calls.gmon calls.gmon2
compare calls "-C" calls.gmon calls.gmon2
rm -f gmon.sum
if "$GPROF_PAR" -s calls calls.gmon calls.gmon2 > sum.out 2> sum.err && [ -f gmon.sum ]; then
	if [ -s sum.out ]; then
		fail "-s printed a report"
	fi
	mv gmon.sum calls.sum
	"$GPROF" -p -b calls calls.gmon calls.gmon2 > gnu-two.out
	"$GPROF" -p -b calls calls.sum > gnu-sum.out
	if cmp -s gnu-two.out gnu-sum.out; then
		echo "ok: -s: GNU gprof reads gmon.sum as the two files"
	else
		fail "-s: GNU gprof reads different numbers from gmon.sum"
		diff gnu-two.out gnu-sum.out | head
	fi
	compare calls "-p -b" calls.sum
else
	fail "-s failed"
	cat sum.err
fi

# Errors: a message naming the file, exit status 1, nothing on stdout.
cp calls calls-stripped && strip calls-stripped
expect_error "stripped executable" "calls-stripped" "$GPROF_PAR" -p calls-stripped calls.gmon
expect_error "stripped executable says so" "stripped" "$GPROF_PAR" -p calls-stripped calls.gmon
expect_error "missing executable" "no-such-exe" "$GPROF_PAR" -p no-such-exe calls.gmon
printf '#!/bin/sh\necho hello\n' > script.sh
expect_error "not an ELF file" "script.sh" "$GPROF_PAR" -p script.sh calls.gmon
expect_error "missing gmon file" "no-such.gmon" "$GPROF_PAR" -p calls no-such.gmon
# -pb is -p with the symbol specification "b" (which matches nothing), not
# -p -b: as with GNU gprof
compare calls "-pb" calls.gmon
expect_error "an option GNU gprof does not have" "Try 'gprof-par --help'" \
	"$GPROF_PAR" --no-such-option calls calls.gmon
expect_error "a BSD-format sum" "does not write" "$GPROF_PAR" -s -O b calls calls.gmon
expect_error "unknown demangling style" "unknown demangling style 'bogus'" \
	"$GPROF_PAR" --demangle=bogus -p calls calls.gmon

# The build-id fingerprint: gmon-mpi stores "BI" + the first 10 bytes of the
# GNU build-id in the header's spare bytes (GNU gprof ignores them).
build_id=$(readelf -n calls 2>/dev/null | sed -n 's/.*Build ID: *//p' | head -1)
if [ -n "$build_id" ]; then
	put_fingerprint() {   # put_fingerprint IN OUT HEX20
		{
			head -c 8 "$1"
			printf 'BI'
			printf '%s' "$3" | sed 's/\(..\)/\\x\1/g' | xargs -0 printf
			tail -c +21 "$1"
		} > "$2"
	}
	put_fingerprint calls.gmon good.gmon "$(printf '%s' "$build_id" | cut -c1-20)"
	put_fingerprint calls.gmon bad.gmon "00112233445566778899"
	"$GPROF_PAR" -p -b calls good.gmon > good.out 2> good.err
	if [ -s good.err ]; then
		fail "matching fingerprint gave a message:"
		cat good.err
	else
		echo "ok: matching fingerprint: no warning"
	fi
	compare calls "-p -b" bad.gmon
	if grep -q "warning" ours.err && grep -q "calls" ours.err; then
		echo "ok: fingerprint mismatch: $(head -1 ours.err)"
	else
		fail "fingerprint mismatch: no warning naming the executable"
		cat ours.err
	fi
else
	echo "note: no build-id in the test program; fingerprint checks skipped"
fi

if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed"
	exit 1
fi
echo "all checks passed"
exit 0
