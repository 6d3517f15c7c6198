#!/bin/bash
# A flush signal inherited as ignored (issue 31, seeded bug): a shell's
# `trap '' USR1` before exec leaves SIGUSR1 ignored in the program.  With
# BG_GMON_FLUSH_SIGNALS=USR1 the runtime still writes the profile on it
# (the user asked for that signal), and the signal then takes the course
# it would have taken without the runtime: ignored, the program goes on
# (calling SIG_IGN as a handler would crash it).
#   - SIGUSR1 to a program whose USR1 was ignored: it lives on, the
#     profile is written with victim_work's 4321 calls;
#   - then SIGTERM (a flush signal not ignored) ends it: 143.
. "$(dirname "$0")/lib.sh"
need_gprof

build_linked victim "$programs/flush-victim.c"
BG_GMON_FLUSH_SIGNALS=TERM,USR1 bash -c "trap '' USR1; exec ./victim wait ready 4321" & pid=$!
for _ in $(seq 300); do [ -s ready ] && break; sleep 0.1; done
[ -s ready ] || fail "ready never appeared"
kill -USR1 "$pid"
for _ in $(seq 100); do [ -s gmon.out ] && break; sleep 0.1; done
sleep 0.2
kill -0 "$pid" 2> /dev/null || { wait "$pid" || status=$?; fail "SIGUSR1, ignored, ended the program (status ${status:-0})"; }
[ -s gmon.out ] || fail "no profile written on SIGUSR1"
expect_eq "$(calls_of victim victim_work gmon.out)" 4321 "victim_work calls in the profile of SIGUSR1"
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
expect_eq "$status" 143 "exit status after SIGTERM"
note ok
