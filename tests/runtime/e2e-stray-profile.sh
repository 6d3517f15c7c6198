#!/bin/bash
# A stray gmon.out.7 of another program among a run's rank files (issue 40):
# -S refuses it with one message that names the file, says it seems to be
# another program's (what differs: its executable's text, or its build
# fingerprint) and offers --skip-bad; no note before it says that it is
# summed.  --skip-bad then sums the run's own files.  The same under
# mpirun -np 2.  Two strays: glibc's profile of a serial -pg program (no
# fingerprint, no companion: the histogram's range differs), and a
# gmon-mpi profile of another MPI program without its companion (the
# build fingerprint differs).  Known answer: per_rank_work has 10 and 20
# calls in ranks 0 and 1 (mpi-calls.c).
. "$(dirname "$0")/lib.sh"
need_gprof

gpp=$top_builddir/gprof-par/gprof-par
build_linked app "$programs/mpi-calls.c"
build_plain serial "$programs/serial-calls.c"
build_linked other "$programs/mpi-time.c"

mkdir glibc && (cd glibc && ../serial > /dev/null) || fail "the serial program failed"
mkdir another && (cd another && mpirun_np 1 ../other > /dev/null 2>&1) || fail "the other MPI program failed"
mkdir run && (cd run && mpirun_np 2 ../app) || fail "the run failed"

# check_stray LABEL STRAY DIFFERS: STRAY copied as run/gmon.out.7 alone
check_stray() {
	local label=$1 stray=$2 differs=$3 status
	rm -rf dir && mkdir dir && cp run/gmon.out.0 run/gmon.out.1 run/gmon.out+gmon-mpi.* dir/
	cp "$stray" dir/gmon.out.7
	for np in 1 2; do
		status=0
		if [ "$np" = 1 ]; then
			"$gpp" -S dir > /dev/null 2> err || status=$?
		else
			ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S dir > /dev/null 2> err ||
				status=$?
		fi
		expect_eq "$status" 1 "$label, $np process(es): -S's exit status"
		[ ! -e dir/gmon.sum ] || fail "$label, $np process(es): -S wrote a sum"
		grep -q "^gprof-par: dir/gmon.out.7: .*$differs.*it seems to be a profile of another program" err ||
			fail "$label, $np process(es): no word of another program: $(cat err)"
		grep "dir/gmon.out.7" err | grep -q -- "add --skip-bad to sum the other files without it" ||
			fail "$label, $np process(es): --skip-bad not offered: $(cat err)"
		! grep -Eq "they are summed(,|$)" err ||
			fail "$label, $np process(es): a note says the file is summed: $(cat err)"
	done
	"$gpp" -S --skip-bad dir > /dev/null 2> skip.err || fail "$label: -S --skip-bad failed: $(cat skip.err)"
	grep -q "^gprof-par: skipped dir/gmon.out.7: " skip.err || fail "$label: --skip-bad: $(cat skip.err)"
	expect_eq "$(calls_of app per_rank_work dir/gmon.sum)" 30 "$label: per_rank_work's calls without the stray"
}

check_stray "glibc's profile of a serial program" glibc/gmon.out "histogram range .* differs from the first file's"
check_stray "another MPI program's profile" another/gmon.out.0 "build fingerprint .* differs"
note ok
