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
# SIGTERM, a flush signal by default (BG_GMON_FLUSH_SIGNALS unset), but
# inherited ignored: the default leaves it alone (not caught, still
# ignored as the program sees it), and the program lives on after it.
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

rm -f gmon.out ready
bash -c "trap '' TERM; exec ./victim wait ready 12" & pid=$!
for _ in $(seq 300); do [ -s ready ] && break; sleep 0.1; done
[ -s ready ] || fail "ready never appeared (TERM ignored)"
term_bit=$((1 << (15 - 1)))
ignored=$((16#$(awk '/^SigIgn:/ { print $2 }' /proc/$pid/status)))
caught=$((16#$(awk '/^SigCgt:/ { print $2 }' /proc/$pid/status)))
expect_eq "$((ignored & term_bit))/$((caught & term_bit))" "$term_bit/0" \
	"SIGTERM inherited ignored, by default: ignored/caught bits"
kill -TERM "$pid"; sleep 0.3
kill -0 "$pid" 2> /dev/null || fail "SIGTERM, inherited ignored, ended the program"
[ ! -e gmon.out ] || fail "a profile written on an ignored SIGTERM by default"
kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
# and not ignored: caught by default
rm -f ready
./victim wait ready 12 & pid=$!
for _ in $(seq 300); do [ -s ready ] && break; sleep 0.1; done
caught=$((16#$(awk '/^SigCgt:/ { print $2 }' /proc/$pid/status)))
expect_eq "$((caught & term_bit))" "$term_bit" "SIGTERM caught by default"
kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
note ok
