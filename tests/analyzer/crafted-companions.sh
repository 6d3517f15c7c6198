#!/bin/bash
# crafted-companions.sh - gprof-par on crafted companion files and BSD
# files (issue 31), each a regression file under crafted/ or built here:
#   - a PROFILE+modules line with fewer or more fields than its version
#     (crafted/modules-*): freed uninitialised pointers (double free or
#     SIGSEGV) in every command that reads a list; now "FILE:LINE: not a
#     module line", exit 1, no library sum written, the same messages and
#     files with 2 processes;
#   - BSD files whose one arc counts (2^32-1) * 10^8 and 2^64-1 calls
#     (crafted/bsd-count-*, 46 bytes): became that many / (2^32-1) arc
#     records (2 GB and 4.8 s; "out of memory"); now "too many calls" in
#     bounded memory, and a count of 1000 * (2^32-1) + 5 is read as GNU
#     gprof reads it;
#   - counts past 2^64 - 1 in the sums of four ranks (2^63, 5, 2^63, 7):
#     the calls, the paths' samples and the lists' samples (these wrapped
#     silently: "307445734561825882112.0% of the samples were in shared
#     libraries") are refused at the third file, "too many ...", as calls
#     were; one list whose lines add up past 2^64 - 1 is refused; serial
#     and `mpirun -np 2` sums (MPI_ABORT before) give the same files and
#     messages, with and without --skip-bad;
#   - 20,000 modules in PROFILE+paths, +calls and +modules of two ranks
#     (the second in reverse order): the modules were found by linear
#     search (10^5 took 285 s, bench/modules-bench times it); the sums and
#     -M, --measured and folded must find each module once (each path,
#     call and library counted twice), in no tight time limit here;
#   - a BSD file whose last arc is cut short (crafted/bsd-partial-arc): the
#     whole arcs only, as GNU gprof (-i and the call graph);
set -u
. "$(dirname "$0")/reduce-lib.sh"

crafted=$top_srcdir/tests/analyzer/crafted
build_prog prog
t() { timeout 120 "$@"; } # a hang is a failure, not a stuck test

# no_crash WHAT: the last command's stderr (err) holds no sanitizer report
no_crash() {
	if grep -q "Sanitizer\|runtime error" err; then
		fail "$1: $(grep -m 3 "Sanitizer\|runtime error" err)"
	fi
}

# expect_status WANT WHAT COMMAND...: stdout in out, stderr in err
expect_status() {
	local want=$1 what=$2 status=0
	shift 2
	t "$@" >out 2>err || status=$?
	no_crash "$what"
	[ "$status" -eq "$want" ] || fail "$what: exit status $status, not $want ($(head -c 600 err))"
}

# messages FILE: gprof-par's lines of FILE (not mpirun's), without the
# summary's seconds, rate and number of processes
messages() {
	grep "^gprof-par: " "$1" | sed -e 's/ in [0-9.]* s ([^)]*)//' -e 's/ by [0-9]* processes//'
}
# sum_has SUM NAME: whether SUM's companion has a section of that name
sum_has() {
	"$GPROF_PAR" --dump "$1" 2> /dev/null | grep -q "^section	$2	"
}
# ---- 1. module lines with the wrong number of fields ----
for list in modules-fewer-fields modules-more-fields modules-v1-eight-fields; do
	rm -rf m && mkdir m && cp gmon.out m/gmon.out.0 && cp gmon.out m/gmon.out.1
	cp "$crafted/$list" m/gmon.out+modules.1
	expect_status 1 "-S with $list" "$GPROF_PAR" -S m
	expect_grep "-S with $list: named" "m/gmon.out+modules.1:3: not a module line" err
	! sum_has m/gmon.sum modules || fail "-S with $list wrote a modules section"
	# the same with 2 processes: messages and files
	messages err >serial.err
	cp m/gmon.sum serial.sum && rm -f m/gmon.sum*
	status=0
	MPI_LEAKS=0 mpi "$MPIRUN" --oversubscribe -np 2 "$GPROF_PAR" -S m >out 2>err || status=$?
	no_crash "-S with $list, 2 processes"
	[ "$status" -eq 1 ] || fail "-S with $list, 2 processes: exit status $status"
	messages err >parallel.err
	cmp -s serial.err parallel.err ||
		fail "-S with $list: the messages of 2 processes differ: $(diff serial.err parallel.err)"
	cmp -s serial.sum m/gmon.sum && ! sum_has m/gmon.sum modules ||
		fail "-S with $list: 2 processes wrote other files: $(ls m)"
	cp "$crafted/$list" gmon.out+modules
	expect_status 1 "-M with $list" "$GPROF_PAR" -M prog gmon.out
	expect_grep "-M with $list: named" "gmon.out+modules:3: not a module line" err
	expect_status 1 "-S DIR EXE with $list" "$GPROF_PAR" -S m prog
	expect_grep "-S DIR EXE with $list: named" "m/gmon.out+modules.1:3: not a module line" err
	rm -f gmon.out+modules
done
# the same line with its eight fields: read (the test is not vacuous); the
# copy above may be read-only (a crafted file of a read-only source tree:
# make distcheck as another user)
rm -f m/gmon.out+modules.1
sed '$d' "$crafted/modules-more-fields" >m/gmon.out+modules.1
printf -- '-\t5\t-\t0x1000\t0x2000\t0x0\t-\t/usr/lib/libx.so\n' >>m/gmon.out+modules.1
expect_status 0 "-S with a good list" "$GPROF_PAR" -S m
unpack_companions m/gmon.sum   # its sections as the earlier files
grep -q "^-	5	-	0x1000	0x2000	0x0	-	/usr/lib/libx.so$" m/gmon.sum+modules ||
	fail "-S with a good list: $(cat m/gmon.sum+modules)"

# ---- 2. BSD arc counts above 2^32 - 1 ----
measure=(/usr/bin/time -o rss -f %M)
[ -x /usr/bin/time ] || { measure=(); echo "note: no /usr/bin/time: memory not measured"; }
for bsd in bsd-count-2e17 bsd-count-max; do
	status=0
	echo 0 >rss
	"${measure[@]}" timeout 60 "$GPROF_PAR" -b -q prog "$crafted/$bsd" >out 2>err ||
		status=$?
	no_crash "$bsd"
	[ "$status" -eq 1 ] || fail "$bsd: exit status $status, not 1 ($(head -c 600 err))"
	expect_grep "$bsd: refused" "$bsd: too many calls: arc #1 (0x1000 -> 0x1002) counts" err
	rss=$(tail -n 1 rss)
	[ "$rss" -lt 204800 ] || fail "$bsd: $rss kB of memory"
	echo "note: $bsd: $rss kB"
done
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
python3 -c '
import struct, sys
sys.stdout.buffer.write(struct.pack("<QQI", 0x1000, 0x1004, 22) + b"\1\0" +
	struct.pack("<QQQ", 0x1000, 0x1002, 1000 * (2**32 - 1) + 5))' >bsd-big
if [ -n "${GPROF:-}" ] && [ -x "$GPROF" ]; then
	for args in "-b -q" "-i"; do
		"$GPROF" $args prog bsd-big >theirs 2>&1
		expect_status 0 "gprof-par $args on a count of 1000 * (2^32-1) + 5" "$GPROF_PAR" $args prog bsd-big
		same_file "gprof-par $args on a count of 1000 * (2^32-1) + 5" out theirs
		"$GPROF" -O b $args prog "$crafted/bsd-partial-arc" >theirs 2>&1
		expect_status 0 "-O b $args on a partial last arc" "$GPROF_PAR" -O b $args prog "$crafted/bsd-partial-arc"
		same_file "-O b $args on a partial last arc" out theirs
	done
	grep -q "^	1 call-graph record$" out || fail "-i on a partial last arc: $(cat out)"
fi
expect_status 0 "-s of a count of 1000 * (2^32-1) + 5" "$GPROF_PAR" -s prog bsd-big bsd-big
[ "$("$tool" info gmon.sum)" = "histograms 1 arcs 1 max_bin 2 max_arc 8589934590010" ] ||
	fail "-s of a count of 1000 * (2^32-1) + 5, twice: $("$tool" info gmon.sum)"

# ---- 6 and 7. sums past 2^64 - 1, serial and parallel ----
# over DIR KIND: four ranks whose KIND companions count 2^63, 5, 2^63, 7
over() {
	local dir=$1 kind=$2 r count
	rm -rf "$dir" && mkdir "$dir"
	for r in 0 1 2 3; do
		cp gmon.out "$dir/gmon.out.$r"
		count=$(echo "9223372036854775808 5 9223372036854775808 7" | cut -d' ' -f$((r + 1)))
		case $kind in
		calls) printf '# gmon-mpi calls 1\nmodule\t0\t-\t%s\nmodule\t1\t-\t/usr/lib/libx.so\ncall\t%s\t0:1000\t1:2000\n' \
			"$work/prog" "$count" ;;
		paths) printf '# gmon-mpi paths 1\nrate\t100\nmodule\t0\t-\t%s\nmodule\t1\t-\t/usr/lib/libx.so\npath\t%s\t1:2000 0:1000\n' \
			"$work/prog" "$count" ;;
		modules) printf '# gmon-mpi modules 2\n-\t%s\t-\t0x1000\t0x2000\t0x0\t-\t/usr/lib/libx.so\n' "$count" ;;
		esac >"$dir/gmon.out+$kind.$r"
	done
}
for kind in calls paths modules; do
	for skip in "" --skip-bad; do
		what="-S $skip, $kind past 2^64 - 1"
		over "o-$kind" "$kind"
		want=1
		[ -n "$skip" ] && want=0
		expect_status "$want" "$what" "$GPROF_PAR" -S $skip "o-$kind"
		case $kind in
		calls) expect_grep "$what" "o-$kind/gmon.out+calls.2: too many calls to add" err ;;
		paths) expect_grep "$what" "o-$kind/gmon.out+paths.2: too many samples to add" err ;;
		modules) expect_grep "$what" "o-$kind/gmon.out+modules.2: too many samples to add: those of libx.so would add up past 2^64 - 1" err ;;
		esac
		if [ -n "$skip" ]; then
			# the section unpacked as the earlier file, in a copy
			rm -rf unp && mkdir unp && cp "o-$kind/gmon.sum" "o-$kind/gmon.sum+gmon-mpi" unp/
			unpack_companions unp/gmon.sum
			case $kind in
			calls) grep -q "^call	9223372036854775820	0:1000	1:2000$" unp/gmon.sum+calls ;;
			paths) grep -q "^path	9223372036854775820	1:2000 0:1000$" unp/gmon.sum+paths ;;
			modules) grep -q "^-	9223372036854775820	" unp/gmon.sum+modules ;;
			esac || fail "$what: not 2^63 + 12 in the section $kind: $(cat "unp/gmon.sum+$kind")"
		fi
		messages err >serial.err
		mkdir -p "serial-$kind"
		cp "o-$kind"/gmon.sum* "serial-$kind/" 2>/dev/null
		rm -f "o-$kind"/gmon.sum*
		# the same under mpirun -np 2: each process holds two of the files
		status=0
		MPI_LEAKS=0 mpi "$MPIRUN" --oversubscribe -np 2 "$GPROF_PAR" -S $skip "o-$kind" >out 2>err ||
			status=$?
		no_crash "$what, 2 processes"
		[ "$status" -eq "$want" ] || fail "$what, 2 processes: exit status $status ($(head -c 600 err))"
		messages err >parallel.err
		cmp -s serial.err parallel.err ||
			fail "$what: the messages of 2 processes differ: $(diff serial.err parallel.err)"
		for f in "serial-$kind"/gmon.sum*; do
			cmp -s "$f" "o-$kind/${f##*/}" || fail "$what: ${f##*/} differs with 2 processes"
		done
		[ "$(cd "o-$kind" && echo gmon.sum*)" = "$(cd "serial-$kind" && echo gmon.sum*)" ] ||
			fail "$what: 2 processes wrote $(cd "o-$kind" && echo gmon.sum*), serially $(cd "serial-$kind" && echo gmon.sum*)"
		rm -rf "serial-$kind"
	done
done
# one list whose lines add up past 2^64 - 1
printf '# gmon-mpi modules 2\n-\t9223372036854775808\t-\t0x1000\t0x2000\t0x0\t-\t/usr/lib/liba.so\n-\t9223372036854775808\t-\t0x1000\t0x2000\t0x0\t-\t/usr/lib/libb.so\n' \
	>gmon.out+modules
expect_status 1 "-M with a list past 2^64 - 1" "$GPROF_PAR" -M prog gmon.out
expect_grep "-M with a list past 2^64 - 1" "gmon.out+modules:3: too many samples: the list's add up past 2^64 - 1" err
# the lists of -M and of the note after -S DIR EXE
over o-modules modules
expect_status 1 "-M with lists past 2^64 - 1" "$GPROF_PAR" -M -b -p prog o-modules/gmon.out.[0-3]
expect_grep "-M with lists past 2^64 - 1" "o-modules/gmon.out+modules.2: too many samples to add: those of libx.so would add up past 2^64 - 1" err
grep -q "^  {1} libx.so  *[0-9.]*%  not chosen" out || fail "-M with lists past 2^64 - 1: $(head -12 out)"
expect_status 0 "-S DIR EXE with lists past 2^64 - 1" "$GPROF_PAR" -S --skip-bad o-modules prog
expect_grep "-S DIR EXE with lists past 2^64 - 1" "o-modules/gmon.out+modules.2: too many samples to add: the samples in shared libraries of the lists add up past 2^64 - 1" err
if grep -q "of the samples were in shared libraries" err; then
	fail "-S DIR EXE with lists past 2^64 - 1: $(grep "of the samples" err)"
fi
rm -f gmon.out+modules

# ---- 8. many modules ----
n=20000
rm -rf many && mkdir many && cp gmon.out many/gmon.out.0 && cp gmon.out many/gmon.out.1
for r in 0 1; do
	order="i = 1; i <= n; i++"
	[ $r -eq 1 ] && order="i = n; i >= 1; i--"
	awk -v n=$n -v exe="$work/prog" "BEGIN {
		print \"# gmon-mpi paths 1\"; print \"rate\\t100\"; print \"module\\t0\\t-\\t\" exe
		for ($order) printf \"module\\t%d\\t-\\t/lib/m%d/libm%d.so\\n\", $r ? n + 1 - i : i, i, i
		for ($order) printf \"path\\t1\\t%d:1000 0:1100\\n\", $r ? n + 1 - i : i }" >many/gmon.out+paths.$r
	awk -v n=$n -v exe="$work/prog" "BEGIN {
		print \"# gmon-mpi calls 1\"; print \"module\\t0\\t-\\t\" exe
		for ($order) printf \"module\\t%d\\t-\\t/lib/m%d/libm%d.so\\n\", $r ? n + 1 - i : i, i, i
		for ($order) printf \"call\\t1\\t0:1100\\t%d:1000\\n\", $r ? n + 1 - i : i }" >many/gmon.out+calls.$r
	awk -v n=$n "BEGIN {
		print \"# gmon-mpi modules 2\"
		for ($order) printf \"-\\t1\\t-\\t0x1000\\t0x2000\\t0x%x000\\t-\\t/lib/m%d/libm%d.so\\n\", i, i, i }" \
		>many/gmon.out+modules.$r
done
expect_status 0 "-S on $n modules" "$GPROF_PAR" -S many
unpack_companions many/gmon.sum
[ "$(grep -c "^module	" many/gmon.sum+paths)" -eq $((n + 1)) ] &&
	[ "$(grep -c "^path	2	[0-9]*:1000 0:1100$" many/gmon.sum+paths)" -eq $n ] ||
	fail "-S on $n modules: gmon.sum+paths: $(grep -c "^module" many/gmon.sum+paths) modules, $(grep -c "^path	2	" many/gmon.sum+paths) paths of 2 samples"
[ "$(grep -c "^module	" many/gmon.sum+calls)" -eq $((n + 1)) ] &&
	[ "$(grep -c "^call	2	0:1100	[0-9]*:1000$" many/gmon.sum+calls)" -eq $n ] ||
	fail "-S on $n modules: gmon.sum+calls: $(grep -c "^module" many/gmon.sum+calls) modules, $(grep -c "^call	2	" many/gmon.sum+calls) calls of 2"
[ "$(grep -c "^-	2	-	0x1000	0x2000	0x0	-	/lib/m[0-9]*/libm[0-9]*.so$" many/gmon.sum+modules)" -eq $n ] ||
	fail "-S on $n modules: gmon.sum+modules: $(grep -vc "^#" many/gmon.sum+modules) lines: $(sed -n 3p many/gmon.sum+modules)"
expect_status 0 "-M on $n modules" "$GPROF_PAR" -M -b -p prog many/gmon.out.0 many/gmon.out.1
expect_grep "-M on $n modules" "the executable and $n shared libraries" out
[ "$(grep -c "^  {[0-9]*} libm[0-9]*.so .*not chosen" out)" -eq $n ] ||
	fail "-M on $n modules: $(grep -c "not chosen" out) modules not chosen"
expect_status 0 "-S DIR EXE on $n modules" "$GPROF_PAR" -S many prog
expect_grep "-S DIR EXE on $n modules" "libm1.so " err
# the paths named (--measured, folded): each library once
expect_status 0 "--format=folded on $n modules" "$GPROF_PAR" --format=folded prog many/gmon.sum
[ "$(grep -c ";\[libm[0-9]*\.so\] 2$" out)" -eq $n ] ||
	fail "--format=folded on $n modules: $(grep -c ";\[libm" out) lines of a library: $(head -3 out)"
expect_status 0 "--measured on $n modules" "$GPROF_PAR" --measured -b -q prog many/gmon.sum

finish
