#!/bin/bash
# --regions: OpenMP regions and compiler clones, on a C and a C++ program
# built with -O2 -fopenmp -pg, linked with libgmon-mpi and run with timers
# on all threads (corpus/regions-omp.c and .cc say what GCC makes of them).
# Expected values come straight from the gmon file: the samples in each
# symbol's address range (nm's symbols, each up to the next one).
#   gnu (default): byte-identical to GNU gprof; the note on stderr appears
#     exactly when GNU-hidden symbols hold >= 5% of the samples, with that
#     share, their number and the function that absorbed most of it;
#   parent: each source function's self time is its own samples plus its
#     regions' and clones'; no row for a region; calls as in the source;
#   separate: one row per region with its own samples, labelled.
set -u
. "$(dirname "$0")/gprof-compare-lib.sh"

corpus=$top_srcdir/tests/analyzer/corpus
tool=$top_builddir/tests/analyzer/gmon-read-tool
rtlib=$top_builddir/libgmon-mpi/.libs
CXX=${CXX:-g++}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 99
export BG_GMON_START_THREAD_TIMERS=all OMP_NUM_THREADS=2
# The executable's regions are the subject: no libraries' profiles (their
# note on stderr is checked in e2e-libraries.sh), so stderr is the regions'.
export BG_GMON_PROFILE_LIBS=none

build_omp() {
	local compiler=$1 out=$2 src=$3
	"$compiler" -O2 -fopenmp -pg -w "$src" -o "$out" -L"$rtlib" -lgmon-mpi \
		-Wl,-rpath,"$rtlib" || { echo "ERROR: cannot build $out"; exit 99; }
}

run_prog() {
	rm -f gmon.out gmon.out+*
	"$@" 2>/dev/null || { echo "ERROR: $* failed"; exit 99; }
	[ -f gmon.out ] || { echo "ERROR: $* wrote no gmon.out"; exit 99; }
}

# symbol_samples EXE: "NAME SAMPLES" for every text symbol of EXE (from the
# symbol to the next one), from gmon.out's bins.
symbol_samples() {
	local -a addrs names
	local n=0 addr type name pc count i
	while read -r addr type name; do
		addrs[n]=$((16#$addr)) names[n]=$name
		n=$((n + 1))
	done < <(nm --defined-only "$1" | awk '$2 ~ /^[tTwW]$/ { print $1, $2, $3 }' | sort)
	declare -A samples=()
	while read -r pc count; do
		pc=$((16#$pc))
		for ((i = n - 1; i >= 0; i--)); do
			if [ "${addrs[i]}" -le "$pc" ]; then
				samples[${names[i]}]=$(( ${samples[${names[i]}]:-0} + count ))
				break
			fi
		done
	done < <("$tool" bins gmon.out)
	for name in "${!samples[@]}"; do
		echo "$name ${samples[$name]}"
	done
}

# GNU gprof's rule: a local name with a '.' suffix that is not all digits
# (.constprop.N aside) is dropped.
gnu_hidden() {
	case $1 in
	*.constprop.*) echo "$1" | grep -Eq '\.constprop\.[0-9]+$' && return 1 ;;
	esac
	echo "$1" | grep -Eq '\.([^.]*[^0-9.][^.]*)'
}

# flat_rows FILE: "SELF_SECONDS|CALLS|NAME" for each flat profile row.
flat_rows() {
	awk '/^ *[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+/ {
		calls = substr($0, 26, 9); gsub(/ /, "", calls)
		printf "%s|%s|%s\n", $3, calls, substr($0, 55) }' "$1"
}

# row_field FILE NAME FIELD: field 1 (self seconds) or 2 (calls) of NAME's row.
row_field() {
	flat_rows "$1" | awk -F'|' -v name="$2" -v f="$3" '$3 == name { print $f; found = 1 }
		END { if (!found) print "missing" }'
}

seconds() { awk -v s="$1" -v hz="$hz" 'BEGIN { printf "%.2f", s / hz }'; }

# The source function a symbol came from: its name before the first '.'.
source_of() { echo "${1%%.*}"; }

# printable NAME: the name demangled, as in the report.
printable() { if [[ $1 == _Z* ]]; then $CXXFILT "$1"; else echo "$1"; fi; }
CXXFILT=c++filt

# check_gnu EXE: GNU gprof's bytes, and the note exactly when due.
check_gnu() {
	local exe=$1 total=0 hidden=0 nhidden=0 name count share expect top top_samples
	local opts
	for opts in "" "-b" "-p -b" "-q -b" "-C" "-z -p -b" "--regions=gnu -b"; do
		if [ "$opts" = "--regions=gnu -b" ]; then
			"$GPROF" -b "$exe" gmon.out > gnu.out 2>/dev/null
			"$GPROF_PAR" $opts "$exe" gmon.out > ours.out 2>/dev/null
			checks=$((checks + 1))
			cmp -s gnu.out ours.out || fail "$exe [$opts]: differs from GNU gprof -b"
		else
			compare "$exe" "$opts" gmon.out
		fi
	done
	declare -A absorbed=()
	local prev_visible=""
	while read -r name count; do
		total=$((total + count))
	done < samples
	# Symbols in address order, to find what GNU charges a hidden one to.
	while read -r _ _ name; do
		count=$(awk -v n="$name" '$1 == n { print $2 }' samples)
		count=${count:-0}
		if gnu_hidden "$name"; then
			if [ "$count" -gt 0 ]; then
				hidden=$((hidden + count)) nhidden=$((nhidden + 1))
				[ -n "$prev_visible" ] &&
					absorbed[$prev_visible]=$(( ${absorbed[$prev_visible]:-0} + count ))
			fi
		else
			prev_visible=$name
		fi
	done < <(nm --defined-only "$exe" | awk '$2 ~ /^[tTwW]$/' | sort)
	top="" top_samples=0
	for name in "${!absorbed[@]}"; do
		if [ "${absorbed[$name]}" -gt "$top_samples" ]; then
			top=$name top_samples=${absorbed[$name]}
		fi
	done
	share=$(awk -v h="$hidden" -v t="$total" 'BEGIN { printf "%.1f", 100 * h / t }')
	"$GPROF_PAR" -b "$exe" gmon.out > /dev/null 2> note.err
	checks=$((checks + 1))
	if awk -v h="$hidden" -v t="$total" 'BEGIN { exit !(h >= 0.05 * t) }'; then
		expect="note: $share% of the samples are in $nhidden OpenMP region"
		if ! grep -qF "$expect" note.err; then
			fail "$exe: hidden symbols hold $share% ($hidden of $total samples, $nhidden symbols): no note saying so"
			cat note.err
		elif ! grep -qF " $(printable "$top") $(awk -v h="$top_samples" -v t="$total" 'BEGIN { printf "%.1f", 100 * h / t }')%" note.err; then
			fail "$exe: the note does not name $top with its share"
			cat note.err
		elif [ "$(wc -l < note.err)" -ne 1 ]; then
			fail "$exe: more than the note on stderr"
			cat note.err
		else
			echo "ok: $exe: note for $share% hidden, mostly under $top"
		fi
	elif [ -s note.err ]; then
		fail "$exe: hidden symbols hold $share% (< 5%), yet stderr says:"
		cat note.err
	else
		echo "ok: $exe: no note for $share% hidden"
	fi
}

# balance_field CSV NAME COLUMN: a column of NAME's row of a --load-balance=csv.
balance_field() {
	awk -F, -v name="\"$2\"" -v col="$3" '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == col) c = i; next }
		$1 == name { print $c; found = 1 } END { if (!found) print "missing" }' "$1"
}

# check_parent EXE FUNCTION...: each FUNCTION's self time is the samples of
# every symbol it is the source of; no row of a region; then "NAME CALLS"
# pairs after "--" are exact call counts.  The same in the load balance,
# whose regions count for their function by default (the report's being
# GNU's).
check_parent() {
	local exe=$1 f sum name count got calls
	shift
	"$GPROF_PAR" --regions=parent -p -b "$exe" gmon.out > parent.out 2> parent.err
	checks=$((checks + 1))
	[ -s parent.err ] && { fail "$exe --regions=parent: stderr:"; cat parent.err; }
	"$GPROF_PAR" --load-balance=csv -s -o balance.sum "$exe" gmon.out > balance.csv 2> balance.err ||
		{ fail "$exe --load-balance=csv: $(cat balance.err)"; }
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		f=$1
		shift
		sum=0
		while read -r name count; do
			[ "$(source_of "$name")" = "$f" ] && sum=$((sum + count))
		done < samples
		got=$(row_field parent.out "$(printable "$f")" 1)
		checks=$((checks + 1))
		if [ "$got" != "$(seconds "$sum")" ]; then
			fail "$exe --regions=parent: $f has $got s, its symbols hold $sum samples ($(seconds "$sum") s)"
		else
			echo "ok: $exe --regions=parent: $f $got s = its own and its parts' $sum samples"
		fi
		got=$(balance_field balance.csv "$(printable "$f")" time_max_s)
		checks=$((checks + 1))
		awk -v g="$got" -v s="$sum" -v hz="$hz" 'BEGIN { exit !(g != "missing" && g * hz > s - 0.5 && g * hz < s + 0.5) }' ||
			fail "$exe --load-balance: $f has $got s, its symbols hold $sum samples"
	done
	[ $# -gt 0 ] && shift
	while [ $# -gt 1 ]; do
		calls=$(row_field parent.out "$(printable "$1")" 2)
		checks=$((checks + 1))
		[ "$calls" = "$2" ] || fail "$exe --regions=parent: $1 called $calls times, the source calls it $2"
		calls=$(balance_field balance.csv "$(printable "$1")" calls_max)
		checks=$((checks + 1))
		[ "$calls" = "$2" ] || fail "$exe --load-balance: $1 called $calls times, the source calls it $2"
		shift 2
	done
	if flat_rows parent.out | cut -d'|' -f3 | grep -E '\[omp |\[clone |\._omp_fn|\.part\.'; then
		fail "$exe --regions=parent: rows of regions or clones (above)"
	fi
	checks=$((checks + 1))
	if cut -d, -f1 balance.csv | grep -E '\[omp |\[clone |\._omp_fn|\.part\.'; then
		fail "$exe --load-balance: rows of regions or clones (above)"
	fi
}

# check_separate EXE: every hidden symbol with samples has its own row.
check_separate() {
	local exe=$1 name count label base suffix got
	"$GPROF_PAR" --regions=separate -p -b "$exe" gmon.out > separate.out
	while read -r name count; do
		gnu_hidden "$name" || continue
		base=$(printable "$(source_of "$name")")
		suffix=${name#*.}
		case $suffix in
		_omp_fn.*) label="$base [omp region ${suffix#_omp_fn.}]" ;;
		*) label="$base [clone .$suffix]" ;;
		esac
		got=$(row_field separate.out "$label" 1)
		checks=$((checks + 1))
		if [ "$got" != "$(seconds "$count")" ]; then
			fail "$exe --regions=separate: '$label' has $got s, $name holds $count samples"
		else
			echo "ok: $exe --regions=separate: '$label' $got s"
		fi
	done < samples
}

# --- C -----------------------------------------------------------------
build_omp "$CC" omp "$corpus/regions-omp.c"
nm omp | grep -q '\._omp_fn\.' || { echo "ERROR: no ._omp_fn. symbol in the C build"; exit 99; }
run_prog ./omp 80 20
hz=$("$GPROF_PAR" -p omp gmon.out 2>/dev/null | awk '/^Each sample counts as/ { printf "%d", 1 / $5 + 0.5 }')
symbol_samples omp > samples
check_gnu omp
check_parent omp sweep tasks nested accumulate -- sweep 1 tasks 1 nested 1 accumulate 3 first 1
check_separate omp
if nm omp | grep -q '\.part\.' && nm omp | grep -q '\.cold'; then
	# -C and the call graph follow the choice: accumulate called 3 times
	# from its callers, never by itself through its body.
	"$GPROF_PAR" --regions=parent -C omp gmon.out > counts.out
	checks=$((checks + 1))
	grep -Eq '^<unknown>:0: \(accumulate:0x[0-9a-f]+\) 3 executions$' counts.out ||
		fail "--regions=parent -C: no 'accumulate ... 3 executions' line"
	grep -E '\.part\.|\.cold|_omp_fn' counts.out && fail "--regions=parent -C lists regions"
	"$GPROF_PAR" --regions=parent -q -b omp gmon.out > graph.out
	checks=$((checks + 1))
	grep -Eq '^\[[0-9]+\] +[0-9.]+ +[0-9.]+ +[0-9.]+ +3 +accumulate \[' graph.out ||
		{ fail "--regions=parent -q: accumulate's entry is not called exactly 3 times"; cat graph.out; }
else
	echo "note: this compiler made no .part/.cold clone of accumulate/checked: their checks skipped"
fi

# The threshold, exactly: 50 of 1,000 samples in a region (5.0%) and 49.
region=$(nm omp | awk '$3 == "sweep._omp_fn.0" { print $1 }')
main=$(nm omp | awk '$3 == "main" { print $1 }')
for hidden in 50 49; do
	"$tool" place gmon.out edge.out "$region:$hidden" "$main:$((1000 - hidden))" ||
		{ echo "ERROR: cannot write edge.out"; exit 99; }
	compare omp "-p -b" edge.out
	"$GPROF_PAR" -p -b omp edge.out > /dev/null 2> edge.err
	checks=$((checks + 1))
	if [ "$hidden" = 50 ] && ! grep -q "note: 5.0% of the samples are in 1 OpenMP region or compiler clone " edge.err; then
		fail "50 of 1000 samples in sweep._omp_fn.0: no note"
		cat edge.err
	elif [ "$hidden" = 49 ] && [ -s edge.err ]; then
		fail "49 of 1000 samples in sweep._omp_fn.0: below 5%, yet stderr says:"
		cat edge.err
	else
		echo "ok: $hidden of 1000 samples hidden: $(wc -l < edge.err) line(s) of note"
	fi
done

# Below the threshold: the same program with the work in main (which then
# calls no function: no call graph).
run_prog ./omp 0 150
symbol_samples omp > samples
ALLOW_EMPTY=1 check_gnu omp
# And in between, wherever the share falls, the note says so exactly when due.
run_prog ./omp 2 100
symbol_samples omp > samples
check_gnu omp

# --- C++ ---------------------------------------------------------------
if command -v "$CXX" > /dev/null; then
	build_omp "$CXX" omp-cxx "$corpus/regions-omp.cc"
	run_prog ./omp-cxx 60
	symbol_samples omp-cxx > samples
	check_gnu omp-cxx
	check_parent omp-cxx _ZN7physics4Mesh5relaxEi _ZN7physics9integrateIdEET_l -- \
		_ZN7physics4Mesh5relaxEi 1 _ZN7physics9integrateIdEET_l 1
	check_separate omp-cxx
else
	echo "note: no C++ compiler ($CXX): the C++ program is skipped"
fi

echo "$checks checks, $failures failures"
[ "$failures" -eq 0 ]
