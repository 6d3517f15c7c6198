#!/bin/bash
# BG_GMON_CALLSTACKS: the call path of every sample, in PROFILE+paths
# (include/gmon-callpaths.h).  Real -pg programs (programs/callpaths.c)
# whose paths are known:
#   - the issue's easy/hard: >= 99% of work()'s samples have hard() as
#     their caller and main() after it; the paths' samples add up to the
#     histogram's (the file's, plus those outside the text and those in
#     shared libraries) less the lost ones, here, with qsort and with
#     libbadrbp.so below; the executable is module 0 with its build-id
#     and path;
#   - compare() called by libc's qsort (no frame pointers) from sorter():
#     most of compare's samples still have sorter and main in their path
#     (libc's unwind tables);
#   - a library that keeps data in %rbp (a word in no module, copies of
#     the return address into its caller, what looks like main's saved
#     0): no frame in no module, its caller once, and main;
#   - 4 threads, each sampled by its own timer: their paths end at their
#     start routine, one table (path line) per thread at least;
#   - a tiny leaf sampled on its push %rbp or its ret (%rbp still its
#     caller's caller's): its caller is in the path all the same;
#   - recursion 50 deep: 50 recurse() frames; 500 deep: main at the
#     root, the recursion folded to 128 frames; 1500 deep: deeper than the
#     walk's 1024 frames, cut and counted as cut;
#   - BG_GMON_CALLSTACKS=0 (or off) writes none; a malformed value is
#     reported once and paths stay on;
#   - a static program (no .eh_frame_hdr: the runtime's own index of its
#     .eh_frame, through qsort too), and 2 ranks under mpirun
#     (gmon.out+paths.N each).
. "$(dirname "$0")/lib.sh"

build_linked prog "$programs/callpaths.c" -lpthread

# share WHERE: the share of the samples of named paths (on stdin) whose
# leaf is work that also match the awk condition WHERE (fields $3...)
leaf_share() {
	awk -v want="$1" '
		$2 == "work" { all += $1; if (index(" " $0 " ", want)) yes += $1 }
		END { if (all == 0) print "0 0"; else printf "%d %.4f\n", all, yes / all }'
}

# check_file PATHS PROGRAM: the header, the module lines (index 0 the
# program), every frame well formed and of a module listed before it
check_file() {
	local paths=$1 program=$2 id problem
	expect_eq "$(sed -n 1p "$paths")" "# gmon-mpi paths 1" "$paths: the first line"
	id=$(readelf -n "$program" | awk '/Build ID:/ { print $3 }')
	[ -n "$id" ] || id=-
	expect_eq "$(awk -F'\t' '$1 == "module" && $2 == 0 { print $3 "\t" $4 }' "$paths")" \
		"$id"$'\t'"$(readlink -f "$program")" "$paths: module 0 (build-id, path)"
	problem=$(awk -F'\t' '
		$1 == "module" { if ($2 != nmod || NF != 4) bad = "module index " $2 " out of order"; nmod++ }
		$1 == "path" {
			if ($2 !~ /^[1-9][0-9]*$/) bad = "samples " $2
			k = split($3, f, " ")
			if (k < 1 || k > 128) bad = k " frames"
			for (i = 1; i <= k; i++) {
				if (f[i] !~ /^(-|[0-9]+):[0-9a-f]+$/) bad = "frame " f[i]
				split(f[i], p, ":")
				if (p[1] != "-" && p[1] + 0 >= nmod) bad = "module " p[1] " not listed before"
			}
		}
		END { print bad }' "$paths")
	[ -z "$problem" ] || fail "$paths: $problem: $(head -c 2000 "$paths")"
}

# path_samples PATHS: the samples of the path lines; reported PATHS KEY:
# the number after "KEY: " in the last comment line
path_samples() { awk -F'\t' '$1 == "path" { s += $2 } END { print s + 0 }' "$1"; }
reported() { tail -n 1 "$1" | sed -n "s/.*$2: \([0-9]*\).*/\1/p"; }

# expect_paths_add_up LABEL: after a run with BG_GMON_VERBOSE=1 whose
# stderr is in ./stderr, the paths' samples are the histogram's (the
# file's, those outside the text, and those in shared libraries, which the
# runtime keeps for +modules: libc's, libbadrbp.so's) less the lost ones,
# and the verbose line and the file's last comment say so; sets
# in_libraries
expect_paths_add_up() {
	local label=$1 in_file outside lost sum
	in_file=$("$top_builddir/tests/runtime/gmon-inspect" samples gmon.out 0 ffffffffffffffff)
	outside=$(sed -n 's/.*wrote gmon.out: [0-9]* samples (\([0-9]*\) outside the text).*/\1/p' stderr)
	in_libraries=$(library_samples)
	lost=$(reported gmon.out+paths "lost (table full)")
	sum=$(path_samples gmon.out+paths)
	[ -n "$outside" ] && [ -n "$in_libraries" ] && [ -n "$lost" ] ||
		fail "$label: no verbose lines or no comment: $(cat stderr; tail -1 gmon.out+paths)"
	expect_eq "$sum" "$((in_file + outside + in_libraries - lost))" \
		"$label: samples of the paths (histogram $in_file + outside $outside + libraries $in_libraries - lost $lost)"
	expect_eq "$(reported gmon.out+paths "samples with a path")" "$sum" "$label: the comment's samples with a path"
	# (the line names the file written: the companion's section, issue 38)
	grep -q "call paths (in gmon.out+gmon-mpi, its section paths): $sum samples in [0-9]* paths, $lost lost (table full), 0 cut at 128 frames" stderr ||
		fail "$label: no word about the paths in the verbose line: $(cat stderr)"
}

# compare_share: compare's samples in the named paths on stdin, and the
# share of them with sorter and main in their path
compare_share() {
	awk '$2 == "compare" || ($2 == "work" && $3 == "compare") {
			all += $1; if (index($0, " sorter main")) yes += $1 }
		END { printf "%d %.4f\n", all, all ? yes / all : 0 }'
}

# --- easy/hard ---
BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 ./prog easy-hard 2> stderr || fail "easy-hard failed: $(cat stderr)"
unpack_companions
[ -s gmon.out+paths ] || fail "no gmon.out+paths: $(ls_profiles)"
check_file gmon.out+paths prog
expect_eq "$(sed -n 2p gmon.out+paths)" $'rate\t1000' "the rate line"
expect_paths_add_up easy-hard
named_paths gmon.out+paths prog > named
read -r work_samples share < <(leaf_share " work hard main" < named)
note "easy-hard: $work_samples samples in work, $share of them work <- hard <- main"
[ "$work_samples" -ge 30 ] || fail "only $work_samples samples in work: $(cat named)"
awk -v s="$share" 'BEGIN { exit !(s >= 0.99) }' || fail "work <- hard <- main in only $share of work's samples: $(cat named)"
# main is the last frame: the entry code in libc is not a frame
awk '$2 == "work" && $NF != "main" { bad = 1 } END { exit bad }' named ||
	fail "paths of work that do not end at main: $(cat named)"

# --- qsort: library frames without frame pointers ---
rm -f gmon.out*
BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 ./prog qsort 20000 2> stderr || fail "qsort failed: $(cat stderr)"
unpack_companions
check_file gmon.out+paths prog
expect_paths_add_up qsort
named_paths gmon.out+paths prog > named
read -r compare_samples share < <(compare_share < named)
note "qsort: $compare_samples samples in compare, $share of them with sorter and main in the path"
[ "$compare_samples" -ge 30 ] || fail "only $compare_samples samples in compare: $(cat named)"
awk -v s="$share" 'BEGIN { exit !(s >= 0.9) }' ||
	fail "sorter is in only $share of compare's paths: $(cat named)"
grep -q '\[lib\] sorter' named || fail "no libc frame between compare and sorter: $(cat named)"

# --- a library that keeps data in %rbp (programs/libbadrbp.c), called
# by call_library (dlopen'ed, kept loaded); in each case the library's
# samples are under call_library and main, and no frame is in no module:
#   bad_rbp_burn: %rbp at {the caller's frame pointer, a word in no
#     module}: the word is not a frame, the caller is found between;
#   copies_burn: %rbp out of the stack, four copies of the return address
#     into call_library below the real one: the whole stack is scanned,
#     and call_library is one frame;
#   zero_record_burn: %rbp at {0, an address in libc}, as the entry code's
#     frame looks, but after the library's frame: the stack is scanned.
"$CC" -shared -fPIC -O2 -fomit-frame-pointer -mno-red-zone "$programs/libbadrbp.c" -o libbadrbp.so
build_linked caller "$programs/dlclose-caller.c" -ldl
for function in bad_rbp_burn copies_burn zero_record_burn; do
	rm -f gmon.out*
	BG_GMON_HZ=1000 BG_GMON_VERBOSE=1 ./caller "$work/libbadrbp.so" "$function" 300000000 0 keep \
		> /dev/null 2> stderr || fail "the run of libbadrbp.so ($function) failed: $(cat stderr)"
	unpack_companions
	check_file gmon.out+paths caller
	expect_paths_add_up "$function"
	if grep -q -- '-:' gmon.out+paths; then
		fail "$function: frames in no module (%rbp's data taken for a frame): $(grep -- '-:' gmon.out+paths)"
	fi
	named_paths gmon.out+paths caller /libbadrbp.so > named
	read -r bad_samples share < <(awk '$2 == "[own]" { all += $1; if ($0 ~ / \[own\] call_library main$/) yes += $1 }
		END { printf "%d %.4f\n", all, all ? yes / all : 0 }' named)
	note "$function: $bad_samples samples in the library, $share of them just under call_library and main"
	[ "$bad_samples" -ge 30 ] || fail "only $bad_samples samples in libbadrbp.so ($function): $(cat named)"
	[ "$in_libraries" -ge "$bad_samples" ] ||
		fail "$function: $in_libraries samples in libraries, fewer than libbadrbp.so's $bad_samples"
	awk -v s="$share" 'BEGIN { exit !(s >= 0.9) }' ||
		fail "libbadrbp.so <- call_library <- main in only $share of the paths ($function): $(cat named)"
done

# --- threads, each with its own timer ---
rm -f gmon.out*
BG_GMON_HZ=1000 BG_GMON_START_THREAD_TIMERS=all ./prog threads
unpack_companions
check_file gmon.out+paths prog
named_paths gmon.out+paths prog > named
read -r thread_samples share < <(leaf_share " work thread_spin thread_main" < named)
note "threads: $thread_samples samples in work, $share of them work <- thread_spin <- thread_main"
[ "$thread_samples" -ge 100 ] || fail "only $thread_samples samples in the threads: $(cat named)"
awk -v s="$share" 'BEGIN { exit !(s >= 0.99) }' || fail "work <- thread_spin <- thread_main in $share: $(cat named)"
awk '$2 == "work" && $NF != "thread_main" { bad = 1 } END { exit bad }' named ||
	fail "thread paths that do not end at the start routine: $(cat named)"
lines=$(awk '$NF == "thread_main"' named | wc -l)
[ "$lines" -ge 4 ] || fail "$lines path lines for 4 threads (one table per thread): $(cat named)"

# --- a leaf sampled on its first instruction (push %rbp) or its ret ---
# (two instructions of a 600,000,000-call loop get about 40 samples; on a
# loaded machine the CPU timers' ticks may miss them: up to 3 runs until
# 10 samples are there, every run's share checked)
leaf_start= leaf_ret= edge_samples=0
for attempt in 1 2 3; do
	rm -f gmon.out*
	BG_GMON_HZ=1000 ./prog leaf 600000000
	unpack_companions
	if [ -z "$leaf_start" ]; then
		leaf_start=$(nm --defined-only prog | awk '$3 == "leaf" { sub(/^0+/, "", $1); print $1 }')
		leaf_ret=$(objdump -d --disassemble=leaf prog |
			awk -F'\t' '$3 ~ /^ret/ { sub(/^ +/, "", $1); sub(/:$/, "", $1); print $1 }')
		[ -n "$leaf_start" ] && [ -n "$leaf_ret" ] ||
			fail "leaf's first instruction or ret not found (the test is broken)"
	fi
	grep -E $'^path\t[0-9]+\t0:('"$leaf_start|$leaf_ret"') ' gmon.out+paths > edges.paths || true
	named_paths edges.paths prog > named
	read -r edge_samples share < <(awk '{ all += $1; if ($3 == "caller" && $4 == "main") yes += $1 }
		END { printf "%d %.4f\n", all, all ? yes / all : 0 }' named)
	note "leaf (run $attempt): $edge_samples samples on leaf's push %rbp ($leaf_start) or ret ($leaf_ret), $share of them leaf <- caller <- main"
	[ "$edge_samples" -eq 0 ] || awk -v s="$share" 'BEGIN { exit !(s >= 0.99) }' ||
		fail "leaf's prologue and ret: $share of $edge_samples samples have caller: $(cat named)"
	[ "$edge_samples" -lt 10 ] || break
done
awk -v s="$share" -v n="$edge_samples" 'BEGIN { exit !(s >= 0.99 && n >= 10) }' ||
	fail "leaf's prologue and ret: $share of $edge_samples samples have caller: $(cat named)"

# --- recursion ---
rm -f gmon.out*
BG_GMON_HZ=1000 ./prog recursion 50
unpack_companions
named_paths gmon.out+paths prog > named
read -r rec_samples share < <(awk '
	$2 == "work" { all += $1; n = 0; for (i = 3; i <= NF; i++) n += $i == "recurse"
		if (n == 50 && $NF == "main") yes += $1 }
	END { printf "%d %.4f\n", all, all ? yes / all : 0 }' named)
note "recursion 50: $rec_samples samples in work, $share of them with 50 recurse frames then main"
awk -v s="$share" -v n="$rec_samples" 'BEGIN { exit !(s >= 0.99 && n >= 30) }' ||
	fail "recursion 50: $share of $rec_samples: $(cut -c1-300 named)"
expect_eq "$(reported gmon.out+paths "cut at 128 frames")" 0 "paths cut at depth 50"
# 500 deep: unwound to main (up to 1024 frames), the recursion folded to
# fit the file's 128 frames (the path once cut there lost main); 1500 deep:
# cut at the walk's 1024 frames, and counted
rm -f gmon.out*
BG_GMON_HZ=1000 ./prog recursion 500
unpack_companions
cut_samples=$(reported gmon.out+paths "cut at 128 frames")
folded=$(sed -n 's/^# samples whose recursion was folded to fit 128 frames: \([0-9]*\)$/\1/p' gmon.out+paths)
named_paths gmon.out+paths prog > named
read -r rec_samples share < <(awk '$2 == "work" { all += $1; if ($NF == "main" && $(NF - 1) == "recurse") yes += $1 }
	END { printf "%d %.4f\n", all, all ? yes / all : 0 }' named)
note "recursion 500: $rec_samples samples in work, $share of them with main at the root; $folded folded, $cut_samples cut"
awk -v s="$share" -v n="$rec_samples" 'BEGIN { exit !(s >= 0.99 && n >= 30) }' ||
	fail "recursion 500: main at the root in $share of $rec_samples: $(cut -c1-300 named)"
expect_eq "$cut_samples" 0 "paths cut at depth 500"
[ "${folded:-0}" -ge "$rec_samples" ] || fail "recursion 500: $folded samples folded, fewer than work's $rec_samples"
awk -F'\t' '$1 == "path" && split($3, f, " ") > 128 { exit 1 }' gmon.out+paths ||
	fail "a path longer than 128 frames"
rm -f gmon.out*
BG_GMON_HZ=1000 ./prog recursion 1500
unpack_companions
cut_samples=$(reported gmon.out+paths "cut at 128 frames")
note "recursion 1500: $cut_samples samples cut"
[ "$cut_samples" -gt 0 ] || fail "no path cut in a recursion 1500 deep (deeper than the walk's 1024 frames)"
awk -F'\t' '$1 == "path" && split($3, f, " ") > 128 { exit 1 }' gmon.out+paths ||
	fail "a path longer than 128 frames"

# --- off, and malformed ---
for off in 0 off NO; do
	rm -f gmon.out*
	BG_GMON_CALLSTACKS=$off ./prog easy-hard 2> stderr
	unpack_companions
	expect_eq "$(ls_profiles)" "gmon.out" "profiles with BG_GMON_CALLSTACKS=$off"
	expect_eq "$(ls_beside paths)" "" "call paths with BG_GMON_CALLSTACKS=$off"
	expect_eq "$(cat stderr)" "" "stderr with BG_GMON_CALLSTACKS=$off"
done
# an earlier run's paths are removed: they would pass for this run's
./prog easy-hard 2> /dev/null
unpack_companions
[ -s gmon.out+paths ] || fail "no paths with BG_GMON_CALLSTACKS unset"
BG_GMON_CALLSTACKS=0 ./prog easy-hard 2> /dev/null
unpack_companions
expect_eq "$(ls_beside paths)" "" "an earlier run's paths after a run with BG_GMON_CALLSTACKS=0"
rm -f gmon.out*
BG_GMON_CALLSTACKS=deep ./prog easy-hard 2> stderr
unpack_companions
expect_eq "$(cat stderr)" \
	"gmon-mpi: BG_GMON_CALLSTACKS='deep' is not 1, yes, true, on or 0, no, false, off; sampling call paths (the default)" \
	"stderr with BG_GMON_CALLSTACKS=deep"
[ -s gmon.out+paths ] || fail "BG_GMON_CALLSTACKS=deep: no paths"

# --- a static program (the runtime is in the executable's text) ---
build_static static "$programs/callpaths.c"
rm -f gmon.out*
BG_GMON_HZ=1000 ./static easy-hard
unpack_companions
check_file gmon.out+paths static
read -r work_samples share < <(named_paths gmon.out+paths static | leaf_share " work hard main")
note "static: $work_samples samples in work, $share of them work <- hard <- main"
awk -v s="$share" -v n="$work_samples" 'BEGIN { exit !(s >= 0.99 && n >= 30) }' ||
	fail "static: work <- hard <- main in $share of $work_samples"
# a static link has no .eh_frame_hdr: the runtime indexes the executable's
# .eh_frame itself, so libc's qsort (no frame pointers, in the executable
# here) is unwound too
rm -f gmon.out*
BG_GMON_HZ=1000 ./static qsort 20000
unpack_companions
named_paths gmon.out+paths static > named
read -r compare_samples share < <(compare_share < named)
note "static qsort: $compare_samples samples in compare, $share of them with sorter and main in the path"
awk -v s="$share" -v n="$compare_samples" 'BEGIN { exit !(s >= 0.99 && n >= 30) }' ||
	fail "static qsort: sorter and main in $share of compare's $compare_samples samples: $(sort -rn named | head -5)"

# --- 2 ranks under mpirun ---
mkdir ranks && cd ranks
BG_GMON_HZ=1000 mpirun_np 2 -x BG_GMON_HZ ../prog easy-hard
unpack_companions
for rank in 0 1; do
	[ -s gmon.out+paths.$rank ] || fail "rank $rank wrote no paths: $(ls_profiles)"
	check_file gmon.out+paths.$rank ../prog
	read -r work_samples share < <(named_paths gmon.out+paths.$rank ../prog | leaf_share " work hard main")
	awk -v s="$share" -v n="$work_samples" 'BEGIN { exit !(s >= 0.99 && n >= 30) }' ||
		fail "rank $rank: work <- hard <- main in $share of $work_samples"
done
note ok
