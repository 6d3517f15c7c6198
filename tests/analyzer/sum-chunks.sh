#!/bin/bash
# sum-chunks.sh - the serial sum in chunks (gprof-par/parallel/sum.c): past
# the companions' cache (companion-file.h; GPROF_PAR_COMPANION_CACHE sets
# its bytes for tests), -S goes through the files a chunk at a time, every
# pass over a chunk before the next, so that each companion is read once
# (16,384 ranks: it was read again in each of a dozen passes).  The rank
# files: examples/mpi-omp.c on 4 real ranks (the PMPI wrappers: an MPI
# profile; libc's PLT calls counted; the libraries' profiles, not every
# rank's the same), made 10 ranks by replicate-ranks.  Checked, with the
# cache of 1 byte (a chunk per file), of about three companions, and the
# default (one chunk): the same gmon.sum and companion byte for byte, the
# same messages, the same report of -S DIR EXE (categories, load balance);
# the same with a truncated profile, a companion with a byte changed and a
# companion removed, with and without --skip-bad; the same sum from the
# parallel sum on 2 processes (its own code); --timing says the chunks; a
# GPROF_PAR_COMPANION_CACHE that is no number of bytes is said.
set -u
. "$(dirname "$0")/reduce-lib.sh"

MPICC=${MPICC:-mpicc}
command -v "$MPICC" > /dev/null || { echo "SKIP: no $MPICC"; exit 77; }
rtlib=$top_builddir/libgmon-mpi/.libs pmpilib=$top_builddir/pmpi/.libs
"$MPICC" -pg -g -O2 -fopenmp "$top_srcdir/examples/mpi-omp.c" -o app -L"$rtlib" -lgmon-mpi \
	-L"$pmpilib" -Wl,--push-state,--as-needed -lgmon-mpi-pmpi-openmpi -Wl,--pop-state \
	-Wl,-rpath,"$rtlib" -Wl,-rpath,"$pmpilib" || { echo "ERROR: cannot build mpi-omp.c"; exit 99; }
mkdir real ranks
# (signals at 1000 Hz whatever one costs here, so that rank 0 takes samples
# in libc: at the default's 100 Hz a run beside other tests once took none)
(cd real && MPI_LEAKS=0 mpi env OMP_NUM_THREADS=1 BG_GMON_RANK_SUBSET=0:3 BG_GMON_HZ=1000 \
	"$MPIRUN" --oversubscribe -np 4 ../app > /dev/null) ||
	{ echo "ERROR: mpi-omp failed on 4 ranks"; exit 99; }
"$top_builddir/tests/analyzer/replicate-ranks" real 4 10 ranks > /dev/null ||
	{ echo "ERROR: replicate-ranks failed"; exit 99; }
for kind in mpi calls paths modules libc.so.6; do
	"$GPROF_PAR" --dump ranks/gmon.out.0 2>/dev/null | grep -q "^section	$kind	" ||
		fail "rank 0's companion has no $kind section: nothing to sum in chunks"
done
companion=$(stat -c %s ranks/gmon.out+gmon-mpi.0)
sizes=$(stat -c %s ranks/gmon.out+gmon-mpi.* | sort -n | tr '\n' ' ')
smallest=${sizes%% *} largest=$(echo $sizes | awk '{ print $NF }')
# a cache of three and a half of the largest: every chunk is its first
# file and the three or more companions read ahead that fit (a chunk of
# rank 0's size once made 5 chunks, its companion the smallest by far)
three=$((3 * largest + largest / 2))

# sum_with NAME CACHE DIR [ARGS...]: -S DIR ARGS with the cache of CACHE
# bytes ("" the default), its sum in NAME.sum, NAME.sum+gmon-mpi, its
# messages (the seconds and throughput left out) in NAME.err, its report in
# NAME.out, its status in NAME.rc.
sum_with() {
	local name=$1 cache=$2 dir=$3
	shift 3
	rm -f "$dir"/gmon.sum*
	GPROF_PAR_COMPANION_CACHE=$cache "$GPROF_PAR" -S "$dir" "$@" > "$name.out" 2> "$name.raw"
	echo $? > "$name.rc"
	sed -E 's/ in [0-9.]+ s \([0-9.]+ [kMG]?B\/s\)//' "$name.raw" > "$name.err"
	for f in gmon.sum gmon.sum+gmon-mpi; do
		if [ -e "$dir/$f" ]; then mv "$dir/$f" "$name.${f#gmon.}"; else rm -f "$name.${f#gmon.}"; fi
	done
}

# same_as WHAT NAME REF: NAME's sum, companion, messages, report and
# status are REF's.
same_as() {
	local f
	for f in sum sum+gmon-mpi err out rc; do
		if [ -e "$3.$f" ] || [ -e "$2.$f" ]; then
			same_file "$1: $f" "$3.$f" "$2.$f"
		fi
	done
}

# compare WHAT DIR [ARGS...]: the three caches give the same, and (with
# PARALLEL=1) so does the parallel sum on 2 processes, whose code is
# another's (sum-mpi*.c): the sum and its companion.
compare() {
	local what=$1 dir=$2
	shift 2
	sum_with ref "" "$dir" "$@"
	sum_with one 1 "$dir" "$@"
	sum_with three "$three" "$dir" "$@"
	same_as "$what, a chunk per file" one ref
	same_as "$what, chunks of three" three ref
	[ "${PARALLEL:-0}" = 1 ] || return 0
	rm -f "$dir"/gmon.sum*
	MPI_LEAKS=0 sum_cmd 2 -S "$dir" "$@"
	same_file "$what, 2 processes: sum" one.sum "$dir/gmon.sum"
	same_file "$what, 2 processes: companion" one.sum+gmon-mpi "$dir/gmon.sum+gmon-mpi"
}

PARALLEL=1 compare "10 ranks" ranks
[ "$(cat ref.rc)" = 0 ] || { fail "-S ranks failed"; cat ref.raw; }
[ -s ref.sum+gmon-mpi ] || fail "the sum has no companion"
grep -q "summed the shared libraries' profiles" ref.err || fail "no library was summed"

# The chunks, as --timing says them (the default: one, not said).
sum_with timing1 1 ranks --timing
expect_grep "--timing, a chunk per file" "the files in 10 chunks" timing1.err
sum_with timing3 "$three" ranks --timing
chunks=$(sed -n 's/.*the files in \([0-9]*\) chunks.*/\1/p' timing3.err)
# (each chunk a file and the companions that fit: three of the largest,
# as many of the smallest)
most=$(( (10 + 3) / 4 )) fewest=$(( (10 + three / smallest) / (1 + three / smallest) ))
if [ "${chunks:-0}" -ge "$fewest" ] && [ "$chunks" -le "$most" ]; then
	echo "ok: --timing, chunks of three companions: $chunks chunks"
else
	fail "--timing, chunks of three companions: ${chunks:-no} chunks, expected $fewest to $most (companions of $sizes bytes, a cache of $three)"
	cat timing3.err
fi
sum_with timing "" ranks --timing
if grep -q "chunks" timing.err; then fail "--timing: the default cache holds 10 companions"; fi

# A setting that is no number of bytes is said, and the default used: one
# chunk, the same sum (before, "12M" and "-1" were taken silently, "-1" as
# 2^64 - 1 bytes).
for bad in 12M -1 " 1" 0 x 99999999999999999999999; do
	sum_with badcache "$bad" ranks --timing
	expect_grep "GPROF_PAR_COMPANION_CACHE='$bad' said" \
		"gprof-par: warning: GPROF_PAR_COMPANION_CACHE='$bad' is not a number of bytes; the default is used" badcache.err
	if grep -q "chunks" badcache.err; then fail "GPROF_PAR_COMPANION_CACHE='$bad': not the default cache"; fi
	same_file "GPROF_PAR_COMPANION_CACHE='$bad': sum" ref.sum badcache.sum
done

compare "-S DIR EXE" ranks app
[ -s ref.out ] || fail "-S DIR EXE printed no report"

# Bad files: a profile cut short (rank 6), a companion with a byte changed
# (rank 3), a companion removed (rank 8).
cp -r ranks bad
head -c 100 ranks/gmon.out.6 > bad/gmon.out.6
printf '\377' | dd of=bad/gmon.out+gmon-mpi.3 bs=1 seek=$((companion / 2)) conv=notrunc 2>/dev/null
rm bad/gmon.out+gmon-mpi.8
compare "bad files" bad
[ "$(cat ref.rc)" = 1 ] || fail "-S of a truncated profile: status $(cat ref.rc)"
PARALLEL=1 compare "bad files, --skip-bad" bad --skip-bad
[ "$(cat ref.rc)" = 0 ] || { fail "-S --skip-bad failed"; cat ref.raw; }
expect_grep "--skip-bad names the truncated profile" "gmon.out.6" ref.err

finish
