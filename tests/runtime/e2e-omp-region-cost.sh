#!/bin/bash
# e2e-omp-region-cost.sh - a region's context for about the price of the
# region's call (issue 37), kept right:
#   - one call site of GOMP_parallel reached in two calling contexts whose
#     stacks are laid out alike (omp-callsites.c: main -> via_a -> opener
#     and main -> via_b -> opener, chosen at random each turn; the same
#     stack pointer at the opening, only a return address differs): the
#     walks the runtime keeps (walk-memo.h) must not give one context's
#     path to the other.  With 1 and with 2 threads, burn's samples under
#     main;via_b;opener against main;via_a;opener within 12 points of the
#     threads' CPU time in burn under each, by their own clocks (b does 3
#     times a's work: about 75%; a path given to the wrong context makes it
#     0 or 100%; seen 67-78% under load), and every path valid (paths-check);
#   - no system call per region: strace -f -c over 2,000 and 6,000 tiny
#     regions of one thread, of the program with the runtime and of the
#     same program without -pg; the runtime adds fewer than 0.5 system
#     calls a region (before: 3, two sigprocmask and a process_vm_readv;
#     now about 0.03, all of them the samples' own, more in the longer run).
#     Skipped when strace cannot trace here.
. "$(dirname "$0")/lib.sh"

# share_check LABEL THREADS: runs ./callsites and checks the split
share_check() {
	local label=$1 threads=$2 a b under_a under_b truth got
	rm -f gmon.out*
	OMP_NUM_THREADS=$threads OMP_WAIT_POLICY=passive BG_GMON_HZ=1000 ./callsites 4000 60000 \
		2> clocks || fail "$label: omp-callsites failed: $(cat clocks)"
	a=$(awk '$1 == "a" { print $2 }' clocks)
	b=$(awk '$1 == "b" { print $2 }' clocks)
	unpack_companions
	named_paths gmon.out+paths callsites > named
	validate gmon.out+paths "$label"
	under_a=$(awk '$2 == "burn" && / via_a main$/ { n += $1 } END { print n + 0 }' named)
	under_b=$(awk '$2 == "burn" && / via_b main$/ { n += $1 } END { print n + 0 }' named)
	truth=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", 100 * b / (a + b) }')
	got=$(awk -v a="$under_a" -v b="$under_b" 'BEGIN { if (a + b > 0) printf "%.1f", 100 * b / (a + b); else print -1 }')
	note "$label: burn under via_b $under_b, under via_a $under_a samples: $got% (clocks: $b s of $a + $b s: $truth%)"
	[ $((under_a + under_b)) -ge 300 ] || fail "$label: only $((under_a + under_b)) samples of burn under its two contexts: $(sort -rn named | head)"
	awk -v g="$got" -v t="$truth" 'BEGIN { d = g - t; exit !(d <= 12 && d >= -12) }' ||
		fail "$label: via_b's share $got%, its clocks' $truth%: $(sort -rn named | head)"
}

build_linked callsites "$programs/omp-callsites.c" -fopenmp
share_check "1 thread" 1
share_check "2 threads" 2

# --- system calls per region ---
command -v strace > /dev/null || skip "no strace"
"$CC" -O1 -fopenmp "$programs/omp-callsites.c" -o callsites-plain
# calls COMMAND... : the system calls strace counts over the command
calls() {
	strace -f -c -o counts "$@" 2> /dev/null > /dev/null || return 1
	awk '$NF == "total" { print $(NF - 2) ~ /^[0-9]+$/ && $(NF - 1) ~ /^[0-9]+$/ ? $(NF - 2) : $(NF - 1) }' counts
}
strace -f -o /dev/null true 2> /dev/null || skip "strace cannot trace here"
export OMP_NUM_THREADS=1
ours_few=$(calls ./callsites 2000 20) || fail "callsites failed under strace"
ours_many=$(calls ./callsites 6000 20) || fail "callsites failed under strace"
plain_few=$(calls ./callsites-plain 2000 20) || fail "callsites-plain failed under strace"
plain_many=$(calls ./callsites-plain 6000 20) || fail "callsites-plain failed under strace"
note "system calls: with the runtime $ours_few for 2,000 regions, $ours_many for 6,000; without -pg $plain_few and $plain_many"
awk -v o=$((ours_many - ours_few)) -v p=$((plain_many - plain_few)) 'BEGIN { exit !((o - p) / 4000 < 0.5) }' ||
	fail "the runtime adds $(( (ours_many - ours_few) - (plain_many - plain_few) )) system calls for 4,000 regions"
