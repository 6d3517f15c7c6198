#!/bin/bash
# crafted-sections.sh - gprof-par on companion files crafted to pass the
# container's checks (issue 40): craft-companion.py writes each with its
# sizes, table and checksum right, so that what is wrong reaches the
# reader of one section:
#   1. a library whose one bin counts 2^32 - 1 (118,000 bins): -S and
#      --extract-module stacked 65,537 dense layers, a 15.5 GB temporary
#      file; now refused, naming the file and section, nothing written,
#      the same messages and files with 2 processes; 3 layers are written;
#      so is a section of 2^26 + 1 bins (512 MiB of bins in memory);
#   2. a library's histogram with low_pc above high_pc, 0 bins or a rate
#      of 0: -M printed a row "libm.so.6+0xffffffffff", --extract-module
#      wrote a file --dump then rejected; now refused as a gmon file's;
#   3. an empty "mpi" section: -S added it serially, 2 processes said "out
#      of memory"; an "mpi" section without its last newline: -S wrote a
#      sum that --mpi rejected ("a malformed site line"); now the empty
#      one is refused as --mpi refuses it, a newline ends each profile in
#      the sum, serial and parallel alike;
#   4. forged "mpi" sections: calls, time and bytes adding up past 2^64 - 1
#      wrapped in the report (and in a sum --mpi then read), the same rank
#      twice was accepted, a share past 2^64 / 10^6 was converted to an
#      integer (undefined behaviour); now refused, refused, and printed
#      from a double;
#   5. --extract-module of a library whose file is named gmon-mpi wrote
#      its profile over the rank's companion (gmon.out+gmon-mpi.1); now it
#      gets the name -S gives its sum, gmon-mpi~HHHHHHHH, the companion
#      untouched;
#   6. --mpi=csv of a caller in a module whose path holds bytes that are
#      not UTF-8: copied as they were; now U+FFFD, read by python3's csv
#      reader as UTF-8, strictly;
#   7. 20,000 sections, and a duplicate name after them: the names were
#      compared pairwise (10^5 sections: 16 s, bench/sections-bench times
#      it); a duplicate is still refused, naming it, wherever it is;
#   8. a run section whose text fields hold control bytes (an escape
#      sequence in engine-refused): the summary printed them to the
#      terminal as they were; now each control byte is read as '?'.
set -u
. "$(dirname "$0")/reduce-lib.sh"

command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
craft() { python3 "$top_srcdir/tests/analyzer/craft-companion.py" "$@"; }
build_prog prog
t() { timeout 120 "$@"; } # a hang is a failure, not a stuck test

# expect_status WANT WHAT COMMAND...: stdout in out, stderr in err; no
# sanitizer report
expect_status() {
	local want=$1 what=$2 status=0
	shift 2
	t "$@" >out 2>err || status=$?
	if grep -q "Sanitizer\|runtime error" err; then
		fail "$what: $(grep -m 3 "Sanitizer\|runtime error" err)"
	fi
	[ "$status" -eq "$want" ] || fail "$what: exit status $status, not $want ($(head -c 600 err))"
}

# messages FILE: gprof-par's lines of FILE, without the summary's figures
messages() {
	grep "^gprof-par: " "$1" | sed -e 's/ in [0-9.]* s ([^)]*)//' -e 's/ by [0-9]* processes//'
}

# serial_parallel WHAT WANT DIR [ARGS...]: -S DIR serially, then under
# mpirun -np 2: the same exit status WANT, messages and files in DIR
serial_parallel() {
	local what=$1 want=$2 dir=$3 status=0 f
	shift 3
	rm -f "$dir"/gmon.sum*
	expect_status "$want" "$what" "$GPROF_PAR" -S "$dir" "$@"
	messages err >serial.err
	rm -rf serial && mkdir serial && cp -p "$dir"/* serial/
	rm -f "$dir"/gmon.sum*
	MPI_LEAKS=0 mpi "$MPIRUN" --oversubscribe -np 2 "$GPROF_PAR" -S "$dir" "$@" >out 2>err ||
		status=$?
	grep -q "Sanitizer\|runtime error" err && fail "$what, 2 processes: $(grep -m 3 "Sanitizer\|runtime error" err)"
	[ "$status" -eq "$want" ] || fail "$what, 2 processes: exit status $status ($(head -c 600 err))"
	messages err >parallel.err
	cmp -s serial.err parallel.err ||
		fail "$what: the messages of 2 processes differ: $(diff serial.err parallel.err)"
	[ "$(cd "$dir" && echo *)" = "$(cd serial && echo *)" ] ||
		fail "$what: 2 processes left $(cd "$dir" && echo *), serially $(cd serial && echo *)"
	for f in serial/*; do
		cmp -s "$f" "$dir/${f##*/}" || fail "$what: ${f##*/} differs with 2 processes"
	done
}

libm=/usr/lib/x86_64-linux-gnu/libm.so.6
[ -e "$libm" ] || libm=/usr/lib/libm.so.6
modules=$(printf '# gmon-mpi modules 2\n# file\tsamples\tbuild-id\tlow\thigh\tload\tsoname\tpath\nlibm.so.6\t1\t-\t0x1000\t0x3a000\t0x7f0000000000\t-\t%s\n' "$libm")
printf '%s\n' "$modules" >modules

# rank DIR R SPARSE: DIR/gmon.out.R and its companion, whose library
# section libm.so.6 is SPARSE (craft-companion.py's sparse: syntax)
rank() {
	mkdir -p "$1"
	cp gmon.out "$1/gmon.out.$2"
	craft "$1/gmon.out+gmon-mpi.$2" text:modules=modules "sparse:libm.so.6=$3"
}

# ---- 1. a bin of 2^32 - 1 samples ----
# (a file size limit, so that the unbounded write fails fast instead of
# filling the disk)
rm -rf big && rank big 1 0x1000,0x3a000,118000,100=5:4294967295
cp big/gmon.out+gmon-mpi.1 big.companion
ulimit -f 1000000
serial_parallel "-S with a bin of 2^32 - 1" 1 big
expect_grep "-S with a bin of 2^32 - 1: refused" \
	"big/gmon.out+gmon-mpi.1/libm.so.6: too many samples: 118000 bins, one of 4294967295 samples, would be written as 15469419017 bytes" serial.err
[ "$(cd big && echo *)" = "gmon.out+gmon-mpi.1 gmon.out.1 gmon.sum gmon.sum+gmon-mpi" ] ||
	fail "-S with a bin of 2^32 - 1 left: $(cd big && echo *)"
cmp -s big.companion big/gmon.out+gmon-mpi.1 || fail "-S with a bin of 2^32 - 1 changed the companion"
(cd big && cp gmon.out.1 gmon.out && cp gmon.out+gmon-mpi.1 gmon.out+gmon-mpi)
expect_status 1 "--extract-module with a bin of 2^32 - 1" \
	bash -c "cd big && '$GPROF_PAR' --extract-module=libm.so.6"
expect_grep "--extract-module with a bin of 2^32 - 1: refused" \
	"gmon.out+gmon-mpi/libm.so.6: too many samples: 118000 bins, one of 4294967295 samples" err
[ "$(cd big && echo *)" = "gmon.out gmon.out+gmon-mpi gmon.out+gmon-mpi.1 gmon.out.1 gmon.sum gmon.sum+gmon-mpi" ] ||
	fail "--extract-module with a bin of 2^32 - 1 left: $(cd big && echo *)"
# 2^26 + 1 bins (60 bytes asked for 512 MiB of bins, 128 MiB written)
rm -rf wide && rank wide 1 0x1000,0x100000000,67108865,100=5:7
serial_parallel "-S with 2^26 + 1 bins" 1 wide
expect_grep "-S with 2^26 + 1 bins: refused" \
	"wide/gmon.out+gmon-mpi.1/libm.so.6: too many bins: 67108865; a library's section may have 67108864" serial.err
[ "$(cd wide && echo *)" = "gmon.out+gmon-mpi.1 gmon.out.1 gmon.sum gmon.sum+gmon-mpi" ] ||
	fail "-S with 2^26 + 1 bins left: $(cd wide && echo *)"
# three layers (131,071 samples) are written, and read back whole
rm -rf three && rank three 1 0x1000,0x3a000,118000,100=5:131071
serial_parallel "-S with a bin of 131071" 0 three
unpack_companions three/gmon.sum   # the section libm.so.6 as its dense file
[ "$("$tool" info three/gmon.sum+libm.so.6)" = "histograms 1 arcs 0 max_bin 131071 max_arc 0" ] ||
	fail "-S with a bin of 131071: $("$tool" info three/gmon.sum+libm.so.6)"
[ "$(stat -c %s three/gmon.sum+libm.so.6)" -eq $((20 + 3 * (41 + 2 * 118000))) ] ||
	fail "-S with a bin of 131071: $(stat -c %s three/gmon.sum+libm.so.6) bytes, not 3 layers"

# ---- 2. a library's histogram of a bad shape ----
for shape in "0x3a000,0x1000,118000,100:low_pc 0x3a000 is not below high_pc 0x1000" \
	"0x1000,0x3a000,0,100:has 0 bins" "0x1000,0x3a000,118000,0:profiling rate is 0 Hz"; do
	what="a histogram that ${shape#*:}"
	rm -rf shape && rank shape 1 "${shape%%:*}=5:7"
	serial_parallel "-S with $what" 1 shape
	expect_grep "-S with $what: refused" \
		"shape/gmon.out+gmon-mpi.1/libm.so.6: a bad histogram: ${shape#*:}" serial.err
	[ "$(cd shape && echo *)" = "gmon.out+gmon-mpi.1 gmon.out.1 gmon.sum gmon.sum+gmon-mpi" ] ||
		fail "-S with $what left: $(cd shape && echo *)"
	cp shape/gmon.out.1 gmon.out.2 && cp shape/gmon.out+gmon-mpi.1 gmon.out+gmon-mpi.2
	expect_status 1 "--extract-module with $what" "$GPROF_PAR" --extract-module=libm.so.6 prog gmon.out.2
	expect_grep "--extract-module with $what: refused" \
		"gmon.out+gmon-mpi.2/libm.so.6: a bad histogram: ${shape#*:}" err
	[ ! -e gmon.out+libm.so.6.2 ] || fail "--extract-module with $what wrote gmon.out+libm.so.6.2"
	# (-M goes on without the library's samples, and exits 1 as after any
	# file it could not read)
	expect_status 1 "-M with $what" "$GPROF_PAR" -M -b -p prog gmon.out.2
	expect_grep "-M with $what: named" "gmon.out+gmon-mpi.2/libm.so.6: a bad histogram: ${shape#*:}" err
	if grep -q "libm.so.6+0x" out; then
		fail "-M with $what: $(grep "libm.so.6+0x" out)"
	fi
done

# ---- 3. an "mpi" section empty, or without its last newline ----
# mpitext RANK [NS [MPI_NS [ELAPSED]]]: a rank's MPI profile, one site
mpitext() {
	printf 'gmon-mpi-profile 1\nrank\t%s\nsize\t4\nelapsed_ns\t%s\nmpi_ns\t%s\ndropped_calls\t0\n' \
		"$1" "${4:-2000000000}" "${3:-${2:-1000000}}"
	printf '# function\tmodule\tsite\tcalls\tns\tbytes_sent\tbytes_received\n'
	printf 'MPI_Barrier\t%s\t0x1159\t3\t%s\t0\t0\n' "$work/prog" "${2:-1000000}"
}
# mpiranks DIR TEXT0 TEXT1: two ranks whose companions hold the "mpi"
# sections TEXT0 and TEXT1 (file names), the second after a section
# unknown to gprof-par
mpiranks() {
	rm -rf "$1" && mkdir "$1"
	cp gmon.out "$1/gmon.out.0" && cp gmon.out "$1/gmon.out.1"
	craft "$1/gmon.out+gmon-mpi.0" "text:mpi=$2"
	craft "$1/gmon.out+gmon-mpi.1" text:notes=modules "text:mpi=$3"
}
mpitext 0 >mpi0
mpitext 1 >mpi1
: >empty
mpiranks e empty mpi1
serial_parallel "-S with an empty mpi section" 1 e
expect_grep "-S with an empty mpi section: refused" \
	"gprof-par: e/gmon.out+gmon-mpi.0/mpi:0: an empty MPI profile (e/gmon.sum+gmon-mpi/mpi is not written)" serial.err
cp e/gmon.out.0 gmon.out.0 && cp e/gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.0
expect_status 1 "--mpi with an empty mpi section" "$GPROF_PAR" --mpi prog gmon.out.0
expect_grep "--mpi with an empty mpi section" "gmon.out+gmon-mpi.0/mpi:0: an empty MPI profile" err
printf '%s' "$(cat mpi0)" >mpi0-cut
mpiranks cut mpi0-cut mpi1
serial_parallel "-S with an mpi section without its last newline" 0 cut
cat mpi0 mpi1 >want
unpack_companions cut/gmon.sum
cmp -s want cut/gmon.sum+mpi || fail "-S with an mpi section without its last newline: $(cat -A cut/gmon.sum+mpi)"
expect_status 0 "--mpi=csv of the sum of a section without its last newline" \
	"$GPROF_PAR" --mpi=csv prog cut/gmon.sum
[ "$(grep -c '^"MPI_Barrier",.*,[01],3,0.001000000,0,0,' out)" -eq 2 ] ||
	fail "--mpi=csv of the sum of a section without its last newline: $(cat out)"

# ---- 4. forged "mpi" sections ----
# the same rank in two files, in one
mpitext 0 >mpi1-as-0
mpiranks twice mpi0 mpi1-as-0
serial_parallel "-S with rank 0 twice" 1 twice
expect_grep "-S with rank 0 twice: refused" \
	"gprof-par: twice/gmon.sum+gmon-mpi/mpi:9: a second block of one rank (a rank's profile in two files, or a forged one)" serial.err
expect_status 1 "--mpi with rank 0 twice" "$GPROF_PAR" --mpi prog twice/gmon.out.0 twice/gmon.out.1
expect_grep "--mpi with rank 0 twice: refused" \
	"twice/gmon.out+gmon-mpi.1/mpi:1: a second block of one rank" err
cat mpi0 mpi1-as-0 >mpi-both
mpiranks twice-in-one mpi-both mpi1
expect_status 1 "--mpi with rank 0 twice in one section" "$GPROF_PAR" --mpi prog twice-in-one/gmon.out.0
expect_grep "--mpi with rank 0 twice in one section: refused" \
	"twice-in-one/gmon.out+gmon-mpi.0/mpi:9: a second block of one rank" err
# nanoseconds adding up past 2^64 - 1 (2^63 twice), in two files and in a sum
mpitext 0 9223372036854775808 1 >mpi0-big
mpitext 1 9223372036854775808 1 >mpi1-big
mpiranks big-ns mpi0-big mpi1-big
serial_parallel "-S with time past 2^64 - 1" 1 big-ns
expect_grep "-S with time past 2^64 - 1: refused" \
	"gprof-par: big-ns/gmon.sum+gmon-mpi/mpi:16: too much time to add: the MPI profiles' nanoseconds add up past 2^64 - 1 (big-ns/gmon.sum+gmon-mpi/mpi is not written)" serial.err
expect_status 1 "--mpi with time past 2^64 - 1" "$GPROF_PAR" --mpi prog big-ns/gmon.out.0 big-ns/gmon.out.1
expect_grep "--mpi with time past 2^64 - 1: refused" \
	"big-ns/gmon.out+gmon-mpi.1/mpi:8: too much time to add" err
# a share of 2^64 - 1 ns in MPI over 1 ns of wall time: a double, no
# conversion to an integer (UBSan under --enable-sanitizers)
mpitext 0 1000 18446744073709551615 1 >mpi0-share
mpiranks share mpi0-share mpi1
expect_status 0 "--mpi with a share of 2^64 - 1" "$GPROF_PAR" --mpi prog share/gmon.out.0 share/gmon.out.1
expect_grep "--mpi with a share of 2^64 - 1" \
	"MPI's share of each rank's wall time: min 0.1% (rank 1), mean 922337203685477580800.0%, max 1844674407370955161600.0% (rank 0)" out

# ---- 5. a library named gmon-mpi ----
rm -rf named && mkdir named && cp gmon.out named/gmon.out.1
printf '# gmon-mpi modules 2\nlib1\t1\t-\t0x1000\t0x3a000\t0x7f0000000000\t-\t/opt/app/gmon-mpi\n' >named.list
craft named/gmon.out+gmon-mpi.1 text:modules=named.list 'sparse:lib1=0x1000,0x3a000,100,100=5:7'
cp named/gmon.out+gmon-mpi.1 named.companion
expect_status 0 "--extract-module of a library named gmon-mpi" \
	"$GPROF_PAR" --extract-module=gmon-mpi prog named/gmon.out.1
cmp -s named.companion named/gmon.out+gmon-mpi.1 ||
	fail "--extract-module of a library named gmon-mpi changed the companion"
extracted=$(cd named && echo gmon.out+gmon-mpi~*.1)
case $extracted in
gmon.out+gmon-mpi~[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f].1) ;;
*) fail "--extract-module of a library named gmon-mpi: wrote $(cd named && echo *)" ;;
esac
expect_grep "--extract-module of a library named gmon-mpi: named" "wrote named/$extracted: gmon-mpi's profile" err
[ "$("$tool" info "named/$extracted")" = "histograms 1 arcs 0 max_bin 7 max_arc 0" ] ||
	fail "--extract-module of a library named gmon-mpi: $("$tool" info "named/$extracted")"
# the name -S gives the library's sum, and the same bytes
kind=${extracted#gmon.out+}
kind=${kind%.1}
expect_status 0 "--extract-module -S of a library named gmon-mpi" \
	"$GPROF_PAR" --extract-module=gmon-mpi -S named
mv "named/gmon.sum+$kind" named.extracted 2>/dev/null ||
	fail "--extract-module -S of a library named gmon-mpi: wrote $(cd named && echo *)"
expect_status 0 "-S of a library named gmon-mpi" "$GPROF_PAR" -S named
unpack_companions named/gmon.sum
cmp -s named.extracted "named/gmon.sum+$kind" ||
	fail "-S and --extract-module of a library named gmon-mpi differ: $(cd named && echo *)"
cmp -s named.companion named/gmon.out+gmon-mpi.1 || fail "-S of a library named gmon-mpi changed the companion"

# ---- 6. --mpi=csv of a module path that is not UTF-8 ----
printf 'gmon-mpi-profile 1\nrank\t0\nsize\t1\nelapsed_ns\t2000000000\nmpi_ns\t1000000\ndropped_calls\t0\nMPI_Barrier\t/opt/lib\377\376"x.so\t0x1159\t3\t1000000\t0\t0\n' >mpi-bytes
rm -rf bytes && mkdir bytes && cp gmon.out bytes/gmon.out.0
craft bytes/gmon.out+gmon-mpi.0 text:mpi=mpi-bytes
expect_status 0 "--mpi=csv of a module path not UTF-8" "$GPROF_PAR" --mpi=csv prog bytes/gmon.out.0
python3 -c '
import csv, sys
with open(sys.argv[1], encoding="utf-8", errors="strict", newline="") as f:
    rows = list(csv.reader(f))
want = ["MPI_Barrier", "lib\ufffd\ufffd\"x.so+0x1159", "all", "3", "0.001000000", "0", "0", ""]
sys.exit(0 if rows[1] == want and len(rows) == 3 else "rows: %r" % rows)' out 2>check.err ||
	fail "--mpi=csv of a module path not UTF-8: $(cat check.err)"

# ---- 7. many sections, a duplicate name ----
rm -rf many && mkdir many && cp gmon.out many/gmon.out.0
craft many/gmon.out+gmon-mpi.0 many:20000 text:notes=/dev/null
expect_status 0 "-S with 20,000 sections" "$GPROF_PAR" -S many
expect_status 0 "--dump with 20,000 sections" "$GPROF_PAR" --dump many/gmon.out.0
[ "$(grep -c "^section	" out)" -eq 20001 ] ||
	fail "--dump with 20,000 sections: $(grep -c "^section	" out) sections: $(grep -m 3 "^section" out)"
for dup in s1 s20000 s12345; do
	craft many/gmon.out+gmon-mpi.0 many:20000 "text:$dup=modules"
	expect_status 1 "-S with 20,000 sections and $dup twice" "$GPROF_PAR" -S many
	expect_grep "-S with 20,000 sections and $dup twice" "many/gmon.out+gmon-mpi.0: two sections named $dup" err
done

# ---- 8. control bytes in the run section's text ----
rm -rf control && mkdir control && cp gmon.out control/gmon.out.0
printf '# gmon-mpi run 1\nrank\t0\nsize\t1\nengine\tposix-timers\nengine-refused\tE\033[2J\aPERM\n' >run-control
craft control/gmon.out+gmon-mpi.0 text:run=run-control
expect_status 0 "--summary of a run section with control bytes" "$GPROF_PAR" --summary prog control/gmon.out.0
expect_grep "--summary of a run section with control bytes" \
	"sampled by POSIX CPU timers (perf_events refused: E?[2J?PERM)" out
LC_ALL=C grep -q '[[:cntrl:]]' <(tr -d '\n' <out) &&
	fail "--summary printed a control byte of the run section: $(grep -m 1 'refused' out | od -c | head -3)"

finish
