#!/bin/bash
# CPU time used before profiling starts is not sampled, as with glibc's
# runtime (its timer counts from its setitimer in __monstartup).  The
# default process-wide timer turns each thread's own CPU time into
# samples; a thread's first signal used to claim all of the thread's time
# since its creation, so the main thread's exec, dynamic linking and
# libraries' constructors (about 1 ms with libmpi here, a slow
# constructor's whole time) landed as one lump wherever its first signal
# fell.
# programs/slow-start.c burns 0.5 s of CPU in the executable's preinit
# array (before __monstartup), then 0.3 s in main: the profile's samples
# (in the text, outside it, in libraries) are main's CPU time, within 5% or
# 10 samples; with the lump they were 0.8 s.  Per-thread timers (all) never
# counted the time before them: their samples are no more than main's time.
# (Not fewer is checked elsewhere, not here: on a machine with 4 busy loops
# per core the kernel sends a thread's CPU timer 0 to 8 signals in 0.3 s,
# whose overruns may count 2 samples of 300, a bare program's as ours.)
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/slow-start.c" -I"$programs"

for policy in "" all; do
	label=${policy:-process-wide}
	rm -f gmon.out*
	env ${policy:+BG_GMON_START_THREAD_TIMERS=$policy} BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 \
		./app 0.5 0.3 > cpu 2> stderr || fail "$label: the program failed: $(cat stderr)"
	read -r at_main at_end < cpu
	total=$(sed -n 's/.*wrote gmon.out: \([0-9]*\) samples (.*/\1/p' stderr)
	in_libraries=$(library_samples)
	[ -n "$total" ] && [ -n "$in_libraries" ] && [ -n "$at_end" ] ||
		fail "$label: no verbose lines or no CPU times: $(cat cpu stderr)"
	samples=$((total + in_libraries))
	note "$label: $samples samples at 1000 Hz; CPU seconds at main $at_main, at its end $at_end"
	awk -v n="$samples" -v a="$at_main" -v b="$at_end" -v only_above="${policy:+1}" 'BEGIN {
		main = (b - a) * 1000; slack = 0.05 * main; if (slack < 10) slack = 10
		d = n - main; if (d < 0 && !only_above) d = -d; exit !(d <= slack) }' ||
		fail "$label: $samples samples for main's $(awk -v a="$at_main" -v b="$at_end" 'BEGIN { print b - a }') s of CPU (the time before profiling started sampled?)"
done
note ok
