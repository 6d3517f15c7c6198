#!/bin/bash
# The in-job sum (issue 39, BG_GMON_SUM_IN_JOB=1 under gmon-run --mpi):
# 64 ranks of mpi-job-sum (oversubscribed), every rank's profile added at
# MPI_Finalize by the PMPI wrappers, rank 0 writing gmon.sum and its
# companion gmon.sum+gmon-mpi (the ranks' companions summed: the call
# paths, the calls between modules, the modules and the libraries'
# profiles; the ranks' MPI profiles), by -S's writer.
# - With every rank in the subset (the defaults: call paths, libraries
#   sampled): gmon.sum and gmon.sum+gmon-mpi are byte for byte what
#   gprof-par -S writes over the same run's 64 rank files, the companion
#   with the sections paths, calls, modules, libc's, mpi, balance,
#   categories (each rank's paths by category) and runs (their run
#   sections said together; its lines that move between MPI_Finalize and
#   exit aside), and hold every
#   rank (rank_extra: rank + 1 calls a rank, 2,080 in all); its
#   --load-balance is that of the 64 rank files.
# - With BG_GMON_RANK_SUBSET=0:3: 4 rank files (and their companions), and
#   the sum still holds the 64 ranks (2,080 calls of rank_extra, 64 x 3 of
#   round_work); --summary, --mpi and --load-balance of the sum speak of
#   64 ranks (the load balance from the companion's section balance:
#   rank_extra's calls min 1 at rank 0, max 64 at rank 63; every category
#   with samples per rank over the 64, from its section categories, and
#   the profiler's own time, from its section runs); an
#   earlier sum's gmon.sum+paths there is removed (it would pass for this
#   sum's), and named.  The companions went up the tree (BG_GMON_VERBOSE=1:
#   each rank's lines): rank 0 merged 6 partial sums (ceil(log2 64)), not
#   63 companions; every other rank sent one, to its parent in the
#   binomial tree (rank r to r - lowbit(r)), and 63 were merged in all.
# - A rank that ends by _exit before MPI_Finalize (rank 5): no gmon.sum;
#   the others, killed by mpirun while in (or before) the sum, write their
#   own files on the signal, the subset's and the others', and each of
#   those outside the subset says why.
# - A rank that does not profile (rank 0 calls mondisable(); 8 ranks):
#   the sum holds the 7 others, byte for byte -S's over their 7 files,
#   named by rank 0's default (gmon.sum), and says "7 of 8 ranks".
# - A flush signal that does not end the process (SIGWINCH, by number:
#   BG_GMON_FLUSH_SIGNALS=28; raised by every rank early; 4 ranks, subset 0:1):
#   ranks 2 and 3 leave no snapshot of their own (it would be summed by
#   -S beside the job's sum), the sum holds the 4 ranks.
# - Under MPICH (its wrapper library, mpirun.mpich; where installed), 4
#   ranks: gmon.sum and its sections byte for byte -S's too.  (A rank
#   that dies under MPICH's Hydra is not checked: Hydra kills the others
#   with SIGKILL, and no rank writes a file, with the sum or without.)
# - A Fortran program (4 ranks, BG_GMON_RANK_SUBSET=0:1; with mpif90):
#   either its MPI_FINALIZE went through the wrappers and the sum holds
#   the 4 ranks (4,000 calls of work), or (Open MPI's binding calls
#   PMPI_Finalize) no sum is written and every rank writes its files,
#   ranks 2 and 3 saying why.
. "$(dirname "$0")/lib.sh"

need_gmon_run_mpi
export BG_GMON_SUM_IN_JOB=1 BG_GMON_VERBOSE=${BG_GMON_VERBOSE:-0}
np=64

build_linked app -I"$programs" "$programs/mpi-job-sum.c"
calls_in() { # SUM FUNCTION: its calls in the sum's flat profile
	"$gpp" -b -p ../app "$1" 2>/dev/null | awk -v f="$2" '$NF == f { print $(NF - 3) }'
}
# same_sum JOB SUM WHAT: the in-job sum JOB and -S's SUM, byte for byte:
# the profiles and their companions' sections (the MPI profiles, the call
# paths, the calls between modules, the modules and the libraries'
# profiles, the load balance, the categories, each where -S writes it),
# but the section runs (the ranks' run sections said together): a rank's
# run in the job's sum is its run section at MPI_Finalize, in its file at
# exit (the profiler's writes, the threads' CPU time go on between), so
# only its lines that do not move are compared (the files counted, the
# engine, the ranks in rank order); JOB's sections listed (gprof-par
# --dump) into job.sections, which must include paths
same_sum() {
	cmp "$1" "$2" || fail "$3: the in-job sum differs from -S's"
	"$gpp" --dump "$1" > job.dump && "$gpp" --dump "$2" > s.dump ||
		fail "$3: gprof-par --dump of the sums failed"
	# (the files' own names, and the companion's checksum, aside)
	diff <(awk -F'\t' '$2 != "runs" && $1 !~ /^(file|end|companion)$/' job.dump) \
		<(awk -F'\t' '$2 != "runs" && $1 !~ /^(file|end|companion)$/' s.dump) > dump.diff ||
		fail "$3: the in-job sum's companion differs from -S's: $(head -8 dump.diff)"
	stable_runs() { # the lines of the section runs that do not move
		awk -F'\t' '$1 == "text" && $2 == "runs" {
			if ($3 == "own-time") print $3, $4
			else if ($3 ~ /^(engine|engine-refused|cpus|own|mpi-world)$/) print $3, $4, $5
			else if ($3 ~ /^(signals|load|steal|task-clock)$/) print $3, $6 }' "$1"
	}
	diff <(stable_runs job.dump) <(stable_runs s.dump) > runs.diff ||
		fail "$3: the in-job sum's section runs differs from -S's: $(head -8 runs.diff)"
	awk -F'\t' '$1 == "section" { printf "%s ", $2 }' job.dump > job.sections
	grep -q " paths " job.sections ||
		fail "$3: the in-job sum's companion has no call paths: $(cat job.sections)"
}
run() { # SUBSET ARGS...: the job, in the current directory
	local subset=$1; shift
	BG_GMON_RANK_SUBSET=$subset "$MPIRUN" --oversubscribe -np $np \
		--mca odls_base_sigkill_timeout 10 -x BG_GMON_SUM_IN_JOB -x BG_GMON_RANK_SUBSET \
		-x BG_GMON_VERBOSE \
		"$gmon_run" --mpi ../app "$@" > out 2> err
}

mkdir all && cd all
SECONDS=0
run 0:63 3 || fail "the run failed: $(cat err)"
note "64 ranks with the in-job sum: ${SECONDS} s; $(grep 'summed the profiles' err)"
grep -q "^gmon-mpi: rank 0: summed the profiles of 64 ranks in the job into gmon.sum and gmon.sum+gmon-mpi (their MPI profiles: its section mpi) ([0-9.]* s)$" err ||
	fail "rank 0 does not say it summed the job: $(cat err)"
expect_eq "$(ls gmon.out.* | wc -l)" 64 "rank files with BG_GMON_RANK_SUBSET=0:63"
expect_eq "$(ls | grep '^gmon\.sum' | tr '\n' ' ')" "gmon.sum gmon.sum+gmon-mpi " "the in-job sum's files"
mv gmon.sum job.sum && mv gmon.sum+gmon-mpi job.sum+gmon-mpi
"$gpp" -S . ../app > /dev/null 2> sum.err || fail "-S over the 64 rank files: $(cat sum.err)"
same_sum job.sum gmon.sum "64 ranks"
# the sum's load balance (its section balance) is the rank files' own
diff <("$gpp" -b --load-balance ../app job.sum 2>&1) <("$gpp" -b --load-balance ../app gmon.out.* 2>&1) > balance.diff ||
	fail "64 ranks: --load-balance of the in-job sum differs from that of the 64 rank files: $(head -6 balance.diff)"
note "the in-job sum's companion: $(cat job.sections)"
for section in modules calls libc.so.6 mpi balance categories runs; do
	grep -q " $section " <<< " $(cat job.sections)" ||
		fail "64 ranks: the in-job sum's companion has no section $section: $(cat job.sections)"
done
expect_eq "$(calls_in job.sum rank_extra)" 2080 "rank_extra's calls in the in-job sum"
"$gpp" -b -p ../app job.sum 2>/dev/null | grep -q ' rank_work$' ||
	fail "no samples of rank_work in the in-job sum"
cd ..

mkdir subset && cd subset
echo "an earlier sum's" > gmon.sum+paths
BG_GMON_VERBOSE=1 run 0:3 3 || fail "the run with BG_GMON_RANK_SUBSET=0:3 failed: $(cat err)"
tree=$(awk -v n=$np '
	match($0, /^gmon-mpi: rank [0-9]+: job sum: merged [0-9]+ partial companion sums/) {
		split($0, w, " "); r = w[3] + 0; merged[r] = w[7]; all += w[7]
		if (r == 0) line = $0 }
	match($0, /^gmon-mpi: rank [0-9]+: job sum: sent its part to rank [0-9]+ /) {
		split($0, w, " "); r = w[3] + 0; to = w[11] + 0; sent++
		for (low = 1; r > 0 && r % (2 * low) == 0; low *= 2) ;
		if (to != r - low) bad = bad " " r "->" to }
	END { printf "rank0=%d merged=%d sent=%d wrong=%s|%s", merged[0], all, sent, bad, line }' err)
note "the companions up the tree: ${tree#*|}"
expect_eq "${tree%%|*}" "rank0=6 merged=63 sent=63 wrong=" \
	"partial companion sums merged by rank 0 (ceil(log2 64)), merged in all, sent, sent to the wrong parent"
[ ! -e gmon.sum+paths ] || fail "an earlier sum's gmon.sum+paths is left beside the job's sum"
grep -q "^gmon-mpi: removed the files of an earlier sum that this one does not have (they would have been read as its own): gmon.sum+paths$" err ||
	fail "the stale gmon.sum+paths removed is not named: $(cat err)"
expect_eq "$(ls gmon.out.* | tr '\n' ' ')" "gmon.out.0 gmon.out.1 gmon.out.2 gmon.out.3 " \
	"rank files with BG_GMON_RANK_SUBSET=0:3"
expect_eq "$(ls gmon.out+gmon-mpi.* | wc -l)" 4 "companions with BG_GMON_RANK_SUBSET=0:3"
expect_eq "$(calls_in gmon.sum rank_extra)" 2080 "rank_extra's calls in the sum of 64 ranks"
expect_eq "$(calls_in gmon.sum round_work)" 192 "round_work's calls in the sum of 64 ranks"
"$gpp" --summary ../app gmon.sum > summary 2>&1 || fail "--summary of the sum: $(cat summary)"
grep -q "^Summary of \.\./app: 64 ranks profiled of 64," summary ||
	fail "--summary of the in-job sum does not cover 64 ranks: $(head -3 summary)"
grep -q "^  MPI  .*(rank [0-9]*) / [0-9.]* / [0-9.]* (rank [0-9]*)$" summary ||
	fail "--summary of the in-job sum has no per-rank MPI spread: $(head -8 summary)"
"$gpp" --mpi ../app gmon.sum 2>&1 | grep -q "^MPI profile of 64 ranks:" ||
	fail "--mpi of the in-job sum does not cover 64 ranks"
# the load balance of the 64 ranks (the companion's section balance), though
# 4 rank files were written: rank_extra's calls are rank + 1 a rank
grep -q "^Slowest rank: [0-9]" summary ||
	fail "--summary of the in-job sum names no slowest rank: $(grep '^Slowest' summary)"
grep -q "^  the program's own code .*(rank [0-9]*) / [0-9.]* / [0-9.]* (rank [0-9]*)$" summary ||
	fail "--summary of the in-job sum has no per-rank spread of the program's time: $(head -6 summary)"
# every category per rank over the 64 (the companion's section categories:
# each rank's paths by category, counted in the job), not only the
# program's and MPI's
"$gpp" --summary=json ../app gmon.sum > summary.json 2>&1 || fail "--summary=json of the sum: $(cat summary.json)"
python3 - summary.json <<'EOF' || fail "--summary=json of the in-job sum: a category without its 64 ranks"
import json, sys
s = json.load(open(sys.argv[1]))
bad = [(c["key"], c.get("ranks")) for c in s["categories"]
       if c["samples"] > 0 and (not c.get("ranks") or c["ranks"]["count"] != 64)]
others = [c["key"] for c in s["categories"] if c["samples"] > 0 and c["key"] not in ("program", "mpi")]
print("categories with samples beside the program's and MPI's:", others)
# the profiler's own time (its handlers', its writes': the ranks' runs, the
# section runs) over the 64, where a sum had none
prof = [c for c in s["categories"] if c["key"] == "profiler"][0]
print("the profiler itself:", prof["seconds"], prof.get("ranks"))
if prof["seconds"] <= 0 or not prof.get("ranks") or prof["ranks"]["count"] != 64:
    bad.append(("profiler", prof))
sys.exit(1 if bad or not others else 0)
EOF
"$gpp" -b --load-balance ../app gmon.sum > balance 2> balance.err ||
	fail "--load-balance of the in-job sum: $(cat balance.err)"
grep -q "^Load balance over 64 ranks (0 to 63)," balance ||
	fail "--load-balance of the in-job sum does not cover 64 ranks: $(grep -m1 '^Load balance' balance)"
# calls: min, its rank, mean, max, its rank, stddev ((64^2 - 1) / 12 = 18.47^2)
expect_eq "$(awk '$NF == "rank_extra" { print $9, $10, $11, $12, $13, $14 }' balance)" \
	"1 0 32.50 64 63 18.47" "rank_extra's calls over the 64 ranks in the in-job sum's load balance"
expect_eq "$(awk '$NF == "round_work" { print $9, $10, $11, $12, $13, $14 }' balance)" \
	"3 0 3.00 3 0 0.00" "round_work's calls over the 64 ranks in the in-job sum's load balance"
cd ..

mkdir killed && cd killed
status=0
run 0:3 3 5 || status=$?
[ "$status" -ne 0 ] || fail "a run whose rank 5 ended by _exit(3) succeeded"
[ ! -e gmon.sum ] && [ ! -e gmon.sum+gmon-mpi ] ||
	fail "a job with a rank that never reached MPI_Finalize wrote a sum: $(ls)"
[ ! -e gmon.out.5 ] || fail "rank 5 ended by _exit but wrote gmon.out.5"
for r in $(seq 0 63); do
	[ "$r" = 5 ] || [ -s gmon.out.$r ] || fail "rank $r left no gmon.out.$r: $(ls) $(cat err)"
done
said=$(grep -c "^gmon-mpi: gmon.out.[0-9]*: not in BG_GMON_RANK_SUBSET, but the job's sum (BG_GMON_SUM_IN_JOB) does not hold its profile: the job ended before its sum was made (.*): written on a signal$" err || true)
expect_eq "$said" 59 "ranks outside the subset that said why they wrote their files"
"$gpp" -S . ../app > /dev/null 2> sum.err || fail "-S over the 63 ranks left: $(cat sum.err)"
cd ..

mkdir disabled && cd disabled
"$MPIRUN" --oversubscribe -np 8 -x BG_GMON_SUM_IN_JOB "$gmon_run" --mpi ../app 3 -1 0 > out 2> err ||
	fail "the run with rank 0 disabled failed: $(cat err)"
grep -q "^gmon-mpi: rank 0: summed the profiles of 7 of 8 ranks in the job into gmon.sum and gmon.sum+gmon-mpi " err ||
	fail "rank 0 does not say it summed 7 of 8 ranks: $(cat err)"
[ ! -e gmon.out.0 ] || fail "rank 0 called mondisable() but wrote gmon.out.0"
mv gmon.sum job.sum && mv gmon.sum+gmon-mpi job.sum+gmon-mpi
"$gpp" -S . ../app > /dev/null 2> sum.err || fail "-S over the 7 rank files: $(cat sum.err)"
same_sum job.sum gmon.sum "with rank 0 disabled (-S over the 7 files)"
cd ..

mkdir snapshot && cd snapshot
BG_GMON_FLUSH_SIGNALS=28 BG_GMON_RANK_SUBSET=0:1 "$MPIRUN" --oversubscribe -np 4 \
	-x BG_GMON_SUM_IN_JOB -x BG_GMON_FLUSH_SIGNALS -x BG_GMON_RANK_SUBSET \
	"$gmon_run" --mpi ../app 3 -1 -1 1 > out 2> err || fail "the run with SIGWINCH failed: $(cat err)"
expect_eq "$(ls gmon.out.* | tr '\n' ' ')" "gmon.out.0 gmon.out.1 " \
	"rank files after a flush signal that returns"
expect_eq "$(calls_in gmon.sum rank_extra)" 10 "rank_extra's calls in the sum of 4 ranks"
cd ..

mpich_lib=$top_builddir/pmpi/.libs/libgmon-mpi-pmpi-mpich.so
if command -v "${MPICH_MPICC:-mpicc.mpich}" > /dev/null && [ -e "$mpich_lib" ]; then
	need_mpich
	mkdir mpich && cd mpich
	"$mpich_cc" -pg -O1 -I"$top_srcdir/include" -I"$programs" "$programs/mpi-job-sum.c" -o app -L"$runtime_libdir" \
		-lgmon-mpi -Wl,-rpath,"$runtime_libdir" || fail "cannot build with MPICH"
	GMON_MPI_PMPI_LIBRARY=$mpich_lib "$mpich_run" -np 4 "$gmon_run" --mpi ./app 3 > out 2> err ||
		fail "the MPICH run failed: $(cat err)"
	mv gmon.sum job.sum && mv gmon.sum+gmon-mpi job.sum+gmon-mpi || fail "MPICH: no sum: $(ls) $(cat err)"
	"$gpp" -S . ./app > /dev/null 2> sum.err || fail "-S over MPICH's rank files: $(cat sum.err)"
	same_sum job.sum gmon.sum "under MPICH"
	cd ..
else
	note "no MPICH: the in-job sum under MPICH is not checked"
fi

if ! command -v "${MPIF90:-mpif90}" > /dev/null; then
	note "no mpif90: the Fortran program's fallback is not checked"
	note ok
	exit 0
fi
mkdir fortran && cd fortran
"${MPIF90:-mpif90}" -pg -O0 "$programs/mpi-job-sum.f90" -o app -L"$runtime_libdir" -lgmon-mpi \
	-Wl,-rpath,"$runtime_libdir" || fail "cannot build the Fortran program"
BG_GMON_RANK_SUBSET=0:1 "$MPIRUN" --oversubscribe -np 4 -x BG_GMON_SUM_IN_JOB -x BG_GMON_RANK_SUBSET \
	"$gmon_run" --mpi ./app > out 2> err || fail "the Fortran run failed: $(cat err)"
if [ -e gmon.sum ]; then
	note "Fortran: MPI_FINALIZE went through the wrappers: the job summed itself"
	expect_eq "$(ls gmon.out.* | wc -l)" 2 "the Fortran job's rank files"
	expect_eq "$(calls_in gmon.sum work)" 4000 "work's calls in the Fortran job's sum"
else
	expect_eq "$(ls gmon.out.* | wc -l)" 4 "the Fortran job's rank files without the sum"
	for r in 2 3; do
		grep -q "^gmon-mpi: gmon.out.$r: not in BG_GMON_RANK_SUBSET, but the job's sum (BG_GMON_SUM_IN_JOB) does not hold its profile: MPI_Finalize did not go through the PMPI wrappers (.*): written at exit$" err ||
			fail "Fortran rank $r does not say why it wrote its files: $(cat err)"
	done
fi
note ok
