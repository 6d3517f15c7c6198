#!/bin/bash
# Which ranks write a profile: the default (ranks 0 to 31), N, N:M, N:M:S,
# a malformed BG_GMON_RANK_SUBSET, mondisable(), and GMON_OUT_PREFIX.
. "$(dirname "$0")/lib.sh"

build_linked app "$programs/mpi-calls.c"

# run_with SUBSET EXPECTED-FILES [ARGS...]: SUBSET "-" leaves it unset
run_with() {
	local subset=$1 expected=$2; shift 2
	rm -f gmon.out*
	if [ "$subset" = - ]; then
		mpirun_np 6 ./app "$@" 2>stderr
	else
		BG_GMON_RANK_SUBSET=$subset mpirun_np 6 ./app "$@" 2>stderr
	fi
	expect_eq "$(ls_profiles)" "$expected" "files written with BG_GMON_RANK_SUBSET=$subset $*"
}

all6="gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 gmon.out.4 gmon.out.5"
run_with - "$all6"
run_with 2 "gmon.out.2"
run_with 1:4 "gmon.out.1 gmon.out.2 gmon.out.3 gmon.out.4"
run_with 0:5:2 "gmon.out.0 gmon.out.2 gmon.out.4"
run_with 1:16:4 "gmon.out.1 gmon.out.5"
run_with 0:16:8 "gmon.out.0"
run_with 7 ""
# a subset that holds none of the job's ranks: rank 0 says so, once
expect_eq "$(cat stderr)" \
	"gmon-mpi: BG_GMON_RANK_SUBSET='7' selects none of this run's 6 ranks (0 to 5): no rank writes a profile" \
	"the message of a subset past the job's ranks"
run_with 6:15 ""
expect_eq "$(grep -c "BG_GMON_RANK_SUBSET='6:15' selects none of this run's 6 ranks" stderr)" 1 \
	"messages of BG_GMON_RANK_SUBSET=6:15 on 6 ranks"
run_with 5:15 "gmon.out.5"
expect_eq "$(cat stderr)" "" "stderr when the subset's first rank is the job's last"
run_with 0:31 "$all6"

# A malformed value: one message for the whole job, naming the variable and
# the value, and the default applies.
for bad in 3:x 4:2 0:8:0 -1 ""; do
	run_with "$bad" "$all6"
	[ "$(grep -c 'BG_GMON_RANK_SUBSET' stderr)" = 1 ] ||
		fail "BG_GMON_RANK_SUBSET='$bad': expected one message, got: $(cat stderr)"
	grep -q "BG_GMON_RANK_SUBSET='$bad' is not N, N:M or N:M:S.*using the default 0:31" stderr ||
		fail "BG_GMON_RANK_SUBSET='$bad': unclear message: $(cat stderr)"
done

# mondisable() stops one rank
run_with - "gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.4 gmon.out.5" --disable-rank=3
run_with 2:3 "gmon.out.2" --disable-rank=3

# The default is the first 32 ranks: the boundary, without 33 processes.
build_linked serial "$programs/serial-calls.c"
rm -f gmon.out*
OMPI_COMM_WORLD_RANK=31 ./serial
OMPI_COMM_WORLD_RANK=32 ./serial
expect_eq "$(ls_profiles)" "gmon.out.31" "files of ranks 31 and 32 by default"
rm -f gmon.out*
BG_GMON_RANK_SUBSET=32 OMPI_COMM_WORLD_RANK=32 ./serial
expect_eq "$(ls_profiles)" "gmon.out.32" "rank 32 when selected"

# GMON_OUT_PREFIX names the files <prefix>.<rank>
rm -f gmon.out*
mkdir prof
GMON_OUT_PREFIX=prof/run BG_GMON_RANK_SUBSET=0:1 mpirun_np 3 ./app
# (with their companions beside them: the call paths, the calls between
# modules, libc's call of main, the libraries' samples)
expect_eq "$(ls prof | LC_ALL=C sort | tr '\n' ' ')" \
	"run+gmon-mpi.0 run+gmon-mpi.1 run.0 run.1 " \
	"files with GMON_OUT_PREFIX=prof/run"
expect_eq "$(ls_profiles)" "" "gmon.out files with GMON_OUT_PREFIX set"
note "ok"
