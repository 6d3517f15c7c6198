#!/bin/bash
# moncontrol(0) and moncontrol(1) (issue 40): a program works 0.1 s of its
# own CPU clock in before_pause, pauses profiling, works 0.4 s in
# while_paused, resumes, and works 0.1 s in after_resume
# (programs/pause-resume.c), under the default process-wide timer and the
# per-thread timers (BG_GMON_START_THREAD_TIMERS=main), at 1000 Hz:
#   - while_paused has no sample;
#   - after_resume's samples are its own CPU time, 50 ms below to 30 ms
#     above (the CPU time used while paused is not claimed by the first
#     signal after resuming: it showed as 0.49 s; below, what the thread
#     used before its first signal after resuming and after its last one
#     is not sampled: 80 samples for 0.1 s seen here);
#   - the file's samples are the un-paused work's CPU time, within 40 ms
#     above and 25% + 20 ms below (what a thread used after its last signal
#     before the pause, and before its first after it, is not sampled).
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/pause-resume.c"

# within_s SAMPLES SECONDS BELOW ABOVE: SAMPLES/1000 in [SECONDS - BELOW, SECONDS + ABOVE]
within_s() {
	awk -v n="$1" -v c="$2" -v b="$3" -v a="$4" 'BEGIN { exit !(n / 1000 >= c - b && n / 1000 <= c + a) }'
}

for policy in "" main; do
	label=${policy:-process}
	rm -f gmon.out*
	env ${policy:+BG_GMON_START_THREAD_TIMERS=$policy} BG_GMON_HZ=1000 ./app 0.1 0.4 0.1 >out ||
		fail "$label: the run failed"
	before=$(awk '$1 == "before_pause" { print $2 }' out)
	after=$(awk '$1 == "after_resume" { print $2 }' out)
	unpaused=$(awk -v b="$before" -v a="$after" 'BEGIN { printf "%.6f", b + a }')
	paused_samples=$(exact_samples_of app while_paused gmon.out)
	after_samples=$(exact_samples_of app after_resume gmon.out)
	all=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)
	note "$label: before_pause $before s, after_resume $after s ($after_samples samples), while_paused $paused_samples samples; $all samples in the file for $unpaused s un-paused"
	expect_eq "$paused_samples" 0 "$label: samples of while_paused"
	within_s "$after_samples" "$after" 0.05 0.03 ||
		fail "$label: after_resume has $after_samples samples at 1000 Hz for its $after s of CPU"
	low=$(awk -v u="$unpaused" 'BEGIN { printf "%.6f", 0.25 * u + 0.02 }')
	within_s "$all" "$unpaused" "$low" 0.04 ||
		fail "$label: $all samples at 1000 Hz in the file for $unpaused s of un-paused work"
done
note "ok"
