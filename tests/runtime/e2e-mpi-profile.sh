#!/bin/bash
# The MPI profile (gmon-run --mpi, the PMPI wrapper library of the MPI the
# program links) against the ranks' own MPI_Wtime around their calls
# (programs/mpi-time.c): under Open MPI (3 ranks) and MPICH's Hydra (2), each
# rank's MPI_Barrier time from sync_point within 10% or 20 ms, 5 calls;
# rank 0's MPI_Send from send_block: 10 calls, 80,000 bytes; -S adds the
# ranks' files into the section mpi of SUM+gmon-mpi (the same CSV, on 1 and
# 2 processes; the section unpacked as SUM+mpi to compare).  The wall
# clock sees rank 0's 0.4 s in sleep_io (within 15%); the CPU clock does not.
# The profile is the section "mpi" of each rank's companion (2 files a rank,
# at exit and on SIGUSR1 and SIGTERM flushes): --mpi's reports and -S's
# mpi section are the same from it as from the earlier files (the sections
# unpacked), and BG_GMON_COMPANIONS=files writes gmon.out+mpi.N again.
. "$(dirname "$0")/lib.sh"
gmon_run=$top_builddir/scripts/gmon-run
gprof_par=$top_builddir/gprof-par/gprof-par
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so
pmpi_libdir=$top_builddir/pmpi/.libs

# within ACTUAL EXPECTED: |actual - expected| <= max(10% of expected, 0.02)
within() {
	awk -v a="$1" -v e="$2" 'BEGIN { d = a - e; if (d < 0) d = -d; m = e * 0.1;
		if (m < 0.02) m = 0.02; exit !(d <= m) }'
}
# csv_field FUNCTION CALL_SITE RANK COLUMN: a cell of --mpi=csv's output in ./csv
csv_field() {
	awk -F, -v f="\"$1\"" -v s="\"$2\"" -v r="$3" -v c="$4" \
		'$1 == f && $2 == s && $3 == r { print $c }' csv
}

# check_run NP LABEL: the ranks' own clocks (./truth) against the profile
check_run() {
	local np=$1 label=$2 r own got
	"$gprof_par" --mpi=csv app $(for r in $(seq 0 $((np - 1))); do echo gmon.out.$r; done) \
		>csv 2>csv.err || fail "$label: --mpi=csv failed: $(cat csv.err)"
	head -n 1 csv | grep -qx 'function,call_site,rank,calls,seconds,bytes_sent,bytes_received,source' ||
		fail "$label: the CSV's header: $(head -n 1 csv)"
	for r in $(seq 0 $((np - 1))); do
		own=$(awk -v r="$r" '$1 == "rank" && $2 == r { print $4 }' truth)
		got=$(csv_field MPI_Barrier sync_point "$r" 5)
		expect_eq "$(csv_field MPI_Barrier sync_point "$r" 4)" 5 "$label: rank $r's MPI_Barrier calls from sync_point"
		within "$got" "$own" || fail "$label: rank $r: MPI_Barrier from sync_point took $got s, its own clock says $own s"
	done
	expect_eq "$(csv_field MPI_Send send_block 0 4)" 10 "$label: rank 0's MPI_Send calls from send_block"
	expect_eq "$(csv_field MPI_Send send_block 0 6)" 80000 "$label: rank 0's bytes sent from send_block"
	expect_eq "$(csv_field MPI_Recv recv_block 1 7)" 80000 "$label: rank 1's bytes received in recv_block"
	expect_eq "$(csv_field MPI_Barrier sync_point all 4)" $((5 * np)) "$label: MPI_Barrier calls from sync_point, all ranks"
	# -g: the call's source line
	expect_eq "$(csv_field MPI_Barrier sync_point all 8)" "\"mpi-time.c:$barrier_line\"" \
		"$label: the source line of sync_point's MPI_Barrier"
	note "$label: $(grep -c . csv) CSV lines; rank 0's barrier $(csv_field MPI_Barrier sync_point 0 5) s (own: $(awk '$2 == 0 { print $4 }' truth) s)"
}

# expect_two_files NP LABEL: each rank left its profile and its companion,
# nothing else (the MPI profile is the companion's section "mpi")
expect_two_files() {
	local r
	expect_eq "$(ls gmon.out* | tr '\n' ' ')" \
		"$(for r in $(seq 0 $(($1 - 1))); do printf 'gmon.out+gmon-mpi.%d ' $r; done; for r in $(seq 0 $(($1 - 1))); do printf 'gmon.out.%d ' $r; done)" \
		"$2: the files of a $1-rank run"
}
# old_layout DIR PROFILE...: DIR holds the profiles and their companions'
# sections as the files earlier versions wrote (unpack_companions), no
# companion: the MPI profiles as gmon.out+mpi.N
old_layout() {
	local dir=$1 p
	shift
	mkdir "$dir"
	for p in "$@"; do cp "$p" "${p%.*}+gmon-mpi.${p##*.}" "$dir/"; done
	(cd "$dir" && unpack_companions "$@" && rm -f gmon.out+gmon-mpi.*) || fail "cannot unpack into $dir"
}

# the line of sync_point's call of MPI_Barrier (its first in the file)
barrier_line=$(grep -n 'MPI_Barrier(MPI_COMM_WORLD);' "$programs/mpi-time.c" | head -n 1 | cut -d: -f1)

# Open MPI, 3 ranks
"$MPICC" -pg -g -O1 "$programs/mpi-time.c" -o app
rm -f gmon.out*
GMON_MPI_PMPI_LIBRARY=$pmpi_libdir/libgmon-mpi-pmpi-openmpi.so \
	mpirun_np 3 "$gmon_run" --mpi ./app >truth 2>stderr || fail "Open MPI run failed: $(cat stderr)"
expect_two_files 3 "Open MPI"
check_run 3 "Open MPI"
# the companions' "mpi" sections, unpacked: the files earlier versions
# wrote, which give the same reports
old_layout old gmon.out.0 gmon.out.1 gmon.out.2
# the call paths leave the wrappers out: sync_point calls libmpi's
# MPI_Barrier (its waits are sampled under it), not the wrapper's: no
# wrapper's frame between the program's and libmpi's (a sample in the
# wrappers' own timing keeps it: [lib] [own] [own] sync_point)
for r in 0 1 2; do
	named_paths old/gmon.out+paths.$r app libgmon-mpi-pmpi-openmpi.so > named.$r
done
read -r all through under < <(cat named.0 named.1 named.2 | awk '{ all += $1
		for (i = 3; i < NF; i++) if ($i == "[own]" && $(i - 1) == "[lib]" && $(i + 1) !~ /^[[?]/) { own += $1; break }
		for (i = 3; i <= NF; i++) if ($i == "sync_point" && $(i - 1) == "[lib]") { under += $1; break } }
	END { print all + 0, own + 0, under + 0 }')
note "Open MPI: $all samples in the ranks' paths, $through through a wrapper's frame between the program's and libmpi's, $under in libmpi under sync_point"
expect_eq "$through" 0 "samples whose path goes through a PMPI wrapper's frame between the program's and libmpi's ($(cat named.0 named.1 named.2 | grep -F '[own]' | sort -rn | head -3))"
# (a barrier's wait is sampled as far as libmpi spins on the CPU: on a
# crowded node Open MPI yields between polls and the task clock loses
# overflows in switch-heavy code, and two busy loops beside the test left
# none; where the ranks waited for a CPU a fifth as long as they ran, the
# run sections' schedstat figures, the check says it skipped)
waited=$(waited_per_cpu_second gmon.out.0 gmon.out.1 gmon.out.2)
if [ "$under" -eq 0 ] && crowded "$waited"; then
	note "Open MPI: skipped the samples under sync_point: the ranks waited $waited s for a CPU a second they ran (a crowded node)"
else
	[ "$under" -gt 0 ] || fail "no sample in libmpi called by sync_point (the ranks waited $waited s for a CPU a second they ran): $(sort -rn named.0 | head)"
fi
for r in 0 1 2; do
	[ -s old/gmon.out+mpi.$r ] || fail "Open MPI: no section mpi in gmon.out+gmon-mpi.$r: $(ls old)"
	expect_eq "$(awk -F'\t' '$1 == "rank" { print $2 }' old/gmon.out+mpi.$r)" $r "the rank of gmon.out+gmon-mpi.$r's section mpi"
done
for format in text csv json; do
	"$gprof_par" --mpi=$format app gmon.out.0 gmon.out.1 gmon.out.2 >new.$format 2>&1 ||
		fail "--mpi=$format from the companions: $(cat new.$format)"
	(cd old && "$gprof_par" --mpi=$format ../app gmon.out.0 gmon.out.1 gmon.out.2) >old.$format 2>&1 ||
		fail "--mpi=$format from the files of earlier versions: $(cat old.$format)"
	cmp -s new.$format old.$format ||
		fail "--mpi=$format: the companions' section and the earlier files differ: $(diff new.$format old.$format | head)"
done

# BG_GMON_COMPANIONS=files: the MPI profile is a file again, the runtime's
# companions the earlier files
mkdir files
cp app files/
(cd files && BG_GMON_COMPANIONS=files GMON_MPI_PMPI_LIBRARY=$pmpi_libdir/libgmon-mpi-pmpi-openmpi.so \
	mpirun_np 3 "$gmon_run" --mpi ./app >truth 2>stderr) || fail "BG_GMON_COMPANIONS=files run failed: $(cat files/stderr)"
for r in 0 1 2; do
	[ -s files/gmon.out+mpi.$r ] && [ ! -e files/gmon.out+gmon-mpi.$r ] ||
		fail "BG_GMON_COMPANIONS=files: not the file gmon.out+mpi.$r: $(ls files)"
done
(cd files && check_run 3 "BG_GMON_COMPANIONS=files") || exit 1

# a rank file left out (--skip-bad) leaves its MPI profile out too, the
# same on 1 and 2 processes (each process reads its block's, in the pass)
mkdir skip1 skip2
cp gmon.out.[0-9] gmon.out+gmon-mpi.[0-9] skip1/
printf 'not a gmon file' > skip1/gmon.out.1
cp skip1/* skip2/
"$gprof_par" -S --skip-bad skip1 2>skip.err || fail "-S --skip-bad failed: $(cat skip.err)"
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 "$gprof_par" -S --skip-bad skip2 2>skip2.err ||
	fail "mpirun -np 2 gprof-par -S --skip-bad failed: $(cat skip2.err)"
unpack_companions skip1/gmon.sum skip2/gmon.sum
expect_eq "$(awk -F'\t' '$1 == "rank" { printf "%s ", $2 }' skip1/gmon.sum+mpi)" "0 2 " \
	"the ranks of the sum's MPI profile with rank 1's file skipped"
cmp -s skip1/gmon.sum+mpi skip2/gmon.sum+mpi || fail "--skip-bad: the sum's MPI profile differs between 1 and 2 processes"

# the load balance has each rank's wall time in MPI, from its MPI profile
"$gprof_par" --load-balance=json app gmon.out.0 gmon.out.1 gmon.out.2 >balance.json 2>/dev/null ||
	fail "--load-balance=json failed"
python3 - <<'PY' || fail "--load-balance=json: the ranks' mpi_seconds are not their MPI profiles' time"
import json
ranks = json.load(open("balance.json"))["per_rank"]
assert [r["rank"] for r in ranks] == [0, 1, 2]
for r in ranks:
    ns = [int(l.split("\t")[1]) for l in open("old/gmon.out+mpi.%d" % r["rank"]) if l.startswith("mpi_wall_ns\t")][0]
    assert abs(r["mpi_seconds"] - ns / 1e9) < 1e-6, (r, ns)
PY
"$gprof_par" -b --load-balance app gmon.out.0 gmon.out.1 gmon.out.2 2>/dev/null |
	grep -Eq '^Wall time in MPI \(the MPI profile, 3 ranks\), seconds: min [0-9.]+ \(rank [0-2]\), mean [0-9.]+, max [0-9.]+ \(rank [0-2]\); the slowest rank above \([0-2]\) was in MPI [0-9.]+ s, the fastest \([0-2]\) [0-9.]+ s\.$' ||
	fail "--load-balance's text has no line of the ranks' wall time in MPI, its figures labelled (issue 38)"

# -S adds them: the same report from the sum, on 1 and on 2 processes
mkdir sum1 sum2
cp gmon.out.[0-9] gmon.out+gmon-mpi.[0-9] sum1/
cp gmon.out.[0-9] gmon.out+gmon-mpi.[0-9] sum2/
"$gprof_par" -S sum1 2>sum.err || fail "-S failed: $(cat sum.err)"
# (in a sanitizer build, Open MPI's own leaks at exit are not gprof-par's:
# the serial -S above is checked for leaks)
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 "$gprof_par" -S sum2 2>sum.err || fail "mpirun -np 2 gprof-par -S failed: $(cat sum.err)"
grep -q "added the MPI profiles (3 files) into sum2/gmon.sum+gmon-mpi/mpi" sum.err || fail "-S did not say it added the MPI profiles: $(cat sum.err)"
cmp -s sum1/gmon.sum+gmon-mpi sum2/gmon.sum+gmon-mpi || fail "the sum's companion differs between 1 and 2 processes"
# from the earlier files (old: the same ranks' sections unpacked): the same bytes
"$gprof_par" -S old 2>sum.err || fail "-S of the earlier files failed: $(cat sum.err)"
unpack_companions sum1/gmon.sum sum2/gmon.sum old/gmon.sum
cmp -s sum1/gmon.sum+mpi old/gmon.sum+mpi || fail "the sum's MPI profile differs between the companions' sections and the earlier files"
"$gprof_par" --mpi=csv app sum1/gmon.sum >sum.csv 2>/dev/null
"$gprof_par" --mpi=csv app gmon.out.0 gmon.out.1 gmon.out.2 >ranks.csv 2>/dev/null
cmp -s sum.csv ranks.csv || fail "--mpi=csv of the sum differs from the ranks' files: $(diff sum.csv ranks.csv | head)"
"$gprof_par" --mpi app sum1/gmon.sum >text 2>/dev/null
grep -Eq "^MPI's share of each rank's wall time: min [0-9.]+% \(rank [0-2]\), mean [0-9.]+%, max [0-9.]+% \(rank [0-2]\)$" text ||
	fail "--mpi's text: no line of MPI's share of the ranks' wall time: $(head -n 5 text)"
grep -Eq "^MPI_Barrier +sync_point \\(mpi-time.c:$barrier_line\\) +15 " text || fail "--mpi's text: no MPI_Barrier from sync_point, 15 calls: $(cat text)"
# MPI_Init's call site is located before MPI_Init returns: it is main's
# (the wrapper library learns the executable's path when it is loaded; it
# was "?+0x..." when that came from MPI_Init)
grep -Eq "^MPI_Init +main " text || fail "--mpi's text: MPI_Init's caller is not main: $(grep MPI_Init text)"
"$gprof_par" --mpi=json app sum1/gmon.sum >json 2>/dev/null
python3 -c 'import json, sys; d = json.load(open("json")); assert len(d["ranks"]) == 3; assert any(s["function"] == "MPI_Barrier" and s["call_site"] == "sync_point" and s["calls"] == 15 for s in d["call_sites"])' ||
	fail "--mpi=json: not the 3 ranks and the barrier's 15 calls"

# flush signals (BG_GMON_FLUSH_SIGNALS): the MPI profile is written in the
# rank's companion, up to the signal (no MPI_Finalize), no file of its own;
# SIGUSR1 (the job goes on), then SIGTERM (the job stopped)
# expect_flushed LABEL: ranks 0 and 1's files as a flush signal wrote them
expect_flushed() {
	local r
	expect_two_files 2 "$1"
	for r in 0 1; do
		"$gprof_par" --mpi=csv app gmon.out.$r >flushed.csv 2>/dev/null
		expect_eq "$(awk -F, '$1 == "\"MPI_Barrier\"" && $2 == "\"sync_point\"" && $3 == "all" { print $4 }' flushed.csv)" 5 \
			"$1: rank $r's MPI_Barrier calls from sync_point written on the flush signal"
		! grep -q MPI_Finalize flushed.csv || fail "$1: rank $r: MPI_Finalize in a profile written before it"
	done
}
# hang_job SIGNALS: ./app --hang under 2 ranks with BG_GMON_FLUSH_SIGNALS,
# in the background ($job), once ready
hang_job() {
	rm -f gmon.out* ready
	GMON_MPI_PMPI_LIBRARY=$pmpi_libdir/libgmon-mpi-pmpi-openmpi.so BG_GMON_FLUSH_SIGNALS=$1 \
		"$MPIRUN" --oversubscribe --mca odls_base_sigkill_timeout 30 -np 2 \
		"$gmon_run" --mpi ./app --hang ready >/dev/null 2>&1 &
	job=$!
	for _ in $(seq 300); do [ -e ready ] && break; sleep 0.1; done
	[ -e ready ] || { kill -KILL $job; fail "the hanging run never got ready"; }
}
hang_job USR1
kill -USR1 $job     # mpirun passes it on to the ranks
for _ in $(seq 300); do [ -e gmon.out+gmon-mpi.0 ] && [ -e gmon.out+gmon-mpi.1 ] && break; sleep 0.1; done
expect_flushed "SIGUSR1"
# (Open MPI 4.1's mpirun may crash in its own exit on a SIGTERM after a
# SIGUSR1: only the flush above is checked)
kill -TERM $job
wait $job || true
hang_job TERM
kill -TERM $job
wait $job || true
expect_flushed "SIGTERM"

# linked instead of preloaded: -lgmon-mpi-pmpi-openmpi before MPI's own
"$MPICC" -pg -O1 "$programs/mpi-time.c" -o linked -L"$runtime_libdir" -lgmon-mpi \
	-L"$pmpi_libdir" -lgmon-mpi-pmpi-openmpi -Wl,-rpath,"$runtime_libdir" -Wl,-rpath,"$pmpi_libdir"
rm -f gmon.out*
mpirun_np 2 ./linked >/dev/null 2>&1 || fail "the linked program failed"
"$gprof_par" --mpi=csv linked gmon.out.0 gmon.out.1 >linked.csv 2>/dev/null
expect_eq "$(awk -F, '$1 == "\"MPI_Barrier\"" && $2 == "\"sync_point\"" && $3 == "all" { print $4 }' linked.csv)" 10 \
	"MPI_Barrier calls from sync_point with the wrappers linked"

# a FIFO planted at a rank's MPI profile: refused at once, not waited on
mkdir planted
cp gmon.out.0 planted/
mkfifo planted/gmon.out+mpi.0
status=0
timeout 20 "$gprof_par" --mpi app planted/gmon.out.0 >/dev/null 2>planted.err || status=$?
expect_eq "$status" 1 "exit status of --mpi with a FIFO at gmon.out+mpi.0"
grep -q "planted/gmon.out+mpi.0: not a regular file" planted.err || fail "--mpi with a FIFO: $(cat planted.err)"

# without the wrapper library: said, not a crash
rm -f gmon.out*
mpirun_np 2 "$gmon_run" ./app >/dev/null 2>&1 || true
status=0
"$gprof_par" --mpi app gmon.out.0 gmon.out.1 2>err >/dev/null || status=$?
expect_eq "$status" 1 "exit status of --mpi without MPI profiles"
grep -q "no MPI profile beside gmon.out.0 and the others: run the program under gmon-run --mpi" err ||
	fail "--mpi without MPI profiles: $(cat err)"

# gmon-run chooses the wrapper library of the program's MPI (not installed
# here: it says so, and the program runs all the same)
# expect_flavour FLAVOUR OTHER: after gmon-run --mpi ./app in ./err, ./out
expect_flavour() {
	if grep -q "libgmon-mpi-pmpi-$1.so is missing" err; then
		grep -q "^rank 0 " out || fail "gmon-run --mpi without $1's wrapper library did not run the program"
	else
		"$gprof_par" --mpi=csv app $(ls gmon.out gmon.out.0 2>/dev/null) 2>/dev/null | grep -q '^"MPI_Barrier"' ||
			fail "gmon-run --mpi on a $1 program: no MPI profile: $(cat err)"
	fi
	! grep -q "pmpi-$2" err || fail "gmon-run --mpi chose $2's wrappers for a $1 program: $(cat err)"
}
unset GMON_MPI_PMPI_LIBRARY
rm -f gmon.out*
"$gmon_run" --mpi ./app >out 2>err || fail "gmon-run --mpi ./app: status $? ($(cat err))"
expect_flavour openmpi mpich

# the wall clock: rank 0's 0.4 s in sleep_io (the CPU clock: nothing)
for clock in wall cpu; do
	rm -f gmon.out*
	# (its status said: a CI run once ended the test here with 139, a
	# rank's SIGSEGV caught by Open MPI's handler, with nothing else said)
	BG_GMON_CLOCK=$clock mpirun_np 2 "$gmon_run" ./app >truth 2>clock.err ||
		fail "BG_GMON_CLOCK=$clock: mpirun -np 2 gmon-run ./app: status $?, files $(ls gmon.out* | tr '\n' ' '): $(tail -c 3000 clock.err)"
	got=$("$gprof_par" --format=folded app gmon.out.0 2>/dev/null |
		awk '{ n = split($1, f, ";"); for (i = 1; i <= n; i++) if (f[i] == "sleep_io") { s += $2; break } }
		     END { print s + 0 }')
	own=$(awk '$2 == 0 { printf "%d", $8 * 100 + 0.5 }' truth)
	# (the wall clock at 100 Hz; the CPU clock's histogram at 1000 Hz,
	# its signals at 100 where a sample costs much: rate-choice.h)
	dimen="0.001 seconds"
	[ "$clock" = cpu ] || dimen="0.01 wall-sec"
	"$gprof_par" -b --load-balance app gmon.out.0 gmon.out.1 2>/dev/null |
		grep -qx "Each sample counts as $dimen\." ||
		fail "BG_GMON_CLOCK=$clock: the load balance does not say its samples are $dimen"
	if [ "$clock" = wall ]; then
		awk -v a="$got" -v e="$own" 'BEGIN { d = a - e; if (d < 0) d = -d; exit !(d <= e * 0.15) }' ||
			fail "wall clock: rank 0 has $got samples under sleep_io, its own clock $own"
	else
		[ "$got" -le 20 ] || fail "CPU clock: rank 0 has $got samples under sleep_io (at most 20 ms)"
	fi
done

# MPICH's Hydra, 2 ranks, its own wrapper library
mpich_cc=${MPICH_MPICC:-mpicc.mpich}
mpich_run=${MPICH_MPIRUN:-mpirun.mpich}
if ! command -v "$mpich_cc" >/dev/null || ! command -v "$mpich_run" >/dev/null ||
   [ ! -e "$pmpi_libdir/libgmon-mpi-pmpi-mpich.so" ]; then
	note "MPICH (or its wrapper library) is not there: its half is not run"
	exit 0
fi
"$mpich_cc" -pg -g -O1 "$programs/mpi-time.c" -o app
rm -f gmon.out*
GMON_MPI_PMPI_LIBRARY=$pmpi_libdir/libgmon-mpi-pmpi-mpich.so \
	"$mpich_run" -np 2 "$gmon_run" --mpi ./app >truth 2>stderr || fail "MPICH run failed: $(cat stderr)"
check_run 2 "MPICH"
unset GMON_MPI_PMPI_LIBRARY
rm -f gmon.out*
"$gmon_run" --mpi ./app >out 2>err || fail "gmon-run --mpi ./app (MPICH): status $? ($(cat err))"
expect_flavour mpich openmpi
# a program linked with no MPI: refused
"$CC" -pg -O1 "$programs/serial-calls.c" -o serial
status=0
"$gmon_run" --mpi ./serial 2>err || status=$?
expect_eq "$status" 2 "exit status of gmon-run --mpi on a program without MPI"
grep -q "linked with neither Open MPI (libmpi.so) nor MPICH (libmpich.so)" err || fail "gmon-run --mpi ./serial: $(cat err)"
