#!/bin/bash
# e2e-wall-handler.sh - the wall clock's look at a thread that is inside
# the runtime's own SIGPROF handler (callpaths.h, GMON_MPI_OWN_HANDLER):
# its sample is where the signal interrupted the program, as the signal's
# own samples are, not a path through the handler and libc's
# __restore_rt.  slow-handler.so makes each handler sleep 2 ms (1 ms in
# each of its two clock_gettime calls), so that wall-handler.c's one
# thread, spinning in spin()
# for 1 s of its own CLOCK_MONOTONIC, spends most of it blocked in the
# handler, where the sampler walks it.  Before, 91% of spin's samples
# had the path spin;__restore_rt (named sigaction: libc is stripped);
# on_sigprof;own_cost_...;clock_gettime;nanosleep, and their histogram PC
# was libc's clock_nanosleep: GNU gprof gave spin 0.09-0.10 s of its 1.0 s.
# In a CI run the same happened by chance in e2e-wall-race.sh (1 sample of
# 40,000, a thread preempted in __restore_rt: a caller frame after no
# call).  Now every sample of the thread is spin's (its own clock's
# seconds within 5%, by the paths and by GNU gprof's flat profile), no
# path holds a frame of the handler, and paths-check finds no bad path
# (it refuses a path that begins in __restore_rt).
. "$(dirname "$0")/lib.sh"
need_gprof
gprof_par=$top_builddir/gprof-par/gprof-par

build_linked wall-handler "$programs/wall-handler.c"
"$CC" -shared -fPIC -O1 "$programs/slow-handler.c" -o slow-handler.so -ldl
for run in 1 2; do
	rm -f gmon.out*
	LD_PRELOAD=$PWD/slow-handler.so BG_GMON_CLOCK=wall BG_GMON_HZ=1000 ./wall-handler 1 \
		> truth 2> stderr || { crash_report wall-handler; fail "run $run: wall-handler failed: $(cat stderr)"; }
	expect_eq "$(cat stderr)" "" "run $run: wall-handler's stderr"
	case $(run_field engine) in
	wall-sampler+perf*) ;;
	*) skip "the wall clock's engine is '$(run_field engine)': without perf_events' context switches a walk from a blocked thread ends at its first frame that needs %rbp, short of the signal frame" ;;
	esac
	unpack_companions
	validate gmon.out+paths "run $run"
	"$gprof_par" --format=folded wall-handler gmon.out > folded 2> folded.err ||
		fail "run $run: gprof-par --format=folded failed: $(cat folded.err)"
	handler=$(awk '/on_sigprof|own_cost/ { n += $NF } END { print n + 0 }' folded)
	in_spin=$(awk '$1 ~ /^main;spin($|;)/ { n += $NF } END { print n + 0 }' folded)
	spin_ms=$(awk '{ printf "%d", $2 * 1000 }' truth)
	gprof -b -p wall-handler gmon.out > flat 2>&1 || fail "run $run: gprof failed: $(cat flat)"
	gprof_ms=$(awk '$NF == "spin" { printf "%d", $3 * 1000 }' flat)
	note "run $run: $(cat truth); $in_spin samples under spin, $handler through the handler; GNU gprof: spin ${gprof_ms:-no} ms; signals $(run_field signals), walks not kept $(run_field wall-walks-raced)"
	expect_eq "$handler" 0 "run $run: samples whose path goes through the runtime's SIGPROF handler"
	within_pct "$in_spin" "$spin_ms" 5 ||
		fail "run $run: $in_spin samples under spin for its own clock's $spin_ms ms"
	within_pct "${gprof_ms:-0}" "$spin_ms" 5 ||
		fail "run $run: GNU gprof gives spin ${gprof_ms:-no} ms of self time for its own clock's $spin_ms ms: $(head -8 flat)"
done
note ok
