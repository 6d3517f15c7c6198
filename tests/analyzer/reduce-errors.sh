#!/bin/sh
# reduce-errors.sh - gprof-par -S validation, serially and with 3 MPI
# processes: a different histogram range, rate or build fingerprint, a
# truncated file and a bad magic are each named (the first bad file in rank
# order, whatever the number of processes, reported once) and leave no
# gmon.sum; --skip-bad skips and names them, with the same sum for 1 to 4
# processes, also when the first good file disagrees with all later ones.
set -u

. "${top_srcdir:?}/tests/analyzer/reduce-lib.sh"

build_prog prog

# patch FILE OFFSET BYTES: overwrite bytes (printf escapes) at OFFSET.
patch() {
	printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2> /dev/null
}

# Offsets in a gmon file (x86_64): header spare bytes at 8 (a fingerprint
# is 'B' 'I' and 10 bytes), the histogram record's tag at 20, high_pc at 29,
# rate at 41.
fingerprint() {
	patch "$1" 8 "BI$2"
}
F1='\001\002\003\004\005\006\007\010\011\012'
F2='\001\002\003\004\005\006\007\010\011\377'

# make_dir DIR N: N good rank files with fingerprint F1, counts varying.
make_dir() {
	mkdir "$1"
	i=0
	while [ "$i" -lt "$2" ]; do
		"$tool" scale gmon.out "$1/gmon.out.$i" $((1000 + 100 * i)) $((100000 + i)) ||
			exit 99
		fingerprint "$1/gmon.out.$i" "$F1"
		i=$((i + 1))
	done
}

# spoil FILE KIND
spoil() {
	case $2 in
	range)       # high_pc 256 bytes higher, same bin count
		b=$(od -A n -t u1 -j 30 -N 1 "$1" | tr -d ' ')
		patch "$1" 30 "\\$(printf %o $(((b + 1) % 256)))" ;;
	rate)        patch "$1" 41 '\350\003\000\000' ;;   # 1000 Hz
	fingerprint) fingerprint "$1" "$F2" ;;
	truncated)   head -c $(($(wc -c < "$1") - 7)) "$1" > t && mv t "$1" ;;
	magic)       patch "$1" 0 'nomo' ;;
	esac
}

# The message of each kind, in part.
expected() {
	case $1 in
	range)       echo "histogram range" ;;
	rate)        echo "profiling rate 1000 Hz differs from the 100 Hz .*; profiles of one run have one rate: set BG_GMON_HZ for all its processes (gmon-mpi(7))" ;;
	fingerprint) echo "build fingerprint 010203040506070809ff differs from fingerprint 0102030405060708090a" ;;
	truncated)   echo "truncated" ;;
	magic)       echo "bad magic" ;;
	esac
}

# Errors: files 0-7, file 3 spoiled by KIND and file 5 (the first of the
# third process's block with 3 processes) by a bad magic: gmon.out.3 must
# be the one named, once, with P=1 and P=3.
for kind in range rate fingerprint truncated magic; do
	make_dir "$kind" 8
	spoil "$kind/gmon.out.3" "$kind"
	spoil "$kind/gmon.out.5" magic
	for np in 1 3; do
		MPI_LEAKS=0
		[ "$kind" = fingerprint ] && MPI_LEAKS=1
		rm -f "$kind/gmon.sum"
		if sum_cmd "$np" -S "$kind"; then
			fail "$kind, $np process(es): exit status 0"
		fi
		grep '^gprof-par:' sum.err > "msg.$np"
		if [ -e "$kind/gmon.sum" ] || ls "$kind" | grep -q tmp; then
			fail "$kind, $np process(es): a sum was written"
		elif [ -s sum.out ]; then
			fail "$kind, $np process(es): printed on stdout"
		elif [ "$(wc -l < "msg.$np")" -ne 1 ]; then
			fail "$kind, $np process(es): not one message:"; cat sum.err
		elif ! grep -q "gmon.out.3: .*$(expected "$kind")" "msg.$np"; then
			fail "$kind, $np process(es): message does not name gmon.out.3 with '$(expected "$kind")':"
			cat sum.err
		else
			echo "ok: $kind, $np process(es): $(cat "msg.$np")"
		fi
	done
	same_file "$kind: same message for 1 and 3 processes" msg.1 msg.3
done

# --skip-bad: file 0 unreadable (bad magic: the first good file is 1), file
# 2 (first of the second block for 3 processes) of another build, file 5
# (first of the third) at another rate; the sum is that of 1, 3, 4, 6, 7.
make_dir skip 8
spoil skip/gmon.out.0 magic
spoil skip/gmon.out.2 fingerprint
spoil skip/gmon.out.5 rate
"$tool" sum good.sum skip/gmon.out.1 skip/gmon.out.3 skip/gmon.out.4 skip/gmon.out.6 \
	skip/gmon.out.7 || exit 99
for np in 1 2 3 4; do
	MPI_LEAKS=0
	[ "$np" -eq 3 ] && MPI_LEAKS=1
	run_sum "--skip-bad, $np process(es)" "$np" skip --skip-bad
	same_file "--skip-bad, $np process(es): sum of the good files" good.sum skip/gmon.sum
	grep '^gprof-par: skipped ' sum.err > "skip.$np"
	expect_grep "--skip-bad, $np: summary" \
		"summed 5 of 8 files (ranks 0-7; no gaps), skipped 3 bad files (gmon.out.0, gmon.out.2, gmon.out.5)" \
		sum.err
	[ "$(grep -c 'skipped skip/gmon.out' sum.err)" -eq 3 ] ||
		fail "--skip-bad, $np: not one line per skipped file"
	[ "$np" -eq 1 ] || same_file "--skip-bad: same messages for 1 and $np processes" skip.1 "skip.$np"
done

# --skip-bad where the first good file is the odd one: everything else is
# inconsistent with it, and so skipped, whatever the number of processes.
make_dir first 6
spoil first/gmon.out.0 fingerprint
for np in 1 2 3; do
	MPI_LEAKS=0
	[ "$np" -eq 3 ] && MPI_LEAKS=1
	run_sum "--skip-bad, first file differs, $np process(es)" "$np" first --skip-bad
	cp first/gmon.sum "first.$np"
	grep '^gprof-par: skipped ' sum.err > "first-msg.$np"
	expect_grep "first file differs, $np: summary" "summed 1 of 6 files" sum.err
	[ "$np" -eq 1 ] || {
		same_file "first file differs: same sum for 1 and $np processes" first.1 "first.$np"
		same_file "first file differs: same messages for 1 and $np processes" first-msg.1 \
			"first-msg.$np"
	}
done

# Nothing to sum.
MPI_LEAKS=0
mkdir empty
if sum_cmd 1 -S empty || ! grep -q "no gmon.out.<N> files" sum.err; then
	fail "empty directory: $(cat sum.err)"
else
	echo "ok: empty directory: $(cat sum.err)"
fi
if sum_cmd 2 -S empty || [ "$(grep -c '^gprof-par:' sum.err)" -ne 1 ]; then
	fail "empty directory, 2 processes: $(cat sum.err)"
else
	echo "ok: empty directory, 2 processes: reported once"
fi

# Only glibc's one gmon.out (the program was not linked with -lgmon-mpi):
# the message says how to get one file per rank, once.
mkdir single
cp gmon.out single/gmon.out
for np in 1 2; do
	if sum_cmd "$np" -S single; then
		fail "glibc's gmon.out alone, $np process(es): exit status 0"
	elif [ "$(grep -c "single/gmon.out is glibc's single profile .*-lgmon-mpi.*gmon-run" sum.err)" -ne 1 ]; then
		fail "glibc's gmon.out alone, $np process(es): no hint, once: $(cat sum.err)"
	else
		echo "ok: glibc's gmon.out alone, $np process(es): $(tail -n 1 sum.err)"
	fi
done

# Under mpirun, process 0 reads the executable and lists the directory
# while MPI starts (main.c): its errors still stop every process, once.
for what in "no such directory" "no such executable"; do
	case $what in
	*directory) args="-S no-such-dir" ;;
	*) args="-S skip no-such-program" ;;
	esac
	# shellcheck disable=SC2086
	if sum_cmd 2 $args; then
		fail "$what, 2 processes: exit status 0"
	elif [ "$(grep -c '^gprof-par:' sum.err)" -ne 1 ] ||
	     ! grep -q "no-such-.*No such file or directory" sum.err; then
		fail "$what, 2 processes: not one message naming it:"; cat sum.err
	else
		echo "ok: $what, 2 processes: $(cat sum.err)"
	fi
done

# -o naming a rank's file of the directory (a careless -o gmon.out.1):
# the sum replaced rank 1's profile (and its companion), and the next -S
# read it as rank 1's.  Refused before anything is read, once, the file as
# it was; an output elsewhere in the directory is written.
make_dir own 3
cp own/gmon.out.1 rank1.before
for np in 1 2; do
	for out in own/gmon.out.1 ./own/gmon.out.5 own/gmon.out+gmon-mpi.0; do
		if sum_cmd "$np" -S own -o "$out"; then
			fail "-o $out, $np process(es): exit status 0"
		elif [ "$(grep -c '^gprof-par:' sum.err)" -ne 1 ] ||
		     ! grep -q "^gprof-par: -o $out: a rank's file of own (${out##*/}), which the sum would replace" sum.err; then
			fail "-o $out, $np process(es): not one message naming it: $(cat sum.err)"
		else
			echo "ok: -o $out, $np process(es): refused"
		fi
	done
	cmp -s rank1.before own/gmon.out.1 || fail "-o own/gmon.out.1, $np process(es): rank 1's profile changed"
	[ "$(cd own && echo *)" = "gmon.out.0 gmon.out.1 gmon.out.2" ] ||
		fail "-o a rank's file, $np process(es): the directory holds $(cd own && echo *)"
	sum_cmd "$np" -S own -o own/all.sum && [ -s own/all.sum ] ||
		fail "-o own/all.sum, $np process(es): not written: $(cat sum.err)"
	rm -f own/all.sum*
done

finish
