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
#
# One rank beyond noise among many (issue 36): the dispersion test of all
# ranks drowns one outlier (at 401 ranks rank 139's 3x was "within
# sampling noise" while the spread named it); the extremes test
# (gprof-par/analysis/rank-noise.h) finds it: at 401 ranks rank 139 is
# named an outlier beyond sampling noise by the load balance (its
# functions' stars, the headline, the JSON's outlier_ranks) and the
# summary (the slowest rank's line, a sentence, the imbalance list, the
# JSON), and at 16,384 ranks whose samples are drawn as independent
# samplings of one rate (replicate-ranks' poisson) rank 9000, three times
# as slow in all, by the summary (its functions, a few samples a rank,
# may be too few to tell one rank in 16,384).  Balanced sets claim nothing: 401 ranks spread 1 to 10 samples
# apart, none; of 20 sets of 401 ranks drawn as samplings of one rate, at
# most 3 claim anything (each test is at 99%, both together at most 2% a
# set: 4 or more of 20 has a chance under 0.1%; a variance too small, or
# no correction for the ranks looked at, claims in most sets).
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

# One rank beyond noise among 401: named, where the dispersion of all the
# ranks is noise (the spread 1 to 10 samples apart is less than noise's;
# and rank 139's 2 x BASE more, X^2 about 4 x BASE, is under the 468 of
# 400 degrees of freedom while BASE is under 90 or so: past 80 the words
# may be the dispersion test's, and the JSON alone is checked).
if [ "$base" -gt 80 ]; then
	echo "note: $base samples a rank: rank 139 alone may be no longer what tells"
else
	expect_match "--load-balance: rank 139 named an outlier in the headline" \
		'^Imbalance beyond sampling noise \(chi-square or an outlier rank, 99%\): .*\(ranks? 139[ ,]' lb.txt
	grep -q '^ .*  \* spin$' lb.txt && echo "ok: --load-balance: spin starred" ||
		fail "--load-balance: spin not starred: $(grep spin lb.txt)"
	expect_match "--summary: the slowest rank an outlier beyond noise" \
		'^Slowest rank: 139 .*; (rank 139 is an outlier|ranks 139 and 250 are outliers) beyond sampling noise$' sum.txt
	expect_match "--summary: a sentence names rank 139 an outlier" \
		'^  - rank 139 spends [0-9.]+x the mean in [a-z]+ .*; it is an outlier beyond sampling noise\.$' sum.txt
	expect_match "--summary: the imbalance list names rank 139" \
		'^  spin .* \(ranks? 139( and 250)? (an outlier|outliers)\)$' sum.txt
fi
# outlier_json lb|sum FILE RANK [FUNCTION]: the JSON's load balance (lb)
# or summary (sum) names RANK an outlier of FUNCTION and (sum) of the
# ranks' whole time
outlier_json() {
	python3 - "$@" <<'PY'
import json, sys
d, rank = json.load(open(sys.argv[2])), int(sys.argv[3])
func = sys.argv[4] if len(sys.argv) > 4 else None
if sys.argv[1] == "lb":
    items = [f for f in d["functions"] if f["name"] == func]
else:
    i = d["imbalance"]
    if not i["ranks_beyond_noise"] or rank not in i.get("outlier_ranks", []):
        sys.exit("imbalance: %s" % {k: v for k, v in i.items() if k != "ranks"})
    items = [f for f in i["functions"] if f["name"] == func]
if func and (not items or rank not in items[0].get("outlier_ranks", []) or
             items[0].get("significant", True) is not True):
    sys.exit("%s: %s" % (func, items))
PY
}
outlier_json lb lb.json 139 spin && echo "ok: --load-balance=json: rank 139 spin's outlier" ||
	fail "--load-balance=json: rank 139 not spin's outlier"
outlier_json sum sum.json 139 spin && echo "ok: --summary=json: rank 139 the outlier" ||
	fail "--summary=json: rank 139 not the outlier"

# 16,384 ranks, each drawn as a sampling of one rate, rank 9000 3x.
mkdir big && "$replicate" run1 1 16384 big 9000 - poisson:3 || fail "replicate-ranks 16384 failed"
"$GPROF_PAR" --summary bal big/gmon.out.[0-9]* > big.txt 2>/dev/null
"$GPROF_PAR" --summary=json bal big/gmon.out.[0-9]* > big.json 2>/dev/null
rm -rf big
# (the words: the dispersion of 16,384 ranks' noise is beyond its 99th
# percentile in 1 set of 100, or a few with rank 9000's excess)
expect_match "16,384 ranks: the slowest, rank 9000, beyond sampling noise" \
	'^Slowest rank: 9000 .*; (rank 9000 is an outlier|the ranks differ) beyond sampling noise$' big.txt
outlier_json sum big.json 9000 && echo "ok: --summary=json: 16,384 ranks: rank 9000 the outlier" ||
	fail "--summary=json: 16,384 ranks: rank 9000 not the outlier"

# claims FILE-PREFIX: what the load balance and summary of the ranks in
# dir FILE-PREFIX claim beyond noise (nothing: empty)
claims() {
	"$GPROF_PAR" -b --load-balance bal "$1"/gmon.out.[0-9]* 2>/dev/null |
		grep '^Imbalance beyond' | grep -v ': none\.$'
	"$GPROF_PAR" --summary bal "$1"/gmon.out.[0-9]* 2>/dev/null |
		grep -E 'differ (there )?beyond sampling noise|outliers? beyond sampling noise|^  [^ ].* lost [0-9.]+ s' |
		grep -v '^Imbalance: functions whose'
}
mkdir even && "$replicate" run1 1 401 even - - 10 || fail "replicate-ranks even failed"
said=$(claims even)
[ -z "$said" ] && echo "ok: 401 ranks 1 to 10 samples apart: nothing claimed" ||
	fail "401 ranks 1 to 10 samples apart: claimed: $said"
claimed=0
for seed in $(seq 1 20); do
	rm -rf even && mkdir even && "$replicate" run1 1 401 even - - "poisson:$seed" ||
		fail "replicate-ranks poisson:$seed failed"
	said=$(claims even)
	[ -z "$said" ] || { claimed=$((claimed + 1)); echo "note: set $seed claims: $said"; }
done
[ "$claimed" -le 3 ] && echo "ok: 20 sets of 401 ranks drawn at one rate: $claimed claim" ||
	fail "20 sets of 401 ranks drawn at one rate: $claimed claim, more than 3"

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
