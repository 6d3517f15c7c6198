#!/bin/bash
# BG_GMON_COUNT_LIB_CALLS: the calls through the PLT into chosen libraries,
# counted by the rtld-audit library (LD_AUDIT), whatever the library's
# build.  A -pg program calls plain_f() of libplain.so (built without -pg)
# 1000 times from a() and 3000 times from b(): gmon.out+plt-calls has
# exactly those counts, FROM resolving to a and b, TO to plain_f (nm,
# link-time addresses).  Names with or without the version suffix, and
# all; a library not chosen, none or unset, no audit library: no file
# (an earlier run's removed by the runtime).  gmon-run
# --count-calls sets it up; under mpirun each selected rank writes its own
# file, the others none.  A malformed value is reported once (by the
# runtime) and counts nothing; LD_BIND_NOW (nothing can be counted) is
# said and ignored; a -fno-plt program's calls are not counted.
. "$(dirname "$0")/lib.sh"

audit=$top_builddir/audit/.libs/libgmon-mpi-audit.so
[ -r "$audit" ] || fail "no audit library $audit"
gmon_run=$top_builddir/scripts/gmon-run
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so GMON_MPI_AUDIT_LIBRARY=$audit

"$CC" -shared -fPIC -O1 -Wl,--build-id "$programs/libplain.c" -o libplain.so
build_linked prog "$programs/plain-caller.c" -L"$work" -lplain -Wl,-rpath,"$work"

# check_plt FILE: the two callers' exact counts, and nothing else
check_plt() {
	local file=$1 resolved
	[ -s "$file" ] || fail "no $file: $(ls)"
	expect_eq "$(sed -n 1p "$file")" "# gmon-mpi calls 1" "$file's first line"
	resolved=$(resolve_calls "$file")
	expect_eq "$resolved" "1000 a plain_f
3000 b plain_f" "$file's calls"
	expect_eq "$(awk -F'\t' '$1 == "module" { printf "%s:%s ", $2, $4 }' "$file")" \
		"0:$work/prog 1:$work/libplain.so " "$file's modules"
}

# the variable and LD_AUDIT set by hand, with the runtime linked
BG_GMON_VERBOSE=1 BG_GMON_COUNT_LIB_CALLS=libplain.so LD_AUDIT=$audit ./prog 2> stderr ||
	fail "the audited run failed: $(cat stderr)"
check_plt gmon.out+plt-calls
grep -q "^gmon-mpi: pid [0-9]*: gmon.out+plt-calls: 4000 calls through the PLT into libplain.so in 2 lines (2 modules), 0 lost" stderr ||
	fail "no verbose line about the calls through the PLT: $(cat stderr)"
[ -s gmon.out ] || fail "no profile beside gmon.out+plt-calls"

# names with and without the version suffix, all; gmon-run --count-calls
for value in libplain libplain.so "libother.so:libplain.so"; do
	rm -f gmon.out*
	"$gmon_run" --count-calls "$value" ./prog || fail "gmon-run --count-calls $value failed"
	check_plt gmon.out+plt-calls
done
# by soname too: a library loaded from a file named otherwise
# (libplain-2.0.so, soname libplain.so.2, preloaded for the DT_NEEDED)
"$CC" -shared -fPIC -O1 -Wl,--build-id -Wl,-soname,libplain.so.2 "$programs/libplain.c" \
	-o libplain-2.0.so
build_linked sonamed "$programs/plain-caller.c" "$work/libplain-2.0.so"
rm -f gmon.out*
BG_GMON_COUNT_LIB_CALLS=libplain.so LD_PRELOAD=$work/libplain-2.0.so LD_AUDIT=$audit ./sonamed ||
	fail "the audited run of libplain-2.0.so failed"
[ -s gmon.out+plt-calls ] || fail "libplain-2.0.so (soname libplain.so.2) not chosen by libplain.so: $(ls)"
expect_eq "$(resolve_calls gmon.out+plt-calls)" "1000 a plain_f
3000 b plain_f" "the calls into libplain-2.0.so, chosen by its soname"
rm -f gmon.out*
BG_GMON_COUNT_LIB_CALLS=all "$gmon_run" ./prog || fail "gmon-run with BG_GMON_COUNT_LIB_CALLS=all failed"
grep -q "$work/libplain.so$" gmon.out+plt-calls || fail "all: libplain.so not in $(cat gmon.out+plt-calls)"
expect_eq "$(resolve_calls gmon.out+plt-calls | grep ' plain_f$')" "1000 a plain_f
3000 b plain_f" "the calls to plain_f with all"

# not chosen, none, unset: no file (and an earlier run's is removed); a
# name no library of the process had (libother.so): one message naming it
# (it was silent), none for the names of loaded ones (libc.so.6's)
for value in libother.so none "" "libc.so.6:libother:libnone.so"; do
	rm -f gmon.out*
	echo "# gmon-mpi calls 1" > gmon.out+plt-calls
	BG_GMON_COUNT_LIB_CALLS=$value LD_AUDIT=$audit ./prog 2> stderr
	[ -s gmon.out ] || fail "BG_GMON_COUNT_LIB_CALLS='$value': no profile"
	case $value in
	libother.so) want="names libother.so, which" ;;
	libc.so.6:*) want="names libother, libnone.so, which" ;;
	*) want= ;;
	esac
	if [ -n "$want" ]; then
		expect_eq "$(grep -c "^gmon-mpi: BG_GMON_COUNT_LIB_CALLS $want no library of this process was" stderr) $(wc -l < stderr)" \
			"1 1" "the message naming what BG_GMON_COUNT_LIB_CALLS='$value' chose of no library ($(cat stderr))"
	else
		expect_eq "$(cat stderr)" "" "stderr with BG_GMON_COUNT_LIB_CALLS='$value'"
	fi
	# (the audit library counted nothing, or declined and was unloaded:
	# the runtime removes it before its profile, which gprof-par would
	# read it with as this run's)
	case $value in
	libc.so.6:*) grep -q "^module" gmon.out+plt-calls ||
		fail "'$value': libc's calls not counted, or an earlier run's file left" ;;
	*) [ ! -e gmon.out+plt-calls ] || fail "'$value': an earlier run's gmon.out+plt-calls is left" ;;
	esac
done
# no audit library at all: the earlier run's file removed all the same
rm -f gmon.out*
echo "# gmon-mpi calls 1" > gmon.out+plt-calls
./prog || fail "the run without the audit library failed"
[ -s gmon.out ] || fail "no profile without the audit library"
[ ! -e gmon.out+plt-calls ] || fail "without the audit library, an earlier run's gmon.out+plt-calls is left"

# malformed: one message (the runtime's), nothing counted
for value in "a::b" ":libplain.so" "libplain.so:"; do
	rm -f gmon.out*
	BG_GMON_COUNT_LIB_CALLS=$value LD_AUDIT=$audit ./prog 2> stderr
	grep -q "^gmon-mpi: BG_GMON_COUNT_LIB_CALLS='$value' is not all, none or library names" stderr ||
		fail "no message for BG_GMON_COUNT_LIB_CALLS='$value': $(cat stderr)"
	expect_eq "$(wc -l < stderr)" 1 "lines on stderr for '$value'"
	[ ! -e gmon.out+plt-calls ] || fail "'$value' counted calls"
done

# LD_BIND_NOW: nothing could be counted; said once, no file
rm -f gmon.out*
LD_BIND_NOW=1 BG_GMON_COUNT_LIB_CALLS=libplain.so LD_AUDIT=$audit ./prog 2> stderr
grep -q "^gmon-mpi: LD_BIND_NOW is set: calls through the PLT are bound at start" stderr ||
	fail "no message about LD_BIND_NOW: $(cat stderr)"
[ ! -e gmon.out+plt-calls ] || fail "a file with LD_BIND_NOW"
# -fno-plt: the calls go through the GOT, never the PLT: not counted
build_linked noplt "$programs/plain-caller.c" -fno-plt -L"$work" -lplain -Wl,-rpath,"$work"
rm -f gmon.out*
BG_GMON_COUNT_LIB_CALLS=libplain.so LD_AUDIT=$audit ./noplt
[ ! -e gmon.out+plt-calls ] || fail "-fno-plt calls were counted: $(cat gmon.out+plt-calls)"

# Under mpirun: each selected rank writes its file, the others none
mkdir ranks && cd ranks
BG_GMON_COUNT_LIB_CALLS=libplain.so mpirun_np 2 -x BG_GMON_COUNT_LIB_CALLS \
	-x GMON_MPI_LIBRARY -x GMON_MPI_AUDIT_LIBRARY "$gmon_run" ../prog
check_plt gmon.out+plt-calls.0
check_plt gmon.out+plt-calls.1
# -S where only rank 1 has PLT counts: under mpirun -np 2 each process
# looks for the first file with them in its own block (issue 39: process 0
# looked through every file), the sum is one process's, counts included
gpp=$top_builddir/gprof-par/gprof-par
mv gmon.out+plt-calls.0 plt-calls.0.aside || fail "cannot move rank 0's PLT counts"
"$gpp" -S . -o one.sum 2> one.err || fail "-S with rank 1's PLT counts only: $(cat one.err)"
ASAN_OPTIONS=detect_leaks=0 mpirun_np 2 -x ASAN_OPTIONS "$gpp" -S . -o two.sum 2> two.err ||
	fail "mpirun -np 2 -S with rank 1's PLT counts only: $(cat two.err)"
cmp -s one.sum two.sum && cmp -s one.sum+gmon-mpi two.sum+gmon-mpi ||
	fail "-S with rank 1's PLT counts only: 2 processes' sum differs from 1's"
grep -aq "plt-calls" one.sum+gmon-mpi || fail "-S left out rank 1's PLT counts: $(cat one.err)"
rm -f gmon.out* one.sum* two.sum* one.err two.err plt-calls.0.aside
BG_GMON_RANK_SUBSET=1 BG_GMON_COUNT_LIB_CALLS=libplain.so mpirun_np 2 -x BG_GMON_RANK_SUBSET \
	-x BG_GMON_COUNT_LIB_CALLS -x GMON_MPI_LIBRARY -x GMON_MPI_AUDIT_LIBRARY "$gmon_run" ../prog
check_plt gmon.out+plt-calls.1
[ ! -e gmon.out+plt-calls.0 ] || fail "rank 0, not selected, wrote gmon.out+plt-calls.0"
# GMON_OUT_PREFIX names it as the runtime names the profile
rm -f gmon.out*
GMON_OUT_PREFIX=run BG_GMON_COUNT_LIB_CALLS=libplain.so mpirun_np 2 -x GMON_OUT_PREFIX \
	-x BG_GMON_COUNT_LIB_CALLS -x GMON_MPI_LIBRARY -x GMON_MPI_AUDIT_LIBRARY "$gmon_run" ../prog
# (the one companion a rank; the PLT counts, the rtld-audit library's, a
# file of their own)
expect_eq "$(ls | LC_ALL=C sort | tr '\n' ' ')" \
	"run+gmon-mpi.0 run+gmon-mpi.1 run+plt-calls.0 run+plt-calls.1 run.0 run.1 " \
	"files with GMON_OUT_PREFIX=run"
note ok
