#!/bin/bash
# e2e-wall-race.sh - the wall clock's walk of a thread that wakes while it
# is walked (issue 36, wall-sampler.h): the sampler reads a waiting
# thread's registers and walks its stack from them without stopping it, and
# a thread that runs on meanwhile changes the words the walk reads.
# wall-race.c's 3 threads nap about 20 us (doze's nanosleep) and then
# scribble() small integers over the words that held nap's frames, for
# 2 s, at 5000 Hz (about 40,000 samples a run).  Before, 14% of the samples
# had a frame in no module or a return address after no call; now a walk
# of a thread that arrived on a CPU, switched or used CPU time meanwhile is
# not kept, its periods left for the next look: three runs, no bad sample
# allowed, and no period lost (the samples are the threads' wall time,
# 4 x the run's, within 2%).  nap's share is its own clock's within 20%:
# the engine gives a thread's CPU time between two waits shorter than a
# period to the look after it (wall-sampler.h: one just woken keeps its
# periods pending), scribble's 20 us bursts here (nap measured 8% under
# to 17% over, scribble 67% under to 21% over).
. "$(dirname "$0")/lib.sh"
gprof_par=$top_builddir/gprof-par/gprof-par

build_linked wall-race "$programs/wall-race.c" -lpthread
for run in 1 2 3; do
	rm -f gmon.out*
	BG_GMON_CLOCK=wall BG_GMON_HZ=5000 ./wall-race 3 2 > truth 2> stderr ||
		fail "run $run: wall-race failed: $(cat stderr)"
	expect_eq "$(cat stderr)" "" "run $run: wall-race's stderr"
	case $(run_field engine) in
	wall-sampler*) ;;
	*) fail "the wall clock's engine: '$(run_field engine)'" ;;
	esac
	unpack_companions
	validate gmon.out+paths "run $run"
	"$gprof_par" --format=folded wall-race gmon.out > folded 2> folded.err ||
		fail "gprof-par --format=folded failed: $(cat folded.err)"
	read -r all nap < <(awk '{ all += $NF; if ($1 ~ /(^|;)nap;/) nap += $NF }
		END { print all + 0, nap + 0 }' folded)
	note "run $run: $(cat truth); $all samples, $nap in nap; walks not kept: $(run_field wall-walks-raced)"
	within_pct "$all" "$(awk '{ printf "%d", 4 * $6 * 5000 }' truth)" 2 ||
		fail "run $run: $all samples for 4 threads' $(awk '{ print $6 }' truth) s at 5000 Hz"
	within_pct "$nap" "$(awk '{ printf "%d", $2 * 5000 }' truth)" 20 ||
		fail "run $run: $nap samples in nap, its own clock says $(awk '{ print $2 }' truth) s"
done
note ok
