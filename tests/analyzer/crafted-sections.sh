#!/bin/bash
# crafted-sections.sh - gprof-par on companion files crafted to pass the
# container's checks (issue 40): craft-companion.py writes each with its
# sizes, table and checksum right, so that what is wrong reaches the
# reader of one section:
#   1. a library whose one bin counts 2^32 - 1 (118,000 bins): -S and
#      --extract-module stacked 65,537 dense layers, a 15.5 GB temporary
#      file; now refused, naming the file and section, nothing written,
#      the same messages and files with 2 processes; 3 layers are written;
#   2. a library's histogram with low_pc above high_pc, 0 bins or a rate
#      of 0: -M printed a row "libm.so.6+0xffffffffff", --extract-module
#      wrote a file --dump then rejected; now refused as a gmon file's;
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
[ "$(cd big && echo *)" = "gmon.out+gmon-mpi.1 gmon.out.1 gmon.sum" ] ||
	fail "-S with a bin of 2^32 - 1 left: $(cd big && echo *)"
cmp -s big.companion big/gmon.out+gmon-mpi.1 || fail "-S with a bin of 2^32 - 1 changed the companion"
(cd big && cp gmon.out.1 gmon.out && cp gmon.out+gmon-mpi.1 gmon.out+gmon-mpi)
expect_status 1 "--extract-module with a bin of 2^32 - 1" \
	bash -c "cd big && '$GPROF_PAR' --extract-module=libm.so.6"
expect_grep "--extract-module with a bin of 2^32 - 1: refused" \
	"gmon.out+gmon-mpi/libm.so.6: too many samples: 118000 bins, one of 4294967295 samples" err
[ "$(cd big && echo *)" = "gmon.out gmon.out+gmon-mpi gmon.out+gmon-mpi.1 gmon.out.1 gmon.sum" ] ||
	fail "--extract-module with a bin of 2^32 - 1 left: $(cd big && echo *)"
# three layers (131,071 samples) are written, and read back whole
rm -rf three && rank three 1 0x1000,0x3a000,118000,100=5:131071
serial_parallel "-S with a bin of 131071" 0 three
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
	[ "$(cd shape && echo *)" = "gmon.out+gmon-mpi.1 gmon.out.1 gmon.sum" ] ||
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

finish
