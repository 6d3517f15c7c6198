#!/bin/bash
# `gprof a.out gmon.out.*` and `gprof -s a.out gmon.out.*` (Blue Gene/Q's
# documented practice) on the files of a real 2-rank mpirun run: the files
# written beside each profile (call paths and calls between modules, on by
# default; with BG_GMON_PROFILE_LIBS=all the libraries' profiles and their
# list, with BG_GMON_COUNT_LIB_CALLS the calls through the PLT) are named
# with "+KIND" before the rank (gmon.out+paths.0), so the glob names the
# profiles only (the one companion a rank, gmon.out+gmon-mpi.0, holding
# them; unpacked here into the files they stand for): GNU gprof neither fails on a companion ("bad magic
# cookie") nor adds a library's gmon file to the executable's, and its sum
# is gprof-par's.  The module list's file column names each library's
# profile beside it.  A serial gmon.out keeps gmon.out+paths; a serial
# GMON_OUT_PREFIX=run writes run.<pid> and run+paths.<pid>.
. "$(dirname "$0")/lib.sh"
need_gprof

gprof_par=$top_builddir/gprof-par/gprof-par
audit=$top_builddir/audit/.libs/libgmon-mpi-audit.so
[ -r "$audit" ] || fail "no audit library $audit"
gmon_run=$top_builddir/scripts/gmon-run
export GMON_MPI_LIBRARY=$runtime_libdir/libgmon-mpi.so GMON_MPI_AUDIT_LIBRARY=$audit

build_linked app "$programs/mpi-calls.c"
build_linked serial "$programs/serial-calls.c"

# check_glob DIR WHAT: in DIR, gmon.out.* names the two profiles only; GNU
# gprof reads them, exactly (the calls of both ranks), without a word on
# stderr; its -s sum gives the report gprof-par's sum gives
check_glob() {
	local dir=$1 what=$2
	(
		cd "$dir"
		expect_eq "$(echo gmon.out.*)" "gmon.out.0 gmon.out.1" "$what: gmon.out.*"
		"$GPROF" -b ../app gmon.out.* > gnu.report 2> gnu.err ||
			fail "$what: gprof app gmon.out.* failed: $(cat gnu.err)"
		[ ! -s gnu.err ] || fail "$what: gprof app gmon.out.* said: $(cat gnu.err)"
		expect_eq "$(calls_of ../app common_work gmon.out.*)" 2000 "$what: common_work calls"
		expect_eq "$(calls_of ../app per_rank_work gmon.out.*)" 30 "$what: per_rank_work calls"
		expect_eq "$(calls_of ../app leaf gmon.out.*)" 2060 "$what: leaf calls"
		mkdir gnu && cd gnu
		"$GPROF" -s ../../app ../gmon.out.* 2> gnu.err ||
			fail "$what: gprof -s app gmon.out.* failed: $(cat gnu.err)"
		[ ! -s gnu.err ] || fail "$what: gprof -s app gmon.out.* said: $(cat gnu.err)"
		[ -s gmon.sum ] || fail "$what: gprof -s wrote no gmon.sum"
		cd ..
		"$gprof_par" -s -o par.sum ../app gmon.out.* 2> par.err ||
			fail "$what: gprof-par -s app gmon.out.* failed: $(cat par.err)"
		"$GPROF" -b ../app gnu/gmon.sum > gnu-sum.report
		"$GPROF" -b ../app par.sum > par-sum.report
		cmp -s gnu-sum.report par-sum.report ||
			fail "$what: GNU's sum and gprof-par's differ: $(diff gnu-sum.report par-sum.report | head -20)"
		expect_eq "$(calls_of ../app leaf gnu/gmon.sum)" 2060 "$what: leaf calls in GNU's sum"
		# gmon.out* names the companions too: gprof-par passes them over
		"$gprof_par" -s -o all.sum ../app gmon.out* 2> all.err ||
			fail "$what: gprof-par -s app gmon.out* failed: $(cat all.err)"
		grep -q "note: [0-9]* file(s) named beside a profile" all.err ||
			fail "$what: no note about the companions named: $(cat all.err)"
		cmp -s par.sum all.sum || fail "$what: gmon.out* summed otherwise than gmon.out.*"
	) || exit 1
}

# Defaults: the call paths and the calls between modules beside each rank's
mkdir ranks && cd ranks
mpirun_np 2 ../app
# one companion a rank, holding the call paths and the calls
expect_eq "$(ls | LC_ALL=C sort | tr '\n' ' ')" "gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.1 gmon.out.0 gmon.out.1 " \
	"the files of a 2-rank run"
unpack_companions
for r in 0 1; do
	[ -s gmon.out+paths.$r ] || fail "no paths in gmon.out+gmon-mpi.$r: $(ls | tr '\n' ' ')"
	[ -s gmon.out+calls.$r ] || fail "no calls in gmon.out+gmon-mpi.$r: $(ls | tr '\n' ' ')"
done
if ls | grep -E '^gmon\.out\.[0-9]+\+'; then
	fail "files named the old way: $(ls | tr '\n' ' ')"
fi
cd ..
check_glob ranks "defaults"
note "ok: defaults: $(ls ranks | grep -c '+') companion files, gmon.out.* names the profiles only"

# The libraries' profiles and their list, and the calls through the PLT
mkdir libs && cd libs
BG_GMON_HZ=1000 BG_GMON_PROFILE_LIBS=all BG_GMON_COUNT_LIB_CALLS=libmpi.so mpirun_np 2 \
	-x BG_GMON_HZ -x BG_GMON_PROFILE_LIBS -x BG_GMON_COUNT_LIB_CALLS \
	-x GMON_MPI_LIBRARY -x GMON_MPI_AUDIT_LIBRARY "$gmon_run" ../app --libc-work
# the companion and the rtld-audit library's PLT counts, a file of its own
expect_eq "$(ls | grep -v -E '^gmon\.out(\.|\+gmon-mpi\.|\+plt-calls\.)[01]$')" "" \
	"BG_GMON_PROFILE_LIBS=all: files besides the profiles, companions and PLT counts"
unpack_companions
for r in 0 1; do
	for kind in paths calls modules plt-calls; do
		[ -s gmon.out+$kind.$r ] || fail "BG_GMON_PROFILE_LIBS=all: no gmon.out+$kind.$r: $(ls | tr '\n' ' ')"
	done
	expect_eq "$(sed -n 1p gmon.out+modules.$r)" "# gmon-mpi modules 2" "gmon.out+modules.$r's first line"
	# each profile the list names lies beside it, named gmon.out+BASENAME.N
	files=$(awk -F'\t' 'NR > 2 && $1 !~ /^#/ && $1 != "-" { print $1 }' gmon.out+modules.$r)
	[ -n "$files" ] || fail "gmon.out+modules.$r names no library's profile: $(cat gmon.out+modules.$r)"
	for f in $files; do
		[[ $f == gmon.out+*.$r ]] || fail "rank $r: a library's profile named $f"
		[ -s "$f" ] || fail "rank $r: the list names $f, not there"
		base=${f#gmon.out+}
		base=${base%.$r}
		awk -F'\t' -v f="$f" -v b="$base" '$1 == f && $8 ~ ("/" b "$") { ok = 1 } END { exit !ok }' \
			gmon.out+modules.$r || fail "rank $r: $f is not the profile of a library $base"
	done
done
ls gmon.out+lib*.so*.0 > /dev/null 2>&1 || fail "no library's profile: $(ls | tr '\n' ' ')"
cd ..
check_glob libs "BG_GMON_PROFILE_LIBS=all"
# gprof-par sums each library's files into the sum's companion, each a
# section named the serial way (unpacked here as the earlier files)
(
	cd libs
	[ -s par.sum+gmon-mpi ] || fail "gprof-par -s -o par.sum wrote no par.sum+gmon-mpi"
	unpack_companions par.sum
	for f in $(awk -F'\t' 'NR > 2 && $1 !~ /^#/ && $1 != "-" { print $1 }' gmon.out+modules.0); do
		base=${f#gmon.out+}
		base=${base%.0}
		[ -s par.sum+$base ] || fail "gprof-par -s -o par.sum wrote no par.sum+$base: $(ls | tr '\n' ' ')"
	done
	[ -s par.sum+modules ] || fail "no par.sum+modules"
	[ -s par.sum+paths ] || fail "no par.sum+paths"
) || exit 1
note "ok: BG_GMON_PROFILE_LIBS=all: $(ls libs | grep -c '^gmon\.out+') companion files, gmon.out.* names the profiles only"

# Serial: gmon.out keeps gmon.out+paths; a prefix's run.<pid> gets run+paths.<pid>
mkdir serial-run && cd serial-run
../serial 0
expect_eq "$(ls | tr '\n' ' ')" "gmon.out gmon.out+gmon-mpi " "serial: the files"
unpack_companions
[ -s gmon.out ] && [ -s gmon.out+paths ] && [ -s gmon.out+calls ] ||
	fail "serial: not gmon.out, gmon.out+paths and gmon.out+calls: $(ls | tr '\n' ' ')"
expect_eq "$(calls_of ../serial work gmon.out)" 1234 "serial: work calls"
rm -f gmon.out*
GMON_OUT_PREFIX=run ../serial 0
profile=$(ls | grep -E '^run\.[0-9]+$') || fail "serial GMON_OUT_PREFIX=run: no run.<pid>: $(ls | tr '\n' ' ')"
pid=${profile#run.}
[ -s "run+gmon-mpi.$pid" ] || fail "serial GMON_OUT_PREFIX=run: no run+gmon-mpi.$pid: $(ls | tr '\n' ' ')"
unpack_companions "$profile"
[ -s "run+paths.$pid" ] || fail "serial GMON_OUT_PREFIX=run: no paths in run+gmon-mpi.$pid: $(ls | tr '\n' ' ')"
expect_eq "$(echo run.*)" "$profile" "serial GMON_OUT_PREFIX=run: run.*"
cd ..
note "ok: serial gmon.out+gmon-mpi, run+gmon-mpi.<pid>"
