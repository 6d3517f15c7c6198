# gprof-compare-lib.sh - sourced by the tests that compare gprof-par with
# GNU gprof byte for byte (corpus-gprof.sh, flat-gprof.sh, debug-gprof.sh):
# the skip when GNU gprof is absent, failure counting, compare() and build().

if [ -z "${GPROF:-}" ]; then
	echo "SKIP: GNU gprof not found at configure time (GPROF is empty)"
	exit 77
fi
GPROF_PAR=${GPROF_PAR:?GPROF_PAR must name the gprof-par binary}
CC=${CC:-cc}
failures=0
checks=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

unpack_tool=${top_builddir:?}/tests/analyzer/gmon-read-tool
. "${top_srcdir:?}/tests/unpack-lib.sh"

# compare EXE "OPTIONS" GMON...: same stdout and exit status as GNU gprof;
# prints the difference when they differ.  GNU gprof printing nothing means
# the test is broken, unless ALLOW_EMPTY=1 (inputs that lack a section).
compare() {
	exe=$1 opts=$2
	shift 2
	checks=$((checks + 1))
	# shellcheck disable=SC2086
	if [ -n "${GNU_MEMORY_KB:-}" ]; then
		# GNU gprof may be given a file it misreads into a huge allocation:
		# bounded, it fails at once rather than paging (or the OOM killer)
		(ulimit -v "$GNU_MEMORY_KB"; exec "$GPROF" $opts "$exe" "$@") > gnu.out 2> gnu.err
	else
		"$GPROF" $opts "$exe" "$@" > gnu.out 2> gnu.err
	fi
	gnu_rc=$?
	# shellcheck disable=SC2086
	"$GPROF_PAR" $opts "$exe" "$@" > ours.out 2> ours.err
	ours_rc=$?
	if [ "$gnu_rc" -ne "$ours_rc" ]; then
		fail "$exe [$opts] $*: exit status $ours_rc, GNU gprof $gnu_rc"
		head -20 ours.err
	elif ! cmp -s gnu.out ours.out; then
		fail "$exe [$opts] $*: output differs from GNU gprof (< GNU, > gprof-par)"
		diff gnu.out ours.out | head -40
	elif [ ! -s gnu.out ] && [ "${ALLOW_EMPTY:-0}" != 1 ]; then
		fail "$exe [$opts] $*: GNU gprof printed nothing (test is broken)"
	else
		echo "ok: $exe [$opts] $* (exit $ours_rc, $(wc -l < ours.out) lines)"
	fi
}

# build NAME SOURCE [CFLAGS...]: a -pg program without -g, run twice to get
# NAME.gmon.1 and NAME.gmon.2 (glibc's runtime writes gmon.out).  Compiled
# with $compiler, by default $CC.
build() {
	name=$1 src=$2
	shift 2
	${compiler:-$CC} -pg -O0 -w "$@" -o "$name" "$src" -pthread ||
		{ echo "ERROR: cannot build $name"; exit 99; }
	for run in 1 2; do
		rm -f gmon.out
		./"$name" > /dev/null || { echo "ERROR: $name failed"; exit 99; }
		[ -f gmon.out ] || { echo "ERROR: $name wrote no gmon.out"; exit 99; }
		mv gmon.out "$name.gmon.$run"
	done
}
