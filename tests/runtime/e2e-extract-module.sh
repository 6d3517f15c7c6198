#!/bin/bash
# gprof-par --extract-module=NAME (issue 28): a library's samples and calls
# lie in each rank's one companion, sparse; --extract-module writes the
# standard gmon file of that library, in its link-time addresses, and GNU
# gprof reads it with the library.  Known answers: work-caller calls
# libwork.so's lib_outer 3 times, which calls lib_inner 1,000 times each
# (libwork.so built with -pg: its calls are in its own profile), so one
# rank's file has 3000 calls of lib_inner, two ranks' sum 6000; libburn.so
# (not -pg) holds most of burn-caller's samples, in burn_inner.
. "$(dirname "$0")/lib.sh"
need_gprof

gpp=$top_builddir/gprof-par/gprof-par
"$CC" -shared -fPIC -pg -O1 -Wl,--build-id "$programs/libwork.c" -o libwork.so
build_linked worker "$programs/work-caller.c" -L"$work" -lwork -Wl,-rpath,"$work"
"$CC" -shared -fPIC -O1 -Wl,--build-id "$programs/libburn.c" -o libburn.so
build_linked burner "$programs/burn-caller.c" -L"$work" -lburn -Wl,-rpath,"$work"

mkdir ranks && cd ranks
mpirun_np 2 ../worker
expect_eq "$(ls | tr '\n' ' ')" "gmon.out+gmon-mpi.0 gmon.out+gmon-mpi.1 gmon.out.0 gmon.out.1 " \
	"the files of the ranks (no library's file)"

# one rank: PROFILE+BASENAME beside it, as earlier versions wrote it
"$gpp" --extract-module=libwork.so ../worker gmon.out.0 2> x.err || fail "--extract-module failed: $(cat x.err)"
grep -q "^gprof-par: wrote gmon.out+libwork.so.0: libwork.so's profile from 1 of the 1 profile" x.err ||
	fail "no word of the file written: $(cat x.err)"
"$GPROF" -b -p ../libwork.so gmon.out+libwork.so.0 > gnu.out 2> gnu.err ||
	fail "GNU gprof cannot read the library's file: $(cat gnu.err)"
expect_eq "$(calls_of ../libwork.so lib_inner gmon.out+libwork.so.0)" 3000 "lib_inner's calls (GNU gprof)"
# (lib_outer's 3 calls come from the executable: the calls between
# modules, not the library's file)
"$GPROF" -b -q ../libwork.so gmon.out+libwork.so.0 | grep -q '3000/3000 *lib_outer' ||
	fail "GNU gprof's call graph lacks lib_outer as lib_inner's caller"
# by soname-less versioned name, by path: the same
"$gpp" --extract-module="$work/libwork.so" -o bypath ../worker gmon.out.0 2> /dev/null ||
	fail "--extract-module by path failed"
cmp -s bypath gmon.out+libwork.so.0 || fail "by path, another file"

# two ranks summed; with -S, DIR/gmon.sum+libwork.so, the file -S's
# section libwork.so unpacks to
"$gpp" --extract-module=libwork -o two ../worker gmon.out.0 gmon.out.1 2> /dev/null ||
	fail "--extract-module=libwork (no suffix) on two ranks failed"
expect_eq "$(calls_of ../libwork.so lib_inner two)" 6000 "lib_inner's calls of two ranks"
"$gpp" --extract-module=libwork.so -S . 2> s.err || fail "--extract-module -S failed: $(cat s.err)"
mv gmon.sum+libwork.so extracted
"$gpp" -S . > /dev/null 2> sum.err || fail "-S failed: $(cat sum.err)"
unpack_companions gmon.sum
cmp -s extracted gmon.sum+libwork.so || fail "--extract-module -S and -S's library sum differ"
cmp -s extracted two || fail "--extract-module -S and -o two differ"

# no such library: exit 1, nothing written
status=0; "$gpp" --extract-module=libnothing.so -o none ../worker gmon.out.0 2> none.err || status=$?
expect_eq "$status" 1 "exit status for a library not sampled"
[ ! -e none ] || fail "a file written for a library not sampled"
grep -q "libnothing.so: no profile of it" none.err || fail "unclear message: $(cat none.err)"
cd ..

# samples: libburn.so's file, read by GNU gprof with the library
BG_GMON_HZ=1000 ./burner > /dev/null || fail "burn-caller failed"
"$gpp" --extract-module=libburn.so burner gmon.out 2> /dev/null || fail "--extract-module=libburn.so failed"
"$GPROF" -b -p libburn.so gmon.out+libburn.so > burn.out || fail "GNU gprof cannot read libburn.so's file"
expect_eq "$(awk '/^ *[0-9]/ { print $NF; exit }' burn.out)" burn_inner "libburn.so's top function (GNU gprof)"
[ "$(samples_of libburn.so burn_inner gmon.out+libburn.so)" -ge 50 ] ||
	fail "burn_inner has few samples: $(cat burn.out)"
note "ok: lib_inner 3000 and 6000 calls; burn_inner $(samples_of libburn.so burn_inner gmon.out+libburn.so) samples"
