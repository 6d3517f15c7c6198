#!/bin/bash
# crafted-companions.sh - gprof-par on crafted companion files and BSD
# files (issue 31), each a regression file under crafted/ or built here:
#   - a PROFILE+modules line with fewer or more fields than its version
#     (crafted/modules-*): freed uninitialised pointers (double free or
#     SIGSEGV) in every command that reads a list; now "FILE:LINE: not a
#     module line", exit 1, no library sum written;
#   - BSD files whose one arc counts (2^32-1) * 10^8 and 2^64-1 calls
#     (crafted/bsd-count-*, 46 bytes): became that many / (2^32-1) arc
#     records (2 GB and 4.8 s; "out of memory"); now "too many calls" in
#     bounded memory, and a count of 1000 * (2^32-1) + 5 is read as GNU
#     gprof reads it;
#   - a BSD file whose last arc is cut short (crafted/bsd-partial-arc): the
#     whole arcs only, as GNU gprof (-i and the call graph);
set -u
. "$(dirname "$0")/reduce-lib.sh"

crafted=$top_srcdir/tests/analyzer/crafted
build_prog prog
t() { timeout 120 "$@"; } # a hang is a failure, not a stuck test

# no_crash WHAT: the last command's stderr (err) holds no sanitizer report
no_crash() {
	if grep -q "Sanitizer\|runtime error" err; then
		fail "$1: $(grep -m 3 "Sanitizer\|runtime error" err)"
	fi
}

# expect_status WANT WHAT COMMAND...: stdout in out, stderr in err
expect_status() {
	local want=$1 what=$2 status=0
	shift 2
	t "$@" >out 2>err || status=$?
	no_crash "$what"
	[ "$status" -eq "$want" ] || fail "$what: exit status $status, not $want ($(head -c 600 err))"
}

# ---- 1. module lines with the wrong number of fields ----
for list in modules-fewer-fields modules-more-fields modules-v1-eight-fields; do
	rm -rf m && mkdir m && cp gmon.out m/gmon.out.0 && cp gmon.out m/gmon.out.1
	cp "$crafted/$list" m/gmon.out+modules.1
	expect_status 1 "-S with $list" "$GPROF_PAR" -S m
	expect_grep "-S with $list: named" "m/gmon.out+modules.1:3: not a module line" err
	[ ! -e m/gmon.sum+modules ] || fail "-S with $list wrote gmon.sum+modules"
	cp "$crafted/$list" gmon.out+modules
	expect_status 1 "-M with $list" "$GPROF_PAR" -M prog gmon.out
	expect_grep "-M with $list: named" "gmon.out+modules:3: not a module line" err
	expect_status 1 "-S DIR EXE with $list" "$GPROF_PAR" -S m prog
	expect_grep "-S DIR EXE with $list: named" "m/gmon.out+modules.1:3: not a module line" err
	rm -f gmon.out+modules
done
# the same line with its eight fields: read (the test is not vacuous)
sed '$d' "$crafted/modules-more-fields" >m/gmon.out+modules.1
printf -- '-\t5\t-\t0x1000\t0x2000\t0x0\t-\t/usr/lib/libx.so\n' >>m/gmon.out+modules.1
expect_status 0 "-S with a good list" "$GPROF_PAR" -S m
grep -q "^-	5	-	0x1000	0x2000	0x0	-	/usr/lib/libx.so$" m/gmon.sum+modules ||
	fail "-S with a good list: $(cat m/gmon.sum+modules)"

# ---- 2. BSD arc counts above 2^32 - 1 ----
for bsd in bsd-count-2e17 bsd-count-max; do
	status=0
	/usr/bin/time -o rss -f %M timeout 60 "$GPROF_PAR" -b -q prog "$crafted/$bsd" >out 2>err ||
		status=$?
	no_crash "$bsd"
	[ "$status" -eq 1 ] || fail "$bsd: exit status $status, not 1 ($(head -c 600 err))"
	expect_grep "$bsd: refused" "$bsd: too many calls: arc #1 (0x1000 -> 0x1002) counts" err
	rss=$(tail -n 1 rss)
	[ "$rss" -lt 204800 ] || fail "$bsd: $rss kB of memory"
	echo "note: $bsd: $rss kB"
done
python3 -c '
import struct, sys
sys.stdout.buffer.write(struct.pack("<QQI", 0x1000, 0x1004, 22) + b"\1\0" +
	struct.pack("<QQQ", 0x1000, 0x1002, 1000 * (2**32 - 1) + 5))' >bsd-big
if [ -n "${GPROF:-}" ] && [ -x "$GPROF" ]; then
	for args in "-b -q" "-i"; do
		"$GPROF" $args prog bsd-big >theirs 2>&1
		expect_status 0 "gprof-par $args on a count of 1000 * (2^32-1) + 5" "$GPROF_PAR" $args prog bsd-big
		same_file "gprof-par $args on a count of 1000 * (2^32-1) + 5" out theirs
		"$GPROF" -O b $args prog "$crafted/bsd-partial-arc" >theirs 2>&1
		expect_status 0 "-O b $args on a partial last arc" "$GPROF_PAR" -O b $args prog "$crafted/bsd-partial-arc"
		same_file "-O b $args on a partial last arc" out theirs
	done
	grep -q "^	1 call-graph record$" out || fail "-i on a partial last arc: $(cat out)"
fi
expect_status 0 "-s of a count of 1000 * (2^32-1) + 5" "$GPROF_PAR" -s prog bsd-big bsd-big
[ "$("$tool" info gmon.sum)" = "histograms 1 arcs 1 max_bin 2 max_arc 8589934590010" ] ||
	fail "-s of a count of 1000 * (2^32-1) + 5, twice: $("$tool" info gmon.sum)"

finish
