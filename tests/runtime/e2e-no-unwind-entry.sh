#!/bin/bash
# A function without an unwind entry of its own (issue 40): no_fde_work is
# built with -pg but without unwind tables (programs/no-fde-work.c), and
# called by main -> caller_fn (programs/no-fde-caller.c, with tables, in
# source order: caller_fn's FDE is the last before no_fde_work's code, and
# its rules at its end, after its pop of %rbp, are not the frame
# pointer's).  The search table gives that FDE for a PC in no_fde_work;
# its range (pc_begin, pc_range: the pointer encoding's pc-relative part
# applies to pc_begin only) ends before it, so the walker follows the
# frame pointer there, and >= 95% of the samples on paths through
# no_fde_work have caller_fn right above it and main at the root.
# (Read with the pc-relative part, the range covered no_fde_work, and
# caller_fn's last rules put its return address at %rsp.)
. "$(dirname "$0")/lib.sh"

"$MPICC" -pg -O1 -fno-asynchronous-unwind-tables -fno-unwind-tables \
	-c "$programs/no-fde-work.c" -o no-fde-work.o
[ "$(readelf -S no-fde-work.o | grep -c eh_frame)" = 0 ] ||
	fail "no-fde-work.o has unwind tables: $(readelf -S no-fde-work.o | grep eh_frame)"
build_linked app -fno-toplevel-reorder "$programs/no-fde-caller.c" no-fde-work.o
before=$(nm -n app | awk '$2 ~ /^[tT]$/ { if ($3 == "no_fde_work" || $3 == "thread_cpu") { print last; exit } last = $3 }')
expect_eq "$before" caller_fn "the function before no-fde-work.o's code"

BG_GMON_HZ=1000 ./app 0.3 >out || fail "the run failed"
unpack_companions
named_paths gmon.out+paths app > named
read -r all whole < <(awk '{ for (i = 2; i <= NF; i++) if ($i == "no_fde_work") break
		if (i > NF) next
		all += $1
		if ($(i + 1) == "caller_fn" && $NF == "main") whole += $1 }
	END { print all + 0, whole + 0 }' named)
note "$(cat out) s of CPU: $all samples on paths through no_fde_work, $whole of them under caller_fn and main"
[ "$all" -ge 150 ] || fail "only $all samples through no_fde_work: $(head -20 named)"
awk -v w="$whole" -v a="$all" 'BEGIN { exit !(w >= 0.95 * a) }' ||
	fail "$whole of $all samples through no_fde_work have caller_fn and main above it: $(sort -rn named | head -10)"
note "ok"
