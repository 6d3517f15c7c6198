#!/bin/sh
# test-gmon-read-gprof.sh - GNU gprof reads what gprof-par's gmon writer
# sums, with the same numbers as when it reads the inputs itself, also
# where bins exceed 65535 and arcs 2^32-1 (GNU gprof's own -s wraps them).
#
# From a real glibc gmon.out of a -pg program (reduce-lib.sh's build_prog),
# crafts inputs: scaled ones (one with stacked histogram and arc records),
# one with every record split in two, and the original; sums them with gmon-read-tool (gmon-read.c) and
# compares `gprof -b -p` and `gprof -b -q` on the sum and on the inputs.
set -eu

GPROF=${GPROF:-$(command -v gprof || true)}
[ -n "$GPROF" ] || { echo "SKIP: GNU gprof not found"; exit 77; }
. "${top_srcdir:?}/tests/analyzer/reduce-lib.sh"

build_prog prog

# Inputs: each within 16/32 bits or stacked, the sum well beyond.
"$tool" scale gmon.out in1 40000 3000000000
"$tool" scale gmon.out in2 30000 2500000000
"$tool" scale gmon.out in3 100000 5000000000   # stacked records
"$tool" split in1 in4                          # every record twice
cp gmon.out in5
inputs="in1 in2 in3 in4 in5"

# shellcheck disable=SC2086
"$tool" sum sum $inputs
"$tool" info sum
set -- $("$tool" info sum)
max_bin=$6 max_arc=$8
[ "$max_bin" -gt 65535 ] || { echo "FAIL: largest summed bin $max_bin <= 65535"; exit 1; }
[ "$max_arc" -gt 4294967295 ] || { echo "FAIL: largest summed arc $max_arc <= 2^32-1"; exit 1; }
# 40000+30000+100000+40000 (split in1) + the original's largest bin.
[ "$max_bin" -ge 210000 ] || { echo "FAIL: largest summed bin $max_bin < 210000"; exit 1; }

status=0
for opt in -p -q; do
	# shellcheck disable=SC2086
	"$GPROF" -b $opt prog $inputs >direct.txt
	"$GPROF" -b $opt prog sum >summed.txt
	if ! cmp -s direct.txt summed.txt; then
		echo "FAIL: gprof -b $opt differs between the inputs and their sum:"
		diff direct.txt summed.txt | head -40
		status=1
	elif [ ! -s direct.txt ]; then
		echo "FAIL: gprof -b $opt printed nothing"; status=1
	else
		echo "ok: gprof -b $opt prog $inputs = gprof -b $opt prog sum"
	fi
done
head -8 summed.txt
exit $status
