#!/bin/bash
# A profile that cannot be written: a clear message, the program's exit
# status untouched, and no file (not even a temporary one) left behind:
# a missing directory, a file-size limit (ulimit -f: SIGXFSZ used to kill
# the program, status 153, with a temporary file left), a full disk.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/serial-calls.c"

set +e
GMON_OUT_PREFIX=$work/no/such/dir/prof ./app 3 2>stderr; status=$?
set -e
expect_eq "$status" 3 "the program's exit status"
grep -q "^gmon-mpi: cannot write the profile $work/no/such/dir/prof\.[0-9]* .*No such file or directory" stderr ||
	fail "message for a missing directory: $(cat stderr)"

# A name longer than a message's line (a GMON_OUT_PREFIX of 3,000 bytes):
# the message was cut at 1 KiB, its reason lost; now its start and its end,
# the middle left out
long=$(printf '%03000d' 0 | tr 0 p)
set +e
GMON_OUT_PREFIX=$long ./app 3 2>stderr; status=$?
set -e
expect_eq "$status" 3 "the program's exit status (a long name)"
expect_eq "$(wc -l < stderr)" 1 "lines on stderr for a long name"
grep -q "^gmon-mpi: cannot write the profile ppp*p \[\.\.\.\] ppp*p\.[0-9]* (in [^)]*): File name too long$" stderr ||
	fail "the message for a name too long does not end with its reason: $(head -c 200 stderr) ... $(tail -c 200 stderr)"

# Under mpirun, each rank says it once and the job still succeeds
build_linked mpi-app "$programs/mpi-calls.c"
GMON_OUT_PREFIX=$work/no/such/dir/prof mpirun_np 2 ./mpi-app 2>stderr
expect_eq "$(grep -c 'cannot write the profile' stderr)" 2 "messages from 2 ranks"

# A file-size limit: the write fails as on a full disk.  The message goes
# through a pipe (a stderr redirected to a file is under the limit too: the
# message is then lost, but the program still is not killed)
mkdir limited
set +e
(cd limited && ulimit -f 0 && ../app 5) 2>&1 >/dev/null | cat >stderr-limit
status=${PIPESTATUS[0]}
set -e
expect_eq "$status" 5 "the program's exit status under ulimit -f 0"
expect_eq "$(ls limited)" "" "files left under ulimit -f 0"
grep -q "^gmon-mpi: cannot write the profile gmon.out .*File too large" stderr-limit ||
	fail "message for a file-size limit: $(cat stderr-limit)"
set +e
(cd limited && ulimit -f 0 && ../app 6 2>../stderr-file); status=$?
set -e
expect_eq "$status" 6 "the exit status under ulimit -f 0, stderr a file"
expect_eq "$(ls limited)" "" "files left under ulimit -f 0, stderr a file"

# A full disk: a tiny file system (needs the right to mount; else skipped)
mkdir full
if mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
	cat /dev/zero >full/filler 2>/dev/null || true
	set +e
	(cd full && ../app 0 2>../stderr-full); status=$?
	set -e
	listing=$(ls full)
	umount full
	expect_eq "$status" 0 "exit status on a full disk"
	expect_eq "$listing" "filler" "files left on the full disk"
	grep -q "^gmon-mpi: cannot write the profile gmon.out .*No space left on device" stderr-full ||
		fail "message for a full disk: $(cat stderr-full)"
else
	note "cannot mount a tmpfs here: the full-disk case is not run"
fi
note "ok"
