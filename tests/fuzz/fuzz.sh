#!/bin/bash
# fuzz.sh - the libFuzzer harnesses of tests/fuzz/ (README.md): built with
# clang -fsanitize=fuzzer,address,undefined over gprof-par's profile layer
# (profile/, support/, common/: the readers and sums, no MPI), then each run
# FUZZ_RUNS times (default 2000) from its seed corpus, a crash or sanitizer
# report failing the test.  Skipped (77) without a clang that builds a
# fuzzer.  FUZZ_CC: the compiler (default clang); FUZZ_BUILD: where the
# objects and harnesses go (default ./fuzz-build, kept between runs and
# rebuilt when a source is newer); FUZZ_RUNS, FUZZ_SECONDS (per harness,
# default 60) for longer runs.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
here=$top_srcdir/tests/fuzz
cc=${FUZZ_CC:-clang}
runs=${FUZZ_RUNS:-2000}
seconds=${FUZZ_SECONDS:-60}
build=${FUZZ_BUILD:-$PWD/fuzz-build}
harnesses="module-list paths calls gmon companion sparse mpi-profile"

mkdir -p "$build/obj" || exit 99
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
	>"$build/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$build/probe.c" -o "$build/probe" 2>"$build/probe.err"; then
	echo "SKIP: $cc cannot build a libFuzzer harness: $(head -c 300 "$build/probe.err")"
	exit 77
fi

gpp=$top_srcdir/gprof-par
includes="-I$top_srcdir/include -I$top_srcdir/common -I$gpp/support -I$gpp/profile"
sanitize="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-g -O1 -std=gnu11 -D_GNU_SOURCE $sanitize $includes"
objects=()
for src in "$gpp"/profile/*.c "$gpp"/support/*.c "$top_srcdir"/common/*.c; do
	obj=$build/obj/$(basename "$(dirname "$src")")-$(basename "$src" .c).o
	if [ ! -e "$obj" ] || [ -n "$(find "$src" "$gpp/profile" "$gpp/support" "$top_srcdir/include" \
		"$top_srcdir/common" -name '*.h' -newer "$obj" -o -path "$src" -newer "$obj" | head -1)" ]; then
		"$cc" $cflags -fsanitize=fuzzer-no-link -c "$src" -o "$obj" || { echo "FAIL: cannot build $src"; exit 1; }
	fi
	objects+=("$obj")
done
rm -f "$build/libprofile.a"
ar rcs "$build/libprofile.a" "${objects[@]}" || exit 99

failures=0
for h in $harnesses; do
	bin=$build/fuzz-$h
	"$cc" $cflags -fsanitize=fuzzer "$here/fuzz-$h.c" "$build/libprofile.a" -lm -o "$bin" ||
		{ echo "FAIL: cannot build fuzz-$h"; failures=$((failures + 1)); continue; }
	corpus=$build/corpus-$h
	mkdir -p "$corpus" "$build/crashes"
	if "$bin" -runs="$runs" -max_total_time="$seconds" -max_len=65536 \
		-artifact_prefix="$build/crashes/$h-" "$corpus" "$here/seeds/$h" >"$build/$h.log" 2>&1; then
		echo "ok: fuzz-$h: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$build/$h.log")"
	else
		echo "FAIL: fuzz-$h: $(grep -m 3 'ERROR\|runtime error\|Test unit written' "$build/$h.log")"
		failures=$((failures + 1))
	fi
done
[ "$failures" -eq 0 ]
