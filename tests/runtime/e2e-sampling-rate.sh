#!/bin/bash
# The samples a profile holds are the CPU time the process used, whatever
# the rate: 4 threads burning CPU, sampled at 100, 1000 and 10000 Hz, by the
# process-wide timer and by per-thread clocks (all, the default: perf_events'
# task clock where allowed, one sample a signal: it runs freely, where it
# stood still from each overflow until the handler re-armed it before, so
# that the handlers' time, 6% of it at 10000 Hz, was no sample's).  The kernel
# fires a CPU-time timer at most once per tick (CONFIG_HZ: 100 to 1000), so
# above it every delivered signal must count for the expirations it stands
# for; before, 10000 Hz reported a fortieth of the time.  Each run: the
# verbose line's samples (in the text or not) / rate within 5% (2% on the task clock), or 12
# samples (three periods per thread) if more, of the user+system CPU time
# bash's `time` measured, less that of the same run with no work (loading
# libmpi and starting up, before profiling starts: under a loaded machine
# up to a twentieth of the run at 100 Hz), and the
# samples in burn()'s bins, read straight from the file, at least 90% of it.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/cpu-burn.c" -pthread
read -r start size < <(nm -S app | awk '$4 == "burn" { print $1, $2 }')
[ -n "${size:-}" ] || fail "no burn() in the program"
end=$(printf '%x' $((0x$start + 0x$size)))

TIMEFORMAT='%3U %3S'
check() { # POLICY HZ UNITS (POLICY "": the default; UNITS of work per thread)
	local policy=$1 hz=$2 units=$3 cpu total outside in_burn
	{ time env ${policy:+BG_GMON_START_THREAD_TIMERS=$policy} BG_GMON_HZ="$hz" \
		./app 4 0 2>/dev/null; } 2>idle || fail "the program failed with no work"
	rm -f gmon.out
	{ time env ${policy:+BG_GMON_START_THREAD_TIMERS=$policy} BG_GMON_HZ="$hz" BG_GMON_VERBOSE=1 \
		./app 4 "$units" 2>stderr; } 2>timing || fail "the program failed: $(cat stderr)"
	cpu=$(awk 'NR == FNR { idle = $1 + $2; next } { printf "%.3f", $1 + $2 - idle }' idle timing)
	read -r total outside < <(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples (\([0-9]*\) outside the text).*/\1 \2/p' stderr)
	[ -n "${total:-}" ] || fail "no verbose line: $(cat stderr)"
	in_burn=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out "$start" "$end")
	engine=$(run_field engine)
	note "${policy:-all (default)} at $hz Hz ($engine): $total samples ($in_burn in burn) = $(awk -v n="$total" -v r="$hz" 'BEGIN { printf "%.3f", n / r }') s for $cpu s of CPU; the task clock's remainder $(awk -v c="$(run_field task-clock-cpu-ns)" -v n="$(run_field task-clock-samples)" -v r="$hz" 'BEGIN { printf "%.3f", n == "" ? 0 : c / 1e9 - n / r }') s"
	# within 5%, or three periods per thread, whichever is more: at 100 Hz
	# the process-wide timer comes up to 8 samples short with 4 threads on 2
	# CPUs on an idle machine (each thread's partial period at its end, and
	# the lag of the process timer's account of the other threads), 5% of
	# 150 being 7.5; 12 samples still catch a rate that is wrong
	# (the task clock's: its samples and the CPU time the run section says
	# no signal came for (perf-clock.h: on a crowded node it loses
	# overflows, 3.9% at 10000 Hz beside two busy loops and a build) within
	# 2% of the CPU time, seen within 0.1-0.9%; that remainder under 15%;
	# 4.9% short at 10000 Hz when the clock stood still in the handlers)
	share=5 unplaced=0
	case $engine in
	perf-task-clock*)
		share=2
		unplaced=$(awk -v c="$(run_field task-clock-cpu-ns)" -v n="$(run_field task-clock-samples)" \
			-v r="$hz" 'BEGIN { printf "%.3f", c / 1e9 - n / r }')
		awk -v u="$unplaced" -v c="$cpu" 'BEGIN { exit !(u <= 0.15 * c && u >= -0.15 * c) }' ||
			fail "default at $hz Hz: $unplaced s of $cpu s of CPU with no sample" ;;
	esac
	awk -v n="$total" -v r="$hz" -v c="$cpu" -v p="$share" -v u="$unplaced" 'BEGIN { d = n / r + u - c; if (d < 0) d = -d
		slack = p / 100 * c; if (12 / r > slack) slack = 12 / r; exit !(d <= slack) }' ||
		fail "${policy:-default} at $hz Hz ($engine): $total samples are $(awk -v n="$total" -v r="$hz" 'BEGIN { print n / r }') s (and $unplaced s with no sample), not within $share% (or 12 samples) of $cpu s of CPU"
	awk -v n="$in_burn" -v r="$hz" -v c="$cpu" -v u="$unplaced" 'BEGIN { exit !(n / r + u >= 0.90 * c) }' ||
		fail "${policy:-default} at $hz Hz: only $in_burn samples in burn() for $cpu s of CPU"
}

# (3 units at 100 Hz: 450 samples, where each thread's unsampled tail
# after its last signal, one or more 10 ms periods, is within the 5%.  The
# process-wide timer goes to whichever thread runs at a tick, so with 4
# threads on 2 CPUs a thread's last signal can come tens of ms before its
# end whatever the rate: at 10000 Hz on 1 unit CI saw the four tails add up
# to 0.156 s of 2.417 s, 6.5%; it runs 2 units there)
for hz in 100 1000 10000; do
	units=$([ "$hz" = 100 ] && echo 3 || echo 1)
	check "" "$hz" "$units"
	check process "$hz" "$([ "$hz" = 100 ] && echo 3 || echo 2)"
done
note ok
