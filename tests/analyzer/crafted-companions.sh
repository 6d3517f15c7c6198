#!/bin/bash
# crafted-companions.sh - gprof-par on crafted companion files and BSD
# files (issue 31), each a regression file under crafted/ or built here:
#   - a PROFILE+modules line with fewer or more fields than its version
#     (crafted/modules-*): freed uninitialised pointers (double free or
#     SIGSEGV) in every command that reads a list; now "FILE:LINE: not a
#     module line", exit 1, no library sum written;
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

finish
