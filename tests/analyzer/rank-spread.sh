#!/bin/bash
# rank-spread.sh - the load balance's and the summary's per-rank parts at
# 401 ranks (issue 39): past a screen of ranks (32) the text tells the
# ranks by their spread (rank-spread.h), within a screen, and names the
# planted outliers with their values; the JSON keeps every rank.
#
# The ranks: one real rank of corpus/balance-mpi.c (no call paths, so that
# the summary's per-rank time is the histogram's, as the load balance's),
# made ranks 0 to 400 by replicate-ranks with 1 + R mod 10 samples more
# each, rank 139 three times as slow in every bin and rank 250 a third.
# With BASE the real rank's samples, the other 399 ranks' totals are
# BASE + 1 .. BASE + 10, 40 ranks each but 39 of BASE + 10 (ranks 0, 10,
# ... 400 are 41 of BASE + 1 less rank 250; rank 139 is one of BASE + 10's);
# sorted, with rank 250 first and 139 last, positions 100, 200 and 300 (the
# quartiles of 401: no interpolation) hold BASE + 3, BASE + 5 and BASE + 8.
# Checked for both reports: those quartiles, the min and max with their
# ranks (250, 139), the two outliers named with their values (the JSON's),
# the slowest rank 139, at most a screen of lines beside the function
# rows; every rank once in the JSON; no spread at 32 ranks, one at 33.
# And at six ranks, rank 4 three times as slow, the summary says the ranks
# differ beyond sampling noise.
set -u
. "$(dirname "$0")/reduce-lib.sh"

MPICC=${MPICC:-mpicc}
rtlib=$top_builddir/libgmon-mpi/.libs
replicate=$top_builddir/tests/analyzer/replicate-ranks
command -v "$MPICC" > /dev/null || { echo "SKIP: no $MPICC"; exit 77; }
command -v python3 > /dev/null || { echo "SKIP: python3 is needed to read the JSON"; exit 77; }
"$MPICC" -pg -O1 "$top_srcdir/tests/analyzer/corpus/balance-mpi.c" -o bal \
	-L"$rtlib" -lgmon-mpi -Wl,-rpath,"$rtlib" || { echo "ERROR: cannot build balance-mpi"; exit 99; }
mkdir run1 && (cd run1 && MPI_LEAKS=0 mpi env BG_GMON_CALLSTACKS=0 "$MPIRUN" -np 1 ../bal 10 20) ||
	{ echo "ERROR: balance-mpi failed"; exit 99; }
mkdir many && "$replicate" run1 1 401 many 139 250 10 || { echo "ERROR: replicate-ranks failed"; exit 99; }

base=$("$tool" bins run1/gmon.out.0 | awk '{ s += $2 } END { print s + 0 }')
hz=$("$GPROF_PAR" -p bal run1/gmon.out.0 2>/dev/null | awk '/^Each sample counts as/ { printf "%d", 1 / $5 + 0.5 }')
quartiles=$(awk -v b="$base" -v hz="$hz" 'BEGIN {
	printf "%.3f / %.3f / %.3f", (b + 3) / hz, (b + 5) / hz, (b + 8) / hz }')
echo "note: the real rank has $base samples at $hz Hz: quartiles $quartiles"
# (the outliers need some: rank 250's thirds below BASE - 4.5, the low fence)
[ "$base" -ge 20 ] || { echo "ERROR: the real rank has $base samples, too few for outliers"; exit 99; }

"$GPROF_PAR" --load-balance=json bal many/gmon.out.[0-9]* > lb.json 2> lb.err ||
	{ fail "--load-balance=json: $(cat lb.err)"; finish; }
# a rank's seconds (the JSON's, every rank once), as the text prints them
read -r slow fast < <(python3 - lb.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ranks = [r["rank"] for r in d["per_rank"]]
if sorted(ranks) != list(range(401)):
    sys.exit("the JSON's per_rank: %d entries, not ranks 0 to 400 once each" % len(ranks))
by = {r["rank"]: r["seconds"] for r in d["per_rank"]}
print("%.3f %.3f" % (by[139], by[250]))
PY
) && echo "ok: --load-balance=json: every one of the 401 ranks once (139: $slow s, 250: $fast s)" ||
	fail "--load-balance=json does not hold every rank"

# check_spread WHAT FILE LABEL: the spread of LABEL in FILE.
check_spread() {
	expect_grep "$1: the quartiles, min and max" \
		"  $3 over 401 ranks: min ${fast:-?} (rank 250), quartiles $quartiles, max ${slow:-?} (rank 139)" "$2"
	expect_grep "$1: the planted outliers named with their values" \
		"    outliers (beyond 1.5 interquartile ranges): 2: rank 139 ${slow:-?}, rank 250 ${fast:-?}" "$2"
	expect_grep "$1: a histogram line" "    ranks in 10 equal bins from min to max: 1 " "$2"
}

"$GPROF_PAR" -b --load-balance bal many/gmon.out.[0-9]* > lb.txt 2> lb.err ||
	fail "--load-balance: $(cat lb.err)"
check_spread "--load-balance" lb.txt "seconds sampled"
expect_grep "--load-balance: the slowest rank" "Slowest rank 139: " lb.txt
"$GPROF_PAR" --load-balance=csv bal many/gmon.out.[0-9]* > lb.csv 2>/dev/null
others=$(($(wc -l < lb.txt) - ($(wc -l < lb.csv) - 1)))
[ "$others" -le 24 ] && echo "ok: --load-balance: $others lines beside the function rows" ||
	fail "--load-balance: $others lines beside the function rows, more than a screen"

"$GPROF_PAR" --summary bal many/gmon.out.[0-9]* > sum.txt 2> sum.err ||
	fail "--summary: $(cat sum.err)"
check_spread "--summary" sum.txt "s in the program"
expect_grep "--summary: the slowest rank" "Slowest rank: 139 (${slow:-?} s in the program" sum.txt
# the first screen: up to the top functions
screen=$(awk '/^Top functions/ { exit } { n++ } END { print n + 0 }' sum.txt)
[ "$screen" -le 40 ] && echo "ok: --summary: its first screen is $screen lines" ||
	fail "--summary: its first screen is $screen lines: $(head -60 sum.txt)"
named=$(grep -c 'rank [0-9]' sum.txt)
[ "$named" -le 20 ] && echo "ok: --summary: $named lines name a rank" ||
	fail "--summary: $named lines name a rank"
"$GPROF_PAR" --summary=json bal many/gmon.out.[0-9]* > sum.json 2> sum.err ||
	fail "--summary=json: $(cat sum.err)"
python3 - sum.json "$slow" <<'PY' && echo "ok: --summary=json: every one of the 401 ranks once" ||
import json, sys
d = json.load(open(sys.argv[1]))["imbalance"]
ranks = [r["rank"] for r in d["ranks"]]
if sorted(ranks) != list(range(401)):
    sys.exit("imbalance.ranks: %d entries, not ranks 0 to 400 once each" % len(ranks))
by = {r["rank"]: r["seconds"] for r in d["ranks"]}
if d["slowest"]["rank"] != 139 or "%.3f" % by[139] != sys.argv[2] or max(by.values()) != by[139]:
    sys.exit("the slowest is not rank 139 at %s s: %s" % (sys.argv[2], d["slowest"]))
PY
	fail "--summary=json does not hold every rank"
"$GPROF_PAR" --summary --html=page.html bal many/gmon.out.[0-9]* > /dev/null 2> html.err ||
	fail "--html: $(cat html.err)"
expect_grep "--html: the spread under the imbalance" \
	"outliers (beyond 1.5 interquartile ranges): 2: rank 139 ${slow:-?}, rank 250 ${fast:-?}" page.html

# Six ranks, rank 4 three times as slow: beyond sampling noise, as the
# load balance's test of the same samples says (the summary said "within
# sampling noise" where no rank had call paths).
mkdir six && "$replicate" run1 1 6 six 4 || fail "replicate-ranks 6 failed"
"$GPROF_PAR" --summary bal six/gmon.out.[0-9]* > six.txt 2>/dev/null
grep -q '^Slowest rank: 4 .*; the ranks differ beyond sampling noise$' six.txt &&
	echo "ok: 6 ranks, one 3x: beyond sampling noise" ||
	fail "6 ranks, one 3x: $(grep '^Slowest' six.txt)"

# A screen of ranks: a row each where there are rows, no spread; one
# more: the spread.
for n in 32 33; do
	mkdir "r$n" && "$replicate" run1 1 "$n" "r$n" 7 || fail "replicate-ranks $n failed"
	"$GPROF_PAR" -b --load-balance bal "r$n"/gmon.out.[0-9]* > "lb$n.txt" 2>/dev/null
	"$GPROF_PAR" --summary bal "r$n"/gmon.out.[0-9]* > "sum$n.txt" 2>/dev/null
	spread=$(cat "lb$n.txt" "sum$n.txt" | grep -c '^Per rank (')
	if [ "$n" -eq 32 ]; then want=0; else want=2; fi
	[ "$spread" -eq "$want" ] && echo "ok: $n ranks: $spread spreads" ||
		fail "$n ranks: $spread spreads, expected $want"
done
finish
