#!/bin/bash
# The samples a profile holds are the CPU time the process used, whatever
# the rate: 4 threads burning CPU, sampled at 100, 1000 and 10000 Hz, by the
# default process-wide timer and by per-thread timers (all).  The kernel
# fires a CPU-time timer at most once per tick (CONFIG_HZ: 100 to 1000), so
# above it every delivered signal must count for the expirations it stands
# for; before, 10000 Hz reported a fortieth of the time.  Each run: the
# verbose line's samples (in the text or not) / rate within 5% of the
# user+system CPU time bash's `time` measured, and the samples in burn()'s
# bins, read straight from the file, at least 90% of it.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/cpu-burn.c" -pthread
read -r start size < <(nm -S app | awk '$4 == "burn" { print $1, $2 }')
[ -n "${size:-}" ] || fail "no burn() in the program"
end=$(printf '%x' $((0x$start + 0x$size)))

TIMEFORMAT='%3U %3S'
check() { # POLICY HZ (POLICY "": the default)
	local policy=$1 hz=$2 cpu total outside in_burn
	rm -f gmon.out
	{ time env ${policy:+BG_GMON_START_THREAD_TIMERS=$policy} BG_GMON_HZ="$hz" BG_GMON_VERBOSE=1 \
		./app 4 1 2>stderr; } 2>timing || fail "the program failed: $(cat stderr)"
	cpu=$(awk '{ print $1 + $2 }' timing)
	read -r total outside < <(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples (\([0-9]*\) outside the text).*/\1 \2/p' stderr)
	[ -n "${total:-}" ] || fail "no verbose line: $(cat stderr)"
	in_burn=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out "$start" "$end")
	note "${policy:-process (default)} at $hz Hz: $total samples ($in_burn in burn) = $(awk -v n="$total" -v r="$hz" 'BEGIN { printf "%.3f", n / r }') s for $cpu s of CPU"
	awk -v n="$total" -v r="$hz" -v c="$cpu" 'BEGIN { exit !(n / r >= 0.95 * c && n / r <= 1.05 * c) }' ||
		fail "${policy:-default} at $hz Hz: $total samples are $(awk -v n="$total" -v r="$hz" 'BEGIN { print n / r }') s, not within 5% of $cpu s of CPU"
	awk -v n="$in_burn" -v r="$hz" -v c="$cpu" 'BEGIN { exit !(n / r >= 0.90 * c) }' ||
		fail "${policy:-default} at $hz Hz: only $in_burn samples in burn() for $cpu s of CPU"
}

for hz in 100 1000 10000; do
	check "" "$hz"
	check all "$hz"
done
note ok
