#!/bin/bash
# BG_GMON_FLUSH_SIGNALS: a rank killed before it exits (SIGTERM at a time
# limit, or mpirun ending a job) leaves a complete profile GNU gprof reads,
# with the calls made up to the kill, exactly; the signal then takes its
# course (the process dies of it).  A second SIGTERM during a slow write
# (rename slowed by a preloaded library) neither corrupts the file nor cuts
# the write short.  The write on a signal does not wait for fsync: ranks
# whose fsync takes 6 s still beat mpirun's SIGKILL, 3 s after its SIGTERM.  gmon_flush() writes the profile so far and profiling
# goes on; a program's own handler can call it.  A malformed value gets
# one message and changes nothing.  Without the variable, SIGTERM is a
# flush signal (a batch system's time limit sends it): killed alone or
# under mpirun (SIGTERM to mpirun, which passes it on and sends SIGKILL
# 1 s later, its default), each rank leaves its profile and companion;
# the program's own SIGTERM handler still wins; BG_GMON_FLUSH_SIGNALS=none
# turns it off (nothing written on SIGTERM, as glibc).
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked victim "$programs/flush-victim.c"
"$CC" -shared -fPIC -O1 "$programs/slow-io.c" -o slow-io.so -ldl

wait_for() { # FILE...: until each exists (at most 30 s)
	for f in "$@"; do
		for _ in $(seq 300); do [ -s "$f" ] && break; sleep 0.1; done
		[ -s "$f" ] || fail "$f never appeared"
	done
}

# Serial, killed by SIGTERM
BG_GMON_FLUSH_SIGNALS=TERM,USR1 ./victim wait ready 4321 & pid=$!
wait_for ready
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
expect_eq "$status" 143 "exit status after SIGTERM (killed by it)"
expect_eq "$(calls_of victim victim_work gmon.out)" 4321 "victim_work calls in the flushed profile"
expect_eq "$(ls_profiles)" "gmon.out" "files left (no temporary)"

# killed_by_term MODE CALLS [VAR=VALUE...]: ./victim MODE ready CALLS with
# those variables (its stderr in ./stderr), killed by SIGTERM once ready;
# its exit status in $status
killed_by_term() {
	local mode=$1 calls=$2 pid; shift 2
	rm -f gmon.out* ready
	env "$@" ./victim "$mode" ready "$calls" 2>stderr & pid=$!
	wait_for ready
	kill -TERM "$pid"
	status=0; wait "$pid" || status=$?
}

# Without BG_GMON_FLUSH_SIGNALS: SIGTERM writes the profile (the default),
# then ends the process; with none, nothing, as glibc
killed_by_term wait 2345
expect_eq "$status" 143 "exit status after SIGTERM without BG_GMON_FLUSH_SIGNALS"
expect_eq "$(calls_of victim victim_work gmon.out)" 2345 "victim_work calls flushed by default"
expect_eq "$(ls_profiles)" "gmon.out" "files left by default (no temporary)"
for off in none NONE; do
	killed_by_term wait 10 BG_GMON_FLUSH_SIGNALS=$off
	expect_eq "$status" 143 "exit status after SIGTERM with BG_GMON_FLUSH_SIGNALS=$off"
	expect_eq "$(ls_profiles)" "" "profiles with BG_GMON_FLUSH_SIGNALS=$off"
	expect_eq "$(cat stderr)" "" "stderr with BG_GMON_FLUSH_SIGNALS=$off"
done
# The program's own SIGTERM handler (installed in main, after the
# runtime's) wins by default too: it runs, and its exit status is the
# process's (it calls gmon_flush(): the profile is its write)
killed_by_term own 432
expect_eq "$status" 7 "exit status from the program's own handler, by default"
expect_eq "$(calls_of victim victim_work gmon.out)" 432 "victim_work calls flushed by the program's handler"

# A second and third SIGTERM while the profile is being written
rm -f gmon.out* ready
BG_GMON_FLUSH_SIGNALS=SIGTERM SLOW_RENAME_MS=300 LD_PRELOAD=$work/slow-io.so \
	./victim wait ready 999 & pid=$!
wait_for ready
kill -TERM "$pid"; sleep 0.1; kill -TERM "$pid" 2>/dev/null || true
sleep 0.05; kill -TERM "$pid" 2>/dev/null || true
status=0; wait "$pid" || status=$?
expect_eq "$status" 143 "exit status after three SIGTERMs"
expect_eq "$(calls_of victim victim_work gmon.out)" 999 "victim_work calls after three SIGTERMs"
expect_eq "$(ls_profiles)" "gmon.out" "files left after three SIGTERMs"

# usr1_then_term LABEL CALLS STATUSES: victim threads makes CALLS calls
# (its other thread idle); SIGUSR1, taken by the main thread, then SIGTERM
# 0.2 s later (as mpirun sends it to a rank once another has ended), taken
# by the other thread while the first writes: the companion's rename takes
# 1.5 s, and a raise() 0.5 s more (slow-io.so, with the variables of the
# caller's environment).  The process dies with one of STATUSES, the
# profile holds CALLS calls, and it and its companion are whole, no
# temporary left.
usr1_then_term() {
	local label=$1 calls=$2 statuses=$3 pid status
	rm -f gmon.out* ready
	BG_GMON_FLUSH_SIGNALS=TERM,USR1 SLOW_RENAME_MS=1500 SLOW_RENAME_MATCH=+ SLOW_RAISE_MS=500 \
		LD_PRELOAD=$work/slow-io.so ./victim threads ready "$calls" & pid=$!
	wait_for ready
	kill -USR1 "$pid"; sleep 0.2; kill -TERM "$pid" 2>/dev/null || true
	status=0; wait "$pid" || status=$?
	case " $statuses " in
	*" $status "*) ;;
	*) fail "$label: exit status $status (expected one of $statuses)" ;;
	esac
	expect_eq "$(calls_of victim victim_work gmon.out)" "$calls" "$label: victim_work calls"
	expect_eq "$(ls -1 | grep '^gmon\.out' | LC_ALL=C sort | tr '\n' ' ')" "gmon.out gmon.out+gmon-mpi " \
		"$label: files left"
}

# Both signals end the process (death by either).  The second handler does
# not write again: its write (removing the companion first) would be cut
# when the first signal's course ends the process.
usr1_then_term "SIGUSR1 and SIGTERM taken by two threads" 888 "138 143"
# The first signal's course is the program's own handler (installed before
# the runtime's: slow-io's SIGUSR1 handler, _exit(9) after 0.5 s): the
# second handler writes again (the program's handler may go on), and the
# first waits for that write to end before the program's handler runs.
SLOW_IO_USR1_EXIT=500 usr1_then_term "the program's SIGUSR1 and SIGTERM taken by two threads" 777 "9 143"

# Under mpirun: the launcher is killed, and passes SIGTERM to the ranks
# (with 30 s before its SIGKILL, so that a loaded machine cannot fail this)
rm -f gmon.out* ready*
BG_GMON_FLUSH_SIGNALS=TERM "$MPIRUN" --oversubscribe --mca odls_base_sigkill_timeout 30 \
	-x BG_GMON_FLUSH_SIGNALS -np 2 \
	./victim wait ready 2>mpirun.err & pid=$!
wait_for ready.0 ready.1
kill -TERM "$pid"; wait "$pid" || true
for rank in 0 1; do
	expect_eq "$(calls_of victim victim_work gmon.out.$rank)" 5000 "victim_work calls in rank $rank's profile"
done
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1" "files left by the killed ranks"

# The default under mpirun, at Open MPI's own deadline (mpirun, on
# SIGTERM, sends SIGCONT to the ranks, SIGTERM 1 s later, SIGKILL 1 s after
# that): both ranks' profiles and companions are written, and rank 0
# prints no line about the deadline (the default is mpirun's own SIGTERM,
# sent to every rank at once); with none, nothing is written
for setting in "" none; do
	rm -f gmon.out* ready*
	BG_GMON_FLUSH_SIGNALS=$setting "$MPIRUN" --oversubscribe -x BG_GMON_FLUSH_SIGNALS -np 2 \
		./victim wait ready 1234 2>mpirun.err & pid=$!
	wait_for ready.0 ready.1
	kill -TERM "$pid"; wait "$pid" || true
	if [ -z "$setting" ]; then
		for rank in 0 1; do
			expect_eq "$(calls_of victim victim_work gmon.out.$rank)" 1234 \
				"victim_work calls in rank $rank's profile, SIGTERM to mpirun by default"
		done
		expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1" "profiles, SIGTERM to mpirun by default"
		expect_eq "$(ls_beside)" "gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.1" \
			"companions, SIGTERM to mpirun by default"
		"$top_builddir/gprof-par/gprof-par" -S . >/dev/null 2>sum.err ||
			fail "-S of the ranks killed by default: $(cat sum.err)"
		expect_eq "$(calls_of victim victim_work gmon.sum)" 2468 "victim_work calls in their sum"
		! grep -q odls_base_sigkill_timeout mpirun.err ||
			fail "a line about mpirun's deadline with the default: $(cat mpirun.err)"
	else
		expect_eq "$(ls_profiles)$(ls_beside)" "" "files, SIGTERM to mpirun with BG_GMON_FLUSH_SIGNALS=none"
	fi
done
rm -f gmon.out* gmon.sum*

# Flush signals under Open MPI's mpirun left at its 1 s before SIGKILL:
# rank 0 says once how to give the ranks more time; with the MCA
# parameter set, nothing is said
build_linked mpiapp "$programs/mpi-calls.c"
for mca in "" "--mca odls_base_sigkill_timeout 5"; do
	rm -f gmon.out*
	# shellcheck disable=SC2086 # (mca: words)
	BG_GMON_FLUSH_SIGNALS=TERM "$MPIRUN" --oversubscribe $mca -x BG_GMON_FLUSH_SIGNALS -np 2 \
		./mpiapp 2>deadline.err >/dev/null ||
		fail "mpirun ${mca:-without the MCA parameter} failed: $(cat deadline.err)"
	said=$(grep -c "odls_base_sigkill_timeout" deadline.err || true)
	if [ -z "$mca" ]; then
		expect_eq "$said" 1 "lines about mpirun's SIGKILL deadline"
		grep -q "^gmon-mpi: BG_GMON_FLUSH_SIGNALS under Open MPI's mpirun: once a rank has ended on a flush signal, mpirun kills the others at once" deadline.err ||
			fail "the deadline's line: $(cat deadline.err)"
	else
		expect_eq "$said" 0 "lines about mpirun's SIGKILL deadline with $mca"
	fi
done
rm -f gmon.out*

# Under mpirun on a file system where fsync takes 6 s, SIGKILL 3 s after
# SIGTERM (Open MPI's default is 1 s): the profile written on the signal is
# complete before it
rm -f gmon.out* ready*
BG_GMON_FLUSH_SIGNALS=TERM SLOW_FSYNC_MS=6000 "$MPIRUN" --oversubscribe \
	--mca odls_base_sigkill_timeout 3 \
	-x BG_GMON_FLUSH_SIGNALS -x SLOW_FSYNC_MS -x LD_PRELOAD=$work/slow-io.so -np 2 \
	./victim wait ready 777 2>mpirun.err & pid=$!
wait_for ready.0 ready.1
kill -TERM "$pid"; wait "$pid" || true
for rank in 0 1; do
	expect_eq "$(calls_of victim victim_work gmon.out.$rank)" 777 \
		"victim_work calls in rank $rank's profile with a slow fsync"
done
expect_eq "$(ls_profiles)" "gmon.out.0 gmon.out.1" "files left by the killed ranks with a slow fsync"

# The program's own handler (installed after the runtime's) calls gmon_flush()
rm -f gmon.out* ready
BG_GMON_FLUSH_SIGNALS=TERM ./victim own ready 321 & pid=$!
wait_for ready
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
expect_eq "$status" 7 "exit status from the program's own handler"
expect_eq "$(calls_of victim victim_work gmon.out)" 321 "victim_work calls flushed by the handler"
# and its companion, written from the handler too (libc's call of main)
expect_eq "$(ls_beside)" "gmon.out+gmon-mpi" "the files beside the profile flushed by the handler"
unpack_companions
expect_eq "$(ls_beside 'calls|modules|paths')" "gmon.out+calls gmon.out+modules gmon.out+paths" \
	"files gmon_flush() wrote beside the profile from the program's handler"
grep -q "^call	1	1:[0-9a-f]*	0:[0-9a-f]*$" gmon.out+calls ||
	fail "libc's call of main is not in the handler's gmon.out+calls: $(cat gmon.out+calls)"

# gmon_flush() on the way: the copy holds the first 600 calls, the final
# profile all 1200
rm -f gmon.out*
./victim flush copy.out 600 || fail "the flush run failed"
expect_eq "$(calls_of victim victim_work copy.out)" 600 "victim_work calls at gmon_flush()"
expect_eq "$(calls_of victim victim_work gmon.out)" 1200 "victim_work calls at exit"

# Malformed values: one message, the profile at exit only
for bad in KILL PROF SEGV 11 TERM,SIGBUS TERM,NOPE 0 ","; do
	rm -f gmon.out
	BG_GMON_FLUSH_SIGNALS=$bad ./victim flush copy.out 10 2>stderr || fail "run with '$bad'"
	grep -q "^gmon-mpi: BG_GMON_FLUSH_SIGNALS='$bad' is not a list of signals" stderr ||
		fail "message for BG_GMON_FLUSH_SIGNALS='$bad': $(cat stderr)"
	expect_eq "$(wc -l <stderr)" 1 "lines on stderr for '$bad'"
done
# the message names every signal refused, and why (SEGV was refused as an
# unknown name, the message naming only KILL, STOP and PROF)
grep -q "refused: KILL and STOP, which cannot be caught, PROF, the sampling timer's, and SEGV, BUS, ILL, FPE, TRAP and SYS, the program's own faults" stderr ||
	fail "the message does not say what is refused: $(cat stderr)"
note ok
