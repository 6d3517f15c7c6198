#!/bin/bash
# callpaths-gprof.sh - the sampled call paths in gprof-par (issue 11):
# corpus/easy-hard.c run with the runtime (its PROFILE+paths), then
#   - --measured: hard->work carries >= 99% of work's time, where gprof's
#     estimate (and GNU gprof's) gives easy and hard half each; the flat
#     profile's self times and calls are the estimate's; the header line;
#     a 1:3 pair of callers measured within 10%; recursion and a cycle
#     counted once per sample; two threads with their own timers;
#     time under libc's qsort() (compare() is
#     called from outside the executable) counted for its caller;
#   - --format=folded: one line per path, root first, adding up to the
#     samples of the paths file;
#   - -s / -S: FILE+paths summed (samples add up), the same bytes whatever
#     the order of the files and with 1 to 4 MPI processes; a sum without
#     paths removes a stale one; --measured from -S DIR EXE; the summary
#     of the sum alone names the files' slowest and fastest ranks (its
#     companion's load balance, -s given the executable);
#   - -S with 1 to 4 processes, the same bytes and messages: a damaged paths
#     file, another program's paths (in the middle, first), bad profiles
#     skipped (their paths left out), only some profiles with paths;
#   - errors: no paths, a damaged paths file (named, with its line), the
#     paths of another program, --skip-bad.
set -u
. "$(dirname "$0")/reduce-lib.sh"

rtlib=$top_builddir/libgmon-mpi/.libs
corpus=$top_srcdir/tests/analyzer/corpus

build() {   # NAME SOURCE: a -pg -g program linked with libgmon-mpi
	"$CC" -pg -g -O1 "$2" -o "$1" -L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" ||
		{ echo "ERROR: cannot build $2"; exit 99; }
}

expect_grep() {   # WHAT PATTERN FILE
	if grep -q -- "$2" "$3"; then echo "ok: $1"; else fail "$1 ('$2' not in $3)"; cat "$3"; fi
}

same_file() {     # WHAT A B
	if cmp -s "$2" "$3"; then echo "ok: $1"; else fail "$1: $2 and $3 differ"; diff "$2" "$3" | head -20; fi
}

# arc_self FILE CALLER CALLEE: the self seconds of the CALLER line in
# CALLEE's entry of a call graph (-b -q), "missing" if none.
arc_self() {
	awk -v caller="$2" -v callee="$3" '
		/^-----/ { n = 0; next }
		/^\[/ { if ($0 ~ " " callee " [[(]") { for (i = 0; i < n; i++) print lines[i] } n = 0; next }
		{ lines[n++] = $0 }' "$1" | awk -v caller="$2" '$4 == caller { print $1; found = 1 }
		END { if (!found) print "missing" }'
}

# entry_self FILE NAME: the self seconds of NAME's own line.
entry_self() {
	awk -v name="$2" '/^\[/ && $0 ~ " " name " [[]" { print $3; exit }' "$1"
}

build easy-hard "$corpus/easy-hard.c"
BG_GMON_HZ=1000 ./easy-hard || { echo "ERROR: easy-hard failed"; exit 99; }
unpack_companions
[ -s gmon.out+paths ] || { echo "ERROR: no gmon.out+paths"; exit 99; }
head -1 gmon.out+paths | grep -qx '# gmon-mpi paths 1' || fail "the paths file's first line"
path_samples=$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' gmon.out+paths)
[ "$path_samples" -ge 200 ] || fail "only $path_samples samples in the paths"

# --- --measured against the estimate ------------------------------------
"$GPROF_PAR" -b -q easy-hard gmon.out > est.txt || fail "-q failed"
"$GPROF_PAR" -b -q --measured easy-hard gmon.out > meas.txt 2> meas.err || fail "--measured failed"
# (with how many of them have their leaf in a shared library, if any: a
# tick of 4 samples may fall in the dynamic linker's lazy binding or exit)
library_leaves=$(awk -F'\t' '$1 == "path" && $3 !~ /^0:/ { s += $2 } END { print s + 0 }' gmon.out+paths)
in_libraries=
if [ "$library_leaves" != 0 ]; then in_libraries=", $library_leaves of them in shared libraries"; fi
expect_grep "--measured says so under the granularity" \
	"children's times measured from $path_samples sampled call paths$in_libraries (gprof-par --measured)" meas.txt
work_self=$(entry_self meas.txt work)
hard=$(arc_self meas.txt hard work)
easy_est=$(arc_self est.txt easy work)
hard_est=$(arc_self est.txt hard work)
awk -v h="$hard" -v w="$work_self" 'BEGIN { exit !(w > 0 && h >= 0.99 * w) }' &&
	echo "ok: measured hard->work $hard s of work's $work_self s" ||
	fail "measured hard->work is $hard s of work's $work_self s (< 99%)"
[ "$easy_est" = "$hard_est" ] && echo "ok: the estimate splits work evenly ($easy_est s each)" ||
	fail "the estimate gave easy $easy_est s and hard $hard_est s"
if command -v "${GPROF:-gprof}" > /dev/null; then
	"${GPROF:-gprof}" -b -q easy-hard gmon.out > gnu.txt 2>/dev/null
	same_file "without --measured, GNU gprof's call graph" gnu.txt est.txt
fi
grep -q "(estimated)" meas.txt && fail "an entry kept the estimate though every function was measured"
# self times and counts: the estimate's (the flat profile's first four
# columns; not the self time per call, whose unit, ms or s, follows the
# largest total per call, which --measured changes: main's passed 1 s with
# the libraries' 1.2% under it)
"$GPROF_PAR" -b -p easy-hard gmon.out | awk '$4 ~ /^[0-9]+$/ || NF < 6 { print $1, $2, $3, $4, $NF }' > flat-est.txt
"$GPROF_PAR" -b -p --measured easy-hard gmon.out | awk '$4 ~ /^[0-9]+$/ || NF < 6 { print $1, $2, $3, $4, $NF }' > flat-meas.txt
same_file "flat profile's self times and calls with --measured" flat-est.txt flat-meas.txt

# Two callers, 1:3 of the work, the same number of calls.
build one-three "$corpus/one-three.c"
mkdir -p ot && (cd ot && BG_GMON_HZ=1000 ../one-three > cpu-ns && unpack_companions) || { echo "ERROR: one-three failed"; exit 99; }
"$GPROF_PAR" -b -q --measured one-three ot/gmon.out > ot.txt || fail "--measured one-three failed"
# the report's seconds have two decimals (0.09 may be 0.085): the samples
"$GPROF_PAR" --format=folded one-three ot/gmon.out > ot.folded
light=$(awk '$1 ~ /(^|;)light;work$/ { s += $2 } END { print s + 0 }' ot.folded)
heavy=$(awk '$1 ~ /(^|;)heavy;work$/ { s += $2 } END { print s + 0 }' ot.folded)
# the truth: each call's CPU time, measured by the program (ot/cpu-ns)
read -r light_ns heavy_ns < ot/cpu-ns
awk -v l="$light" -v h="$heavy" -v tl="$light_ns" -v th="$heavy_ns" \
	'BEGIN { r = (th / tl) / (h / l); exit !(l > 0 && tl > 0 && r > 0.9 && r < 1.1) }' &&
	echo "ok: measured heavy:light = $heavy:$light samples (their CPU time $heavy_ns:$light_ns ns)" ||
	fail "measured heavy:light = $heavy:$light samples, their CPU time $heavy_ns:$light_ns ns: not within 10%"
[ "$(arc_self ot.txt heavy work)" != 0.00 ] && [ "$(arc_self ot.txt light work)" != 0.00 ] ||
	fail "--measured one-three: an arc into work without time"

# Threads, each sampled by its own timer: still hard->work, and the paths
# start at each thread's start routine.
"$CC" -pg -g -O1 "$corpus/easy-hard-threads.c" -o easy-hard-threads -pthread -L"$rtlib" \
	-lgmon-mpi -Wl,-rpath,"$rtlib" || { echo "ERROR: cannot build easy-hard-threads"; exit 99; }
mkdir -p thr && (cd thr && BG_GMON_HZ=1000 BG_GMON_START_THREAD_TIMERS=all ../easy-hard-threads && unpack_companions) ||
	{ echo "ERROR: easy-hard-threads failed"; exit 99; }
"$GPROF_PAR" -b -q --measured easy-hard-threads thr/gmon.out > thr.txt || fail "--measured with threads failed"
work_self=$(entry_self thr.txt work)
hard=$(arc_self thr.txt hard work)
awk -v h="$hard" -v w="$work_self" 'BEGIN { exit !(w > 0 && h >= 0.99 * w) }' &&
	echo "ok: threads: measured hard->work $hard s of work's $work_self s" ||
	fail "threads: measured hard->work is $hard s of work's $work_self s (< 99%)"
"$GPROF_PAR" --format=folded easy-hard-threads thr/gmon.out > thr.folded
# (roots of more than 1% of the samples: a tick in a thread's exit code in
# libc, or in the main thread's wait, may make a root of a sample or two)
roots=$(awk '{ split($1, f, ";"); n[f[1]] += $NF; all += $NF }
	END { for (r in n) if (n[r] > 0.01 * all) print r }' thr.folded | sort | tr '\n' ' ')
[ "$roots" = "both hard_only " ] && echo "ok: threads' paths start at their start routines" ||
	fail "threads' paths start at '$roots', expected both and hard_only: $(cat thr.folded)"

# Recursion: 30 frames of down() (or of the ping/pong cycle) over a sample
# are one sample of it: its children are burn's time under it, not 30x.
# Together they are all the samples but the few outside both (libc's at
# exit; 4 of 246 under load when the main thread's time before
# __monstartup was sampled, none in 12 runs under load since).
build recursive "$corpus/recursive.c"
mkdir -p rec && (cd rec && BG_GMON_HZ=1000 ../recursive > cpu-ns && unpack_companions) || { echo "ERROR: recursive failed"; exit 99; }
read -r down_ns cycle_ns < rec/cpu-ns
"$GPROF_PAR" -b -q --measured recursive rec/gmon.out > rec.txt || fail "--measured recursive failed"
read -r down_pct down_children < <(awk '/^\[/ && / down \[/ { print $2, $4; exit }' rec.txt)
read -r cyc_pct cyc_children < <(awk '/^\[/ && /<cycle 1 as a whole>/ { print $2, $4; exit }' rec.txt)
down_burn=$(arc_self rec.txt down burn)
# Their split is checked against their CPU time from the exact sample
# counts of the folded paths (the report's seconds have two decimals:
# 0.09 may be 0.085), within 20%: about 240 samples at 1000 Hz, taken on
# 4 ms ticks; under CI's load the 2:1 split once came out 150:90 samples
# for 161:80 ms (the 15% this allowed before, with the rounding)
"$GPROF_PAR" --format=folded recursive rec/gmon.out > rec.folded || fail "--format=folded recursive failed"
read -r down_samples cycle_samples < <(awk '{ if ($1 ~ /(^|;)down(;|$)/) d += $NF
	else if ($1 ~ /(^|;)(ping|pong)(;|$)/) c += $NF } END { print d + 0, c + 0 }' rec.folded)
awk -v d="$down_children" -v b="$down_burn" -v p="$down_pct" -v c="$cyc_children" -v q="$cyc_pct" \
	-v td="$down_ns" -v tc="$cycle_ns" -v sd="$down_samples" -v sc="$cycle_samples" '
	BEGIN { r = sc > 0 ? (td / tc) / (sd / sc) : 0
		exit !(d == b && p <= 100 && q <= 100 && c > 0 && tc > 0 && r > 0.8 && r < 1.25 &&
		       p + q > 97 && p + q < 100.5) }' &&
	echo "ok: recursion: down ${down_pct}% (children $down_children s = burn under it), the cycle ${cyc_pct}% (samples $down_samples:$cycle_samples, their CPU time $down_ns:$cycle_ns ns)" ||
	{ fail "recursion: down ${down_pct}% children $down_children s (burn under it $down_burn s), cycle ${cyc_pct}% children $cyc_children s (samples $down_samples:$cycle_samples, their CPU time $down_ns:$cycle_ns ns, adding up to 100%)"; cat rec.txt; }

# Through a library without -pg: qsort() calls compare().  gprof sees no
# call into compare() and gives sorter() no children; the paths do.
build qsort-callback "$corpus/qsort-callback.c"
mkdir -p qs && (cd qs && BG_GMON_HZ=1000 ../qsort-callback && unpack_companions) || { echo "ERROR: qsort-callback failed"; exit 99; }
"$GPROF_PAR" -b -q qsort-callback qs/gmon.out > qs-est.txt
"$GPROF_PAR" -b -q --measured qsort-callback qs/gmon.out > qs.txt || fail "--measured qsort-callback failed"
est_children=$(awk '/^\[/ && / sorter \[/ { print $4; exit }' qs-est.txt)
read -r sorter_pct sorter_children < <(awk '/^\[/ && / sorter \[/ { print $2, $4; exit }' qs.txt)
compare_self=$(entry_self qs.txt compare)
# (sorter's share may pass 100% by half a sample's worth: a sample in the
# 4-byte bin that straddles compare's end and sorter's start is half each
# in GNU's histogram, while its path gives it whole to compare, under
# sorter: 830.5 of 830 samples, 100.1%, seen once)
awk -v e="$est_children" -v c="$sorter_children" -v s="$compare_self" -v p="$sorter_pct" '
	BEGIN { exit !(e == 0 && s > 0 && c >= s && p <= 100.2) }' &&
	echo "ok: through qsort: sorter's children $sorter_children s >= compare's $compare_self s (estimate: $est_children)" ||
	{ fail "through qsort: sorter's children $sorter_children s ($sorter_pct%), compare's self $compare_self s, estimate $est_children"; cat qs.txt; }
# main holds every sample, libc's included, but for the few whose walk
# through qsort's frames (no frame pointers) found no way back (~1%)
main_pct=$(awk '/^\[/ && / main \[/ { print $2; exit }' qs.txt)
awk -v p="$main_pct" 'BEGIN { exit !(p >= 97 && p <= 100) }' &&
	echo "ok: main is $main_pct% of every sample, libc's included" ||
	fail "main is $main_pct% of the samples with --measured"

# --- folded --------------------------------------------------------------
"$GPROF_PAR" --format=folded easy-hard gmon.out > folded.txt || fail "--format=folded failed"
folded_sum=$(awk '{ s += $NF } END { print s + 0 }' folded.txt)
[ "$folded_sum" = "$path_samples" ] && echo "ok: folded adds up to the $path_samples samples" ||
	fail "folded adds up to $folded_sum, the paths file to $path_samples"
grep -Eq '(^|;)main;hard;work [0-9]+$' folded.txt && echo "ok: folded has main;hard;work" ||
	fail "no main;hard;work line in the folded output"
sort -c folded.txt 2>/dev/null || fail "folded lines are not in order"
"$GPROF_PAR" --format=folded --measured -b easy-hard gmon.out > folded2.txt
same_file "--format=folded is the whole output" folded.txt folded2.txt

# --- sums ----------------------------------------------------------------
mkdir -p run && cp gmon.out run/gmon.out.0 && cp gmon.out+paths run/gmon.out+paths.0
(cd ot && true)
mkdir -p second && (cd second && BG_GMON_HZ=1000 ../easy-hard && unpack_companions) || exit 99
cp second/gmon.out run/gmon.out.1 && cp second/gmon.out+paths run/gmon.out+paths.1
"$GPROF_PAR" -s easy-hard run/gmon.out.0 run/gmon.out.1 > /dev/null 2> s.err || { fail "-s failed"; cat s.err; }
# the sum's section paths, unpacked as the earlier gmon.sum+paths
unpack_companions gmon.sum
[ -s gmon.sum+paths ] || fail "-s wrote no paths into gmon.sum+gmon-mpi"
both=$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' run/gmon.out+paths.0 run/gmon.out+paths.1)
sum=$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' gmon.sum+paths)
[ "$both" = "$sum" ] && echo "ok: the sum's paths hold the $sum samples of both" ||
	fail "the sum's paths hold $sum samples, the files $both"
grep -q "^# samples with a path: $sum;" gmon.sum+paths || fail "the sum's summary line"
mv gmon.sum+paths forward.paths
"$GPROF_PAR" -s easy-hard run/gmon.out.1 run/gmon.out.0 > /dev/null 2>&1
unpack_companions gmon.sum
same_file "the sum's paths whatever the order of the files" forward.paths gmon.sum+paths
# the sum says how many profiles it holds, and its summary read alone
# counts them (issue 38: "1 rank profiled", and advice to sum the files)
grep -qx "# profiles summed: 2" forward.paths || fail "the sum's paths do not say it holds 2 profiles"
"$GPROF_PAR" --summary easy-hard gmon.sum > sum-summary.txt 2>/dev/null || fail "--summary of the sum failed"
grep -q "^Summary of easy-hard: 2 ranks profiled," sum-summary.txt ||
	fail "the summary of a 2-rank sum: $(head -1 sum-summary.txt)"
# and, -s given the executable, its companion holds the two ranks' load
# balance (section balance): the same slowest and fastest ranks as the files
"$GPROF_PAR" --summary easy-hard run/gmon.out.0 run/gmon.out.1 > files-summary.txt 2>/dev/null ||
	fail "--summary of the two files failed"
slowest_fastest() { sed -n 's/^Slowest rank: \([0-9]*\) .*; fastest: rank \([0-9]*\) .*/\1 \2/p' "$1"; }
[ -n "$(slowest_fastest sum-summary.txt)" ] &&
	[ "$(slowest_fastest sum-summary.txt)" = "$(slowest_fastest files-summary.txt)" ] &&
	echo "ok: the sum's summary names the files' slowest and fastest ranks ($(slowest_fastest sum-summary.txt))" ||
	fail "the summary of a sum: $(grep '^Slowest' sum-summary.txt); of the files: $(grep '^Slowest' files-summary.txt)"
# the sum read back is a paths file like the runtime's: re-summing one file gives it again
"$GPROF_PAR" -s -o resum easy-hard gmon.sum > /dev/null 2>&1
unpack_companions resum
same_file "a sum's paths summed alone are the same" forward.paths resum+paths
for np in 1 2 3 4; do
	rm -f run/gmon.sum run/gmon.sum+paths
	MPI_LEAKS=0
	sum_cmd "$np" -S run || { fail "-S with $np process(es) failed"; cat sum.err; continue; }
	unpack_companions run/gmon.sum
	same_file "-S run with $np process(es): gmon.sum+paths" forward.paths run/gmon.sum+paths
done
"$GPROF_PAR" -b -q --measured -S run easy-hard > s-meas.txt 2> s-meas.err ||
	{ fail "--measured -S run easy-hard failed"; cat s-meas.err; }
expect_grep "--measured from -S DIR EXE" "measured from $sum sampled call paths" s-meas.txt
# gmon.out.* names the profiles only (gmon.out+paths.N is not gmon.out.*);
# gmon.out* names the files beside them too: they are passed over
globbed=$(cd run && echo gmon.out.*)
[ "$globbed" = "gmon.out.0 gmon.out.1" ] && echo "ok: gmon.out.* names the profiles only" ||
	fail "gmon.out.* beside the paths files is '$globbed', not 'gmon.out.0 gmon.out.1'"
"$GPROF_PAR" -b -p easy-hard run/gmon.out* > glob.txt 2> glob.err || { fail "gmon.out* failed"; cat glob.err; }
"$GPROF_PAR" -b -p easy-hard run/gmon.out.0 run/gmon.out.1 > noglob.txt 2>/dev/null
same_file "gmon.out* (with the +paths files) reports the profiles" noglob.txt glob.txt
expect_grep "the files beside the profiles are named in a note" "note: 2 file(s) named beside a profile" glob.err

# --per-rank: each rank's own paths, named like the sum's
"$GPROF_PAR" --format=json --per-rank -S run easy-hard > ranks.json 2> ranks.err ||
	{ fail "--format=json --per-rank -S failed"; cat ranks.err; }
python3 - ranks.json run/gmon.out+paths.0 run/gmon.out+paths.1 <<'PY' && echo "ok: JSON per rank: each rank's samples and functions" || fail "JSON per rank"
import json, sys
d = json.load(open(sys.argv[1]))
files = sys.argv[2:]
def samples(f):
    return sum(int(l.split('\t')[1]) for l in open(f) if l.startswith('path\t'))
assert [r['rank'] for r in d['ranks']] == [0, 1], d['ranks']
for r, f in zip(d['ranks'], files):
    assert r['samples'] == samples(f), (r['samples'], samples(f))
    assert r['file'] == f.replace('+paths.', '.'), r['file']
    names = {d['functions'][x['id']]['name']: x for x in r['functions']}
    assert names['work']['self_samples'] > 0.95 * r['samples'], names
assert sum(r['samples'] for r in d['ranks']) == d['samples']
PY
"$GPROF_PAR" --format=callgrind --per-rank -S run easy-hard > ranks.callgrind 2>/dev/null ||
	fail "--format=callgrind --per-rank failed"
[ "$(grep -c '^part: ' ranks.callgrind)" = 2 ] || fail "callgrind --per-rank: not 2 parts"
for part in 1 2; do
	# each part, with the file's first lines, is a one-part profile callgrind_annotate reads
	awk -v want="$part" 'NR <= 3 { print; next } /^part: / { n = $2 } n == want' ranks.callgrind > part$part.callgrind
	total=$(callgrind_annotate part$part.callgrind 2> annotate.err | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
	want=$(awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' run/gmon.out+paths.$((part - 1)))
	[ "$total" = "$want" ] && [ ! -s annotate.err ] && echo "ok: callgrind part $part: rank $((part - 1))'s $want samples" ||
		{ fail "callgrind part $part: callgrind_annotate says '$total', rank $((part - 1)) has $want"; cat annotate.err; }
done
"$GPROF_PAR" --per-rank easy-hard gmon.out > /dev/null 2> pr.err && fail "--per-rank without --format was accepted"
expect_grep "--per-rank needs an export" "per-rank goes with --format=callgrind or --format=json" pr.err

"$GPROF_PAR" --format=folded -S run easy-hard > sfold.txt 2>/dev/null
grep -q "Load balance" sfold.txt && fail "-S DIR EXE --format=folded printed the load balance too"
"$GPROF_PAR" --format=folded --load-balance -S run easy-hard > /dev/null 2> both.err &&
	fail "--format with --load-balance was accepted"
expect_grep "--format and --load-balance are one output each" "both print a whole output" both.err

# a sum of profiles without paths leaves no stale paths beside it
mkdir -p nopaths && cp run/gmon.out.0 nopaths/gmon.out.0 && cp forward.paths nopaths/gmon.sum+paths
"$GPROF_PAR" -S nopaths > /dev/null 2>&1
[ -e nopaths/gmon.sum+paths ] && fail "a stale gmon.sum+paths stayed beside a sum without paths" ||
	echo "ok: a stale gmon.sum+paths was removed"

# --- the paths summed in the parallel pass ------------------------------
# Each process adds the paths of its own files; the sum must be the serial
# one's bytes with 1 to 4 processes, whatever files are bad or lack paths.
# make_dir DIR: six ranks, the two runs alternating, each with its paths.
make_dir() {
	rm -rf "$1" && mkdir -p "$1"
	for r in 0 1 2 3 4 5; do
		src=.; [ $((r % 2)) -eq 1 ] && src=second
		cp "$src/gmon.out" "$1/gmon.out.$r" && cp "$src/gmon.out+paths" "$1/gmon.out+paths.$r"
	done
}
# samples_of FILE...: the samples of the path lines.
samples_of() { awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' "$@"; }
# every_np WHAT DIR [ARGS]: -S DIR ARGS with 1-4 processes; the status and
# stderr of each (sum.err.NP, st.NP), the sum's paths (its companion's
# section, unpacked as gmon.sum+paths) the same bytes (or absent) in all,
# kept as DIR.paths.
every_np() {
	what=$1 dir=$2
	shift 2
	rm -f "$dir.paths"
	for np in 1 2 3 4; do
		rm -f "$dir"/gmon.sum*
		MPI_LEAKS=0
		[ "$np" -eq 2 ] && MPI_LEAKS=1
		sum_cmd "$np" -S "$dir" "$@"
		echo $? > "st.$np"
		if [ -e "$dir/gmon.sum+gmon-mpi" ]; then unpack_companions "$dir/gmon.sum"; fi
		# gprof-par's messages, without mpirun's about the exit status
		grep '^gprof-par' sum.err |
			sed "s/ in [0-9.]* s (.*MB\/s)//; s/ by $np processes//" > "sum.err.$np"
		if [ "$np" -eq 1 ]; then
			[ -e "$dir/gmon.sum+paths" ] && cp "$dir/gmon.sum+paths" "$dir.paths"
			continue
		fi
		cmp -s st.1 "st.$np" || fail "$what: status $(cat "st.$np") with $np processes, $(cat st.1) serially"
		cmp -s sum.err.1 "sum.err.$np" || { fail "$what: the messages with $np processes"; diff sum.err.1 "sum.err.$np"; }
		if [ -e "$dir.paths" ]; then
			cmp -s "$dir.paths" "$dir/gmon.sum+paths" ||
				fail "$what: gmon.sum+paths with $np processes is not the serial one's"
		elif [ -e "$dir/gmon.sum+paths" ]; then
			fail "$what: gmon.sum+paths written with $np processes, not serially"
		fi
	done
	echo "ok: $what: the same with 1-4 processes"
}

# A damaged paths file: the error names it, no paths are written; with
# --skip-bad a warning, and the others' paths.
make_dir badp
printf 'garbage\n' > badp/gmon.out+paths.4
every_np "a damaged paths file" badp
[ "$(cat st.1)" -ne 0 ] || fail "a damaged paths file: -S succeeded"
[ -e badp.paths ] && fail "a damaged paths file: gmon.sum+paths written"
expect_grep "a damaged paths file is named" \
	"badp/gmon.out+paths.4:1: not a paths file of version 1 (\"# gmon-mpi paths 1\" expected) (badp/gmon.sum+gmon-mpi/paths not written)" sum.err.1
every_np "a damaged paths file, --skip-bad" badp --skip-bad
expect_grep "--skip-bad warns of the damaged paths file" \
	"warning: badp/gmon.out+paths.4:1: not a paths file of version 1" sum.err.1
others=$(samples_of badp/gmon.out+paths.[01235])
[ "$(samples_of badp.paths)" = "$others" ] && echo "ok: --skip-bad: the other five files' $others samples" ||
	fail "--skip-bad: $(samples_of badp.paths) samples in the sum, $others in the other files"
# Another program's paths, in the middle and first: the first file's
# executable is the sum's, so with --skip-bad the others are left out.
make_dir other
cp ot/gmon.out+paths other/gmon.out+paths.3
every_np "another program's paths" other
expect_grep "another program's paths are named" "other/gmon.out+paths.3: paths of " sum.err.1
every_np "another program's paths, --skip-bad" other --skip-bad
[ "$(grep -c 'its paths are left out' sum.err.1)" -eq 1 ] || fail "another program's paths: not one warning"
make_dir first
cp ot/gmon.out+paths first/gmon.out+paths.0
every_np "another program's paths first, --skip-bad" first --skip-bad
[ "$(grep -c 'its paths are left out' sum.err.1)" -eq 5 ] ||
	fail "another program's paths first: not five warnings"
[ "$(samples_of first.paths)" = "$(samples_of ot/gmon.out+paths)" ] ||
	fail "another program's paths first: the sum is not the first file's"

# A bad profile skipped: its paths (marked) are not in the sum.
make_dir badg
for r in 0 3; do
	printf 'not a gmon file\n' > "badg/gmon.out.$r"
	{ grep -v -e '^path' -e '^# samples' gmon.out+paths; printf 'path\t777\t0:dead\n'; } > "badg/gmon.out+paths.$r"
done
every_np "bad profiles, --skip-bad" badg --skip-bad
expect_grep "--skip-bad skips the bad profiles" "skipped 2 bad files (gmon.out.0, gmon.out.3)" sum.err.1
grep -q '0:dead' badg.paths && fail "the paths of a skipped profile are in the sum"
others=$(samples_of badg/gmon.out+paths.[1245])
[ "$(samples_of badg.paths)" = "$others" ] && echo "ok: a skipped profile's paths are left out" ||
	fail "bad profiles: $(samples_of badg.paths) samples in the sum, $others in the good files'"

# Only some profiles have paths (the first not): a warning, the others' paths.
make_dir some
rm -f some/gmon.out+paths.0 some/gmon.out+paths.1 some/gmon.out+paths.4
every_np "only some profiles with paths" some
expect_grep "the profiles without paths are counted" \
	"warning: 3 of the 6 profiles have no call paths (PROFILE+paths); some/gmon.sum+gmon-mpi/paths holds the others'" sum.err.1
[ "$(samples_of some.paths)" = "$(samples_of some/gmon.out+paths.[235])" ] ||
	fail "only some profiles with paths: the samples"
make_dir none
rm -f none/gmon.out+paths.*
cp forward.paths none/gmon.sum+paths
every_np "no profile with paths" none
[ -e none.paths ] && fail "no profile with paths: gmon.sum+paths written"
grep -q "call paths" sum.err.1 && fail "no profile with paths: a message about them"

# A paths file without a path (a rank stopped before its first sample):
# --measured and the exports work, with nothing measured
cp gmon.out empty.out
awk -F'\t' '$1 != "path"' gmon.out+paths > empty.out+paths
for what in "-b -q --measured" "--format=folded" "--format=json" "--format=callgrind"; do
	# shellcheck disable=SC2086
	"$GPROF_PAR" $what easy-hard empty.out > empty.txt 2> empty.err ||
		fail "$what with a paths file without paths failed: $(cat empty.err)"
	grep -q "runtime error" empty.err && fail "$what with a paths file without paths: $(cat empty.err)"
done
"$GPROF_PAR" -b -q --measured easy-hard empty.out 2>/dev/null |
	grep -q "measured from 0 sampled call paths" ||
	fail "--measured with a paths file without paths does not say 0 paths"

# --- errors --------------------------------------------------------------
cp gmon.out lone.out
"$GPROF_PAR" --measured easy-hard lone.out > /dev/null 2> none.err && fail "--measured without paths succeeded"
expect_grep "--measured without paths says so" "no call paths beside the profile" none.err
cp gmon.out bad.out
printf '# gmon-mpi paths 1\nrate\t1000\nmodule\t0\t-\t/x/easy-hard\npath\t3\t0:zz\n' > bad.out+paths
"$GPROF_PAR" --format=folded easy-hard bad.out > /dev/null 2> bad.err && fail "a bad frame was accepted"
expect_grep "a bad frame is named with its line" "bad.out+paths:4: a frame must be" bad.err
for frame in 0:10000000000000000 0:ABC 1:10 0: :10 0:10x 99999999999:1; do
	printf '# gmon-mpi paths 1\nrate\t1000\nmodule\t0\t-\t/x/easy-hard\npath\t3\t0:10 %s\n' "$frame" > bad.out+paths
	if "$GPROF_PAR" --format=folded easy-hard bad.out > /dev/null 2> bad.err ||
	   ! grep -q "bad.out+paths:4: a frame must be" bad.err; then
		fail "the frame '$frame' was not refused"
	fi
done
deep=$(for i in $(seq 129); do printf ' 0:%x' "$i"; done)
printf '# gmon-mpi paths 1\nrate\t1000\nmodule\t0\t-\t/x/easy-hard\npath\t3\t%s\n' "${deep# }" > bad.out+paths
"$GPROF_PAR" --format=folded easy-hard bad.out > /dev/null 2> bad.err && fail "129 frames were accepted"
expect_grep "a path of 129 frames is refused" "a path of more than 128 frames" bad.err
printf '# gmon-mpi paths 2\n' > bad.out+paths
"$GPROF_PAR" --format=folded easy-hard bad.out > /dev/null 2> bad.err && fail "version 2 was accepted"
expect_grep "another version is refused" "bad.out+paths:1: not a paths file of version 1" bad.err
printf '# gmon-mpi paths 1\nrate\t1000\nmodule\t0\t-\t/x/easy-hard\npath\t3\t0:10' > bad.out+paths
"$GPROF_PAR" --format=folded easy-hard bad.out > /dev/null 2> bad.err && fail "a cut line was accepted"
expect_grep "a cut last line is refused" "cut short" bad.err
printf '# gmon-mpi paths 1\nrate\t1000\npath\t3\t0:10\n' > bad.out+paths
"$GPROF_PAR" --format=folded easy-hard bad.out > /dev/null 2> bad.err && fail "a path before modules was accepted"
expect_grep "a path needs its modules" "bad.out+paths:3: a path before the module lines" bad.err
# the paths of another program cannot be added to these (its profile
# would be refused first: here the paths alone are another program's)
cp gmon.out other.out && cp ot/gmon.out+paths other.out+paths
"$GPROF_PAR" --format=folded easy-hard gmon.out other.out > /dev/null 2> mixed.err &&
	fail "another program's paths were added"
expect_grep "another program's paths are refused" "other.out+paths: paths of .*one-three and of .*easy-hard cannot be added: not the same executable" mixed.err
"$GPROF_PAR" -s -o mixed easy-hard gmon.out other.out > /dev/null 2> mixed.err
"$GPROF_PAR" --dump mixed 2> /dev/null | grep -q "^section	paths	" &&
	fail "mixed+gmon-mpi has the sum of two programs' paths"
expect_grep "-s says which paths file it could not add" "(mixed+gmon-mpi/paths not written)" mixed.err
# --skip-bad passes over a bad paths file, with a warning
printf 'garbage\n' > bad.out+paths
"$GPROF_PAR" --skip-bad --format=folded easy-hard gmon.out bad.out > skip.txt 2> skip.err ||
	fail "--skip-bad with a bad paths file failed"
expect_grep "--skip-bad warns of the bad paths file" "its paths are left out" skip.err
skip_sum=$(awk '{ s += $NF } END { print s + 0 }' skip.txt)
[ "$skip_sum" = "$path_samples" ] || fail "--skip-bad: $skip_sum samples, expected $path_samples"
"$GPROF_PAR" --format=xml easy-hard gmon.out > /dev/null 2> fmt.err && fail "--format=xml accepted"
expect_grep "--format names its choices" "use gnu, callgrind, folded or json" fmt.err
"$GPROF_PAR" --measured -S run > /dev/null 2> noexe.err && fail "--measured -S without the executable succeeded"
expect_grep "--measured needs the executable" "need the executable's functions" noexe.err

finish
