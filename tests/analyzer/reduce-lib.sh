# reduce-lib.sh - helpers of the tests that sum gmon files (reduce-*.sh:
# gprof-par -S and parallel -s; test-gmon-read-gprof.sh).  Sourcing it from
# the build directory checks GPROF_PAR and the gmon-read-tool helper, then
# makes a scratch directory (removed at exit) the current directory.

GPROF_PAR=${GPROF_PAR:?GPROF_PAR must name the gprof-par binary}
MPIRUN=${MPIRUN:-mpirun}
CC=${CC:-cc}
tool=$(pwd)/gmon-read-tool
[ -x "$tool" ] || { echo "FAIL: $tool not built"; exit 1; }
unpack_tool=$tool
. "${top_srcdir:?}/tests/unpack-lib.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/$(basename "$0" .sh).XXXXXX") || exit 99
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 99

failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# A command not found (a helper the test never defined) is a failure, not
# a skipped check: bash runs this in a subshell, so it leaves a mark that
# finish counts.
missing_commands=$work/.missing-commands
command_not_found_handle() {
	echo "FAIL: no command named $1" | tee -a "$missing_commands"
	return 127
}

finish() {
	[ -s "$missing_commands" ] && failures=$((failures + $(wc -l < "$missing_commands")))
	if [ "$failures" -ne 0 ]; then
		echo "$failures failure(s)"
		exit 1
	fi
	exit 0
}

# build_prog NAME: a -pg program run once; leaves gmon.out.
build_prog() {
	cat > "$1.c" <<'SRC'
#include <time.h>
static volatile unsigned long sink;
__attribute__((noinline)) void leaf(unsigned long i) { sink += i * i; }
__attribute__((noinline)) void middle(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		leaf(i);
}
__attribute__((noinline)) void spin(void)
{
	for (int i = 0; i < 20000; i++)
		sink += (unsigned long)i;
}
int main(void)
{
	/* About 0.2 s of CPU, so that the histogram gets samples. */
	while (clock() < CLOCKS_PER_SEC / 5) {
		middle(1000);
		spin();
	}
	return 0;
}
SRC
	"$CC" -pg -O1 -o "$1" "$1.c" || { echo "SKIP: $CC cannot build a -pg program"; exit 77; }
	rm -f gmon.out
	./"$1" && [ -s gmon.out ] || { echo "ERROR: $1 wrote no gmon.out"; exit 99; }
}

# mpi COMMAND...: runs an mpirun command line; Open MPI's own leaks at exit
# are suppressed (see lsan-openmpi.supp), gprof-par's are not.  Finding and
# suppressing Open MPI's 3,000 leaks takes 2 s a run: tests that run many
# set MPI_LEAKS=0 for the runs that exercise nothing new.
mpi() {
	if [ "$(id -u)" -eq 0 ]; then
		OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
		export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
	fi
	ASAN_OPTIONS=detect_leaks=${MPI_LEAKS:-1}:fast_unwind_on_malloc=0 \
	LSAN_OPTIONS=suppressions=$top_srcdir/tests/analyzer/lsan-openmpi.supp:print_suppressions=0 \
	OMPI_MCA_btl=self,vader \
		"$@"
}

# sum_cmd NP ARGS...: gprof-par ARGS serially (NP 1, no launcher) or under
# mpirun -np NP; stdout in sum.out, stderr in sum.err; returns its status.
sum_cmd() {
	np=$1
	shift
	if [ "$np" -eq 1 ]; then
		"$GPROF_PAR" "$@" > sum.out 2> sum.err
	else
		mpi "$MPIRUN" --oversubscribe -np "$np" "$GPROF_PAR" "$@" > sum.out 2> sum.err
	fi
}

# run_sum WHAT NP DIR [ARGS...]: gprof-par -S DIR must succeed.
run_sum() {
	what=$1 np=$2 dir=$3
	shift 3
	rm -f "$dir/gmon.sum"
	if sum_cmd "$np" -S "$dir" "$@" && [ -f "$dir/gmon.sum" ]; then
		echo "ok: $what: $(tail -1 sum.err)"
	else
		fail "$what failed"
		cat sum.err
	fi
}

# same_file WHAT A B
same_file() {
	if cmp -s "$2" "$3"; then
		echo "ok: $1: identical"
	else
		fail "$1: $2 and $3 differ"
	fi
}

# expect_grep WHAT TEXT FILE
expect_grep() {
	if grep -qF -- "$2" "$3"; then
		echo "ok: $1"
	else
		fail "$1: '$2' not in $3:"
		cat "$3"
	fi
}

# expect_match WHAT REGEX FILE: an extended regular expression in FILE.
expect_match() {
	if grep -qE -- "$2" "$3"; then
		echo "ok: $1"
	else
		fail "$1: /$2/ not in $3:"
		cat "$3"
	fi
}
